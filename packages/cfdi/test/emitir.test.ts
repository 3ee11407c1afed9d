import { MSG } from "@portal/contracts/messages";
import { describe, expect, it } from "vitest";
import { readInvoice } from "../src/index";
import { type FacturaPrueba, issueTestFactura, readInvoiceVerified } from "../src/sello/index";

/** The issuer of test CFDIs (API tests and the demo seed): what it issues reads, verifies and adds up. */
const base: FacturaPrueba = {
  emisor: { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" },
  receptor: { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603", uso: "G03" },
  lugarExpedicion: "86000",
  fecha: "2026-11-10T10:00:00",
  folio: "F-1",
  formaPago: "03",
  metodoPago: "PUE",
  subtotal: "1000",
  descuento: "100",
  iva: "144",
  retenciones: "90",
  uuid: "11111111-2222-4333-8444-555555555555",
  fechaTimbrado: "2026-11-10T10:05:00",
};

describe("emitirFacturaPrueba", () => {
  it("issues a sealed and stamped CFDI whose figures add up", async () => {
    const xml = issueTestFactura(base);
    const read = readInvoice(xml);
    expect(read.ok && read.data).toMatchObject({
      UUID: base.uuid.toUpperCase(),
      Total: "954.00",
      SubTotal: "1000.00",
      Descuento: "100.00",
      TotalImpuestosRetenidos: "90.00",
      Retenciones: "Y",
      CPEmisor: "86000",
      Folio: "F-1",
    });
    expect(read.ok && read.warnings).toEqual([]);
    const verified = await readInvoiceVerified(xml, { trustTestCertificates: true });
    expect(verified.ok).toBe(true);
    expect(verified.sellos).toMatchObject({ emisor: "valid", timbre: "valid" });
  });

  it("what it issues is refused once edited, and without trust in test certificates", async () => {
    const xml = issueTestFactura({ ...base, retenciones: "0", descuento: "0" });
    expect((await readInvoiceVerified(xml, { trustTestCertificates: false })).ok).toBe(false);
    const edited = xml.replace('Total="1144.00"', 'Total="1145.00"');
    expect(edited).not.toBe(xml);
    const result = await readInvoiceVerified(edited, { trustTestCertificates: true });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.join(" ")).toMatch(/modificado/);
    expect(MSG.xmlSinTimbre).toBeTruthy();
  });
});
