import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/document-title";

/**
 * The heading every screen starts with; `actions` sit on its right (e.g. 'Agregar'). A text heading also titles
 * the browser tab; `documentTitle` names it when the heading is not plain text.
 */
export function ScreenTitle({
  children,
  actions,
  documentTitle: tabTitle,
}: {
  children: ReactNode;
  actions?: ReactNode;
  documentTitle?: string;
}) {
  useDocumentTitle(
    tabTitle ?? (typeof children === "string" || typeof children === "number" ? String(children) : null),
  );
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Title order={1} fz={{ base: 22, sm: 26 }} c="portal.9">
        {children}
      </Title>
      {actions}
    </Group>
  );
}
