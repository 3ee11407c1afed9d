import { describe, expect, it } from "vitest";
import { checkWithholdings, DEFAULT_WITHHOLDING_RULES, readInvoice, WITHHOLDING_MSG } from "../src/index";
import { type FacturaPrueba, issueTestFactura } from "../src/sello/index";
import { fixtureText } from "./helpers";

/** An individual (13-character RFC) invoicing a legal entity (12-character RFC). */
const resico: FacturaPrueba = {
  emisor: { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", regimen: "626" },
  receptor: { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603", uso: "G03" },
  lugarExpedicion: "86000",
  fecha: "2026-11-10T10:00:00",
  folio: "R-1",
  formaPago: "03",
  metodoPago: "PUE",
  subtotal: "1000",
  descuento: "100",
  iva: "144",
  retenciones: "11.25",
  uuid: "21111111-2222-4333-8444-555555555555",
  fechaTimbrado: "2026-11-10T10:05:00",
};

function read(f: FacturaPrueba) {
  const r = readInvoice(issueTestFactura(f));
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.data;
}

describe("withholdings (issue 27)", () => {
  it("reads the federal withholdings and transfers by tax, and the concepts", () => {
    expect(read(resico)).toMatchObject({
      RetenidoISR: "11.25",
      RetenidoIVA: "0",
      TrasladadoIVA: "144.00",
      Conceptos: 1,
    });
  });

  it("RESICO to a legal entity: 1.25 % ISR of the subtotal net of discounts, with the amounts when missing", () => {
    expect(checkWithholdings(read(resico), DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    const sin = read({ ...resico, retenciones: "0" });
    expect(checkWithholdings(sin, DEFAULT_WITHHOLDING_RULES)).toEqual([
      WITHHOLDING_MSG.isr("Régimen Simplificado de Confianza", "11.25", "900.00", "1.25 %", "0.00"),
    ]);
    expect(checkWithholdings(sin, DEFAULT_WITHHOLDING_RULES)[0]).toContain("retiene 0.00");
    // A cent of rounding is accepted; two are not.
    expect(checkWithholdings(read({ ...resico, retenciones: "11.24" }), DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings(read({ ...resico, retenciones: "11.23" }), DEFAULT_WITHHOLDING_RULES)).toHaveLength(1);
  });

  it("applies only to an individual invoicing a legal entity, and only with the rule on", () => {
    const sin = read({ ...resico, retenciones: "0" });
    expect(checkWithholdings(sin, { ...DEFAULT_WITHHOLDING_RULES, resico: false })).toEqual([]);
    expect(checkWithholdings({ ...sin, RFCReceptor: "XAXX010101000" }, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings({ ...sin, RFCEmisor: "EKU9003173C9" }, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings({ ...sin, RegimenFiscalEmisor: "612" }, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
  });

  it("rent and professional fees, when the sociedad turns them on: 10 % ISR and two thirds of the IVA", () => {
    const renta = { ...read({ ...resico, retenciones: "0" }), RegimenFiscalEmisor: "606" };
    const on = { resico: true, arrendamiento: true, honorarios: true };
    expect(checkWithholdings(renta, DEFAULT_WITHHOLDING_RULES)).toEqual([]);
    expect(checkWithholdings(renta, on)).toEqual([
      WITHHOLDING_MSG.isr("Arrendamiento de persona física", "90.00", "900.00", "10 %", "0.00"),
      WITHHOLDING_MSG.iva("Arrendamiento de persona física", "96.00", "144.00", "0.00"),
    ]);
    expect(checkWithholdings({ ...renta, RetenidoISR: "90", RetenidoIVA: "96" }, on)).toEqual([]);
    const honorarios = { ...renta, RegimenFiscalEmisor: "612" };
    expect(checkWithholdings(honorarios, on, false)).toEqual([]);
    expect(checkWithholdings(honorarios, on, true)).toHaveLength(2);
  });

  it("a real stamped fees invoice (satcfdi xiqb891116qe4 to KIJ) withholds exactly what the fee rules ask", () => {
    const xml = fixtureText("satcfdi__xiqb891116qe4_ingreso_iva16_stamped.xml").replace(
      'MetodoPago="PPD"',
      'MetodoPago="PPD" FormaPago="99"',
    );
    const r = readInvoice(xml);
    if (!r.ok) throw new Error(r.errors.join("\n"));
    const fees = { ...r.data, RegimenFiscalEmisor: "612" };
    expect(checkWithholdings(fees, { resico: true, arrendamiento: false, honorarios: true }, true)).toEqual([]);
    expect(
      checkWithholdings({ ...fees, RetenidoIVA: "0" }, { resico: true, arrendamiento: false, honorarios: true }, true),
    ).toEqual([WITHHOLDING_MSG.iva("Honorarios de persona física", "1,641.63", "2,462.45", "0.00")]);
  });
});
