// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import type { ErpEntrada } from "../types";
import { type Availability, isUnavailable } from "./availability";
import { oneByNumber } from "./by-number";
import { offeredReceipts } from "./cancellation";
import type { MirrorQueries } from "./mirror-queries";
import type { MirrorSync } from "./mirror-sync";
import { q } from "./odata";
import type { RecentDocuments } from "./recent-documents";
import { type DocumentConverter, ENTITY, SELECT, type SlBase, type SlDocument } from "./wire";

/**
 * One receipt by its number (the invoice form, postFactura): from the warm mirror and the documents converted at its
 * version, else from the Service Layer, else (an outage) as last read when the mirror still lists that version.
 */
export function createReceiptByNumber(
  deps: Pick<SlBase, "db" | "client" | "clock"> & {
    availability: Pick<Availability, "outages" | "staleReads">;
    mirror: Pick<MirrorSync, "sync" | "syncedAt">;
    queries: Pick<MirrorQueries, "mirrorRowByNum" | "perBd">;
    recent: Pick<RecentDocuments, "unchangedDocuments" | "lastRead">;
    toDocuments: DocumentConverter["toDocuments"];
  },
) {
  const { db, client, clock, toDocuments } = deps;
  const { outages, staleReads } = deps.availability;
  const { sync, syncedAt } = deps.mirror;
  const { mirrorRowByNum, perBd } = deps.queries;
  const { unchangedDocuments, lastRead } = deps.recent;
  const s = schema.erpSlSincronizacion;

  /** The receipt numbered `docNum` as last read, when the mirror still lists that version (an outage); else null. */
  async function lastReadReceipt(bd: string, docNum: number, cardCode?: string): Promise<ErpEntrada | null> {
    const row = await mirrorRowByNum("entrada", bd, docNum, cardCode);
    if (!row) return null;
    if (!staleReads.has(`entrada|${bd}`)) {
      const [state] = await db
        .select({ leidoEn: s.leidoEn })
        .from(s)
        .where(and(eq(s.tipo, "entrada"), eq(s.bd, bd)));
      if (state) staleReads.set(`entrada|${bd}`, state.leidoEn);
    }
    // An invoice is checked against the receipt as the ERP has it: only the version the mirror lists will do.
    const [found] = lastRead("entrada", [row]) ?? [];
    return found && found.version === row.version ? (found as ErpEntrada) : null;
  }

  async function findDocumentByNum(
    kind: "entrada",
    bd: string,
    docNum: number,
    cardCode?: string,
  ): Promise<ErpEntrada | null> {
    const down = outages.get(bd);
    if (down && clock().getTime() < down.retryAt) {
      const known = await lastReadReceipt(bd, docNum, cardCode);
      if (known) return known;
    }
    // A warm mirror (brought up to date at most FRESH_MS ago) lists the receipt's version: converted at that
    // version, it needs no request. A cold mirror is not read for one receipt.
    if (syncedAt.has(`${kind}|${bd}`)) {
      const known = await sync(kind, bd)
        .then(() => mirrorRowByNum(kind, bd, docNum, cardCode))
        .then((row) => (row ? (unchangedDocuments(kind, [row]).hits[0] as ErpEntrada | undefined) : undefined))
        .catch(() => undefined);
      if (known) return known;
    }
    try {
      return await askDocumentByNum(kind, bd, docNum, cardCode);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      const known = await lastReadReceipt(bd, docNum, cardCode);
      if (known) return known;
      throw error;
    }
  }

  async function askDocumentByNum(
    kind: "entrada",
    bd: string,
    docNum: number,
    cardCode?: string,
  ): Promise<ErpEntrada | null> {
    const [found] = await perBd([bd], async (b) => {
      const rows = await client.getAll<SlDocument>(
        b,
        `${ENTITY[kind]}?$select=${SELECT[kind]}&$filter=${q(`DocNum eq ${docNum}`)}`,
        { maxPageSize: 0 },
      );
      // DocNum repeats across numbering series (decision 048, F8): the supplier's, not a cancelled one, or refused.
      const one = oneByNumber(
        offeredReceipts(rows),
        { singular: "la entrada", plural: "entradas de mercancía" },
        b,
        docNum,
        cardCode,
      );
      return toDocuments("entrada", b, one ? [one] : []);
    });
    return found ?? null;
  }

  return { findDocumentByNum };
}
