import type { Database } from "@portal/db";
import { ErpRechazoError, type ErpScope } from "@portal/erp";
import { and, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ErpRechazo } from "../facturas-proveedor";
import type { ArrayQuery } from "../raw";

/** What every operation of the `mock` adapter reads with: the portal's database and its array-mode queries. */
export interface MockAdapterDeps {
  db: Database;
  arrays: ArrayQuery;
}

/** The scope as a WHERE clause on a document table: its company databases and, for a supplier, its CardCode. */
export function enAlcance(t: { bd: AnyPgColumn; cardCode: AnyPgColumn }, scope: ErpScope) {
  const bds = inArray(t.bd, [...scope.bds]);
  return scope.cardCode === null ? bds : and(bds, eq(t.cardCode, scope.cardCode));
}

/** A document's key as one Map key. */
export const clave = (bd: unknown, docEntry: unknown) => `${bd as string}\u0000${docEntry as number}`;

/** The ERP's own refusals keep their message; anything else (connection, timeout) may be retried. */
export async function refusalsAsErpErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ErpRechazo) throw new ErpRechazoError(error.message);
    throw error;
  }
}
