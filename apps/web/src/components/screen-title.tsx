import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The heading every screen starts with; `actions` sit on its right (e.g. 'Agregar'). */
export function ScreenTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Title order={1} fz={{ base: 22, sm: 26 }} c="portal.9">
        {children}
      </Title>
      {actions}
    </Group>
  );
}
