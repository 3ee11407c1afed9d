import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { sha256Hex } from "./crypto";
import { archivos } from "./schema/index";

/** Stores a file once per content; returns the id of the (possibly existing) row. */
export async function storeArchivo(db: Database, contenido: Uint8Array, mime: string): Promise<string> {
  const sha256 = sha256Hex(contenido);
  const inserted = await db
    .insert(archivos)
    .values({ sha256, mime, size: contenido.byteLength, contenido })
    .onConflictDoNothing({ target: archivos.sha256 })
    .returning({ id: archivos.id });
  if (inserted[0]) return inserted[0].id;
  const existing = await db.select({ id: archivos.id }).from(archivos).where(eq(archivos.sha256, sha256));
  if (!existing[0]) throw new Error("No se pudo guardar el archivo.");
  return existing[0].id;
}
