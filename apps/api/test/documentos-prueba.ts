import { randomUUID } from "node:crypto";
import { type ComplementoPrueba, issueTestComplemento, issueTestFactura } from "@portal/cfdi/sello";
import type { ComplementoEsperado } from "@portal/contracts";
import { type Database, schema, storeArchivo } from "@portal/db";
import { createErpEntrada, createErpFactura, createErpPago, createSimplePdf } from "@portal/seed";
import { eq } from "drizzle-orm";
import { facturaPrueba, KEMPER, MCI } from "./factura-prueba";
import { pdfBase64 } from "./helpers";

/**
 * Review fixtures (issue 26): an invoice or a payment complement written straight to the database in the state a
 * test needs, instead of searching the demo seed for one. Kemper's in SBO_MCI by default, Berenice's in SBO_KIJ on
 * request (`proveedor`). `cambios` later changes move the version past the one returned in `versionVista` (a
 * reviewer's stale screen).
 */

/** The suppliers a fixture belongs to: the demo seed's, each with a company it bills. */
export const PROVEEDORES_PRUEBA = {
  kemper: { cardCode: "P00001", emisor: KEMPER, cpEmisor: "86000", bd: "SBO_MCI", receptor: MCI },
  berenice: {
    cardCode: "P00002",
    emisor: { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA" },
    cpEmisor: "44160",
    bd: "SBO_KIJ",
    receptor: { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601", uso: "G01" },
  },
} as const;
export type ProveedorPrueba = keyof typeof PROVEEDORES_PRUEBA;

async function readSociedadId(db: Database, bd: string): Promise<number> {
  const [s] = await db
    .select({ id: schema.sociedades.id })
    .from(schema.sociedades)
    .where(eq(schema.sociedades.bdSap, bd));
  if (!s) throw new Error(`la semilla no tiene la sociedad ${bd}`);
  return s.id;
}

const pdf = (titulo: string) => createSimplePdf(titulo, [randomUUID()]);

export interface EstadoPrueba<E extends string> {
  estatus?: E;
  /** Whose document: Kemper (default) or Berenice. */
  proveedor?: ProveedorPrueba;
  /** Changes after the one a reviewer saw: the returned versionVista is then stale. */
  cambios?: number;
  comentarios?: string;
}

/** An invoice in any review state (P, A, R), on an open receipt of its own, with its own files. */
export async function createFacturaFixture(db: Database, o: EstadoPrueba<"P" | "A" | "R"> & { folio?: string } = {}) {
  const prov = PROVEEDORES_PRUEBA[o.proveedor ?? "kemper"];
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
      cardCode: prov.cardCode,
      sociedadId: await readSociedadId(db, prov.bd),
      bd: prov.bd,
      entradaDocNum: (
        await createErpEntrada(db, {
          bd: prov.bd,
          cardCode: prov.cardCode,
          cardName: prov.emisor.nombre,
          cp: prov.cpEmisor,
          peyMethod: "03",
          mainUsage: prov.receptor.uso,
          groupNum: 0,
          docDate: "2026-11-10",
        })
      ).docNum,
      uuid,
      folio: o.folio ?? `PR-${uuid.slice(0, 6)}`,
      rfcEmisor: prov.emisor.rfc,
      nombreEmisor: prov.emisor.nombre,
      rfcReceptor: prov.receptor.rfc,
      nombreReceptor: prov.receptor.nombre,
      cpEmisor: prov.cpEmisor,
      cpReceptor: prov.receptor.cp,
      regimenReceptor: prov.receptor.regimen,
      fechaCfdi: "2026-11-16T10:00:00",
      fechaFactura: "2026-11-16",
      fechaTimbrado: "2026-11-16T10:05:00",
      subtotal: "1000",
      total: "1160",
      moneda: "MXN",
      formaPago: "03",
      metodoPago: "PUE",
      usoCfdi: prov.receptor.uso,
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
 * A payment in the ERP settling one invoice of the supplier, with no complement record yet: PPD by default (the
 * invoice issued in September, paid in November), PUE on request (issued and paid the same month); `cancelado`
 * when the ERP cancelled it.
 */
export async function createPagoFixture(
  db: Database,
  o: { proveedor?: ProveedorPrueba; cancelado?: boolean; metodoPago?: "PUE" | "PPD" } = {},
) {
  const prov = PROVEEDORES_PRUEBA[o.proveedor ?? "kemper"];
  const erpFactura = await createErpFactura(db, {
    bd: prov.bd,
    cardCode: prov.cardCode,
    uuid: randomUUID().toUpperCase(),
    docDate: o.metodoPago === "PUE" ? "2026-11-05" : "2026-09-15",
  });
  return createErpPago(db, {
    bd: prov.bd,
    cardCode: prov.cardCode,
    cardName: prov.emisor.nombre,
    docDate: "2026-11-10",
    canceled: o.cancelado ? "Y" : "N",
    facturas: [{ docEntry: erpFactura.docEntry, sumApplied: erpFactura.docTotal }],
  });
}

/**
 * A payment (createPagoFixture) with its complement record in any state (P, A, R, V), or none uploaded
 * (`sinComplemento`: only an employee's proof), or the payment cancelled in the ERP (`cancelado`).
 */
export async function createComplementoFixture(
  db: Database,
  o: EstadoPrueba<"P" | "A" | "R" | "V"> & {
    cancelado?: boolean;
    sinComplemento?: boolean;
    metodoPago?: "PUE" | "PPD";
  } = {},
) {
  const now = new Date("2026-11-16T12:00:00Z");
  const pago = await createPagoFixture(db, o);
  const uuid = o.sinComplemento ? null : randomUUID().toUpperCase();
  const [registro] = await db
    .insert(schema.complementosPago)
    .values({
      bd: pago.bd,
      pagoDocEntry: pago.docEntry,
      pagoDocNum: pago.docNum,
      cardCode: pago.cardCode,
      sociedadId: await readSociedadId(db, pago.bd),
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

/**
 * Issue 36: a credit note (issue 27) in any review state (P, A, R), written straight to the database, crediting
 * `importe` (116.00 MXN, its total, by default) of accepted invoice `factura` — a new one of the supplier when not
 * given (createFacturaFixture, without an A/P invoice: its open balance is its total) — with its own files.
 */
export async function createNotaCreditoFixture(
  db: Database,
  o: EstadoPrueba<"P" | "A" | "R"> & {
    factura?: Awaited<ReturnType<typeof createFacturaFixture>>;
    importe?: string;
  } = {},
) {
  const now = new Date("2026-11-17T12:00:00Z");
  const factura = o.factura ?? (await createFacturaFixture(db, { estatus: "A", proveedor: o.proveedor }));
  const uuid = randomUUID().toUpperCase();
  const importe = o.importe ?? "116";
  const [nota] = await db
    .insert(schema.notasCredito)
    .values({
      cardCode: factura.cardCode,
      sociedadId: factura.sociedadId,
      bd: factura.bd,
      uuid,
      folio: `NC-${uuid.slice(0, 6)}`,
      tipoRelacion: "01",
      rfcEmisor: factura.rfcEmisor,
      nombreEmisor: factura.nombreEmisor,
      rfcReceptor: factura.rfcReceptor,
      nombreReceptor: factura.nombreReceptor,
      fechaCfdi: "2026-11-17T10:00:00",
      fechaTimbrado: "2026-11-17T10:05:00",
      subtotal: (Number(importe) / 1.16).toFixed(6),
      total: importe,
      moneda: factura.moneda,
      pdfArchivoId: await storeArchivo(db, pdf("Nota de crédito"), "application/pdf"),
      pdfNombre: "nota.pdf",
      xmlArchivoId: await storeArchivo(db, new TextEncoder().encode(`<cfdi uuid="${uuid}"/>`), "text/xml"),
      xmlNombre: "nota.xml",
      estadoSat: "Vigente",
      estatus: o.estatus ?? "P",
      comentarios: o.comentarios ?? "",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(schema.notasCreditoFacturas).values({ notaCreditoId: nota!.id, facturaId: factura.id, importe });
  const versionVista = nota!.version;
  for (let i = 0; i < (o.cambios ?? 0); i++) {
    await db
      .update(schema.notasCredito)
      .set({ comentarios: `cambio ${i + 1}` })
      .where(eq(schema.notasCredito.id, nota!.id));
  }
  const [actual] = await db.select().from(schema.notasCredito).where(eq(schema.notasCredito.id, nota!.id));
  return { ...actual!, versionVista, factura };
}

/**
 * The payment complement Kemper issues to MCI for `e` (what getComplementoEsperado answered), sealed and stamped for
 * real with a new UUID (or `uuid`), issued on `dia` at 10:00 and stamped at 10:01; `cambios` overrides any field of
 * the complement (a wrong amount, another issuer).
 */
export function complementoDesdeEsperado(
  e: ComplementoEsperado,
  o: { dia?: string; uuid?: string; cambios?: Partial<ComplementoPrueba> } = {},
): { uuid: string; xml: string } {
  const uuid = o.uuid ?? randomUUID().toUpperCase();
  const dia = o.dia ?? "2026-11-12";
  const xml = issueTestComplemento({
    emisor: KEMPER,
    receptor: { rfc: MCI.rfc, nombre: MCI.nombre, cp: MCI.cp, regimen: MCI.regimen },
    lugarExpedicion: "86000",
    fecha: `${dia}T10:00:00`,
    pagos: [
      {
        FechaPago: e.FechaPago,
        FormaDePagoP: e.FormaDePagoP,
        MonedaP: e.MonedaP,
        TipoCambioP: e.TipoCambioP,
        Monto: e.Monto,
        Documentos: e.Documentos,
      },
    ],
    uuid,
    fechaTimbrado: `${dia}T10:01:00`,
    ...o.cambios,
  });
  return { uuid, xml };
}

/**
 * Kemper's credit note (CFDI de Egreso) to SBO_MCI relating these invoice UUIDs (TipoRelacion 01 unless told), sealed
 * and stamped for real, and the body the browser sends to postNotaCredito with it; `pdfPropio`: a PDF of its own
 * (titled with its UUID) instead of the same small PDF every call; `grupos` (issue 39): the CfdiRelacionados groups
 * instead of one group of `uuids`; `formaPago` instead of 15.
 */
export function notaCreditoPrueba(
  uuids: string[],
  o: {
    subtotal: string;
    iva: string;
    tipoRelacion?: string;
    pdfPropio?: boolean;
    grupos?: { TipoRelacion: string; UUIDs: string[] }[];
    formaPago?: string;
    fecha?: string;
  },
): { uuid: string; body: Record<string, string> } {
  const uuid = randomUUID().toUpperCase();
  const xml = issueTestFactura(
    facturaPrueba({
      folio: `NC-${uuid.slice(0, 6)}`,
      fecha: `${o.fecha ?? "2026-11-17"}T10:00:00`,
      fechaTimbrado: `${o.fecha ?? "2026-11-17"}T10:05:00`,
      formaPago: o.formaPago ?? "15",
      uuid,
      subtotal: o.subtotal,
      iva: o.iva,
      tipo: "E",
      cfdiRelacionados: o.grupos ?? [{ TipoRelacion: o.tipoRelacion ?? "01", UUIDs: uuids }],
    }),
  );
  return {
    uuid,
    body: {
      RazonSocial: "SBO_MCI",
      PDF: "nota.pdf",
      PDF64: pdfBase64(o.pdfPropio ? `Nota de crédito ${uuid}` : "Nota de crédito"),
      XML: "nota.xml",
      XML64: Buffer.from(xml).toString("base64"),
    },
  };
}
