import { randomUUID } from "node:crypto";
import { buildPostFacturaPayload, readInvoice } from "@portal/cfdi";
import { png, pngText } from "@portal/cfdi/image-muestras";
import type { FacturaPrueba } from "@portal/cfdi/sello";
import type { Database } from "@portal/db";
import { createErpEntrada } from "@portal/seed";
import { pdfBase64 } from "./helpers";

/** Invoices the API tests register: Kemper's receipts in SBO_MCI and the CFDI a browser would send for them. */

/** A PNG of this test's own (its tEXt chunk says so), so no demo invoice shares its stored file. */
export const PNG64 = Buffer.from(png({ width: 1, height: 1, extra: [pngText("Comment", "prueba-facturas")] })).toString(
  "base64",
);
export const KEMPER = { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" } as const;
export const MCI = {
  rfc: "MCI7306249Y1",
  nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI",
  cp: "54700",
  regimen: "603",
  uso: "G03",
};

/** An open receipt of Kemper in SBO_MCI: 1,000.00 + IVA 160.00 = 1,160.00, PUE, payment form 03, CP 86000. */
export const entradaKemper = (db: Database, extra: Partial<Parameters<typeof createErpEntrada>[1]> = {}) =>
  createErpEntrada(db, {
    bd: "SBO_MCI",
    cardCode: "P00001",
    cardName: KEMPER.nombre,
    cp: "86000",
    peyMethod: "03",
    mainUsage: "G03",
    groupNum: 0,
    docDate: "2026-11-10",
    ...extra,
  });

/** The DocNum of a new open receipt of Kemper (entradaKemper). */
export const nuevaEntradaKemper = async (db: Database, extra: Partial<Parameters<typeof createErpEntrada>[1]> = {}) =>
  (await entradaKemper(db, extra)).docNum;

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

/**
 * The postFactura body the browser builds (@portal/cfdi buildPostFacturaPayload, the web's own mapping): fields
 * read from the XML, the three files. An XML that does not read gets the fields of Kemper's demo invoice, so the
 * server's own reading refuses it.
 */
export function payloadFactura(xml: string, docNum: number, overrides: Record<string, unknown> = {}) {
  const read = readInvoice(xml);
  const archivos = {
    pdf: { name: "factura.pdf", base64: pdfBase64("Factura") },
    xml: { name: "factura.xml", base64: Buffer.from(xml).toString("base64") },
    recepcion: { name: "recepcion.png", base64: PNG64 },
  };
  const body = read.ok
    ? buildPostFacturaPayload(read.data, { RazonSocial: "SBO_MCI", EntradaMercancia: docNum, archivos })
    : {
        RazonSocial: "SBO_MCI",
        EntradaMercancia: docNum,
        PDF: archivos.pdf.name,
        PDF64: archivos.pdf.base64,
        XML: archivos.xml.name,
        XML64: archivos.xml.base64,
        Recepcion: archivos.recepcion.name,
        Recepcion64: archivos.recepcion.base64,
        FolioFactura: "S/F",
        RFCEmisor: KEMPER.rfc,
        RFCReceptor: MCI.rfc,
        NombreEmisor: KEMPER.nombre,
        NombreReceptor: MCI.nombre,
        UUID: randomUUID(),
        FechaFactura: "2026-11-16T10:00:00",
        Total: 1160,
        FormaPago: "03",
        UsoPrincipal: "G03",
        MetodoPago: "PUE",
        CPReceptor: MCI.cp,
        CPEmisor: "86000",
        Regimen: MCI.regimen,
        Moneda: "MXN",
        TipoDeCambio: "1",
        Retenciones: "N",
      };
  return { ...body, ...overrides };
}
