import { describe, expect, it } from "vitest";
import { readConceptos } from "../src/index";
import { issueTestFactura, readInvoiceVerified } from "../src/sello/index";

/**
 * Issue 42 (decision 074): the concepts the registration form reads to propose which receipt lines, and how much of
 * each, a CFDI bills; and the test issuer's concepts with a quantity and an item code, still sealed and verified.
 */
describe("readConceptos", () => {
  it("reads each concept's item code, description, quantity and unit value from a verified test CFDI", async () => {
    const xml = issueTestFactura({
      emisor: { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" },
      receptor: {
        rfc: "MCI7306249Y1",
        nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI",
        cp: "54700",
        regimen: "603",
        uso: "G03",
      },
      lugarExpedicion: "86000",
      fecha: "2026-11-10T10:00:00",
      formaPago: "03",
      metodoPago: "PUE",
      subtotal: "0",
      iva: "0",
      conceptos: [
        {
          claveProdServ: "01010101",
          noIdentificacion: "ART-0001",
          descripcion: "Tornillo",
          cantidad: "4",
          importe: "400",
          iva: "64",
        },
        { claveProdServ: "01010101", descripcion: "Flete", importe: "100", iva: "16" },
      ],
      uuid: "11111111-2222-4333-8444-555555555542",
      fechaTimbrado: "2026-11-10T10:05:00",
    });
    expect(readConceptos(xml)).toEqual([
      { noIdentificacion: "ART-0001", descripcion: "Tornillo", cantidad: "4", valorUnitario: "100.000000" },
      { noIdentificacion: "", descripcion: "Flete", cantidad: "1", valorUnitario: "100.00" },
    ]);
    const verified = await readInvoiceVerified(xml, { trustTestCertificates: true });
    expect(verified.ok).toBe(true);
    expect(verified.data?.Total).toBe("580.00");
  });

  it("answers nothing for text that is not XML", () => {
    expect(readConceptos("no es XML")).toEqual([]);
  });
});
