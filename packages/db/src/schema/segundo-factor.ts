import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * Second factor (issue 41 item 5, decision 071): one TOTP secret per user, encrypted with APP_ENCRYPTION_KEY
 * (crypto.ts; a copy of this table does not give the codes). `secreto` is the confirmed one (`inscrito_at`); a new
 * one being set up waits in `secreto_pendiente` until its first code confirms it, so changing phones never leaves the
 * account without a working secret. `ultimo_paso` is the last 30-second step whose code was accepted: a code is
 * accepted once (RFC 6238 §5.2), by a conditional update; a confirmation is conditional on the pending secret read.
 */
export const segundosFactores = pgTable(
  "segundos_factores",
  {
    id: serial("id").primaryKey(),
    operador: text("operador").notNull(),
    /** Employee id (as text) or supplier CardCode, as in `sesiones`. */
    usuarioRef: text("usuario_ref").notNull(),
    secreto: text("secreto"),
    inscritoAt: timestamp("inscrito_at", { withTimezone: true }),
    ultimoPaso: integer("ultimo_paso"),
    secretoPendiente: text("secreto_pendiente"),
    pendienteAt: timestamp("pendiente_at", { withTimezone: true }),
  },
  (t) => [
    check("segundos_factores_operador_chk", sql`${t.operador} in ('Empleado','Proveedor')`),
    unique("segundos_factores_usuario_uq").on(t.operador, t.usuarioRef),
  ],
);

/**
 * Recovery codes: each serves once (`used_at`, set by a conditional update: of two concurrent uses one wins). Only an
 * HMAC-SHA-256 of the code under a key derived from APP_ENCRYPTION_KEY is stored.
 */
export const codigosRecuperacion = pgTable(
  "codigos_recuperacion",
  {
    id: serial("id").primaryKey(),
    operador: text("operador").notNull(),
    usuarioRef: text("usuario_ref").notNull(),
    codigoHash: text("codigo_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    check("codigos_recuperacion_operador_chk", sql`${t.operador} in ('Empleado','Proveedor')`),
    index("codigos_recuperacion_usuario_idx").on(t.operador, t.usuarioRef),
  ],
);
