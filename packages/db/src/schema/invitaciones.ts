import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { empleados, sociedades } from "./catalogos";

/**
 * Supplier invitations (issue 41 item 3, decision 070). An administrator invites a supplier by RFC, name and e-mail
 * to one sociedad; only the link token's SHA-256 is stored. The link serves once (`used_at`) and until `expires_at`
 * (created + 72 hours by the injected clock). `card_code` is the supplier's code in the portal and in SAP: the
 * business partner's when SAP already had the RFC at invitation time, otherwise the one the portal will create.
 * Status: invitada → registrada (the supplier used the link; its portal account exists, record status Pendiente) →
 * aprobada (business partner linked or created in SAP) or rechazada; cancelada when a new invitation replaced it.
 * An 'invitada' past `expires_at` is shown as vencida. Every change bumps `version` (conditional updates).
 */
export const invitacionesProveedor = pgTable(
  "invitaciones_proveedor",
  {
    id: serial("id").primaryKey(),
    rfc: text("rfc").notNull(),
    nombre: text("nombre").notNull(),
    email: text("email").notNull(),
    sociedadId: integer("sociedad_id")
      .notNull()
      .references(() => sociedades.id),
    cardCode: text("card_code").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    estatus: text("estatus").notNull().default("invitada"),
    invitadoPor: integer("invitado_por")
      .notNull()
      .references(() => empleados.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    decididoPor: integer("decidido_por").references(() => empleados.id),
    decididoAt: timestamp("decidido_at", { withTimezone: true }),
    motivoRechazo: text("motivo_rechazo").notNull().default(""),
    /** After approval: 'Y' the portal created the business partner in SAP, 'N' it was already there. */
    socioCreado: text("socio_creado").notNull().default(""),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    check(
      "invitaciones_proveedor_estatus_chk",
      sql`${t.estatus} in ('invitada','cancelada','registrada','aprobada','rechazada')`,
    ),
    check("invitaciones_proveedor_socio_chk", sql`${t.socioCreado} in ('','Y','N')`),
    // At most one live invitation (invitada or registrada) per RFC: a new one replaces an 'invitada' first.
    uniqueIndex("invitaciones_proveedor_rfc_viva_key").on(t.rfc).where(sql`${t.estatus} in ('invitada','registrada')`),
    index("invitaciones_proveedor_created_idx").on(t.createdAt),
  ],
);
