import { notifications } from "@mantine/notifications";
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, renderApp } from "../test/render-app";

/** MantineProvider writes the theme's variables in a style tag of its own. */
const providerStyles = () => document.querySelectorAll("style[data-mantine-styles]").length;

describe("the first screen without Mantine (decision 017)", () => {
  it("shows the landing with no Mantine provider, and mounts it with the first screen that uses Mantine", async () => {
    fakeApi(() => undefined);
    const { router } = renderApp("/");
    await screen.findByRole("heading", { name: "Portal de Proveedores", level: 1 });
    expect(screen.getAllByRole("button", { name: "Ingresar" })).toHaveLength(2);
    expect(providerStyles()).toBe(0);

    await act(() => router.navigate({ to: "/AvisoDePrivacidad" }));
    await screen.findByRole("heading", { name: /Aviso de privacidad/i, level: 1 });
    expect(providerStyles()).toBeGreaterThan(0);

    // Once mounted it stays: back on the landing the provider is still there.
    await act(() => router.navigate({ to: "/" }));
    await screen.findByRole("heading", { name: "Portal de Proveedores", level: 1 });
    expect(providerStyles()).toBeGreaterThan(0);
  });

  it("mounts the provider when a toast is raised on the first screen, so the toast shows", async () => {
    fakeApi(() => undefined);
    renderApp("/");
    await screen.findByRole("heading", { name: "Portal de Proveedores", level: 1 });
    expect(providerStyles()).toBe(0);
    act(() => {
      notifications.show({ message: "Aviso en la primera pantalla" });
    });
    await screen.findByText("Aviso en la primera pantalla");
    expect(providerStyles()).toBeGreaterThan(0);
    // The landing is still on display under the provider.
    expect(screen.getAllByRole("button", { name: "Ingresar" })).toHaveLength(2);
  });
});
