import { useMantineEnv } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PortalMantineProvider } from "./mantine-provider";
import { MantineTestEnvContext } from "./mantine-test-env";

function ShowEnv() {
  return <output aria-label="env">{useMantineEnv()}</output>;
}

const renderProvider = (testEnv: boolean) =>
  render(
    <MantineTestEnvContext.Provider value={testEnv}>
      <PortalMantineProvider>
        <ShowEnv />
      </PortalMantineProvider>
    </MantineTestEnvContext.Provider>,
  );

describe("PortalMantineProvider's env (decision 043)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("runs Mantine in test mode when a test render asks for it", () => {
    renderProvider(true);
    expect(screen.getByRole("status", { name: "env" }).textContent).toBe("test");
  });

  it("keeps transitions and portals when nothing asks", () => {
    renderProvider(false);
    expect(screen.getByRole("status", { name: "env" }).textContent).toBe("default");
  });

  it("ignores the request outside vitest's mode (a production build)", () => {
    vi.stubEnv("MODE", "production");
    renderProvider(true);
    expect(screen.getByRole("status", { name: "env" }).textContent).toBe("default");
  });
});
