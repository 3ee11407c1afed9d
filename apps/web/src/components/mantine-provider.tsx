import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { cssVariablesResolver, theme } from "../theme";
import { NotificationsHost } from "./notifications-host";

/**
 * Mantine's provider with the portal's theme, and the toasts' host. Its own chunk, mounted by `MantineGate` with
 * the first screen that uses Mantine (decision 017): the landing and login screens do not load it.
 */
export function PortalMantineProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}
