import { firstCreditRelation, readCreditNote, relationGroups } from "@portal/cfdi";
import { issueTestFactura } from "@portal/cfdi/sello";
import type { Clock, Database } from "@portal/db";
import { storeArchivo } from "@portal/db";
import { createSimplePdf } from "@portal/db/factories";
import { facturas, notasCredito, notasCreditoFacturas } from "@portal/db/schema";
import { eq } from "drizzle-orm";
import { KEMPER, MCI } from "./facturas-demo";

/** The demo invoice the demo credit note credits: Kemper's accepted A-1187 in SBO_MCI (in the ERP, unpaid). */
const FACTURA_ACREDITADA = "8E2D4B61-7C3A-4F90-B1D2-3A4B5C6D7E82";
/** The demo credit note's stamp UUID. */
export const NOTA_CREDITO_DEMO_UUID = "4D7E9A12-5B3C-4E6F-8A1B-2C3D4E5F6A71";

/**
 * A credit note awaiting review (issue 27): Kemper's 10 % discount on invoice A-1187 (500.00 + IVA 80.00), a CFDI
 * de Egreso sealed and stamped like the demo invoices, related with TipoRelacion 01. Idempotent by its UUID;
 * skipped when the invoice is not there.
 */
export async function seedNotasCreditoDemo(db: Database, clock: Clock): Promise<void> {
  const [ya] = await db
    .select({ id: notasCredito.id })
    .from(notasCredito)
    .where(eq(notasCredito.uuid, NOTA_CREDITO_DEMO_UUID));
  if (ya) return;
  const [factura] = await db.select().from(facturas).where(eq(facturas.uuid, FACTURA_ACREDITADA));
  if (factura?.estatus !== "A") return;
  const xml = issueTestFactura({
    emisor: KEMPER,
    receptor: { ...MCI, uso: "G02" },
    lugarExpedicion: "86000",
    fecha: "2026-11-12T10:00:00",
    serie: "NC",
    folio: "15",
    formaPago: "15",
    metodoPago: "PUE",
    subtotal: "500.00",
    iva: "80.00",
    concepto: "Descuento comercial sobre la factura A-1187",
    uuid: NOTA_CREDITO_DEMO_UUID,
    fechaTimbrado: "2026-11-12T10:01:30",
    tipo: "E",
    cfdiRelacionados: [{ TipoRelacion: "01", UUIDs: [FACTURA_ACREDITADA] }],
  });
  const leida = readCreditNote(xml);
  if (!leida.ok) throw new Error(`Nota de crédito de demostración inválida: ${leida.errors.join(" ")}`);
  const d = leida.data;
  const pdf = createSimplePdf(`Nota de crédito NC${d.Folio}`, [
    `Emisor: ${d.NombreEmisor} (${d.RFCEmisor})`,
    `Receptor: ${d.NombreReceptor} (${d.RFCReceptor})`,
    `UUID: ${d.UUID}  Factura relacionada: ${FACTURA_ACREDITADA}`,
    `Subtotal: ${d.SubTotal}  IVA: ${d.TotalImpuestosTrasladados}  Total: ${d.Total} ${d.Moneda}`,
    "Representación impresa de un CFDI de prueba (sin validez fiscal).",
  ]);
  const now = clock();
  await db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const [row] = await tx
      .insert(notasCredito)
      .values({
        cardCode: factura.cardCode,
        sociedadId: factura.sociedadId,
        bd: factura.bd,
        uuid: d.UUID,
        folio: d.Folio,
        tipoRelacion: firstCreditRelation(d),
        relaciones: relationGroups(d),
        rfcEmisor: d.RFCEmisor,
        nombreEmisor: d.NombreEmisor,
        rfcReceptor: d.RFCReceptor,
        nombreReceptor: d.NombreReceptor,
        fechaCfdi: d.FechaFactura,
        fechaTimbrado: d.FechaTimbrado,
        subtotal: d.SubTotal ?? d.Total,
        total: d.Total,
        moneda: d.Moneda,
        tipoCambio: d.TipoDeCambio,
        pdfArchivoId: await storeArchivo(tx, pdf, "application/pdf"),
        pdfNombre: `NC${d.Folio}-${d.RFCEmisor}.pdf`,
        xmlArchivoId: await storeArchivo(tx, new TextEncoder().encode(xml), "text/xml"),
        xmlNombre: `NC${d.Folio}-${d.RFCEmisor}.xml`,
        estadoSat: "Vigente",
        estatus: "P",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: notasCredito.id });
    if (!row) return;
    await tx.insert(notasCreditoFacturas).values({ notaCreditoId: row.id, facturaId: factura.id, importe: d.Total });
  });
}
