import { FACTURA_PARTES_MSG } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { checkCantidades, lineasDelEnvio, parteDeEntrada, proposeCantidades } from "./entrada-partes";
import { makeEntradaFactura } from "./facturas.fixtures";

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
