import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import { entityContext } from "./answer-forms";
import { ensureAttachments, rows } from "./entities";
import { type Ctx, NOT_FOUND, parseKey, SapFailure, sendJson } from "./http";
import { annotation } from "./query";

/** Attachments2: the PDFs of orders and goods receipts (erp_mock.sl_adjuntos over archivos). */
export function createAttachments(deps: { db: Database }) {
  const { db } = deps;

  /** Attachments2(n): the PDFs the company database's documents reference (erp_mock keeps them in archivos). */
  async function attachment(ctx: Ctx, bd: string, keyText: string, sub: string | undefined): Promise<void> {
    const entry = Number(parseKey(keyText)?.get("#0") ?? parseKey(keyText)?.get("AbsoluteEntry"));
    if (!Number.isInteger(entry)) throw new SapFailure(400, -1000, `Invalid key '${keyText}' of 'Attachments2'`);
    const lookup = () =>
      rows<{ contenido: Buffer | null; mime: string; creado: string; id: string }>(
        db,
        sql`select ${sub === "$value" ? sql`ar.contenido` : sql`null::bytea as contenido`}, ar.mime,
            ar.created_at::date::text as creado, ar.id::text as id
          from erp_mock.sl_adjuntos a join archivos ar on ar.id = a.archivo_id
          where a.atc_entry = ${entry} and (
            exists (select 1 from erp_mock.pedidos p where p.bd = ${bd} and p.pdf_archivo_id = a.archivo_id) or
            exists (select 1 from erp_mock.entradas e where e.bd = ${bd} and e.pdf_archivo_id = a.archivo_id))`,
      );
    let [found] = await lookup();
    if (!found) {
      // PDFs of documents no read has listed yet get their AbsoluteEntry now (only then: it scans the documents).
      await db.execute(ensureAttachments("pedidos", bd));
      await db.execute(ensureAttachments("entradas", bd));
      [found] = await lookup();
    }
    if (!found) throw new SapFailure(404, -2028, NOT_FOUND);
    if (sub === "$value") {
      ctx.res.writeHead(200, { "content-type": found.mime || "application/pdf" });
      ctx.res.end(Buffer.from(found.contenido ?? Buffer.alloc(0)));
      return;
    }
    if (sub !== undefined) throw new SapFailure(400, -1000, `Property '${sub}' of 'Attachments2' is invalid`);
    sendJson(ctx, 200, {
      [annotation(ctx, "context")]: entityContext(ctx, "Attachments2"),
      AbsoluteEntry: entry,
      Attachments2_Lines: [
        {
          SourcePath: "/sap/attachments",
          FileName: found.id,
          FileExtension: "pdf",
          AttachmentDate: found.creado,
          UserID: "1",
          Override: "tNO",
          FreeText: "",
        },
      ],
    });
  }

  return { attachment };
}

export type Attachments = ReturnType<typeof createAttachments>;
