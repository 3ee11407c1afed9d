import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { documentTitle, PORTAL_NAME } from "../lib/document-title";
import { theme } from "../theme";
import { ScreenTitle } from "./screen-title";

const renderTitle = (node: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      {node}
    </MantineProvider>,
  );

describe("the browser tab is titled per screen (issue 23)", () => {
  it("names the tab after the screen's heading, then the portal", () => {
    const { unmount } = renderTitle(<ScreenTitle>Facturas</ScreenTitle>);
    expect(document.title).toBe("Facturas — Portal de Proveedores");
    unmount();
    expect(document.title).toBe(PORTAL_NAME);
  });

  it("takes documentTitle when the heading is not plain text, and follows a heading that changes", () => {
    const { rerender } = renderTitle(
      <ScreenTitle documentTitle="Proveedor ESCUELA KEMPER URGATE">
        <span>Proveedor</span>
      </ScreenTitle>,
    );
    expect(document.title).toBe("Proveedor ESCUELA KEMPER URGATE — Portal de Proveedores");
    rerender(
      <MantineProvider theme={theme} env="test">
        <ScreenTitle>Pedido 1100</ScreenTitle>
      </MantineProvider>,
    );
    expect(document.title).toBe("Pedido 1100 — Portal de Proveedores");
  });

  it("leaves the portal's name alone when there is no screen name", () => {
    expect(documentTitle("")).toBe(PORTAL_NAME);
    expect(documentTitle(null)).toBe(PORTAL_NAME);
    expect(documentTitle("  Pagos ")).toBe("Pagos — Portal de Proveedores");
  });
});
