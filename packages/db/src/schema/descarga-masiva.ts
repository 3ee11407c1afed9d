import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { archivos } from "./archivos";
import { sociedades } from "./catalogos";

/**
 * Issue 43 (decision 075): each request to the SAT's Descarga Masiva for the metadata of the CFDI a sociedad
 * received over a window (Mexico City wall time, 'YYYY-MM-DD HH:mm:ss'). 'solicitada' while the SAT prepares it
 * (one at a time per sociedad), 'terminada' once its packages were read, 'reintentar' when it failed: `motivo` says
 * why in Spanish and `siguienteAt` when the job may ask again (the next day after a refusal such as 5002, with
 * backoff after a failure of the service).
 */
export const satDescargas = pgTable(
  "sat_descargas",
  {
    id: serial("id").primaryKey(),
    sociedadId: integer("sociedad_id")
      .notNull()
      .references(() => sociedades.id, { onDelete: "cascade" }),
    /** 'metadata' (the daily job) or 'xml' (an administrator's request for a month's XML; decision 075 amendment). */
    tipo: text("tipo").notNull().default("metadata"),
    desde: text("desde").notNull(),
    hasta: text("hasta").notNull(),
    idSolicitud: text("id_solicitud"),
    estado: text("estado").notNull(),
    motivo: text("motivo").notNull().default(""),
    /** Consecutive failures of the service (the backoff's exponent); 0 after a good answer. */
    fallas: integer("fallas").notNull().default(0),
    siguienteAt: timestamp("siguiente_at", { withTimezone: true }).notNull(),
    cfdi: integer("cfdi").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("sat_descargas_estado_chk", sql`${t.estado} in ('solicitada','terminada','reintentar')`),
    check("sat_descargas_tipo_chk", sql`${t.tipo} in ('metadata','xml')`),
    uniqueIndex("sat_descargas_una_solicitada_idx").on(t.sociedadId, t.tipo).where(sql`${t.estado} = 'solicitada'`),
    index("sat_descargas_sociedad_idx").on(t.sociedadId, t.id),
  ],
);

/**
 * Issue 43 (decision 075): every CFDI the SAT holds as received by a sociedad, from the metadata (kept always; the
 * XML only when asked). One row per sociedad and UUID, updated in place when a later package says more (a
 * cancellation), so running the job again duplicates nothing. The metadata carries no currency: `moneda` is filled
 * from the portal's own record of the CFDI or from its XML when downloaded, else null.
 */
export const satCfdiRecibidos = pgTable(
  "sat_cfdi_recibidos",
  {
    sociedadId: integer("sociedad_id")
      .notNull()
      .references(() => sociedades.id, { onDelete: "cascade" }),
    uuid: text("uuid").notNull(),
    rfcEmisor: text("rfc_emisor").notNull(),
    nombreEmisor: text("nombre_emisor").notNull(),
    /** EfectoComprobante: I, E, T, N, P. */
    efecto: text("efecto").notNull(),
    monto: numeric("monto", { precision: 21, scale: 6 }).notNull(),
    moneda: text("moneda"),
    fechaEmision: text("fecha_emision").notNull(),
    fechaCertificacion: text("fecha_certificacion").notNull(),
    estatus: text("estatus").notNull(),
    fechaCancelacion: text("fecha_cancelacion"),
    descargaId: integer("descarga_id").references(() => satDescargas.id, { onDelete: "set null" }),
    /** The CFDI's XML, once an administrator asked the SAT for its month (stored in `archivos`, decision 075). */
    xmlArchivoId: uuid("xml_archivo_id").references(() => archivos.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sociedadId, t.uuid] }),
    check("sat_cfdi_recibidos_estatus_chk", sql`${t.estatus} in ('vigente','cancelado')`),
    index("sat_cfdi_recibidos_emision_idx").on(t.sociedadId, t.fechaEmision),
  ],
);

/**
 * The Descarga Masiva simulator's requests (issue 43 §3; demo and tests only): kept in the database, not in a
 * process's memory, so that behind the cluster any API process answers any step (request, verification, download).
 * `clave` is the request's parameters (RFC, type, window): the SAT answers 5005 to a repeated one.
 */
export const satSimuladorDescargas = pgTable(
  "sat_simulador_descargas",
  {
    id: text("id").primaryKey(),
    rfc: text("rfc").notNull(),
    tipo: text("tipo").notNull(),
    desde: text("desde").notNull(),
    hasta: text("hasta").notNull(),
    clave: text("clave").notNull(),
    verificaciones: integer("verificaciones").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("sat_simulador_descargas_clave_idx").on(t.clave)],
);
