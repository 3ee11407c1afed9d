import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { archivos } from "./archivos";
import { proveedores } from "./catalogos";

/**
 * Scheduled jobs (issue 15, decision 016): one row per registered job, its next due time and its lease. A job is
 * taken by one UPDATE that skips rows another process holds, so several API processes never run it at once.
 */
export const tareas = pgTable("tareas", {
  nombre: text("nombre").primaryKey(),
  /** When it is due next (by the app's clock, never the database's). */
  siguienteAt: timestamp("siguiente_at", { withTimezone: true }).notNull(),
  /** While a process runs it: others leave it alone until then (a dead process's lease runs out). */
  bloqueadaHasta: timestamp("bloqueada_hasta", { withTimezone: true }),
  /** The run that holds the lease: only it may finish the job (a late process whose lease ran out may not). */
  ejecucionId: integer("ejecucion_id"),
  /** Failed runs since the last successful one. */
  fallasSeguidas: integer("fallas_seguidas").notNull().default(0),
});

/** Every run of a scheduled job: start, end, result and message, for administrators (/Tareas). */
export const tareasEjecuciones = pgTable(
  "tareas_ejecuciones",
  {
    id: serial("id").primaryKey(),
    tarea: text("tarea")
      .notNull()
      .references(() => tareas.nombre, { onDelete: "cascade" }),
    /** en_curso while it runs; ok or error when it ends (error too when its process died: lease taken over). */
    resultado: text("resultado").notNull().default("en_curso"),
    mensaje: text("mensaje").notNull().default(""),
    inicio: timestamp("inicio", { withTimezone: true }).notNull(),
    fin: timestamp("fin", { withTimezone: true }),
  },
  (t) => [
    check("tareas_ejecuciones_resultado_chk", sql`${t.resultado} in ('en_curso','ok','error')`),
    index("tareas_ejecuciones_tarea_idx").on(t.tarea, t.id),
  ],
);

/**
 * Expiry reminders sent (issue 15): one row per supplier document version (file and load date) and threshold
 * (30, 15, 7, 0 days), written in the transaction that queues the mail, so each is mailed once.
 */
export const recordatoriosDocumentos = pgTable(
  "recordatorios_documentos",
  {
    cardCode: text("card_code")
      .notNull()
      .references(() => proveedores.cardCode, { onDelete: "cascade" }),
    clave: text("clave").notNull(),
    archivoId: uuid("archivo_id")
      .notNull()
      .references(() => archivos.id),
    fecha: date("fecha", { mode: "string" }).notNull(),
    umbral: integer("umbral").notNull(),
    enviadoAt: timestamp("enviado_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cardCode, t.clave, t.archivoId, t.fecha, t.umbral] })],
);

/**
 * Complement deadline reminders sent (issue 27, decision 035): one row per ERP payment (company database and
 * DocEntry) and threshold (the day of the month it was sent for: 1 or 4), inserted in the transaction that queues
 * the supplier's mail; the primary key makes it exactly once, even when two processes run the job at once.
 */
export const recordatoriosComplementos = pgTable(
  "recordatorios_complementos",
  {
    bd: text("bd").notNull(),
    pagoDocEntry: integer("pago_doc_entry").notNull(),
    umbral: integer("umbral").notNull(),
    cardCode: text("card_code").notNull(),
    pagoDocNum: integer("pago_doc_num").notNull(),
    fechaLimite: date("fecha_limite", { mode: "string" }).notNull(),
    enviadoAt: timestamp("enviado_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bd, t.pagoDocEntry, t.umbral] }),
    check("recordatorios_complementos_umbral_chk", sql`${t.umbral} in (1, 4)`),
  ],
);
