import { LISTA_69B_MSG, type Lista69b } from "@portal/contracts";
import {
  etapaDe,
  type Importacion69b,
  Lista69bInvalida,
  MAX_BYTES_69B,
  type ResultadoImportacion69b,
  readLista69b,
  type schema,
  semaforo69b,
} from "@portal/db";
import type { Situacion69b } from "@portal/db/schema";
import type { Data } from "../../repositories";

type Fila69b = typeof schema.lista69b.$inferSelect;

/** An RFC in the list: the contract's shape. `fila` undefined = not listed. */
export function aLista69b(fila: Fila69b | undefined, vigente: Importacion69b): Lista69b {
  const situacion = (fila?.situacion ?? null) as Situacion69b | null;
  const etapa = situacion && fila ? (fila.publicaciones[etapaDe(situacion)] ?? {}) : {};
  return {
    Semaforo: semaforo69b(situacion),
    Situacion: situacion,
    Nombre: fila?.nombre ?? "",
    Oficio: etapa.oficioSat ?? etapa.oficioDof ?? "",
    PublicacionSAT: etapa.publicacionSat ?? "",
    PublicacionDOF: etapa.publicacionDof ?? "",
    ListaAl: vigente.at.toISOString().slice(0, 10),
  };
}

export type Descarga69b = ResultadoImportacion69b | { ok: false; desactivada: true; error: string };

/**
 * The SAT's 69-B list (issue 15): imports (the CLI's file, or the download from SAT_69B_URL the scheduler runs)
 * and the lookups the supplier catalogue and the uploads make. Screening is a lookup against the list in force
 * at every read, so a supplier is screened when it is created, when its RFC changes and after every import
 * without a stored result that could go stale.
 */
export function createLista69bService({
  data: { repos, withTransaction },
  url,
  fetchFn = fetch,
  timeoutMs = 120_000,
}: {
  data: Data;
  /** SAT_69B_URL; undefined = downloads disabled. */
  url: string | undefined;
  fetchFn?: typeof fetch;
  timeoutMs?: number;
}) {
  const repo = repos.lista69b;

  /** Puts `bytes` in force (one transaction) or records why not; the previous list stays in force on failure. */
  async function runImport(bytes: Uint8Array, origen: string, at: Date): Promise<ResultadoImportacion69b> {
    let lista: ReturnType<typeof readLista69b>;
    try {
      lista = readLista69b(bytes);
    } catch (error) {
      if (!(error instanceof Lista69bInvalida)) throw error;
      return { ok: false, error: error.message, importacion: await repo.recordFailure(origen, at, error.message) };
    }
    try {
      return { ok: true, importacion: await withTransaction((tx) => tx.lista69b.replaceRows(lista, origen, at)) };
    } catch (error) {
      const mensaje = LISTA_69B_MSG.noGuardada((error as Error).message);
      return { ok: false, error: mensaje, importacion: await repo.recordFailure(origen, at, mensaje) };
    }
  }

  /** The lookup of several RFCs at once: null for every RFC while no list has been imported. */
  async function query(rfcs: readonly string[]): Promise<(rfc: string) => Lista69b | null> {
    const vigente = await repo.vigente();
    if (!vigente) return () => null;
    const filas = new Map((await repo.deRfcs(rfcs)).map((f) => [f.rfc, f]));
    return (rfc) => aLista69b(filas.get(rfc.toUpperCase()), vigente);
  }

  return {
    runImport,
    query,
    /** The situation of one issuer RFC in the list in force (null: not listed, or no list imported). */
    async situacionDe(rfc: string): Promise<Situacion69b | null> {
      const [fila] = await repo.deRfcs([rfc]);
      return (fila?.situacion as Situacion69b | undefined) ?? null;
    },

    /**
     * For the scheduler: downloads the list from SAT_69B_URL and imports it, dated `now`. Never throws for an
     * expected failure (disabled, network, HTTP error, a file that is not the list): the answer says ok false
     * and why, and every attempt but the disabled one is recorded as an import, so the list in force stays.
     */
    async download69b(now: Date): Promise<Descarga69b> {
      if (!url)
        return {
          ok: false,
          desactivada: true,
          error: LISTA_69B_MSG.desactivada,
        };
      let bytes: Uint8Array;
      try {
        const respuesta = await fetchFn(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
        if (!respuesta.ok) throw new Error(LISTA_69B_MSG.causaHttp(respuesta.status));
        const largo = Number(respuesta.headers.get("content-length") ?? "0");
        if (largo > MAX_BYTES_69B) throw new Error(LISTA_69B_MSG.causaTamaño(largo));
        bytes = new Uint8Array(await respuesta.arrayBuffer());
      } catch (error) {
        const causa =
          error instanceof Error && error.name === "TimeoutError"
            ? LISTA_69B_MSG.causaTiempo
            : (error as Error).message;
        const mensaje = LISTA_69B_MSG.noDescargada(url, causa);
        return { ok: false, error: mensaje, importacion: await repo.recordFailure(url, now, mensaje) };
      }
      return runImport(bytes, url, now);
    },
  };
}
export type Lista69bService = ReturnType<typeof createLista69bService>;
