import { randomUUID } from "node:crypto";
import { type Database, schema, storeArchivo } from "@portal/db";
import { createErpFactura, createErpPago, createSimplePdf } from "@portal/db/seed";
import { eq } from "drizzle-orm";
import { KEMPER, MCI, nuevaEntradaKemper } from "./factura-prueba";

/**
 * Review fixtures (issue 26): an invoice or a payment complement of Kemper in SBO_MCI written straight to the
 * database in the state a test needs, instead of searching the demo seed for one. `cambios` later changes move
 * the version past the one returned in `versionVista` (a reviewer's stale screen).
 */

const CARD_CODE = "P00001";
const BD = "SBO_MCI";

async function sociedadMci(db: Database): Promise<number> {
  const [s] = await db
    .select({ id: schema.sociedades.id })
    .from(schema.sociedades)
    .where(eq(schema.sociedades.bdSap, BD));
  if (!s) throw new Error("la semilla no tiene la sociedad SBO_MCI");
  return s.id;
}

const pdf = (titulo: string) => createSimplePdf(titulo, [randomUUID()]);

export interface EstadoPrueba<E extends string> {
  estatus?: E;
  /** Changes after the one a reviewer saw: the returned versionVista is then stale. */
  cambios?: number;
  comentarios?: string;
}

/** An invoice of Kemper in SBO_MCI in any review state (P, A, R), with its own receipt and files. */
export async function crearFacturaPrueba(db: Database, o: EstadoPrueba<"P" | "A" | "R"> & { folio?: string } = {}) {
  const now = new Date("2026-11-16T12:00:00Z");
  const uuid = randomUUID().toUpperCase();
  const [pdfId, xmlId, recepcionId] = [
    await storeArchivo(db, pdf("Factura"), "application/pdf"),
    await storeArchivo(db, new TextEncoder().encode(`<cfdi uuid="${uuid}"/>`), "text/xml"),
    await storeArchivo(db, pdf("Recepción"), "application/pdf"),
  ];
  const [factura] = await db
    .insert(schema.facturas)
    .values({
      cardCode: CARD_CODE,
      sociedadId: await sociedadMci(db),
      bd: BD,
      entradaDocNum: await nuevaEntradaKemper(db),
      uuid,
      folio: o.folio ?? `PR-${uuid.slice(0, 6)}`,
      rfcEmisor: KEMPER.rfc,
      nombreEmisor: KEMPER.nombre,
      rfcReceptor: MCI.rfc,
      nombreReceptor: MCI.nombre,
      cpEmisor: "86000",
      cpReceptor: MCI.cp,
      regimenReceptor: MCI.regimen,
      fechaCfdi: "2026-11-16T10:00:00",
      fechaFactura: "2026-11-16",
      fechaTimbrado: "2026-11-16T10:05:00",
      subtotal: "1000",
      total: "1160",
      moneda: "MXN",
      formaPago: "03",
      metodoPago: "PUE",
      usoCfdi: MCI.uso,
      pdfArchivoId: pdfId,
      pdfNombre: "factura.pdf",
      xmlArchivoId: xmlId,
      xmlNombre: "factura.xml",
      recepcionArchivoId: recepcionId,
      recepcionNombre: "recepcion.pdf",
      estatus: o.estatus ?? "P",
      comentarios: o.comentarios ?? "",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const versionVista = factura!.version;
  for (let i = 0; i < (o.cambios ?? 0); i++) {
    await db
      .update(schema.facturas)
      .set({ comentarios: `cambio ${i + 1}` })
      .where(eq(schema.facturas.id, factura!.id));
  }
  const [actual] = await db.select().from(schema.facturas).where(eq(schema.facturas.id, factura!.id));
  return { ...actual!, versionVista };
}

/**
 * A payment of Kemper in SBO_MCI settling one PPD invoice (paid in a later month than issued), with its
 * complement record in any state (P, A, R, V), or none uploaded (`sinComplemento`), or the payment cancelled in
 * the ERP (`cancelado`).
 */
export async function crearComplementoPrueba(
  db: Database,
  o: EstadoPrueba<"P" | "A" | "R" | "V"> & { cancelado?: boolean; sinComplemento?: boolean } = {},
) {
  const now = new Date("2026-11-16T12:00:00Z");
  const erpFactura = await createErpFactura(db, {
    bd: BD,
    cardCode: CARD_CODE,
    uuid: randomUUID().toUpperCase(),
    docDate: "2026-09-15",
  });
  const pago = await createErpPago(db, {
    bd: BD,
    cardCode: CARD_CODE,
    cardName: KEMPER.nombre,
    docDate: "2026-11-10",
    canceled: o.cancelado ? "Y" : "N",
    facturas: [{ docEntry: erpFactura.docEntry, sumApplied: erpFactura.docTotal }],
  });
  const uuid = o.sinComplemento ? null : randomUUID().toUpperCase();
  const [registro] = await db
    .insert(schema.complementosPago)
    .values({
      bd: BD,
      pagoDocEntry: pago.docEntry,
      pagoDocNum: pago.docNum,
      cardCode: CARD_CODE,
      sociedadId: await sociedadMci(db),
      uuid,
      ...(uuid
        ? {
            pdfArchivoId: await storeArchivo(db, pdf("Complemento"), "application/pdf"),
            pdfNombre: "complemento.pdf",
            xmlArchivoId: await storeArchivo(db, new TextEncoder().encode(`<pago20 uuid="${uuid}"/>`), "text/xml"),
            xmlNombre: "complemento.xml",
            complementoAt: now,
          }
        : {
            comprobanteArchivoId: await storeArchivo(db, pdf("Comprobante"), "application/pdf"),
            comprobanteNombre: "comprobante.pdf",
          }),
      estatus: o.estatus ?? "P",
      comentarios: o.comentarios ?? "",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const versionVista = registro!.version;
  for (let i = 0; i < (o.cambios ?? 0); i++) {
    await db
      .update(schema.complementosPago)
      .set({ comentarios: `cambio ${i + 1}` })
      .where(eq(schema.complementosPago.id, registro!.id));
  }
  const [actual] = await db.select().from(schema.complementosPago).where(eq(schema.complementosPago.id, registro!.id));
  return { ...actual!, versionVista, pago };
}
