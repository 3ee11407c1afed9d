import { sql } from "drizzle-orm";
import {
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { archivos } from "./archivos";
import { proveedores, sociedades } from "./catalogos";

/**
 * The portal's record of one ERP vendor payment's documents (issue 14; spec §2 /Pagos, §3 Payment row IdPago):
 * the supplier's payment complement (REP: PDF and the Pagos 2.0 XML, every fiscal field read from the XML on the
 * server) and the employee's payment proof (comprobante PDF). One record per payment (company database +
 * DocEntry); a rejected complement is replaced in place. The ERP payment itself stays in the ERP.
 */
export const complementosPago = pgTable(
  "complementos_pago",
  {
    id: serial("id").primaryKey(),
    /** The payment: company database, its DocEntry and DocNum (PagoSAP), and its business partner. */
    bd: text("bd").notNull(),
    pagoDocEntry: integer("pago_doc_entry").notNull(),
    pagoDocNum: integer("pago_doc_num").notNull(),
    cardCode: text("card_code")
      .notNull()
      .references(() => proveedores.cardCode),
    sociedadId: integer("sociedad_id")
      .notNull()
      .references(() => sociedades.id),
    /** The complement (null until the supplier uploads one). Stamp UUID upper case, unique in the portal. */
    uuid: text("uuid"),
    serie: text("serie").notNull().default(""),
    folio: text("folio").notNull().default(""),
    fechaCfdi: text("fecha_cfdi").notNull().default(""),
    fechaTimbrado: text("fecha_timbrado").notNull().default(""),
    rfcEmisor: text("rfc_emisor").notNull().default(""),
    nombreEmisor: text("nombre_emisor").notNull().default(""),
    rfcReceptor: text("rfc_receptor").notNull().default(""),
    nombreReceptor: text("nombre_receptor").notNull().default(""),
    /** Sum of Pago@Monto (spec §5), in the payment's currency. */
    total: numeric("total", { precision: 21, scale: 6 }),
    pdfArchivoId: uuid("pdf_archivo_id").references(() => archivos.id),
    pdfNombre: text("pdf_nombre").notNull().default(""),
    xmlArchivoId: uuid("xml_archivo_id").references(() => archivos.id),
    xmlNombre: text("xml_nombre").notNull().default(""),
    /** When the supplier's complement was last uploaded (U_SYS_PMFECA). */
    complementoAt: timestamp("complemento_at", { withTimezone: true }),
    /** The employee's payment proof (U_SYS_PMCOMC). */
    comprobanteArchivoId: uuid("comprobante_archivo_id").references(() => archivos.id),
    comprobanteNombre: text("comprobante_nombre").notNull().default(""),
    /** P Pendiente, A Aceptada, R Rechazada, V Validación (spec §4). */
    estatus: char("estatus", { length: 1 }).notNull().default("P"),
    /** The reviewer's comment (U_SYS_PMMERR). */
    comentarios: text("comentarios").notNull().default(""),
    /** Grows with every change (trigger, migration 0008): a reviewer's decision carries the version it saw. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("complementos_pago_estatus_chk", sql`${t.estatus} in ('P','A','R','V')`),
    uniqueIndex("complementos_pago_pago_key").on(t.bd, t.pagoDocEntry),
    uniqueIndex("complementos_pago_uuid_key").on(t.uuid),
    index("complementos_pago_proveedor_idx").on(t.cardCode),
  ],
);
