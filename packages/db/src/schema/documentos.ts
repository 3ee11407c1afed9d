import { sql } from "drizzle-orm";
import {
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { archivos } from "./archivos";
import { proveedores } from "./catalogos";

/**
 * A supplier's compliance documents (spec §3: seven kinds). One row per supplier and kind: the required flag
 * (Val) set by administrators, and the current file with its date. Kinds are the contracts' DOCUMENTOS_PROVEEDOR
 * keys.
 */
export const proveedorDocumentos = pgTable(
  "proveedor_documentos",
  {
    cardCode: text("card_code")
      .notNull()
      .references(() => proveedores.cardCode, { onDelete: "cascade" }),
    clave: text("clave").notNull(),
    val: char("val", { length: 1 }).notNull().default("N"),
    archivoId: uuid("archivo_id").references(() => archivos.id),
    nombre: text("nombre").notNull().default(""),
    /** Date the current file was loaded; days remaining count from it. */
    fecha: date("fecha", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cardCode, t.clave] }),
    check("proveedor_documentos_val_chk", sql`${t.val} in ('Y','N')`),
    index("proveedor_documentos_archivo_idx").on(t.archivoId),
  ],
);

/**
 * Transactional outbox for e-mail: a message is written in the same transaction as the change that causes it
 * and delivered over SMTP by a worker with retries and backoff, so nothing is lost while SMTP is down.
 */
export const correoOutbox = pgTable(
  "correo_outbox",
  {
    id: serial("id").primaryKey(),
    para: text("para").notNull(),
    asunto: text("asunto").notNull(),
    texto: text("texto").notNull(),
    html: text("html").notNull().default(""),
    estado: text("estado").notNull().default("pendiente"),
    intentos: integer("intentos").notNull().default(0),
    siguienteIntento: timestamp("siguiente_intento", { withTimezone: true }).notNull().defaultNow(),
    ultimoError: text("ultimo_error").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    enviadoAt: timestamp("enviado_at", { withTimezone: true }),
    /**
     * Lease of the process sending it (issue 22): taken with the attempt, so a second process skips the message;
     * one that died mid-send loses it when it runs out and the message is sent again (at least once).
     */
    bloqueadoHasta: timestamp("bloqueado_hasta", { withTimezone: true }),
  },
  (t) => [
    check("correo_outbox_estado_chk", sql`${t.estado} in ('pendiente','enviado','fallido')`),
    index("correo_outbox_pendientes_idx").on(t.estado, t.siguienteIntento),
  ],
);

/** Every state change a reviewer or administrator makes: who, when, from, to, comment (any state is explained). */
export const auditoria = pgTable(
  "auditoria",
  {
    id: serial("id").primaryKey(),
    entidad: text("entidad").notNull(),
    entidadId: text("entidad_id").notNull(),
    campo: text("campo").notNull(),
    valorAnterior: text("valor_anterior").notNull().default(""),
    valorNuevo: text("valor_nuevo").notNull().default(""),
    comentario: text("comentario").notNull().default(""),
    operador: text("operador").notNull(),
    usuarioRef: text("usuario_ref").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auditoria_entidad_idx").on(t.entidad, t.entidadId)],
);
