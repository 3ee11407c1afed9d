import { erpFacturas, erpPagoFacturas, erpPagos } from "@portal/db/schema";
import type { ErpAplicacion, ErpClaveDocumento, ErpPago, ErpPagoFactura, ErpScope } from "@portal/erp";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { clave, enAlcance, type MockAdapterDeps } from "./shared";

/** The `mock` adapter's reads of vendor payments (OVPM) and what each applied to A/P invoices (VPM2). */

/** Payments matching `filtro` (newest first) with the invoices each settles: two queries, no N+1. */
async function pagos({ db }: MockAdapterDeps, filtro: SQL | undefined): Promise<ErpPago[]> {
  const [cabeceras, facturas] = await Promise.all([
    db
      .select({
        bd: erpPagos.bd,
        docEntry: erpPagos.docEntry,
        docNum: erpPagos.docNum,
        cardCode: erpPagos.cardCode,
        cardName: erpPagos.cardName,
        docDate: erpPagos.docDate,
        formaPago: erpPagos.pymntGroup,
        docTotal: erpPagos.docTotal,
        docCur: erpPagos.docCur,
        docRate: sql<string>`trim_scale(${erpPagos.docRate})::text`,
        canceled: erpPagos.canceled,
      })
      .from(erpPagos)
      .where(filtro)
      .orderBy(desc(erpPagos.docDate), asc(erpPagos.bd), desc(erpPagos.docNum), desc(erpPagos.docEntry)),
    db
      .select({
        bd: erpPagoFacturas.bd,
        docEntry: erpPagoFacturas.docEntry,
        lineNum: erpPagoFacturas.lineNum,
        facturaDocEntry: erpPagoFacturas.facturaDocEntry,
        facturaDocNum: erpFacturas.docNum,
        folio: erpFacturas.numAtCard,
        uuid: sql<string>`upper(${erpFacturas.uuid})`,
        fecha: erpFacturas.docDate,
        facturaTotal: erpFacturas.docTotal,
        sumApplied: erpPagoFacturas.sumApplied,
        appliedPago: sql<string>`coalesce(${erpPagoFacturas.appliedPago}, ${erpPagoFacturas.sumApplied})::text`,
        docCur: erpFacturas.docCur,
      })
      .from(erpPagoFacturas)
      .innerJoin(erpPagos, and(eq(erpPagos.bd, erpPagoFacturas.bd), eq(erpPagos.docEntry, erpPagoFacturas.docEntry)))
      .innerJoin(
        erpFacturas,
        and(eq(erpFacturas.bd, erpPagoFacturas.bd), eq(erpFacturas.docEntry, erpPagoFacturas.facturaDocEntry)),
      )
      .where(filtro)
      .orderBy(asc(erpPagoFacturas.bd), asc(erpPagoFacturas.docEntry), asc(erpPagoFacturas.lineNum)),
  ]);
  const porPago = new Map<string, ErpPagoFactura[]>();
  for (const { bd, docEntry, ...f } of facturas) {
    const key = clave(bd, docEntry);
    const lista = porPago.get(key);
    if (lista) lista.push(f);
    else porPago.set(key, [f]);
  }
  return cabeceras.map((p) => ({
    ...p,
    canceled: p.canceled === "Y" ? "Y" : "N",
    facturas: porPago.get(clave(p.bd, p.docEntry)) ?? [],
  }));
}

export const listPagos = async (deps: MockAdapterDeps, scope: ErpScope) =>
  scope.bds.length === 0 ? [] : pagos(deps, enAlcance(erpPagos, scope));

export async function pagosFingerprint({ db }: MockAdapterDeps, scope: ErpScope) {
  if (scope.bds.length === 0) return "0";
  const [row] = await db
    .select({ fingerprint: sql<string>`concat_ws(':', count(*), coalesce(sum(${erpPagos.version}), 0))` })
    .from(erpPagos)
    .where(enAlcance(erpPagos, scope));
  return row?.fingerprint ?? "0";
}

export async function countPagos({ db }: MockAdapterDeps, scope: ErpScope) {
  if (scope.bds.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(erpPagos).where(enAlcance(erpPagos, scope));
  return row?.n ?? 0;
}

export const findPago = async (deps: MockAdapterDeps, bd: string, docNum: number, cardCode?: string) =>
  (
    await pagos(
      deps,
      and(
        eq(erpPagos.bd, bd),
        eq(erpPagos.docNum, docNum),
        cardCode === undefined ? undefined : eq(erpPagos.cardCode, cardCode),
      ) as SQL,
    )
  )[0] ?? null;

// Keys travel as one JSON parameter, like listDocumentos'; the filter names OVPM's key columns, which both of
// pagos()'s queries read (the second joins OVPM).
export const readPagos = async (deps: MockAdapterDeps, claves: readonly ErpClaveDocumento[]) =>
  claves.length === 0
    ? []
    : pagos(
        deps,
        sql`(${erpPagos.bd}, ${erpPagos.docEntry}) in (select bd, doc_entry from jsonb_to_recordset(${JSON.stringify(
          claves.map((c) => ({ bd: c.bd, doc_entry: c.docEntry })),
        )}::jsonb) as k(bd text, doc_entry int))`,
      );

export async function listAplicaciones(
  { db }: MockAdapterDeps,
  bd: string,
  facturaDocEntries: readonly number[],
): Promise<ErpAplicacion[]> {
  if (facturaDocEntries.length === 0) return [];
  const rows = await db
    .select({
      facturaDocEntry: erpPagoFacturas.facturaDocEntry,
      pagoDocEntry: erpPagos.docEntry,
      pagoDocNum: erpPagos.docNum,
      docDate: erpPagos.docDate,
      sumApplied: erpPagoFacturas.sumApplied,
      canceled: erpPagos.canceled,
    })
    .from(erpPagoFacturas)
    .innerJoin(erpPagos, and(eq(erpPagos.bd, erpPagoFacturas.bd), eq(erpPagos.docEntry, erpPagoFacturas.docEntry)))
    .where(and(eq(erpPagoFacturas.bd, bd), inArray(erpPagoFacturas.facturaDocEntry, [...facturaDocEntries])))
    .orderBy(asc(erpPagos.docDate), asc(erpPagos.docNum), asc(erpPagoFacturas.lineNum));
  return rows.map((r) => ({ ...r, canceled: r.canceled === "Y" ? ("Y" as const) : ("N" as const) }));
}
