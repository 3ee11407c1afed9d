import * as schema from "@portal/db/schema";
import {
  type ErpClaveDocumento,
  type ErpEntrada,
  type ErpLinea,
  ErpNumeroAmbiguoError,
  type ErpPdfOwner,
  type ErpPedido,
  type ErpProveedor,
  type ErpScope,
  type ErpStatus,
  type ErpVersionDocumento,
} from "@portal/erp";
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { clave, enAlcance, type MockAdapterDeps } from "./shared";

/**
 * The `mock` adapter's reads of purchase orders (OPOR/POR1) and goods receipts (OPDN/PDN1), and of the business
 * partners (OCRD) and document PDFs they name.
 */

const { erpPedidos, erpPedidoLineas, erpEntradas, erpEntradaLineas, erpSocios } = schema;

type TablaDocumento = typeof erpPedidos | typeof erpEntradas;
type TablaLinea = typeof erpPedidoLineas | typeof erpEntradaLineas;

/** numeric -> decimal text without meaningless trailing zeros ("12.500000" -> "12.5", "16.0000" -> "16"). */
const decimal = (column: AnyPgColumn) => sql`trim_scale(${column})::text`;

/** Header columns in the order `documento()` reads them. */
const columnasEncabezado = (t: TablaDocumento) =>
  sql.join(
    [
      sql`${t.bd}`,
      sql`${t.docEntry}`,
      sql`${t.docNum}`,
      sql`${t.cardCode}`,
      sql`${t.cardName}`,
      sql`${t.docStatus}`,
      sql`${t.docDate}::text`,
      sql`${t.docDueDate}::text`,
      sql`${t.groupNum}`,
      sql`${t.mainUsage}`,
      sql`${t.peyMethod}`,
      sql`${t.docCur}`,
      decimal(t.docRate),
      sql`${t.numAtCard}`,
      sql`${t.comments}`,
      decimal(t.discPrcnt),
      sql`${t.discSum}::text`,
      sql`${t.vatSum}::text`,
      sql`${t.wtSum}::text`,
      sql`${t.docTotal}::text`,
      sql`${t.pdfArchivoId}::text`,
      sql`${t.version}::text`,
    ],
    sql`, `,
  );
const documento = (r: unknown[], lineas: ErpLinea[]): ErpPedido => ({
  bd: r[0] as string,
  docEntry: r[1] as number,
  docNum: r[2] as number,
  cardCode: r[3] as string,
  cardName: r[4] as string,
  docStatus: r[5] as ErpStatus,
  docDate: r[6] as string,
  docDueDate: r[7] as string,
  groupNum: r[8] as number,
  mainUsage: r[9] as string,
  peyMethod: r[10] as string,
  docCur: r[11] as string,
  docRate: r[12] as string,
  numAtCard: r[13] as string,
  comments: r[14] as string,
  discPrcnt: r[15] as string,
  discSum: r[16] as string,
  vatSum: r[17] as string,
  wtSum: r[18] as string,
  docTotal: r[19] as string,
  pdfArchivoId: r[20] as string | null,
  version: r[21] as string,
  lineas,
});

/** A receipt: the common header columns, then pedido_doc_num and cp. */
const entrada = (r: unknown[], lineas: ErpLinea[]): ErpEntrada => {
  const d = documento(r, lineas) as ErpEntrada;
  d.pedidoDocNum = r[22] as number | null;
  d.cp = r[23] as string;
  return d;
};

/** Line columns in the order `linea()` reads them, after the document key (bd, doc_entry). */
const columnasLinea = (l: TablaLinea) =>
  sql.join(
    [
      sql`${l.bd}`,
      sql`${l.docEntry}`,
      sql`${l.lineNum}`,
      sql`${l.itemCode}`,
      sql`${l.itemName}`,
      sql`${l.frgnName}`,
      sql`${l.lineStatus}`,
      sql`${l.uomCode}`,
      decimal(l.quantity),
      decimal(l.openQty),
      // Unit prices keep at least the two decimals of money ("850" -> "850.00"; "12.3456" stays).
      sql`round(${l.priceBefDi}, greatest(2, scale(trim_scale(${l.priceBefDi}))))::text`,
      decimal(l.discPrcnt),
      sql`${l.lineTotal}::text`,
      // Issue 42 part 2 (decision 076): an order line of a non-inventory item (OITM.InvntItem 'N').
      "invntItem" in l ? sql`${l.invntItem} = 'N'` : sql`false`,
    ],
    sql`, `,
  );
const linea = (r: unknown[]): ErpLinea => ({
  lineNum: r[2] as number,
  itemCode: r[3] as string,
  itemName: r[4] as string,
  frgnName: r[5] as string,
  lineStatus: r[6] as ErpStatus,
  uomCode: r[7] as string,
  quantity: r[8] as string,
  openQty: r[9] as string,
  priceBefDi: r[10] as string,
  discPrcnt: r[11] as string,
  lineTotal: r[12] as string,
  ...(r[13] === true ? { servicio: true } : {}),
});

/**
 * Lines grouped by document, each document's lines in LineNum order. The lines query has no ORDER BY: sorting
 * ~200k rows in PostgreSQL spills to disk at the default work_mem, while each document's few lines sort here
 * for free (they almost always arrive in order already).
 */
function groupLines(rows: unknown[][]): Map<string, ErpLinea[]> {
  const porDocumento = new Map<string, ErpLinea[]>();
  for (const row of rows) {
    const key = clave(row[0], row[1]);
    const lineas = porDocumento.get(key);
    if (lineas) lineas.push(linea(row));
    else porDocumento.set(key, [linea(row)]);
  }
  for (const lineas of porDocumento.values()) {
    for (let i = 1; i < lineas.length; i++) {
      if ((lineas[i - 1] as ErpLinea).lineNum > (lineas[i] as ErpLinea).lineNum) {
        lineas.sort((a, b) => a.lineNum - b.lineNum);
        break;
      }
    }
  }
  return porDocumento;
}

/**
 * One query for the headers and one for the lines of exactly those documents (no N+1), run in parallel.
 * A supplier's lines are reached through its headers (the (card_code, bd, doc_entry) index, then one
 * primary-key lookup per document: ~12 ms for 2,000 orders); OFFSET 0 keeps PostgreSQL from flattening the
 * lateral subquery into a hash join over the whole lines table (~50 ms at scale 100). An employee reads
 * whole tables, where that hash join is the right plan. Reading by keys (documents whose version the portal
 * has not cached) joins the keys to the primary keys the same way.
 */
async function listDocumentos(
  { arrays }: MockAdapterDeps,
  tabla: TablaDocumento,
  tablaLineas: TablaLinea,
  filtro: { scope: ErpScope } | { claves: readonly ErpClaveDocumento[] },
  extra: SQL[],
) {
  const porClave = "claves" in filtro;
  // Keys travel as one JSON parameter (works the same on node-postgres and PGlite, any number of keys).
  const donde = porClave
    ? sql`(${tabla.bd}, ${tabla.docEntry}) in (select bd, doc_entry from jsonb_to_recordset(${JSON.stringify(
        filtro.claves.map((c) => ({ bd: c.bd, doc_entry: c.docEntry })),
      )}::jsonb) as k(bd text, doc_entry int))`
    : enAlcance(tabla, filtro.scope);
  const encabezados = sql`select ${columnasEncabezado(tabla)}${extra.length > 0 ? sql`, ${sql.join(extra, sql`, `)}` : sql``}
    from ${tabla} where ${donde}
    order by ${tabla.docDate} desc, ${tabla.bd}, ${tabla.docNum} desc, ${tabla.docEntry} desc`;
  const lineasDelAlcance =
    porClave || filtro.scope.cardCode !== null
      ? sql`select l.* from ${tabla} cross join lateral (
            select ${columnasLinea(tablaLineas)} from ${tablaLineas}
            where ${tablaLineas.bd} = ${tabla.bd} and ${tablaLineas.docEntry} = ${tabla.docEntry} offset 0) as l
          where ${donde}`
      : sql`select ${columnasLinea(tablaLineas)} from ${tablaLineas}
          join ${tabla} on ${tabla.bd} = ${tablaLineas.bd} and ${tabla.docEntry} = ${tablaLineas.docEntry}
          where ${donde}`;
  const [headers, lineas] = await Promise.all([arrays(encabezados), arrays(lineasDelAlcance)]);
  return { headers, porDocumento: groupLines(lineas) };
}

/** Keys and versions in list order: the header index only, no lines (~40 ms for 40,000 orders). */
export async function listVersions(
  { arrays }: MockAdapterDeps,
  tabla: TablaDocumento,
  scope: ErpScope,
): Promise<ErpVersionDocumento[]> {
  if (scope.bds.length === 0) return [];
  const rows = await arrays(sql`select ${tabla.bd}, ${tabla.docEntry}, ${tabla.version}::text
    from ${tabla} where ${enAlcance(tabla, scope)}
    order by ${tabla.docDate} desc, ${tabla.bd}, ${tabla.docNum} desc, ${tabla.docEntry} desc`);
  return rows.map((r) => ({ bd: r[0] as string, docEntry: r[1] as number, version: r[2] as string }));
}

type Filtro = Parameters<typeof listDocumentos>[3];

const pedidos = async (deps: MockAdapterDeps, filtro: Filtro) => {
  const { headers, porDocumento } = await listDocumentos(deps, erpPedidos, erpPedidoLineas, filtro, []);
  return headers.map((h) => documento(h, porDocumento.get(clave(h[0], h[1])) ?? []));
};
const entradas = async (deps: MockAdapterDeps, filtro: Filtro) => {
  const extra = [sql`${erpEntradas.pedidoDocNum}`, sql`${erpEntradas.cp}`];
  const { headers, porDocumento } = await listDocumentos(deps, erpEntradas, erpEntradaLineas, filtro, extra);
  return headers.map((h) => entrada(h, porDocumento.get(clave(h[0], h[1])) ?? []));
};

export const listPedidos = async (deps: MockAdapterDeps, scope: ErpScope): Promise<ErpPedido[]> =>
  scope.bds.length === 0 ? [] : pedidos(deps, { scope });
export const readPedidos = async (deps: MockAdapterDeps, claves: readonly ErpClaveDocumento[]) =>
  claves.length === 0 ? [] : pedidos(deps, { claves });
export const listEntradas = async (deps: MockAdapterDeps, scope: ErpScope): Promise<ErpEntrada[]> =>
  scope.bds.length === 0 ? [] : entradas(deps, { scope });
export const readEntradas = async (deps: MockAdapterDeps, claves: readonly ErpClaveDocumento[]) =>
  claves.length === 0 ? [] : entradas(deps, { claves });

export async function countDocuments({ db }: MockAdapterDeps, tabla: TablaDocumento, scope: ErpScope) {
  if (scope.bds.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(tabla).where(enAlcance(tabla, scope));
  return row?.n ?? 0;
}

/**
 * A receipt by number: of the supplier when given, not cancelled (decision 048); several left are refused (SAP's
 * OPDN DocNum is not unique across numbering series, fidelity F8; issue 37, decision 051).
 */
export async function findEntrada(deps: MockAdapterDeps, bd: string, docNum: number, cardCode?: string) {
  const rows = await deps.db
    .select({ docEntry: erpEntradas.docEntry })
    .from(erpEntradas)
    .where(
      and(
        eq(erpEntradas.bd, bd),
        eq(erpEntradas.docNum, docNum),
        eq(erpEntradas.canceled, "N"),
        cardCode === undefined ? undefined : eq(erpEntradas.cardCode, cardCode),
      ),
    )
    .orderBy(asc(erpEntradas.docEntry));
  if (rows.length > 1)
    throw new ErpNumeroAmbiguoError(
      bd,
      docNum,
      rows.map((r) => r.docEntry),
    );
  const [row] = rows;
  return row ? ((await entradas(deps, { claves: [{ bd, docEntry: row.docEntry }] }))[0] ?? null) : null;
}

export async function listProveedores({ db }: MockAdapterDeps, scope: ErpScope): Promise<ErpProveedor[]> {
  if (scope.bds.length === 0) return [];
  return db
    .select({
      bd: erpSocios.bd,
      cardCode: erpSocios.cardCode,
      cardName: erpSocios.cardName,
      rfc: erpSocios.licTradNum,
      groupNum: erpSocios.groupNum,
      zipCode: erpSocios.zipCode,
    })
    .from(erpSocios)
    .where(enAlcance(erpSocios, scope))
    .orderBy(asc(erpSocios.bd), asc(erpSocios.cardCode));
}

export async function findPdfOwners({ db }: MockAdapterDeps, archivoId: string): Promise<ErpPdfOwner[]> {
  const owner = (t: TablaDocumento) => ({ bd: t.bd, cardCode: t.cardCode, docNum: t.docNum });
  const [pedidos, entradas] = await Promise.all([
    db.select(owner(erpPedidos)).from(erpPedidos).where(eq(erpPedidos.pdfArchivoId, archivoId)),
    db.select(owner(erpEntradas)).from(erpEntradas).where(eq(erpEntradas.pdfArchivoId, archivoId)),
  ]);
  return [
    ...pedidos.map((p) => ({ kind: "pedido" as const, ...p })),
    ...entradas.map((e) => ({ kind: "entrada" as const, ...e })),
  ];
}
