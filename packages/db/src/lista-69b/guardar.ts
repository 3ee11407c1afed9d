import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import type { Clock } from "../clock";
import { proveedores } from "../schema/catalogos";
import { lista69b, lista69bImportaciones } from "../schema/lista-69b";
import { Lista69bInvalida, type Lista69bLeida, readLista69b } from "./leer";

export type Importacion69b = typeof lista69bImportaciones.$inferSelect;

/** Rows per INSERT (5 parameters each; PostgreSQL allows 65,535 per statement). */
const LOTE = 2000;

/** Suppliers whose RFC is on the list in force, with its situation (the screening of the whole base). */
export async function proveedoresEnLista69b(db: Database) {
  return db
    .select({
      cardCode: proveedores.cardCode,
      cardName: proveedores.cardName,
      rfc: proveedores.rfc,
      situacion: lista69b.situacion,
    })
    .from(proveedores)
    .innerJoin(lista69b, eq(lista69b.rfc, sql`upper(${proveedores.rfc})`))
    .orderBy(proveedores.cardCode);
}

/**
 * Puts a read list in force on `db` (a transaction: the caller opens it, so the old list is replaced as a whole
 * or not at all): records the import with its counts, replaces every row, and screens the supplier base against
 * the new list (suppliers amber and red, kept on the import).
 */
export async function saveLista69b(
  db: Database,
  lista: Lista69bLeida,
  { origen, at }: { origen: string; at: Date },
): Promise<Importacion69b> {
  const filas = [...lista.contribuyentes.values()];
  const countOf = (s: string) => filas.filter((f) => f.situacion === s).length;
  const [importacion] = await db
    .insert(lista69bImportaciones)
    .values({
      at,
      origen,
      ok: true,
      leyenda: lista.leyenda,
      filas: lista.filas,
      rfcs: filas.length,
      presuntos: countOf("Presunto"),
      desvirtuados: countOf("Desvirtuado"),
      definitivos: countOf("Definitivo"),
      sentenciasFavorables: countOf("Sentencia Favorable"),
      omitidos: lista.omitidos,
      repetidos: lista.repetidos,
    })
    .returning({ id: lista69bImportaciones.id });
  const importacionId = importacion!.id;
  await db.delete(lista69b);
  for (let i = 0; i < filas.length; i += LOTE) {
    await db.insert(lista69b).values(
      filas.slice(i, i + LOTE).map((f) => ({
        rfc: f.rfc,
        nombre: f.nombre,
        situacion: f.situacion,
        publicaciones: f.publicaciones,
        importacionId,
      })),
    );
  }
  const cribados = await proveedoresEnLista69b(db);
  const [guardada] = await db
    .update(lista69bImportaciones)
    .set({
      proveedoresAmbar: cribados.filter((p) => p.situacion === "Presunto").length,
      proveedoresRojo: cribados.filter((p) => p.situacion === "Definitivo").length,
    })
    .where(eq(lista69bImportaciones.id, importacionId))
    .returning();
  return guardada!;
}

/** Records an import that was refused; the list in force stays as it was. */
export async function recordFailure69b(
  db: Database,
  { origen, at, error }: { origen: string; at: Date; error: string },
): Promise<Importacion69b> {
  const [fallo] = await db.insert(lista69bImportaciones).values({ at, origen, ok: false, error }).returning();
  return fallo!;
}

/** The import whose list is in force (the newest successful one), or undefined before the first. */
export async function importacionVigente69b(db: Database): Promise<Importacion69b | undefined> {
  const [vigente] = await db
    .select()
    .from(lista69bImportaciones)
    .where(and(eq(lista69bImportaciones.ok, true)))
    .orderBy(desc(lista69bImportaciones.id))
    .limit(1);
  return vigente;
}

export type ResultadoImportacion69b =
  | { ok: true; importacion: Importacion69b }
  | { ok: false; importacion: Importacion69b; error: string };

/**
 * Reads `bytes` and, when they are a valid 69-B list, puts it in force in one transaction. A refused file (not
 * the list's format, bad encoding, empty, unreadable CSV) or a failed write is recorded as a failed import and the
 * previous list stays in force. `origen`: the file name or URL. The date is the injected clock's.
 */
export async function importLista69b(
  db: Database,
  bytes: Uint8Array,
  { origen, clock }: { origen: string; clock: Clock },
): Promise<ResultadoImportacion69b> {
  const at = clock();
  let lista: Lista69bLeida;
  try {
    lista = readLista69b(bytes);
  } catch (error) {
    if (!(error instanceof Lista69bInvalida)) throw error;
    return {
      ok: false,
      error: error.message,
      importacion: await recordFailure69b(db, { origen, at, error: error.message }),
    };
  }
  try {
    return { ok: true, importacion: await db.transaction((tx) => saveLista69b(tx, lista, { origen, at })) };
  } catch (error) {
    const mensaje = `No se pudo guardar la lista: ${(error as Error).message}`;
    return { ok: false, error: mensaje, importacion: await recordFailure69b(db, { origen, at, error: mensaje }) };
  }
}
