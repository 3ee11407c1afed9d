import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * What the `service-layer` ERP adapter (issue 24, apps/api/src/erp/service-layer) keeps in the portal's database
 * so that every portal process shares it: the Service Layer session of each company database, and a mirror of the
 * keys and change stamps of the ERP's documents (the row cache's versions), kept current by incremental reads.
 */

/**
 * One Service Layer session per company database (B1SESSION/ROUTEID), shared by every portal process. The cookie
 * pair is a credential: stored encrypted with the app's key (AES-256-GCM). A session expires at its last use
 * (`ultimoUso`) plus its idle timeout (`timeoutMinutos`, minus a margin): a process renews it before then, under
 * an advisory lock.
 */
export const erpSlSesiones = pgTable("erp_sl_sesiones", {
  bd: text("bd").primaryKey(),
  cookieCifrada: text("cookie_cifrada").notNull(),
  /** SessionTimeout from the Login answer, minutes. */
  timeoutMinutos: integer("timeout_minutos").notNull(),
  ultimoUso: timestamp("ultimo_uso", { withTimezone: true }).notNull(),
  creadaEn: timestamp("creada_en", { withTimezone: true }).notNull(),
});

/**
 * The keys and change stamps of the ERP's documents per company database and kind ('pedido' PurchaseOrders,
 * 'entrada' PurchaseDeliveryNotes, 'factura' PurchaseInvoices created by the portal, 'pago' VendorPayments):
 * what list order, counts, scopes and versions are answered from without reading whole documents.
 * `version` is UpdateDate + UpdateTime for documents (Cancelled for payments, which have no stamp).
 */
export const erpSlDocumentos = pgTable(
  "erp_sl_documentos",
  {
    tipo: text("tipo").notNull(),
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    docNum: integer("doc_num").notNull(),
    cardCode: text("card_code").notNull(),
    docDate: date("doc_date", { mode: "string" }).notNull(),
    version: text("version").notNull(),
    /** AttachmentEntry (Attachments2) of the document's PDF, or null. */
    atcEntry: integer("atc_entry"),
    /** U_SYS_PORTALID of an A/P invoice created by the portal, or null. */
    portalId: integer("portal_id"),
  },
  (t) => [
    primaryKey({ columns: [t.tipo, t.bd, t.docEntry] }),
    index("erp_sl_documentos_card_idx").on(t.tipo, t.cardCode, t.bd),
    // List order (mirror-queries.ts): DocEntry last, since DocNum repeats across numbering series (decision 051).
    index("erp_sl_documentos_orden_idx").on(t.tipo, t.docDate, t.bd, t.docNum, t.docEntry),
  ],
);

/**
 * How far each (kind, company database) mirror has read: the newest UpdateDate/UpdateTime seen ('YYYY-MM-DD
 * HH:MM:SS'; the next read asks from a minute before, since filters only honour HH:MM) or, for payments, the
 * highest DocEntry. `leidoEn` is when it was last brought up to date (the clock's time).
 */
export const erpSlSincronizacion = pgTable(
  "erp_sl_sincronizacion",
  {
    tipo: text("tipo").notNull(),
    bd: text("bd").notNull(),
    marca: text("marca").notNull(),
    leidoEn: timestamp("leido_en", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.bd] })],
);

/**
 * The PDFs of Attachments2 per (company database, AbsoluteEntry). A document read for the first time gets its
 * attachment a row here with a new `archivoId` (the id lists carry in U_SYS_PMDPDF and downloads ask for) and
 * nothing copied: the bytes are fetched from the Service Layer only when someone allowed to see the document
 * downloads it, stored in `archivos` (content-addressed, so `contenidoId` may be shared by several attachments with
 * the same bytes) and recorded with `copiadoEn` (the clock's time). Both stay null until then.
 */
export const erpSlAdjuntos = pgTable(
  "erp_sl_adjuntos",
  {
    bd: text("bd").notNull(),
    atcEntry: integer("atc_entry").notNull(),
    archivoId: uuid("archivo_id").notNull(),
    /** The archivos row holding the bytes once copied, or null. */
    contenidoId: uuid("contenido_id"),
    copiadoEn: timestamp("copiado_en", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.bd, t.atcEntry] }), uniqueIndex("erp_sl_adjuntos_archivo_idx").on(t.archivoId)],
);
