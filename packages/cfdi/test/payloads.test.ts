import { postFacturaRequestSchema, postPagoRequestSchema } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  buildPostFacturaPayload,
  buildPostPagoPayload,
  invoiceXmlFields,
  postFacturaFields,
  readInvoice,
  readPaymentComplement,
} from "../src/index";
import { issueTestFactura } from "../src/sello/index";
import { paymentXml } from "./helpers";

/** The upload payloads the browser, the API tests, the benches and the end-to-end data build from a CFDI read. */
const factura = () => {
  const read = readInvoice(
    issueTestFactura({
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
      folio: "F-1",
      formaPago: "03",
      metodoPago: "PPD",
      subtotal: "1000",
      iva: "160",
      uuid: "11111111-2222-4333-8444-555555555555",
      fechaTimbrado: "2026-11-10T10:05:00",
    }),
  );
  if (!read.ok) throw new Error(read.errors.join(" "));
  return read.data;
};
const archivo = (name: string) => ({ name, base64: "JVBERi0xLjQK" });
const QUIEN = { usuario: "P00001", operador: "Proveedor", id: "P00001" } as const;

describe("postFactura's payload from the invoice's XML", () => {
  it("takes every XML field the contract asks for, the files and the choice", () => {
    const datos = factura();
    const payload = buildPostFacturaPayload(datos, {
      RazonSocial: "SBO_MCI",
      EntradaMercancia: 41,
      archivos: { pdf: archivo("f.pdf"), xml: archivo("f.xml"), recepcion: archivo("r.png") },
    });
    expect(payload).toEqual({
      RazonSocial: "SBO_MCI",
      EntradaMercancia: 41,
      PDF: "f.pdf",
      PDF64: "JVBERi0xLjQK",
      XML: "f.xml",
      XML64: "JVBERi0xLjQK",
      Recepcion: "r.png",
      Recepcion64: "JVBERi0xLjQK",
      FolioFactura: "F-1",
      RFCEmisor: "EKU9003173C9",
      RFCReceptor: "MCI7306249Y1",
      NombreEmisor: "ESCUELA KEMPER URGATE",
      NombreReceptor: "MUNICIPIO DE CUAUTITLAN IZCALLI",
      UUID: "11111111-2222-4333-8444-555555555555",
      FechaFactura: "2026-11-10T10:00:00",
      Total: "1160.00",
      FormaPago: "03",
      UsoPrincipal: "G03",
      MetodoPago: "PPD",
      CPReceptor: "54700",
      CPEmisor: "86000",
      Regimen: "603",
      Moneda: "MXN",
      TipoDeCambio: "1",
      Retenciones: "N",
    });
    expect(postFacturaRequestSchema.safeParse({ ...QUIEN, ...payload }).success).toBe(true);
  });

  it("takes the receipt's currency when given (spec §5), the XML's otherwise", () => {
    const datos = factura();
    expect(postFacturaFields(datos, { RazonSocial: "SBO_MCI", EntradaMercancia: 41, Moneda: "USD" }).Moneda).toBe(
      "USD",
    );
    expect(postFacturaFields(datos, { RazonSocial: "SBO_MCI", EntradaMercancia: 41 }).Moneda).toBe("MXN");
  });

  it("issue 27: sends several receipts as a list, one receipt as the spec's number", () => {
    const datos = factura();
    const varias = postFacturaFields(datos, { RazonSocial: "SBO_MCI", EntradaMercancia: [41, 42] });
    expect(varias.EntradaMercancia).toEqual([41, 42]);
    expect(postFacturaFields(datos, { RazonSocial: "SBO_MCI", EntradaMercancia: [41] }).EntradaMercancia).toBe(41);
    expect(postFacturaFields(datos, { RazonSocial: "SBO_MCI", EntradaMercancia: 41 }).EntradaMercancia).toBe(41);
  });

  it("gives the update payload the same XML fields, without the files, currency and withholdings", () => {
    const fields = invoiceXmlFields(factura());
    expect(Object.keys(fields)).not.toContain("PDF");
    expect(Object.keys(fields)).not.toContain("Moneda");
    expect(fields).toMatchObject({ FolioFactura: "F-1", Total: "1160.00", MetodoPago: "PPD" });
  });
});

describe("postPago's payload from the complement's XML", () => {
  it("takes the complement's date, folio, total, parties and UUID, the files and the invoices paid", () => {
    const read = readPaymentComplement(paymentXml());
    if (!read.ok) throw new Error(read.errors.join(" "));
    const d = read.data;
    const Detalle = [
      { FolioSAP: 7, FolioFactura: "A-1", UUID: d.Detalle[0]?.UUID ?? "", FechaFactura: "2026-11-01", Total: "10.00" },
    ];
    const payload = buildPostPagoPayload(d, {
      PagoSAP: 601,
      BD: "SBO_MCI",
      archivos: { pdf: archivo("c.pdf"), xml: archivo("c.xml") },
      Detalle,
    });
    expect(payload).toEqual({
      PagoSAP: 601,
      BD: "SBO_MCI",
      PDF: "c.pdf",
      PDF64: "JVBERi0xLjQK",
      XML: "c.xml",
      XML64: "JVBERi0xLjQK",
      FechaPago: d.FechaPago,
      Folio: d.Folio,
      Total: d.Total,
      RFCEmisor: d.RFCEmisor,
      RFCReceptor: d.RFCReceptor,
      NombreEmisor: d.NombreEmisor,
      NombreReceptor: d.NombreReceptor,
      UUID: d.UUID,
      Detalle,
    });
    expect(postPagoRequestSchema.safeParse({ ...QUIEN, ...payload }).error?.issues ?? []).toEqual([]);
  });
});
