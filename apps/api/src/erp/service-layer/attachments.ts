// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { randomUUID } from "node:crypto";
import { schema, storeArchivo } from "@portal/db";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { DomainError } from "../../lib/errors";
import type { ErpPdfOwner } from "../types";
import { ServiceLayerError } from "./client";
import { PDF_HEADER_WINDOW, PDF_MAGIC, UUID_RE } from "./limits";
import type { SlBase } from "./wire";

/** PDFs of orders and receipts (Attachments2): their portal ids, their copy on first download, and their owners. */
export function createAttachments(deps: SlBase) {
  const { db, client, clock, warn } = deps;
  const t = schema.erpSlDocumentos;
  const adjuntos = schema.erpSlAdjuntos;

  /**
   * AttachmentEntry → the id lists carry for its PDF. An entry seen for the first time gets a row in erp_sl_adjuntos
   * with a new id and nothing copied: no Service Layer request while listing (copyPdf fetches the bytes when
   * someone downloads them). Concurrent first reads (other processes too) keep whichever row was inserted first.
   */
  async function attachmentFiles(bd: string, entries: Iterable<number>): Promise<Map<number, string>> {
    const unique = [...new Set(entries)].filter((e) => Number.isSafeInteger(e));
    const out = new Map<number, string>();
    if (unique.length === 0) return out;
    // One array parameter per statement, whatever the number of attachments (a cold company database has
    // thousands): three statements at most instead of one per thousand rows.
    const known = async (wanted: number[]) => {
      const rows = await db
        .select({ atcEntry: adjuntos.atcEntry, archivoId: adjuntos.archivoId })
        .from(adjuntos)
        .where(and(eq(adjuntos.bd, bd), sql`${adjuntos.atcEntry} = any(${`{${wanted.join(",")}}`}::int[])`));
      for (const r of rows) out.set(r.atcEntry, r.archivoId);
    };
    await known(unique);
    const missing = unique.filter((e) => !out.has(e));
    if (missing.length === 0) return out;
    const ids = missing.map(() => randomUUID());
    await db.execute(sql`insert into ${adjuntos} (bd, atc_entry, archivo_id)
      select ${bd}, e, id from unnest(${`{${missing.join(",")}}`}::int[], ${`{${ids.join(",")}}`}::uuid[]) as u(e, id)
      on conflict do nothing`);
    await known(missing);
    return out;
  }

  /** Downloads in flight per attachment id: two users opening one PDF at once cause one Service Layer request. */
  const copying = new Map<string, Promise<string | null>>();

  async function copyPdf(archivoId: string): Promise<string | null> {
    if (!UUID_RE.test(archivoId)) return null;
    const [row] = await db
      .select({ bd: adjuntos.bd, atcEntry: adjuntos.atcEntry, contenidoId: adjuntos.contenidoId })
      .from(adjuntos)
      .where(eq(adjuntos.archivoId, archivoId));
    if (!row) return null;
    if (row.contenidoId) return row.contenidoId;
    let pending = copying.get(archivoId);
    if (!pending) {
      pending = copyAttachment(archivoId, row.bd, row.atcEntry).finally(() => copying.delete(archivoId));
      copying.set(archivoId, pending);
    }
    return pending;
  }

  async function copyAttachment(archivoId: string, bd: string, atcEntry: number): Promise<string | null> {
    let file: { bytes: Buffer; contentType: string };
    try {
      file = await client.getBytes(bd, `Attachments2(${atcEntry})/$value`);
    } catch (error) {
      // The attachment is gone in the ERP: the download answers like an unknown file (404), nothing is recorded so
      // a file put back in SAP downloads later.
      if (error instanceof ServiceLayerError && error.status === 404) {
        warn(error, `El adjunto ${atcEntry} de la base de datos ${bd} no existe en el ERP.`);
        return null;
      }
      throw error;
    }
    // Served as application/pdf from the portal's origin: anything else (an HTML page, a spreadsheet attached by
    // mistake) is refused rather than stored. Like PDF readers, the header may follow up to 1 KB of leading bytes.
    if (file.bytes.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF_MAGIC) < 0) {
      const message = `El adjunto ${atcEntry} del documento en la base de datos ${bd} no es un PDF; revise el archivo adjunto en SAP.`;
      // Answered as a 502 the error plugin does not log: the log says it here, with what SAP declared it to be.
      warn(undefined, `${message} (el ERP lo envió como ${file.contentType.slice(0, 80)})`);
      throw new DomainError(502, message);
    }
    const contenidoId = await storeArchivo(db, file.bytes, "application/pdf");
    await db
      .update(adjuntos)
      .set({ contenidoId, copiadoEn: clock() })
      .where(and(eq(adjuntos.archivoId, archivoId), isNull(adjuntos.contenidoId)));
    // Another process may have copied it first: its row wins (the same bytes, so normally the same archivos row).
    const [row] = await db
      .select({ contenidoId: adjuntos.contenidoId })
      .from(adjuntos)
      .where(eq(adjuntos.archivoId, archivoId));
    return row?.contenidoId ?? contenidoId;
  }

  async function findPdfOwners(archivoId: string): Promise<ErpPdfOwner[]> {
    if (!UUID_RE.test(archivoId)) return [];
    const rows = await db
      .select({ kind: t.tipo, bd: t.bd, cardCode: t.cardCode, docNum: t.docNum })
      .from(adjuntos)
      .innerJoin(t, and(eq(t.bd, adjuntos.bd), eq(t.atcEntry, adjuntos.atcEntry)))
      .where(and(eq(adjuntos.archivoId, archivoId), inArray(t.tipo, ["pedido", "entrada"])));
    return rows.map((r) => ({ ...r, kind: r.kind as ErpPdfOwner["kind"] }));
  }

  return { attachmentFiles, copyPdf, findPdfOwners };
}

export type Attachments = ReturnType<typeof createAttachments>;
