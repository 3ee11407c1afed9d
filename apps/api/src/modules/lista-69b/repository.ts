import {
  type Database,
  importacionVigente69b,
  type Lista69bLeida,
  recordFailure69b,
  saveLista69b,
  schema,
} from "@portal/db";
import { inArray } from "drizzle-orm";

const { lista69b } = schema;

/** The SAT's 69-B list in force and its imports (issue 15; the import itself is packages/db/src/lista-69b). */
export function createLista69bRepository(db: Database) {
  return {
    /** The newest successful import (the list in force), or undefined before the first. */
    vigente: () => importacionVigente69b(db),
    /** The list's rows of these RFCs (upper case). */
    deRfcs: (rfcs: readonly string[]) =>
      rfcs.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(lista69b)
            .where(inArray(lista69b.rfc, [...new Set(rfcs.map((r) => r.toUpperCase()))])),
    /** Replaces the list (run it in a transaction: withTransaction). */
    replaceRows: (lista: Lista69bLeida, origen: string, at: Date) => saveLista69b(db, lista, { origen, at }),
    recordFailure: (origen: string, at: Date, error: string) => recordFailure69b(db, { origen, at, error }),
  };
}
export type Lista69bRepository = ReturnType<typeof createLista69bRepository>;
