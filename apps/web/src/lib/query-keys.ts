import type { TileConConteo } from "@portal/contracts";

/**
 * One query-key root per domain: every query of a domain — its lists (the review list too), details, form options
 * and Home's tile count — starts with the domain's root, so a mutation invalidates the domain with one key and no
 * screen of it keeps showing what the mutation changed (a review used to leave /MisFacturas stale for 30 s).
 */
export const DOMAIN_KEYS = {
  pedidos: ["pedidos"],
  entradas: ["entradas"],
  facturas: ["facturas"],
  pagos: ["pagos"],
  empleados: ["empleados"],
  proveedores: ["proveedores"],
  sociedades: ["sociedades"],
  tareas: ["tareas"],
} as const;

export type Domain = keyof typeof DOMAIN_KEYS;

/** The domain whose list each Home tile counts (spec §2 Home). */
export const TILE_DOMAIN: Record<TileConConteo, Domain> = {
  Pedidos: "pedidos",
  "Entradas de mercancia": "entradas",
  Facturas: "facturas",
  "Facturas pendientes": "facturas",
  Pagos: "pagos",
  "Pagos pendientes": "pagos",
  // Issue 27: credit notes change their invoices' balance, so they live in the invoices' domain.
  "Notas de crédito": "facturas",
  "Notas de crédito pendientes": "facturas",
};
