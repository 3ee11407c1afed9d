import { randomUUID } from "node:crypto";
import { readInvoice } from "@portal/cfdi";
import type { FacturaPrueba } from "@portal/cfdi/sello";
import type { Database } from "@portal/db";
import { createErpEntrada } from "@portal/db/seed";
import { pdfBase64 } from "./helpers";

/** Invoices the API tests register: Kemper's receipts in SBO_MCI and the CFDI a browser would send for them. */

/** A PNG of this test's own (bytes after IEND keep it a PNG), so no demo invoice shares its stored file. */
export const PNG64 = Buffer.concat([
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
  Buffer.from("prueba-facturas"),
]).toString("base64");
export const KEMPER = { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" } as const;
export const MCI = {
  rfc: "MCI7306249Y1",
  nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI",
  cp: "54700",
  regimen: "603",
  uso: "G03",
};

/** An open receipt of Kemper in SBO_MCI: 1,000.00 + IVA 160.00 = 1,160.00, PUE, payment form 03, CP 86000. */
export const nuevaEntradaKemper = async (db: Database, extra: Partial<Parameters<typeof createErpEntrada>[1]> = {}) =>
  (
    await createErpEntrada(db, {
      bd: "SBO_MCI",
      cardCode: "P00001",
      cardName: KEMPER.nombre,
      cp: "86000",
      peyMethod: "03",
      mainUsage: "G03",
      groupNum: 0,
      docDate: "2026-11-10",
      ...extra,
    })
  ).docNum;

export const facturaPrueba = (o: Partial<FacturaPrueba> = {}): FacturaPrueba => ({
  emisor: KEMPER,
  receptor: MCI,
  lugarExpedicion: "86000",
  fecha: "2026-11-16T10:00:00",
  folio: "A-1",
  formaPago: "03",
  metodoPago: "PUE",
  subtotal: "1000.00",
  iva: "160.00",
  uuid: randomUUID(),
  fechaTimbrado: "2026-11-16T10:05:00",
  ...o,
});

/** The postFactura body a browser builds: fields read from the XML, the three files. */
export function payloadFactura(xml: string, docNum: number, overrides: Record<string, unknown> = {}) {
  const read = readInvoice(xml);
  const d = read.ok ? read.data : null;
  return {
    RazonSocial: "SBO_MCI",
    EntradaMercancia: docNum,
    PDF: "factura.pdf",
    PDF64: pdfBase64("Factura"),
    XML: "factura.xml",
    XML64: Buffer.from(xml).toString("base64"),
    Recepcion: "recepcion.png",
    Recepcion64: PNG64,
    FolioFactura: d?.Folio ?? "S/F",
    RFCEmisor: d?.RFCEmisor ?? KEMPER.rfc,
    RFCReceptor: d?.RFCReceptor ?? MCI.rfc,
    NombreEmisor: d?.NombreEmisor ?? KEMPER.nombre,
    NombreReceptor: d?.NombreReceptor ?? MCI.nombre,
    UUID: d?.UUID ?? randomUUID(),
    FechaFactura: d?.FechaFactura ?? "2026-11-16T10:00:00",
    Total: d ? Number(d.Total) : 1160,
    FormaPago: d?.FormaPago ?? "03",
    UsoPrincipal: d?.UsoPrincipal ?? "G03",
    MetodoPago: d?.MetodoPago ?? "PUE",
    CPReceptor: d?.CPReceptor ?? MCI.cp,
    CPEmisor: d?.CPEmisor ?? "86000",
    Regimen: d?.Regimen ?? MCI.regimen,
    Moneda: d?.Moneda ?? "MXN",
    TipoDeCambio: d?.TipoDeCambio ?? "1",
    Retenciones: d?.Retenciones ?? "N",
    ...overrides,
  };
}
