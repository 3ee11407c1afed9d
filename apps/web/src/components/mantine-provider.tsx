import { MantineProvider } from "@mantine/core";
import { type ReactNode, useContext } from "react";
import { cssVariablesResolver, theme } from "../theme";
import { MantineTestEnvContext } from "./mantine-test-env";
import { NotificationsHost } from "./notifications-host";

/**
 * Mantine's provider with the portal's theme, and the toasts' host. Its own chunk, mounted by `MantineGate` with
 * the first screen that uses Mantine (decision 017): the landing and login screens do not load it.
 */
export function PortalMantineProvider({ children }: { children: ReactNode }) {
  const wantsTestEnv = useContext(MantineTestEnvContext);
  // Only tests (vitest's mode) may turn transitions and portals off (decision 043).
  const env = import.meta.env.MODE === "test" && wantsTestEnv ? "test" : "default";
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}
