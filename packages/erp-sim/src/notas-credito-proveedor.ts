import type { Database } from "@portal/db";
import { erpFacturas, erpNotaCreditoLineas, erpNotasCredito } from "@portal/db/schema";
import type { ErpNotaCreditoProveedor, ErpNotaCreditoProveedorNueva } from "@portal/erp";
import { and, asc, eq, inArray, max, min, sql } from "drizzle-orm";
import { ErpRechazo } from "./facturas-proveedor";

/**
 * What the `mock` adapter does with A/P credit memos (issue 27, decision 034): a credit memo based on A/P invoices
 * of one supplier, each line (net + VAT, decision 049) taking its amount off its invoice's open balance (PaidToDate
 * grows; an invoice credited in full closes), in one transaction. Refuses, with ErpRechazo, what SAP would refuse.
 * The Service Layer simulator writes its memos into the same tables as SAP does them (service-layer/credit-memos.ts).
 */

/** DocNum series of A/P credit memos. */
export const SERIE_NOTAS_CREDITO = 9000;

const centavos = (v: string | number) => Math.round(Number(v) * 100);
const dinero = (c: number) =>
  `${c < 0 ? "-" : ""}${Math.trunc(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;

/** The credit memo created from portal credit note `portalId` in `bd`, with its lines, or null. */
export async function selectNotaCreditoProveedor(
  db: Database,
  bd: string,
  portalId: number,
): Promise<ErpNotaCreditoProveedor | null> {
  const [n] = await db
    .select()
    .from(erpNotasCredito)
    .where(and(eq(erpNotasCredito.bd, bd), eq(erpNotasCredito.portalId, portalId)));
  if (!n) return null;
  // What the memo takes off each invoice: its lines' net LineTotal plus their VAT, per base invoice (decision 049).
  const lineas = await db
    .select({
      docEntry: erpNotaCreditoLineas.baseEntry,
      importe: sql<string>`sum(${erpNotaCreditoLineas.lineTotal} + ${erpNotaCreditoLineas.vatSum})::text`,
    })
    .from(erpNotaCreditoLineas)
    .where(
      and(
        eq(erpNotaCreditoLineas.bd, bd),
        eq(erpNotaCreditoLineas.docEntry, n.docEntry),
        eq(erpNotaCreditoLineas.baseType, 18),
      ),
    )
    .groupBy(erpNotaCreditoLineas.baseEntry)
    .orderBy(min(erpNotaCreditoLineas.lineNum));
  return {
    bd: n.bd,
    docEntry: n.docEntry,
    docNum: n.docNum,
    cardCode: n.cardCode,
    portalId,
    uuid: n.uuid,
    docTotal: n.docTotal,
    canceled: n.canceled === "Y" ? "Y" : "N",
    facturas: lineas.flatMap((l) => (l.docEntry === null ? [] : [{ docEntry: l.docEntry, importe: l.importe }])),
  };
}

/**
 * Creates the credit memo. With `idempotente` (the mock adapter) an existing memo of the same portal id is
 * returned (`creada: false`); without it (the Service Layer simulator, where SAP's unique user field answers
 * a duplicate) it is refused.
 */
export async function insertNotaCreditoProveedor(
  db: Database,
  input: ErpNotaCreditoProveedorNueva,
  idempotente = true,
): Promise<{ docEntry: number; docNum: number; creada: boolean }> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.notas_credito|${input.bd}`}))`);
    const [existente] = await tx
      .select({ docEntry: erpNotasCredito.docEntry, docNum: erpNotasCredito.docNum })
      .from(erpNotasCredito)
      .where(and(eq(erpNotasCredito.bd, input.bd), eq(erpNotasCredito.portalId, input.portalId)));
    if (existente) {
      if (idempotente) return { ...existente, creada: false };
      throw new ErpRechazo(`Ya existe una nota de crédito con U_SYS_PORTALID ${input.portalId} en ${input.bd}.`);
    }
    if (input.facturas.length === 0) throw new ErpRechazo("La nota de crédito no tiene líneas.");
    const entries = input.facturas.map((f) => f.docEntry);
    if (new Set(entries).size !== entries.length) {
      throw new ErpRechazo("La nota de crédito se basa dos veces en la misma factura de proveedor.");
    }
    const facturas = await tx
      .select()
      .from(erpFacturas)
      .where(and(eq(erpFacturas.bd, input.bd), inArray(erpFacturas.docEntry, entries)))
      .orderBy(asc(erpFacturas.docEntry))
      .for("update");
    const deEntry = new Map(facturas.map((f) => [f.docEntry, f]));
    const cardName = checkLines(input, deEntry);
    const { docEntry, docNum } = await insertMemo(tx, input, deEntry, cardName);
    await creditFacturas(tx, input, deEntry);
    return { docEntry, docNum, creada: true };
  });
}

type Factura = typeof erpFacturas.$inferSelect;

/**
 * Each line against its (locked) invoice: it exists, is the supplier's, is neither cancelled nor closed, and the
 * amount fits its open balance. Returns the card name the memo carries.
 */
function checkLines(input: ErpNotaCreditoProveedorNueva, deEntry: Map<number, Factura>): string {
  let cardName = "";
  for (const linea of input.facturas) {
    const f = deEntry.get(linea.docEntry);
    if (!f) throw new ErpRechazo(`La factura de proveedor con DocEntry ${linea.docEntry} no existe en ${input.bd}.`);
    if (f.cardCode !== input.cardCode) {
      throw new ErpRechazo(
        `La factura de proveedor ${f.docNum} es del proveedor ${f.cardCode}, no de ${input.cardCode}.`,
      );
    }
    if (f.canceled !== "N") throw new ErpRechazo(`La factura de proveedor ${f.docNum} está cancelada.`);
    // SAP takes no memo based on a closed (paid in full) invoice (decision 049, F5).
    if (f.docStatus === "C") {
      throw new ErpRechazo(`La factura de proveedor ${f.docNum} está cerrada (pagada o acreditada) en el ERP.`);
    }
    const importe = centavos(linea.importe);
    const saldo = centavos(f.docTotal) - centavos(f.paidToDate);
    if (!(importe > 0)) throw new ErpRechazo(`Importe inválido para la factura ${f.docNum}: ${linea.importe}.`);
    if (importe > saldo) {
      throw new ErpRechazo(
        `El importe ${dinero(importe)} excede el saldo abierto de la factura de proveedor ${f.docNum} (${dinero(saldo)} ${f.docCur}).`,
      );
    }
    cardName = f.cardName || cardName;
  }
  return cardName;
}

/** The ORPC row, numbered after the last memo, and its RPC1 lines (BaseType 18), one per invoice credited. */
async function insertMemo(
  tx: Database,
  input: ErpNotaCreditoProveedorNueva,
  deEntry: Map<number, Factura>,
  cardName: string,
) {
  const [ultimo] = await tx
    .select({ n: max(erpNotasCredito.docEntry) })
    .from(erpNotasCredito)
    .where(eq(erpNotasCredito.bd, input.bd));
  const docEntry = (ultimo?.n ?? 0) + 1;
  const docNum = docEntry + SERIE_NOTAS_CREDITO;
  // Net and VAT of each line at its invoice's own VAT share, as SAP splits a memo line (decision 049, F5).
  const partes = input.facturas.map((l) => {
    const f = deEntry.get(l.docEntry);
    const bruto = centavos(f?.docTotal ?? "0") + centavos(f?.wtSum ?? "0");
    const iva = centavos(f?.vatSum ?? "0");
    const neto = bruto > 0 ? Math.round((centavos(l.importe) * (bruto - iva)) / bruto) : centavos(l.importe);
    return { neto, iva: centavos(l.importe) - neto };
  });
  await tx.insert(erpNotasCredito).values({
    bd: input.bd,
    docEntry,
    docNum,
    cardCode: input.cardCode,
    cardName,
    numAtCard: input.numAtCard,
    uuid: input.uuid.toUpperCase(),
    docDate: input.docDate,
    comments: input.comments,
    docTotal: input.docTotal,
    docCur: input.docCur,
    docRate: input.docRate,
    portalId: input.portalId,
    vatSum: dinero(partes.reduce((s, p) => s + p.iva, 0)),
  });
  await tx.insert(erpNotaCreditoLineas).values(
    input.facturas.map((l, lineNum) => ({
      bd: input.bd,
      docEntry,
      lineNum,
      itemName: `Nota de crédito sobre la factura ${deEntry.get(l.docEntry)?.docNum ?? l.docEntry}`,
      lineTotal: dinero(partes[lineNum]?.neto ?? centavos(l.importe)),
      vatSum: dinero(partes[lineNum]?.iva ?? 0),
      baseType: 18,
      baseEntry: l.docEntry,
      baseLine: 0,
    })),
  );
  return { docEntry, docNum };
}

/** Each line's amount off its invoice's open balance: PaidToDate grows; an invoice credited in full closes. */
async function creditFacturas(tx: Database, input: ErpNotaCreditoProveedorNueva, deEntry: Map<number, Factura>) {
  for (const l of input.facturas) {
    const f = deEntry.get(l.docEntry);
    if (!f) continue;
    const pagado = centavos(f.paidToDate) + centavos(l.importe);
    await tx
      .update(erpFacturas)
      .set({ paidToDate: dinero(pagado), docStatus: pagado >= centavos(f.docTotal) ? "C" : "O" })
      .where(and(eq(erpFacturas.bd, input.bd), eq(erpFacturas.docEntry, l.docEntry)));
  }
}
