import type { HomeSociedadRow, TileConConteo } from "@portal/contracts";
import { Forbidden } from "../../lib/errors";
import { canReviewPendientes, isProveedor, type SessionUser } from "../../lib/session-user";
import { toSociedadProveedorRow } from "../sociedades/de-proveedor";
import type { SociedadesRepository } from "../sociedades/repository";

/** Counts one tile for one user: must equal the number of rows that user gets from the tile's list. */
export type TileCounter = (user: SessionUser) => Promise<number>;

/**
 * The Home tiles' counts: each list module gives the counter of its own list (src/services.ts), so a count can never
 * drift from its list; a tile without a counter counts 0.
 */
export function createHomeService({
  sociedades,
  counters,
}: {
  sociedades: Pick<SociedadesRepository, "deProveedores">;
  counters: Partial<Record<TileConConteo, TileCounter>>;
}) {
  return {
    async getSociedades(user: SessionUser): Promise<HomeSociedadRow[]> {
      if (!isProveedor(user)) throw new Forbidden();
      return (await sociedades.deProveedores([user.id])).map((s, i) => toSociedadProveedorRow(s, i + 1));
    },

    async rowDocuments(user: SessionUser, dato: TileConConteo): Promise<number> {
      const isPendiente =
        dato === "Facturas pendientes" || dato === "Pagos pendientes" || dato === "Notas de crédito pendientes";
      if (isPendiente && !canReviewPendientes(user)) throw new Forbidden();
      const counter = counters[dato];
      return counter ? counter(user) : 0;
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
