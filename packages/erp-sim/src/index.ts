import type { Database } from "@portal/db";
import { sha256Hex } from "@portal/db";
import { createSimplePdf } from "@portal/db/factories";
import {
  archivos,
  erpEntradaLineas,
  erpEntradas,
  erpFacturas,
  erpPagoFacturas,
  erpPagos,
  erpPedidoLineas,
  erpPedidos,
  erpSocios,
} from "@portal/db/schema";
import { eq, getTableColumns, inArray, max, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { CODIGOS_POSTALES, GIROS, ZONAS } from "./catalogo";
import {
  centavos,
  type DocumentoGenerado,
  type EntradaGenerada,
  generateHistory,
  type HistorialSocio,
  medios,
  type PedidoGenerado,
  puntosBase,
  type SocioSemilla,
  type VolumenSocio,
} from "./generar";
import { createRandom, hashSeed } from "./random";

export type { Categoria } from "./catalogo";
export { type SocioSemilla, tipoDeCambio, type VolumenSocio } from "./generar";

/**
 * The fixed "today" of the ERP mock data: documents span the 18 months before it. Not the clock, so every
 * seed (today, next year, on any machine) produces the same documents, numbers and totals.
 */
export const ERP_FECHA_REFERENCIA = "2026-11-15";
/** Per supplier and company database at scale 1 (issue 5: at least 100 orders and 120 receipts). */
export const ERP_VOLUMEN_BASE: VolumenSocio = { pedidos: 100, entradas: 120 };
/** Above this scale, volume grows by adding business partners instead of documents per partner. */
export const ERP_MAX_MULTIPLICADOR_POR_SOCIO = 10;

export interface SeedErpMockOptions {
  /** Supplier x company database pairs to give a history (the demo suppliers and their sociedades). */
  socios: readonly SocioSemilla[];
  /**
   * Multiplies the volume (default 1). Each pair gets min(scale, 10) x the base volume; beyond that, extra
   * ERP-only business partners (CardCode PB0001…, not portal users) are added to the same company databases
   * until the total is scale x base: scale 100 with the 4 demo pairs = 40 pairs, 40,000 orders, 48,000 receipts.
   */
  escala?: number;
  fechaReferencia?: string;
}

export interface SeedErpMockResumen {
  socios: number;
  pedidos: number;
  pedidoLineas: number;
  entradas: number;
  entradaLineas: number;
  facturas: number;
  pagos: number;
  pdfs: number;
  omitidos: number;
  ms: number;
}

/** The pairs and per-pair volume a scale asks for (pure; exported for tests and the benchmark). */
export function planDeEscala(
  socios: readonly SocioSemilla[],
  escala = 1,
): { socios: SocioSemilla[]; volumen: VolumenSocio } {
  if (!Number.isInteger(escala) || escala < 1) throw new Error(`La escala debe ser un entero positivo: ${escala}`);
  const multiplicador = Math.min(escala, ERP_MAX_MULTIPLICADOR_POR_SOCIO);
  const volumen = {
    pedidos: ERP_VOLUMEN_BASE.pedidos * multiplicador,
    entradas: ERP_VOLUMEN_BASE.entradas * multiplicador,
  };
  const pares = Math.ceil((socios.length * escala) / multiplicador);
  const sociedades = [...new Map(socios.map((s) => [s.bd, s.sociedadNombre])).entries()].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const todos = [...socios];
  for (let k = 1; todos.length < pares && sociedades.length > 0; k++) {
    const r = createRandom(hashSeed(`socio-extra|${k}`));
    const giro = GIROS[(k - 1) % GIROS.length] as string;
    const zona = ZONAS[Math.floor((k - 1) / GIROS.length) % ZONAS.length] as string;
    const vuelta = Math.floor((k - 1) / (GIROS.length * ZONAS.length));
    const cardName = `${giro} ${zona}${vuelta > 0 ? ` ${vuelta + 1}` : ""}, S.A. DE C.V.`;
    const letras = "ABCDEFGHJKLMNPRSTUVWXYZ";
    const rfc = `${giro[0]}${zona.split(" ").at(-1)?.[0] ?? "X"}${letras[r.int(0, letras.length - 1)]}${String(r.int(0, 99)).padStart(2, "0")}${String(r.int(1, 12)).padStart(2, "0")}${String(r.int(1, 28)).padStart(2, "0")}${letras[r.int(0, letras.length - 1)]}${letras[r.int(0, letras.length - 1)]}${r.int(0, 9)}`;
    const base = {
      cardCode: `PB${String(k).padStart(4, "0")}`,
      cardName,
      rfc,
      tipoPersona: "M" as const,
      zipCode: r.pick(CODIGOS_POSTALES),
    };
    // Each extra partner sells to two company databases, rotating so that every database gets its share.
    for (const offset of sociedades.length > 1 ? [0, 1] : [0]) {
      if (todos.length >= pares) break;
      const [bd, sociedadNombre] = sociedades[(k - 1 + offset) % sociedades.length] as [string, string];
      todos.push({ ...base, bd, sociedadNombre });
    }
  }
  return { socios: todos, volumen };
}

/**
 * Seeds the ERP mock (schema erp_mock) for the given pairs. Idempotent: a pair whose business partner row
 * already exists in that company database is skipped, so `npm start` can call it on every boot. Each company
 * database is written in one transaction, the OCRD rows last, so an interrupted seed leaves nothing half done.
 * Documents are numbered per company database in date order (DocEntry; DocNum = DocEntry + a series offset).
 */
export async function seedErpMock(db: Database, options: SeedErpMockOptions): Promise<SeedErpMockResumen> {
  const started = performance.now();
  const referencia = Date.parse(`${options.fechaReferencia ?? ERP_FECHA_REFERENCIA}T00:00:00Z`);
  const plan = planDeEscala(options.socios, options.escala ?? 1);
  const resumen: SeedErpMockResumen = {
    socios: 0,
    pedidos: 0,
    pedidoLineas: 0,
    entradas: 0,
    entradaLineas: 0,
    facturas: 0,
    pagos: 0,
    pdfs: 0,
    omitidos: 0,
    ms: 0,
  };
  const bds = [...new Set(plan.socios.map((s) => s.bd))].sort();
  if (bds.length === 0) return resumen;
  const existentes = new Set(
    (
      await db
        .select({ bd: erpSocios.bd, cardCode: erpSocios.cardCode })
        .from(erpSocios)
        .where(inArray(erpSocios.bd, bds))
    ).map((s) => `${s.bd}|${s.cardCode}`),
  );

  for (const bd of bds) {
    const nuevos = plan.socios.filter((s) => s.bd === bd && !existentes.has(`${s.bd}|${s.cardCode}`));
    resumen.omitidos += plan.socios.filter((s) => s.bd === bd).length - nuevos.length;
    if (nuevos.length === 0) continue;
    const historiales = nuevos.map((s) => generateHistory(s, plan.volumen, referencia));
    await db.transaction(async (tx) => {
      const escrito = await writeDatabase(tx as unknown as Database, bd, historiales);
      for (const key of Object.keys(escrito) as (keyof typeof escrito)[]) resumen[key] += escrito[key];
    });
    resumen.socios += nuevos.length;
  }
  // Fresh statistics: the list queries' plans depend on them, and autovacuum may not have run yet.
  if (resumen.socios > 0) {
    await db.execute(
      sql`analyze ${erpPedidos}, ${erpPedidoLineas}, ${erpEntradas}, ${erpEntradaLineas}, ${erpFacturas}, ${erpPagos}, ${erpPagoFacturas}, ${erpSocios}`,
    );
  }
  resumen.ms = Math.round(performance.now() - started);
  return resumen;
}

/** DocNum series per document kind (what users read), distinct from the internal DocEntry. */
const SERIE = { pedidos: 1000, entradas: 5000, facturas: 8000, pagos: 2000 } as const;

const porFecha = <T extends { docDate: string; cardCode: string; secuencia: number }>(a: T, b: T) =>
  a.docDate < b.docDate
    ? -1
    : a.docDate > b.docDate
      ? 1
      : a.cardCode < b.cardCode
        ? -1
        : a.cardCode > b.cardCode
          ? 1
          : a.secuencia - b.secuencia;

async function siguienteDocEntry(db: Database, table: typeof erpPedidos | typeof erpEntradas, bd: string) {
  const [row] = await db
    .select({ n: max(table.docEntry) })
    .from(table)
    .where(eq(table.bd, bd));
  return (row?.n ?? 0) + 1;
}

type Numero = { docEntry: number; docNum: number };

/** Numbering in date order across suppliers, after whatever the database already holds. */
const numberDocs = <T>(docs: T[], primero: number, serie: number) =>
  new Map(docs.map((d, i): [T, Numero] => [d, { docEntry: primero + i, docNum: primero + i + serie }]));

/** Writes one company database's histories (one transaction, by the caller): documents, then the partners. */
async function writeDatabase(db: Database, bd: string, historiales: HistorialSocio[]) {
  const sociedadNombre = historiales[0]?.socio.sociedadNombre ?? bd;
  const pedidos = historiales.flatMap((h) => h.pedidos).sort(porFecha);
  const entradas = historiales.flatMap((h) => h.entradas).sort(porFecha);

  const numPedidos = numberDocs(pedidos, await siguienteDocEntry(db, erpPedidos, bd), SERIE.pedidos);
  const numEntradas = numberDocs(entradas, await siguienteDocEntry(db, erpEntradas, bd), SERIE.entradas);

  // PDFs first: documents reference them.
  const pdfPedidos = await savePdfs(
    db,
    pedidos.filter((p) => p.conPdf),
    (p) => pdfDocumento("Pedido de compra", numPedidos.get(p)?.docNum ?? 0, bd, sociedadNombre, p),
  );
  const pdfEntradas = await savePdfs(
    db,
    entradas.filter((e) => e.conPdf),
    (e) => pdfDocumento("Entrada de mercancía", numEntradas.get(e)?.docNum ?? 0, bd, sociedadNombre, e),
  );

  const documentos = documentRows(bd, { pedidos, numPedidos, pdfPedidos }, { entradas, numEntradas, pdfEntradas });
  // A/P invoices and payments, numbered after what exists.
  const entradaPorClave = new Map(entradas.map((e) => [e.clave, numEntradas.get(e)?.docNum ?? null]));
  const { filasFacturas, facturaDocEntry } = await invoiceRows(db, bd, historiales, entradaPorClave);
  const { filasPagos, filasPagoFacturas } = await paymentRows(db, bd, historiales, facturaDocEntry);

  await insertInBatches(db, erpPedidos, documentos.filasPedidos);
  // Issue 42 part 2 (decision 076): the catalogue's services (unit SRV) are non-inventory items (InvntItem 'N').
  await insertInBatches(
    db,
    erpPedidoLineas,
    documentos.filasPedidoLineas.map((l) => ({ ...l, invntItem: l.uomCode === "SRV" ? "N" : "Y" })),
  );
  await insertInBatches(db, erpEntradas, documentos.filasEntradas);
  await insertInBatches(db, erpEntradaLineas, documentos.filasEntradaLineas);
  await insertInBatches(db, erpFacturas, filasFacturas);
  await insertInBatches(db, erpPagos, filasPagos);
  await insertInBatches(db, erpPagoFacturas, filasPagoFacturas);
  // The business partners last: their presence marks the pair as seeded.
  await insertInBatches(
    db,
    erpSocios,
    historiales.map((h) => ({
      bd,
      cardCode: h.socio.cardCode,
      cardName: h.socio.cardName,
      licTradNum: h.socio.rfc,
      groupNum: h.groupNum,
      zipCode: h.socio.zipCode,
    })),
  );
  return {
    socios: 0,
    pedidos: documentos.filasPedidos.length,
    pedidoLineas: documentos.filasPedidoLineas.length,
    entradas: documentos.filasEntradas.length,
    entradaLineas: documentos.filasEntradaLineas.length,
    facturas: filasFacturas.length,
    pagos: filasPagos.length,
    pdfs: pdfPedidos.size + pdfEntradas.size,
    omitidos: 0,
    ms: 0,
  };
}

/** The OPOR/OPDN header row of a generated document. */
const headerRow = (bd: string, d: DocumentoGenerado, n: Numero, pdf: string | undefined) => ({
  bd,
  docEntry: n.docEntry,
  docNum: n.docNum,
  cardCode: d.cardCode,
  cardName: d.cardName,
  docStatus: d.docStatus,
  docDate: d.docDate,
  docDueDate: d.docDueDate,
  groupNum: d.groupNum,
  mainUsage: d.mainUsage,
  peyMethod: d.peyMethod,
  docCur: d.docCur,
  docRate: d.docRate,
  numAtCard: d.numAtCard,
  comments: d.comments,
  discPrcnt: puntosBase(d.descuentoBp),
  discSum: centavos(d.descuentoCentavos),
  vatSum: centavos(d.ivaCentavos),
  wtSum: centavos(d.retencionCentavos),
  docTotal: centavos(d.totalCentavos),
  pdfArchivoId: pdf ?? null,
});

/** The POR1/PDN1 rows of a generated document. */
const lineRows = (bd: string, d: DocumentoGenerado, docEntry: number) =>
  d.lineas.map((l) => ({
    bd,
    docEntry,
    lineNum: l.lineNum,
    itemCode: l.itemCode,
    itemName: l.itemName,
    frgnName: l.frgnName,
    lineStatus: l.lineStatus,
    uomCode: l.uomCode,
    quantity: medios(l.cantidadMedios),
    openQty: medios(l.abiertaMedios),
    priceBefDi: centavos(l.precioCentavos),
    discPrcnt: puntosBase(l.descuentoBp),
    lineTotal: centavos(l.totalCentavos),
    vatSum: centavos(l.ivaCentavos),
  }));

/** The rows of the orders and receipts, numbered; a receipt names the DocNum of the order it delivers. */
function documentRows(
  bd: string,
  o: { pedidos: PedidoGenerado[]; numPedidos: Map<PedidoGenerado, Numero>; pdfPedidos: Map<PedidoGenerado, string> },
  e: {
    entradas: EntradaGenerada[];
    numEntradas: Map<EntradaGenerada, Numero>;
    pdfEntradas: Map<EntradaGenerada, string>;
  },
) {
  const pedidoPorClave = new Map(o.pedidos.map((p) => [p.clave, o.numPedidos.get(p)?.docNum ?? 0]));
  const filasPedidos = o.pedidos.map((p) => headerRow(bd, p, o.numPedidos.get(p)!, o.pdfPedidos.get(p)));
  const filasPedidoLineas = o.pedidos.flatMap((p) => lineRows(bd, p, o.numPedidos.get(p)!.docEntry));
  const filasEntradas = e.entradas.map((x) => {
    const pedidoDocNum = pedidoPorClave.get(x.pedidoClave) ?? null;
    return {
      ...headerRow(bd, x, e.numEntradas.get(x)!, e.pdfEntradas.get(x)),
      comments: `Basado en Pedidos de compra ${pedidoDocNum}.${x.comments}`,
      pedidoDocNum,
      cp: x.cp,
    };
  });
  const filasEntradaLineas = e.entradas.flatMap((x) => lineRows(bd, x, e.numEntradas.get(x)!.docEntry));
  return { filasPedidos, filasPedidoLineas, filasEntradas, filasEntradaLineas };
}

/** The OPCH rows, numbered after the company database's last A/P invoice, and each one's DocEntry by clave. */
async function invoiceRows(
  db: Database,
  bd: string,
  historiales: HistorialSocio[],
  entradaPorClave: Map<string, number | null>,
) {
  const facturas = historiales.flatMap((h) => h.facturas.map((f, secuencia) => ({ ...f, secuencia }))).sort(porFecha);
  const [maxFactura] = await db
    .select({ n: max(erpFacturas.docEntry) })
    .from(erpFacturas)
    .where(eq(erpFacturas.bd, bd));
  const primeraFactura = (maxFactura?.n ?? 0) + 1;
  const facturaDocEntry = new Map(facturas.map((f, i) => [f.clave, primeraFactura + i]));
  const filasFacturas = facturas.map((f, i) => ({
    bd,
    docEntry: primeraFactura + i,
    docNum: primeraFactura + i + SERIE.facturas,
    cardCode: f.cardCode,
    numAtCard: f.numAtCard,
    uuid: f.uuid,
    docDate: f.docDate,
    docTotal: centavos(f.totalCentavos),
    paidToDate: centavos(f.pagadoCentavos),
    docCur: f.docCur,
    canceled: f.canceled,
    entradaDocNum: entradaPorClave.get(f.entradaClave) ?? null,
  }));
  return { filasFacturas, facturaDocEntry };
}

/** The OVPM rows, numbered after the company database's last payment, and their VPM2 rows. */
async function paymentRows(
  db: Database,
  bd: string,
  historiales: HistorialSocio[],
  facturaDocEntry: Map<string, number>,
) {
  const pagos = historiales.flatMap((h) => h.pagos.map((p, secuencia) => ({ ...p, secuencia }))).sort(porFecha);
  const [maxPago] = await db
    .select({ n: max(erpPagos.docEntry) })
    .from(erpPagos)
    .where(eq(erpPagos.bd, bd));
  const primerPago = (maxPago?.n ?? 0) + 1;
  const filasPagos = pagos.map((p, i) => ({
    bd,
    docEntry: primerPago + i,
    docNum: primerPago + i + SERIE.pagos,
    cardCode: p.cardCode,
    cardName: p.cardName,
    docDate: p.docDate,
    pymntGroup: p.pymntGroup,
    docTotal: centavos(p.totalCentavos),
    docCur: p.docCur,
    canceled: "N",
  }));
  const filasPagoFacturas = pagos.flatMap((p, i) =>
    p.facturas.map((f, lineNum) => ({
      bd,
      docEntry: primerPago + i,
      lineNum,
      facturaDocEntry: facturaDocEntry.get(f.facturaClave) ?? 0,
      sumApplied: centavos(f.aplicadoCentavos),
    })),
  );
  return { filasPagos, filasPagoFacturas };
}

/**
 * Bulk insert as `insert … select * from unnest($1::type[], $2::type[], …)`: one array parameter per column
 * whatever the number of rows. Building drizzle's multi-row VALUES statement for ~400k rows spent most of the
 * scale-100 seed in query building; arrays are serialized by the driver in one pass.
 */
async function insertInBatches<T extends PgTable>(db: Database, table: T, rows: T["$inferInsert"][]) {
  if (rows.length === 0) return;
  const columnas = Object.entries(getTableColumns(table)).filter(([key]) => key in (rows[0] as object));
  const lote = 10_000;
  for (let i = 0; i < rows.length; i += lote) {
    const parte = rows.slice(i, i + lote) as Record<string, unknown>[];
    const arreglos = columnas.map(
      ([key, column]) => sql`${sql.param(parte.map((row) => row[key] ?? null))}::${sql.raw(column.getSQLType())}[]`,
    );
    await db.execute(
      sql`insert into ${table} (${sql.join(
        columnas.map(([, column]) => sql.identifier(column.name)),
        sql`, `,
      )}) select * from unnest(${sql.join(arreglos, sql`, `)})`,
    );
  }
}

/** Stores the PDFs of some documents (once per content, like storeArchivo) and maps each document to its id. */
async function savePdfs<D>(db: Database, docs: D[], contenido: (d: D) => Uint8Array): Promise<Map<D, string>> {
  const result = new Map<D, string>();
  const lote = 500;
  for (let i = 0; i < docs.length; i += lote) {
    const parte = docs.slice(i, i + lote).map((d) => {
      const bytes = contenido(d);
      return { d, bytes, sha256: sha256Hex(bytes) };
    });
    const filas = await db
      .insert(archivos)
      .values(
        parte.map((p) => ({ sha256: p.sha256, mime: "application/pdf", size: p.bytes.byteLength, contenido: p.bytes })),
      )
      // "do update" (a no-op) instead of "do nothing" so that existing rows also come back with their id.
      .onConflictDoUpdate({ target: archivos.sha256, set: { sha256: sql`excluded.sha256` } })
      .returning({ id: archivos.id, sha256: archivos.sha256 });
    const ids = new Map(filas.map((f) => [f.sha256, f.id]));
    for (const p of parte) {
      const id = ids.get(p.sha256);
      if (id) result.set(p.d, id);
    }
  }
  return result;
}

function pdfDocumento(
  titulo: string,
  docNum: number,
  bd: string,
  sociedadNombre: string,
  d: PedidoGenerado | EntradaGenerada,
): Uint8Array {
  const lineas = d.lineas
    .slice(0, 12)
    .map((l) => `${medios(l.cantidadMedios)} ${l.uomCode}  ${l.itemName}  ${centavos(l.totalCentavos)} ${d.docCur}`);
  return createSimplePdf(`${titulo} ${docNum}`, [
    `Sociedad: ${sociedadNombre} (${bd})`,
    `Proveedor: ${d.cardCode} ${d.cardName}`,
    `Fecha: ${d.docDate}   Vencimiento: ${d.docDueDate}   Días de crédito: ${d.groupNum}`,
    `Referencia: ${d.numAtCard || "-"}   Uso CFDI: ${d.mainUsage}   Forma de pago: ${d.peyMethod}`,
    ...lineas,
    ...(d.lineas.length > lineas.length ? [`... y ${d.lineas.length - lineas.length} partidas más`] : []),
    `Subtotal: ${centavos(d.subtotalCentavos)}   Descuento: ${centavos(d.descuentoCentavos)}   IVA: ${centavos(d.ivaCentavos)}`,
    `Total: ${centavos(d.totalCentavos)} ${d.docCur}${d.docCur === "USD" ? ` (T.C. ${d.docRate})` : ""}`,
    "Documento de demostración generado por el ERP simulado del portal.",
  ]);
}

/** ERP-side data of the demo suppliers that the portal does not hold: postal code and what they sell. */
export const PERFIL_ERP_DEMO: Record<string, Pick<SocioSemilla, "zipCode" | "categorias" | "groupNum">> = {
  P00001: {
    zipCode: "06700",
    groupNum: 30,
    categorias: ["capacitacion", "papeleria", "consumibles", "computo", "mobiliario"],
  },
  P00002: { zipCode: "44160", groupNum: 0, categorias: ["mantenimiento", "limpieza", "seguridad", "ferreteria"] },
};

// The simulated ERP's face to the portal (decision 030): the ERP port's adapter over these tables.
export { createMockErpAdapter } from "./adapter";
export {
  cancelFacturaProveedor,
  cancelFacturaProveedorByKey,
  ErpRechazo,
  type FacturaProveedor,
  type FacturaProveedorNueva,
  insertFacturaProveedor,
  SERIE_FACTURAS,
  SERIE_PAGOS,
  scheduleFacturaProveedor,
  selectFacturaProveedor,
  selectFacturasProveedor,
} from "./facturas-proveedor";
export {
  insertNotaCreditoProveedor,
  SERIE_NOTAS_CREDITO,
  selectNotaCreditoProveedor,
} from "./notas-credito-proveedor";
export { cancelPago, listPagos, type PagoNuevo, type PagoProveedor, payFacturas } from "./pagos-proveedor";
// Decision 048 (F8): a second numbering series whose DocNums repeat the first's; payments with negative DocEntry.
export { addPaymentInSecondSeries, addReceiptInSecondSeries } from "./series";
