import { FACTURA_NUEVA_MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  centavos,
  MAX_CANDIDATAS,
  proposeConjunto,
  proposeEntradas,
  reasonToClearArchivos,
  type XmlLeido,
} from "./entradas-xml";
import { makeEntradaFactura } from "./facturas.fixtures";

/** Issue 40 item 4 (decision 064): the XML picked against several receipts, kept or cleared, and the set proposed. */

const entrada = (docNum: number, docTotal: string, extra: Parameters<typeof makeEntradaFactura>[0] = {}) =>
  makeEntradaFactura({ Fila: docNum, DocNum: docNum, DocTotal: docTotal, NumAtCard: `R-${docNum}`, ...extra });

const xml = (total: string, extra: Partial<XmlLeido["datos"]> = {}, texto = ""): XmlLeido => ({
  datos: {
    Total: total,
    Folio: "F-1",
    TotalImpuestosRetenidos: "0",
    TotalRetencionesLocales: "0",
    Moneda: "MXN",
    RFCReceptor: "MCI7306249Y1",
    ...extra,
  },
  texto,
});

const A = entrada(6001, "1160.00", { DocDate: "2026-11-01" });
const B = entrada(6002, "580.00", { DocDate: "2026-11-02" });
const C = entrada(6003, "2320.00", { DocDate: "2026-11-03" });
const D = entrada(6004, "100.50", { DocDate: "2026-11-04" });
const numeros = (propuesta: ReturnType<typeof proposeConjunto>) =>
  propuesta.tipo === "conjunto" ? propuesta.entradas.map((e) => e.DocNum) : propuesta.tipo;

describe("reasonToClearArchivos: the files stay while the XML may still be the receipts' (issue 40)", () => {
  const todas = [A, B, C, D];

  it("keeps them when the receipts add up to the XML's total, with the server's tolerance", () => {
    expect(reasonToClearArchivos(xml("1740.00").datos, [A, B], todas)).toBeNull();
    expect(reasonToClearArchivos(xml("1740").datos, [B, A], todas)).toBeNull();
    // Spec §5: equal once rounded to 2 decimals.
    expect(reasonToClearArchivos(xml("1740.00").datos, [A, entrada(6005, "579.995")], todas)).toBeNull();
    // The receipts' total less the XML's withholdings (what spec §5 compares).
    expect(
      reasonToClearArchivos(xml("1620.00", { TotalImpuestosRetenidos: "120.00" }).datos, [A, B], todas),
    ).toBeNull();
    // Nothing chosen: nothing to compare.
    expect(reasonToClearArchivos(xml("1740.00").datos, [], todas)).toBeNull();
  });

  it("keeps them while the receipts fall short by what other open receipts add up to (still choosing)", () => {
    // 1,160.00 of 1,740.00 chosen: 580.00 (B) makes up the difference.
    expect(reasonToClearArchivos(xml("1740.00").datos, [A], todas)).toBeNull();
    // 1,160.00 of 3,580.50: the 2,420.50 missing are C + D.
    expect(reasonToClearArchivos(xml("3580.50").datos, [A], todas)).toBeNull();
  });

  it("clears them when the receipts pass the XML's total, naming both amounts", () => {
    expect(reasonToClearArchivos(xml("1160.00").datos, [A, B], todas)).toBe(
      "Se quitaron los archivos: la suma de las entradas elegidas (1,740.00 MXN) supera el total del XML (1,160.00 MXN); vuelva a elegirlos.",
    );
    expect(reasonToClearArchivos(xml("580.00").datos, [A], todas)).toBe(
      FACTURA_NUEVA_MSG.archivosQuitadosTotal("580.00 MXN", 1, "1,160.00 MXN"),
    );
    expect(FACTURA_NUEVA_MSG.archivosQuitadosTotal("580.00 MXN", 1, "1,160.00 MXN")).toContain(
      "el total de la entrada elegida (1,160.00 MXN) supera",
    );
  });

  it("clears them when no other open receipt makes up the difference, saying how much is missing", () => {
    // 1,160.00 of 1,300.00: 140.00 missing, and no open receipt (nor set) is 140.00.
    expect(reasonToClearArchivos(xml("1300.00").datos, [A], todas)).toBe(
      "Se quitaron los archivos: el total de la entrada elegida (1,160.00 MXN) no llega al total del XML (1,300.00 MXN) y ninguna combinación de las demás entradas abiertas completa la diferencia (140.00 MXN); vuelva a elegirlos.",
    );
    // B would make it up, but it is closed, or in another currency.
    expect(reasonToClearArchivos(xml("1740.00").datos, [A], [A, { ...B, DocStatus: "C" }])).toContain("(580.00 MXN)");
    expect(reasonToClearArchivos(xml("1740.00").datos, [A], [A, { ...B, DocCur: "USD" }])).toContain(
      "no llega al total del XML (1,740.00 MXN)",
    );
  });

  it("clears them when the receipts are in another currency than the XML", () => {
    expect(reasonToClearArchivos(xml("1160.00", { Moneda: "USD" }).datos, [A], todas)).toBe(
      "Se quitaron los archivos: el XML está en USD y las entradas elegidas están en MXN; vuelva a elegirlos.",
    );
  });

  it("says nothing when it cannot tell: too many receipts to try for the difference", () => {
    const muchas = Array.from({ length: MAX_CANDIDATAS + 1 }, (_, i) => entrada(7000 + i, "1.00"));
    expect(reasonToClearArchivos(xml("1170.50").datos, [A], [A, ...muchas])).toBeNull();
    // With as many as are tried, the search answers: no set of 1.00 receipts makes 10.50.
    expect(reasonToClearArchivos(xml("1170.50").datos, [A], [A, ...muchas.slice(1)])).toContain("(10.50 MXN)");
  });
});

describe("proposeConjunto and proposeEntradas: the receipts an XML picked first bills (issue 40)", () => {
  const todas = [A, B, C, D];

  it("an XML for two receipts proposes both, newest first, with their sum", () => {
    expect(proposeConjunto(xml("1740.00"), todas)).toEqual({
      tipo: "conjunto",
      entradas: [B, A],
      suma: "1740.00",
      moneda: "MXN",
    });
    expect(numeros(proposeEntradas(xml("1740.00"), todas, { RFC: "MCI7306249Y1" }))).toEqual([6002, 6001]);
    // With the XML's withholdings the receipts add up to its total plus them.
    expect(numeros(proposeConjunto(xml("1620.00", { TotalImpuestosRetenidos: "120.00" }), todas))).toEqual([
      6002, 6001,
    ]);
  });

  it("prefers one receipt whose total matches, then the smallest set", () => {
    // 2,320.00 is C alone, and A + B + the other 580.00 together: C is proposed on its own.
    const otraDe580 = entrada(6006, "580.00", { DocDate: "2026-10-01" });
    const una = proposeEntradas(xml("2320.00"), [...todas, otraDe580], null);
    expect(una.tipo === "una" ? una.entrada.DocNum : una.tipo).toBe(6003);
    // 3,480.00 = C + A (two) = C + B + 580.00 (three): the two.
    expect(numeros(proposeConjunto(xml("3480.00"), [...todas, otraDe580]))).toEqual([6003, 6001]);
  });

  it("proposes no set but says so when two sets as small match, unless the XML names the receipts of one", () => {
    const otraDe580 = entrada(6006, "580.00", { DocDate: "2026-10-01" });
    const ambiguas = { tipo: "conjuntos", tamano: 2, total: "1740.00", moneda: "MXN" };
    expect(proposeConjunto(xml("1740.00"), [...todas, otraDe580])).toEqual(ambiguas);
    expect(proposeEntradas(xml("1740.00"), [...todas, otraDe580], null)).toEqual(ambiguas);
    // The XML carries the order 1100 of A and of the older 580.00 receipt: that set first.
    const conPedido = [A, B, C, D, { ...otraDe580, Pedido: 1100 }].map((e) =>
      e === B || e === C || e === D ? { ...e, Pedido: 1200 } : e,
    );
    expect(numeros(proposeConjunto(xml("1740.00", {}, '<x:Addenda OrdenCompra="1100"/>'), conPedido))).toEqual([
      6001, 6006,
    ]);
  });

  it("takes only open receipts in the XML's currency, and only for the XML's sociedad", () => {
    expect(proposeConjunto(xml("1740.00"), [A, { ...B, DocStatus: "C" }, C])).toEqual({ tipo: "ninguna" });
    expect(proposeConjunto(xml("1740.00"), [A, { ...B, DocCur: "USD" }, C])).toEqual({ tipo: "ninguna" });
    expect(proposeConjunto(xml("1740.00", { Moneda: "USD" }), todas)).toEqual({ tipo: "ninguna" });
    expect(proposeEntradas(xml("1740.00"), todas, { RFC: "KIJ0906199R1" })).toEqual({ tipo: "ninguna" });
    // A receipt in USD of the XML's total is no proposal for an MXN XML.
    expect(proposeEntradas(xml("1160.00"), [{ ...A, DocCur: "USD" }], null)).toEqual({ tipo: "ninguna" });
  });

  it("searches the newest receipts only, and fast", () => {
    // 30 receipts of odd amounts, none adding up to the total: the search ends within its bound.
    const ruido = Array.from({ length: 30 }, (_, i) =>
      entrada(8000 + i, `${1000 + i * 7}.13`, { DocDate: `2026-10-${String(1 + (i % 28)).padStart(2, "0")}` }),
    );
    const inicio = performance.now();
    expect(proposeConjunto(xml("999999.99"), ruido)).toEqual({ tipo: "ninguna" });
    expect(performance.now() - inicio).toBeLessThan(2000);
    // Two old receipts that add up, behind 20 newer ones: not tried.
    const viejas = [
      entrada(9001, "10.00", { DocDate: "2025-01-01" }),
      entrada(9002, "20.00", { DocDate: "2025-01-02" }),
    ];
    // 20 newer receipts of 7.00: no set of them (nor with one old one) makes 30.00.
    const nuevas = Array.from({ length: MAX_CANDIDATAS }, (_, i) =>
      entrada(9100 + i, "7.00", { DocDate: "2026-11-20" }),
    );
    expect(proposeConjunto(xml("30.00"), [...viejas, ...nuevas.slice(0, 3)])).toMatchObject({ tipo: "conjunto" });
    expect(proposeConjunto(xml("30.00"), [...viejas, ...nuevas])).toEqual({ tipo: "ninguna" });
  });

  it("reads amounts in cents as spec §5 rounds them", () => {
    expect(centavos("1,160.005")).toBe(116001);
    expect(centavos("580")).toBe(58000);
    expect(centavos("no")).toBeNull();
  });
});
