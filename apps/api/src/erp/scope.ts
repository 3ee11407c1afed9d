import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { asc, eq } from "drizzle-orm";
import { isProveedor, type SessionUser } from "../lib/session-user";
import type { ErpScope } from "./types";

const { sociedades, proveedorSociedades } = schema;

/** An ERP scope plus the names of its company databases' sociedades (rows show U_SYS_PMSNBD). */
export interface PortalErpScope extends ErpScope {
  sociedadNombre(bd: string): string;
}

/**
 * The portal side of the boundary: which ERP documents the signed-in user may read, from the session only
 * (never from usuario/operador in a request body).
 * - Supplier: its own CardCode (the same in every company database), in the company databases of the
 *   sociedades it is registered with (proveedor_sociedades -> sociedades.bd_sap).
 * - Employee: every registered sociedad's company database, every business partner.
 * Inactive sociedades are included: their status is a catalogue flag, and their history stays readable.
 */
export function createErpScopeResolver(db: Database) {
  return async function scopeFor(user: SessionUser): Promise<PortalErpScope> {
    const rows = isProveedor(user)
      ? await db
          .select({ bd: sociedades.bdSap, nombre: sociedades.nombre })
          .from(proveedorSociedades)
          .innerJoin(sociedades, eq(sociedades.id, proveedorSociedades.sociedadId))
          .where(eq(proveedorSociedades.cardCode, user.id))
          .orderBy(asc(sociedades.bdSap))
      : await db
          .select({ bd: sociedades.bdSap, nombre: sociedades.nombre })
          .from(sociedades)
          .orderBy(asc(sociedades.bdSap));
    const nombres = new Map(rows.map((r) => [r.bd, r.nombre]));
    return {
      bds: [...nombres.keys()],
      cardCode: isProveedor(user) ? user.id : null,
      sociedadNombre: (bd) => nombres.get(bd) ?? bd,
    };
  };
}
export type ErpScopeResolver = ReturnType<typeof createErpScopeResolver>;
