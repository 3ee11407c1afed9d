import { isProveedor, type SessionUser } from "../lib/session-user";
import type { SociedadesRepository } from "../modules/sociedades/repository";
import type { ErpScope } from "./types";

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
export function createErpScopeResolver(sociedades: Pick<SociedadesRepository, "companyDatabases">) {
  return async function scopeFor(user: SessionUser): Promise<PortalErpScope> {
    const cardCode = isProveedor(user) ? user.id : null;
    const nombres = new Map((await sociedades.companyDatabases(cardCode)).map((r) => [r.bd, r.nombre]));
    return {
      bds: [...nombres.keys()],
      cardCode,
      sociedadNombre: (bd) => nombres.get(bd) ?? bd,
    };
  };
}
export type ErpScopeResolver = ReturnType<typeof createErpScopeResolver>;
