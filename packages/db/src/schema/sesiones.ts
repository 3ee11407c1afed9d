import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Server-side sessions. The token handed to the client is 256 random bits; only its SHA-256 is stored,
 * so a copy of this table cannot be used to sign in. Expiry slides on every authenticated call.
 */
export const sesiones = pgTable(
  "sesiones",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    operador: text("operador").notNull(),
    /** Employee id (as text) or supplier CardCode. */
    usuarioRef: text("usuario_ref").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * When this session completed its second factor (decision 071); null while it has not. A session of a user who
     * has or must have one reaches only the second-factor calls until then.
     */
    segundoFactorAt: timestamp("segundo_factor_at", { withTimezone: true }),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [
    check("sesiones_operador_chk", sql`${t.operador} in ('Empleado','Proveedor')`),
    index("sesiones_usuario_idx").on(t.operador, t.usuarioRef),
  ],
);

/** Failed sign-ins, kept in PostgreSQL so every API process counts them together (429 after too many). */
export const loginFallidos = pgTable(
  "login_fallidos",
  {
    id: serial("id").primaryKey(),
    clave: text("clave").notNull(),
    ip: text("ip").notNull(),
    operador: text("operador").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("login_fallidos_clave_idx").on(t.clave, t.ip, t.at),
    // Failures per IP across user names (password spraying).
    index("login_fallidos_ip_idx").on(t.ip, t.at),
  ],
);

/**
 * Password reset links (issue 41, decision 067). The link's token is 256 random bits sent once by mail; only its
 * SHA-256 is stored, so a copy of this table cannot reset a password. A link serves once (`used_at`) and until
 * `expires_at` (created + 30 minutes by the injected clock).
 */
export const restablecimientosPassword = pgTable(
  "restablecimientos_password",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    operador: text("operador").notNull(),
    /** Employee id (as text) or supplier CardCode, as in `sesiones`. */
    usuarioRef: text("usuario_ref").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    check("restablecimientos_password_operador_chk", sql`${t.operador} in ('Empleado','Proveedor')`),
    index("restablecimientos_password_usuario_idx").on(t.operador, t.usuarioRef),
  ],
);
