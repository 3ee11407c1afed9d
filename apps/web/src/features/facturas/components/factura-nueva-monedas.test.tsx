import { ENTRADAS_MONEDA_MSG } from "@portal/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCalls, signInAs } from "../../../test/fake-api";
import { pickOption } from "../../../test/pick-option";
import { renderApp } from "../../../test/render-app";
import { makeEntradaFactura, PROVEEDOR, SOCIEDADES } from "../facturas.fixtures";
import { sumaEntradas } from "./factura-nueva";

/**
 * Issue 39 (decision 060): one invoice is one CFDI in one currency. In 'Registro de la facturación' the receipt
 * picker offers a receipt in another currency than the chosen ones disabled, saying why, and nothing adds two
 * currencies.
 */
const MXN_A = makeEntradaFactura({ DocNum: 5120, DocTotal: "21303.47" });
const MXN_B = makeEntradaFactura({ Fila: 2, DocNum: 5121, DocTotal: "1000.00", NumAtCard: "REF-78" });
const USD = makeEntradaFactura({ Fila: 3, DocNum: 5150, DocTotal: "349.46", DocCur: "USD", NumAtCard: "REF-US" });

const OPCION = {
  mxnA: "5120 · REF-77 · 2026-02-10 · 21,303.47 MXN",
  mxnB: "5121 · REF-78 · 2026-02-10 · 1,000.00 MXN",
  usd: "5150 · REF-US · 2026-02-10 · 349.46 USD",
} as const;

const listbox = () => screen.getByRole("listbox", { name: "Entrada de mercancia", hidden: true });
const option = (texto: string) =>
  within(listbox())
    .getAllByRole("option", { hidden: true })
    .find((o) => o.textContent?.startsWith(texto)) as HTMLElement;
const isDisabled = (o: HTMLElement) =>
  o.getAttribute("aria-disabled") === "true" || o.hasAttribute("data-combobox-disabled");

async function openFormWithSociedad() {
  signInAs("proveedor");
  fakeCalls({
    getFacturas: [],
    getProveedor: [PROVEEDOR],
    facturasGetSociedades: SOCIEDADES,
    getEntradas: [MXN_A, MXN_B, USD],
  });
  renderApp("/MisFacturas/Factura/Nuevo");
  await screen.findByRole("heading", { level: 1, name: "Registro de la facturación" });
  await waitFor(() =>
    expect(
      within(screen.getByRole("listbox", { name: "Razón social", hidden: true })).queryAllByRole("option", {
        hidden: true,
      }).length,
    ).toBeGreaterThan(0),
  );
  pickOption("Razón social", "MUNICIPIO DE CUAUTITLAN IZCALLI");
  await waitFor(() => expect(within(listbox()).getAllByRole("option", { hidden: true }).length).toBe(3));
}

describe("receipt picker of 'Registro de la facturación': one currency (issue 39)", () => {
  it("with an MXN receipt chosen, the USD one is disabled and says why; another MXN one joins and is added", async () => {
    await openFormWithSociedad();
    // Nothing chosen: every receipt may be picked.
    expect([OPCION.mxnA, OPCION.mxnB, OPCION.usd].map((o) => isDisabled(option(o)))).toEqual([false, false, false]);
    pickOption("Entrada de mercancia", OPCION.mxnA);
    await waitFor(() => expect(isDisabled(option(OPCION.usd))).toBe(true));
    expect(option(OPCION.usd).textContent).toBe(
      `${OPCION.usd}${ENTRADAS_MONEDA_MSG.entradaEnOtraMoneda("USD", "MXN")}`,
    );
    expect(option(OPCION.usd).textContent).toContain("Esta entrada está en USD; las entradas elegidas están en MXN.");
    expect(isDisabled(option(OPCION.mxnB))).toBe(false);
    // Clicking the disabled option chooses nothing.
    fireEvent.click(option(OPCION.usd));
    pickOption("Entrada de mercancia", OPCION.mxnB);
    const tabla = await screen.findByRole("table", { name: "Entradas elegidas" });
    expect(
      within(tabla)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "EntradaFechaReferenciaMonedaTotal",
      "51202026-02-10REF-77MXN21,303.47",
      "51212026-02-10REF-78MXN1,000.00",
      "Suma de las 2 entradasMXN22,303.47",
    ]);
  });

  it("with the USD receipt chosen, the MXN ones are disabled, each saying why", async () => {
    await openFormWithSociedad();
    pickOption("Entrada de mercancia", OPCION.usd);
    await waitFor(() => expect(isDisabled(option(OPCION.mxnA))).toBe(true));
    expect(isDisabled(option(OPCION.mxnB))).toBe(true);
    expect(option(OPCION.mxnB).textContent).toContain("Esta entrada está en MXN; las entradas elegidas están en USD.");
  });

  it("receipts of two currencies are never added: no sum, the sentence that says so", () => {
    const suma = sumaEntradas([USD, MXN_A]);
    expect(suma).toEqual({ sinSuma: "Las entradas elegidas están en monedas distintas (USD, MXN); no se suman." });
    expect(JSON.stringify(suma)).not.toMatch(/\+|21,652\.93|349\.46/);
    expect(sumaEntradas([MXN_A, MXN_B])).toEqual({
      etiqueta: "Suma de las 2 entradas",
      moneda: "MXN",
      total: "22,303.47",
    });
  });
});
