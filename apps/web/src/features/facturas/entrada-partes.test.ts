import { base64FromBytes } from "@portal/cfdi";
import { FACTURA_PARTES_MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { checkCantidades, lineasDelEnvio, parteDeEntrada, proposeCantidades } from "./entrada-partes";
import { checkUpdate, isFacturaDePedido } from "./factura-logic";
import { bytesDe, makeEntradaFactura, makeFactura, PROVEEDOR, xmlFactura } from "./facturas.fixtures";

/** Issue 42 (decision 074): quantities proposed from the XML's concepts, the part's total, the lines sent. */
const E = makeEntradaFactura({
  DocNum: 5150,
  DocEntry: 15150,
  DocTotal: "1450.00",
  Lineas: [
    { LineNum: 0, ItemCode: "ART-0001", ItemName: "Tornillo", Quantity: "10", PorFacturar: "6", LineTotal: "1000.00" },
    { LineNum: 1, ItemCode: "ART-0002", ItemName: "Tuerca", Quantity: "5", PorFacturar: "5", LineTotal: "250.00" },
  ],
});
const concepto = (
  o: Partial<{ noIdentificacion: string; descripcion: string; cantidad: string; valorUnitario: string }>,
) => ({
  noIdentificacion: "",
  descripcion: "",
  cantidad: "1",
  valorUnitario: "0",
  ...o,
});

describe("proposeCantidades", () => {
  it("matches each concept by item code, then by name, then by the one line of its unit price", () => {
    expect(proposeCantidades([concepto({ noIdentificacion: "art-0001", cantidad: "4" })], [E])).toEqual({
      "15150|0": "4",
    });
    expect(proposeCantidades([concepto({ descripcion: " tuerca ", cantidad: "2" })], [E])).toEqual({ "15150|1": "2" });
    expect(proposeCantidades([concepto({ valorUnitario: "50.00", cantidad: "3" })], [E])).toEqual({ "15150|1": "3" });
  });

  it("proposes nothing when a concept names no line or asks more than is left", () => {
    expect(proposeCantidades([concepto({ descripcion: "Flete" })], [E])).toBeNull();
    expect(proposeCantidades([concepto({ noIdentificacion: "ART-0001", cantidad: "7" })], [E])).toBeNull();
  });
});

describe("the part", () => {
  it("is the receipt's total in proportion to the chosen lines' amounts, and sends the lines with a quantity", () => {
    const cantidades = { "15150|0": "4", "15150|1": "" };
    expect(parteDeEntrada(E, cantidades).DocTotal).toBe("464.00");
    expect(lineasDelEnvio([E], cantidades)).toEqual([{ EntradaDocEntry: 15150, LineNum: 0, Cantidad: "4" }]);
    expect(checkCantidades([E], cantidades)).toEqual([]);
  });

  it("refuses no quantity at all, and a quantity beyond what is left", () => {
    expect(checkCantidades([E], {})).toEqual([FACTURA_PARTES_MSG.sinCantidades]);
    expect(checkCantidades([E], { "15150|0": "7" })).toEqual([
      FACTURA_PARTES_MSG.cantidadExcedeAbierta(5150, 0, "7", "6"),
    ]);
  });
});

const xmlLeido = (bytes: Uint8Array) => ({ name: "f.xml", bytes, mime: "text/xml", size: bytes.length });

describe("the update form of a partial invoice", () => {
  const row = makeFactura({
    EstatusFactura: "R",
    Entrada: 5150,
    Total: "464.00",
    LineasFacturadas: [
      {
        Entrada: 5150,
        EntradaDocEntry: 15150,
        LineNum: 0,
        ItemCode: "ART-0001",
        ItemName: "Tornillo",
        Cantidad: "4",
        CantidadLinea: "10",
        Importe: "400.00",
      },
    ],
  });
  const modify = (total: string, subtotal: string, iva: string) =>
    checkUpdate({
      session: { id: "P00001", operador: "Proveedor" },
      row,
      proveedor: PROVEEDOR,
      entradas: [{ ...E, PeyMethod: "01" }],
      archivos: {
        pdf: null,
        recepcion: null,
        xml: xmlLeido(bytesDe(xmlFactura({ total, subtotal, iva }))),
      },
      base64: base64FromBytes,
    });

  it("compares the new XML with the part the invoice bills, not the whole receipt", () => {
    expect(modify("464.00", "400.00", "64.00").ok).toBe(true);
    const otra = modify("580.00", "500.00", "80.00");
    expect(otra.ok).toBe(false);
    expect(otra.ok ? [] : otra.errors.join(" ")).toContain("El total de la entrada no es el mismo del XML");
  });
});

describe("the update form of an invoice billing order lines (decision 077)", () => {
  const row = makeFactura({
    EstatusFactura: "R",
    Entrada: 5150,
    Total: "696.00",
    LineasFacturadas: [
      {
        Entrada: 5150,
        EntradaDocEntry: 77,
        LineNum: 0,
        ItemCode: "SRV-0001",
        ItemName: "Mantenimiento preventivo",
        Cantidad: "0.6",
        CantidadLinea: "1",
        Importe: "600.00",
        Pedido: true,
      },
    ],
  });

  it("never compares the XML with a receipt of the same number: the server compares it with the order's part", () => {
    expect(isFacturaDePedido(row)).toBe(true);
    expect(isFacturaDePedido({ LineasFacturadas: null })).toBe(false);
    // Receipt 5150 (1,450.00) is not what the invoice bills; its total would refuse the XML if it were compared.
    const res = checkUpdate({
      session: { id: "P00001", operador: "Proveedor" },
      row,
      proveedor: PROVEEDOR,
      entradas: [E],
      archivos: {
        pdf: null,
        recepcion: null,
        xml: xmlLeido(bytesDe(xmlFactura({ total: "696.00", subtotal: "600.00", iva: "96.00" }))),
      },
      base64: base64FromBytes,
    });
    expect(res.ok ? res.request : res.errors).toMatchObject({
      IdFactura: row.IdFactura,
      EntradaMercancia: 5150,
      Total: "696.00",
    });
  });
});
