import { describe, expect, it } from "vitest";
import {
  CFDI_MSG,
  CREDIT_NOTE_RELATIONS,
  creditedUuids,
  describeTipoRelacion,
  firstCreditRelation,
  readCreditNote,
  readInvoice,
  relationGroups,
} from "../src/index";
import { type FacturaPrueba, issueTestFactura, readCreditNoteVerified } from "../src/sello/index";

/** Issue 27: a credit note (CFDI de Egreso) is read by the invoice reader's structure, with tipo E. */
const factura = "AAAAAAAA-1111-4111-8111-111111111111";
const otra = "BBBBBBBB-2222-4222-8222-222222222222";
const nota: FacturaPrueba = {
  emisor: { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" },
  receptor: { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603", uso: "G02" },
  lugarExpedicion: "86000",
  fecha: "2026-11-20T10:00:00",
  folio: "NC-1",
  formaPago: "15",
  metodoPago: "PUE",
  subtotal: "100",
  iva: "16",
  uuid: "33333333-4444-4555-8666-777777777777",
  fechaTimbrado: "2026-11-20T10:05:00",
  tipo: "E",
  cfdiRelacionados: [
    { TipoRelacion: "01", UUIDs: [factura.toLowerCase()] },
    { TipoRelacion: "03", UUIDs: [otra, factura] },
    { TipoRelacion: "04", UUIDs: ["CCCCCCCC-3333-4333-8333-333333333333"] },
  ],
};

describe("readCreditNote", () => {
  it("reads a sealed and stamped CFDI de Egreso with its related invoices", async () => {
    const xml = issueTestFactura(nota);
    const read = readCreditNote(xml);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.data).toMatchObject({ TipoDeComprobante: "E", Total: "116.00", Folio: "NC-1", FormaPago: "15" });
    expect(creditedUuids(read.data)).toEqual([factura, otra]);
    const verified = await readCreditNoteVerified(xml, { trustTestCertificates: true });
    expect(verified.ok).toBe(true);
    expect(verified.sellos).toMatchObject({ emisor: "valid", timbre: "valid" });
  });

  it("refuses an invoice where a credit note is expected, and the other way round", () => {
    const ingreso = issueTestFactura({ ...nota, tipo: "I", cfdiRelacionados: [] });
    expect(readCreditNote(ingreso)).toEqual({
      ok: false,
      errors: [
        CFDI_MSG.tipoNoEsperado(
          "un CFDI 4.0 de tipo I (Ingreso)",
          "una nota de crédito: un CFDI versión 4.0 de tipo E (Egreso)",
        ),
      ],
    });
    const egreso = issueTestFactura(nota);
    const asInvoice = readInvoice(egreso);
    expect(asInvoice.ok).toBe(false);
    expect(!asInvoice.ok && asInvoice.errors[0]).toContain("de tipo E (Egreso)");
  });

  it("credits nothing without a 01, 03 or 07 group", () => {
    expect(creditedUuids({ CfdiRelacionados: [{ TipoRelacion: "04", UUIDs: [factura] }] })).toEqual([]);
    expect(creditedUuids({ CfdiRelacionados: [{ TipoRelacion: "02", UUIDs: [factura] }] })).toEqual([]);
  });

  it("issue 39: a sealed E with only TipoRelacion 07 (advance applied) credits the invoice it relates", async () => {
    const xml = issueTestFactura({
      ...nota,
      formaPago: "30",
      cfdiRelacionados: [{ TipoRelacion: "07", UUIDs: [factura.toLowerCase()] }],
    });
    const verified = await readCreditNoteVerified(xml, { trustTestCertificates: true });
    expect(verified.ok).toBe(true);
    if (!verified.data) return;
    expect(verified.data.FormaPago).toBe("30");
    expect(creditedUuids(verified.data)).toEqual([factura]);
    expect(firstCreditRelation(verified.data)).toBe("07");
    expect(relationGroups(verified.data)).toEqual([{ TipoRelacion: "07", UUIDs: [factura] }]);
  });

  it("issue 39: keeps each relation group with its type (01 and 03 apart, 04 too), in the CFDI's order", () => {
    const read = readCreditNote(issueTestFactura(nota));
    if (!read.ok) throw new Error(read.errors.join("\n"));
    expect(relationGroups(read.data)).toEqual([
      { TipoRelacion: "01", UUIDs: [factura] },
      { TipoRelacion: "03", UUIDs: [otra, factura] },
      { TipoRelacion: "04", UUIDs: ["CCCCCCCC-3333-4333-8333-333333333333"] },
    ]);
    expect(firstCreditRelation(read.data)).toBe("01");
  });

  it("names the crediting types as the SAT's c_TipoRelacion catalogue does", () => {
    expect(CREDIT_NOTE_RELATIONS).toEqual(["01", "03", "07"]);
    expect(CREDIT_NOTE_RELATIONS.map(describeTipoRelacion)).toEqual([
      "Nota de crédito de los documentos relacionados",
      "Devolución de mercancía sobre facturas o traslados previos",
      "CFDI por aplicación de anticipo",
    ]);
    expect(describeTipoRelacion("99")).toBeUndefined();
  });
});
