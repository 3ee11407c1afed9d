import { describe, expect, it } from "vitest";
import {
  blockedReason,
  etiquetaEntrada,
  matchesSearch,
  motivosEnTexto,
  opcionesEntrada,
  proposeEntrada,
  sortEntradas,
  textoComparable,
  type XmlParaPropuesta,
} from "./entrada-opciones";
import { makeEntradaFactura } from "./facturas.fixtures";

const SAT = makeEntradaFactura({ DocNum: 5101, NumAtCard: "SAT-PRUEBA-2025", DocDate: "2025-02-18", Pedido: 900 });
const NOV = makeEntradaFactura({
  DocNum: 5130,
  NumAtCard: "DEMO-FACTURA-1",
  DocDate: "2026-11-11",
  DocTotal: "2500",
  Pedido: 901,
});
const NOV_BIS = makeEntradaFactura({
  DocNum: 5131,
  NumAtCard: "",
  DocDate: "2026-11-11",
  DocTotal: "1234567.5",
  DocCur: "USD",
  Pedido: null,
});
const VALVULA = makeEntradaFactura({ DocNum: 5140, NumAtCard: "Válvula Ñandú", DocDate: "2026-10-01", Pedido: 902 });

describe("receipt picker options (issue 23)", () => {
  it("labels each receipt 'number · reference · date · total' with the currency", () => {
    expect(etiquetaEntrada(SAT)).toBe("5101 · SAT-PRUEBA-2025 · 2025-02-18 · 3,327.01 MXN");
    expect(etiquetaEntrada(NOV_BIS)).toBe("5131 · Sin referencia · 2026-11-11 · 1,234,567.50 USD");
  });

  it("sorts newest first, the higher number first on the same day, without changing the list given", () => {
    const lista = [SAT, NOV, VALVULA, NOV_BIS];
    expect(sortEntradas(lista).map((e) => e.DocNum)).toEqual([5131, 5130, 5140, 5101]);
    expect(lista.map((e) => e.DocNum)).toEqual([5101, 5130, 5140, 5131]);
    // Issue 37: the option's value is the receipt's DocEntry (the fixture's is its number + 10000); the number shows.
    expect(opcionesEntrada(lista)[0]).toEqual({
      value: "15131",
      label: "5131 · Sin referencia · 2026-11-11 · 1,234,567.50 USD",
    });
  });

  it("issue 39: with receipts chosen, one in another currency is disabled and says why; the rest stay open", () => {
    // Nothing chosen: every receipt may be picked, whatever its currency.
    expect(opcionesEntrada([SAT, NOV_BIS]).every((o) => !("disabled" in o))).toBe(true);
    const opciones = opcionesEntrada([SAT, NOV, NOV_BIS, VALVULA], [NOV]);
    expect(opciones.find((o) => o.value === "15131")).toEqual({
      value: "15131",
      label: "5131 · Sin referencia · 2026-11-11 · 1,234,567.50 USD",
      disabled: true,
      motivo: "Esta entrada está en USD; las entradas elegidas están en MXN.",
    });
    expect(opciones.filter((o) => o.disabled).map((o) => o.value)).toEqual(["15131"]);
    // The other way round: a USD receipt chosen closes the MXN ones.
    expect(blockedReason(SAT, [NOV_BIS])).toBe("Esta entrada está en MXN; las entradas elegidas están en USD.");
    // A chosen receipt is never blocked, even among receipts of two currencies (a stale choice: the checks refuse it).
    expect(blockedReason(NOV_BIS, [NOV, NOV_BIS])).toBeNull();
    expect(blockedReason(VALVULA, [NOV, SAT])).toBeNull();
  });

  it("finds a receipt by number, reference, date or total, without accents or case", () => {
    const etiqueta = (e = SAT) => etiquetaEntrada(e);
    expect(matchesSearch(etiqueta(), "SAT-PRUEBA")).toBe(true);
    expect(matchesSearch(etiqueta(), "sat-prueba")).toBe(true);
    expect(matchesSearch(etiqueta(), "5101")).toBe(true);
    expect(matchesSearch(etiqueta(), "2025-02")).toBe(true);
    expect(matchesSearch(etiqueta(), "3,327.01")).toBe(true);
    expect(matchesSearch(etiqueta(), "3327.01")).toBe(true);
    expect(matchesSearch(etiqueta(), "mxn 3327")).toBe(true);
    expect(matchesSearch(etiqueta(VALVULA), "valvula nandu")).toBe(true);
    expect(matchesSearch(etiqueta(VALVULA), "VÁLVULA")).toBe(true);
    expect(matchesSearch(etiqueta(NOV_BIS), "1234567.50")).toBe(true);
    expect(matchesSearch(etiqueta(), "")).toBe(true);
    expect(matchesSearch(etiqueta(), "DEMO-FACTURA")).toBe(false);
    expect(matchesSearch(etiqueta(), "sat 2026")).toBe(false);
  });

  it("compares text without accents, case, runs of spaces or thousands commas", () => {
    expect(textoComparable("  Válvula   ÑANDÚ 1,234,567.50 ")).toBe("valvula nandu 1234567.50");
    // A comma that is not a thousands separator stays.
    expect(textoComparable("a,b 1,2")).toBe("a,b 1,2");
  });
});

const xml = (datos: Partial<XmlParaPropuesta["datos"]> = {}, texto = ""): XmlParaPropuesta => ({
  datos: {
    Total: "0.01",
    Folio: "S/F",
    TotalImpuestosRetenidos: "0",
    TotalRetencionesLocales: "0",
    ...datos,
  },
  texto,
});

describe("receipt proposed for an XML picked first (issue 23)", () => {
  const entradas = [SAT, NOV, NOV_BIS, VALVULA];

  it("proposes nothing when no total, reference or order matches", () => {
    expect(proposeEntrada(xml(), entradas)).toEqual({ tipo: "ninguna" });
    expect(proposeEntrada(xml({ Total: "3327.01" }), [])).toEqual({ tipo: "ninguna" });
  });

  it("proposes the receipt whose total matches, with or without the XML's withholdings", () => {
    expect(proposeEntrada(xml({ Total: "2500.00" }), entradas)).toEqual({
      tipo: "una",
      entrada: NOV,
      motivos: ["total"],
    });
    // The receipt's total less the XML's withholdings (2,500 − 200 − 50).
    expect(
      proposeEntrada(
        xml({ Total: "2250.00", TotalImpuestosRetenidos: "200.00", TotalRetencionesLocales: "50" }),
        entradas,
      ),
    ).toEqual({ tipo: "una", entrada: NOV, motivos: ["total"] });
  });

  it("proposes the receipt whose reference is the CFDI's Folio, or Serie and Folio, ignoring case and dashes", () => {
    expect(proposeEntrada(xml({ Folio: "demo-factura-1" }), entradas)).toMatchObject({
      tipo: "una",
      entrada: NOV,
      motivos: ["referencia"],
    });
    expect(proposeEntrada(xml({ Serie: "DEMO-FACTURA-", Folio: "1" }), entradas)).toMatchObject({
      tipo: "una",
      entrada: NOV,
    });
    // 'S/F' (no Folio) never matches a reference.
    expect(proposeEntrada(xml({ Folio: "S/F" }), [makeEntradaFactura({ NumAtCard: "S/F" })])).toEqual({
      tipo: "ninguna",
    });
  });

  it("proposes the receipt whose order number the XML carries (an addenda's order attribute)", () => {
    const texto = '<cfdi:Addenda><oc:Orden xmlns:oc="urn:x" NumeroPedido="000902"/></cfdi:Addenda>';
    expect(proposeEntrada(xml({}, texto), entradas)).toMatchObject({
      tipo: "una",
      entrada: VALVULA,
      motivos: ["pedido"],
    });
    // The order number as any other attribute (an amount, a quantity) is not an order.
    expect(proposeEntrada(xml({}, '<cfdi:Concepto Cantidad="902"/>'), entradas)).toEqual({ tipo: "ninguna" });
  });

  it("prefers total and reference together over a receipt that matches only one of them", () => {
    const mismoTotal = makeEntradaFactura({ DocNum: 6000, NumAtCard: "OTRA", DocDate: "2026-12-01" });
    const propuesta = proposeEntrada(xml({ Total: "3327.01", Folio: "SAT-PRUEBA-2025" }), [...entradas, mismoTotal]);
    expect(propuesta).toEqual({ tipo: "una", entrada: SAT, motivos: ["total", "referencia"] });
    // A reference alone beats a total alone.
    const soloReferencia = proposeEntrada(xml({ Total: "2500", Folio: "SAT-PRUEBA-2025" }), entradas);
    expect(soloReferencia).toMatchObject({ tipo: "una", entrada: SAT, motivos: ["referencia"] });
  });

  it("proposes none when several receipts match equally well, and names them newest first", () => {
    const otra = makeEntradaFactura({ DocNum: 6000, NumAtCard: "OTRA", DocDate: "2026-12-01", Pedido: null });
    expect(proposeEntrada(xml({ Total: "3327.01" }), [SAT, otra, NOV])).toEqual({
      tipo: "varias",
      entradas: [otra, SAT],
      motivos: ["total"],
    });
  });

  it("says why in words", () => {
    expect(motivosEnTexto(["total"])).toBe("el total");
    expect(motivosEnTexto(["total", "referencia"])).toBe("el total y la referencia");
    expect(motivosEnTexto(["total", "referencia", "pedido"])).toBe("el total, la referencia y el pedido");
  });
});
