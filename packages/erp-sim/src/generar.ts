import {
  ARTICULOS,
  type Articulo,
  type Categoria,
  COMENTARIOS_PEDIDO,
  DIAS_CREDITO,
  FORMAS_PAGO_PUE,
  OBSERVACIONES_ENTRADA,
  USO_CFDI,
} from "./catalogo";
import { createRandom, hashSeed, type Random } from "./random";

/**
 * Pure, deterministic generation of one company database's purchasing history for a set of suppliers:
 * purchase orders (OPOR/POR1), goods receipts (OPDN/PDN1) that deliver those orders, A/P invoices (OPCH) for the
 * receipts already invoiced, and vendor payments (OVPM/VPM2) for the invoices already paid. No I/O: the seed
 * (index.ts) numbers, stores and inserts what this returns. Money is computed in integer cents.
 */

/** A supplier as a business partner of one company database (OCRD row). */
export interface SocioSemilla {
  bd: string;
  /** Display name of the company (for the PDFs). */
  sociedadNombre: string;
  cardCode: string;
  cardName: string;
  rfc: string;
  tipoPersona: "F" | "M";
  zipCode: string;
  /** What it sells; derived from the CardCode when absent. */
  categorias?: readonly Categoria[];
  /** Its usual credit days (OCRD GroupNum); derived from the CardCode when absent. */
  groupNum?: number;
}

export interface VolumenSocio {
  pedidos: number;
  entradas: number;
}

export interface LineaGenerada {
  lineNum: number;
  itemCode: string;
  itemName: string;
  frgnName: string;
  lineStatus: "O" | "C";
  uomCode: string;
  /** Quantities in halves (KG and LT may be fractional). */
  cantidadMedios: number;
  abiertaMedios: number;
  precioCentavos: number;
  /** Basis points (1250 = 12.5 %). */
  descuentoBp: number;
  totalCentavos: number;
  ivaCentavos: number;
}

export interface DocumentoGenerado {
  /** Position among this supplier's documents of the same kind (0-based, by date). */
  secuencia: number;
  cardCode: string;
  cardName: string;
  docStatus: "O" | "C";
  docDate: string;
  docDueDate: string;
  groupNum: number;
  mainUsage: string;
  peyMethod: string;
  docCur: "MXN" | "USD";
  /** Exchange rate with 4 decimals, as text ("1" for MXN). */
  docRate: string;
  numAtCard: string;
  comments: string;
  descuentoBp: number;
  subtotalCentavos: number;
  descuentoCentavos: number;
  ivaCentavos: number;
  retencionCentavos: number;
  /** Subtotal - discount + VAT: before withholdings (the invoice XML total is DocTotal - WTSum). */
  totalCentavos: number;
  conPdf: boolean;
  lineas: LineaGenerada[];
}

export interface PedidoGenerado extends DocumentoGenerado {
  clave: string;
}
export interface EntradaGenerada extends DocumentoGenerado {
  clave: string;
  /** `clave` of the order it delivers. */
  pedidoClave: string;
  cp: string;
}
export interface FacturaGenerada {
  clave: string;
  cardCode: string;
  entradaClave: string;
  numAtCard: string;
  uuid: string;
  docDate: string;
  /** Amount payable: the CFDI total (receipt total minus withholdings). */
  totalCentavos: number;
  pagadoCentavos: number;
  docCur: "MXN" | "USD";
  canceled: "Y" | "N";
}
export interface PagoGenerado {
  clave: string;
  cardCode: string;
  cardName: string;
  docDate: string;
  pymntGroup: string;
  docCur: "MXN" | "USD";
  totalCentavos: number;
  facturas: { facturaClave: string; aplicadoCentavos: number }[];
}

export interface HistorialSocio {
  socio: SocioSemilla;
  groupNum: number;
  pedidos: PedidoGenerado[];
  entradas: EntradaGenerada[];
  facturas: FacturaGenerada[];
  pagos: PagoGenerado[];
}

const DIA_MS = 86_400_000;
/** Documents span the 18 months before the reference date. */
export const DIAS_HISTORIAL = 548;
/** Every n-th document of a supplier carries a PDF. */
export const CADA_N_CON_PDF = 5;

const fecha = (referencia: number, diasAntes: number) =>
  new Date(referencia - diasAntes * DIA_MS).toISOString().slice(0, 10);
const addDays = (iso: string, dias: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + dias * DIA_MS).toISOString().slice(0, 10);
const minFecha = (a: string, b: string) => (a < b ? a : b);
const diasEntre = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DIA_MS);

/** A plausible MXN/USD rate for a date (4 decimals), smooth over time and reproducible. */
export function tipoDeCambio(iso: string): string {
  const dia = Math.floor(Date.parse(`${iso}T00:00:00Z`) / DIA_MS);
  const valor = 18.6 + 0.9 * Math.sin(dia / 47) + 0.35 * Math.sin(dia / 11.3);
  return valor.toFixed(4);
}

const CATEGORIAS = Object.keys(ARTICULOS) as Categoria[];

/** Categories a supplier sells, derived from its CardCode when not given. */
export function categoriasDe(socio: SocioSemilla): readonly Categoria[] {
  if (socio.categorias && socio.categorias.length > 0) return socio.categorias;
  return createRandom(hashSeed(`categorias|${socio.cardCode}`)).sample(CATEGORIAS, 3);
}

/** Default credit days of a supplier (its OCRD GroupNum), the same in every company database. */
export function diasCreditoDe(cardCode: string): number {
  return createRandom(hashSeed(`credito|${cardCode}`)).weighted(DIAS_CREDITO);
}

/** Number of lines: 1-15, skewed to few lines as real purchase orders are (mean about 4.5). */
function numeroDeLineas(r: Random): number {
  return r.weighted([
    [1, 14],
    [2, 16],
    [3, 15],
    [4, 12],
    [5, 10],
    [6, 8],
    [7, 6],
    [8, 5],
    [9, 4],
    [10, 3],
    [11, 2],
    [12, 2],
    [13, 1],
    [14, 1],
    [15, 1],
  ]);
}

const isService = (art: Articulo) => art.uomCode === "SRV";
const isFreight = (art: Articulo) => art.itemCode.startsWith("SRV-020");
const fraccionable = (art: Articulo) => art.uomCode === "KG" || art.uomCode === "LT";

/** Amount of a line in cents: quantity (halves) x unit price x (1 - discount). */
const importeLinea = (cantidadMedios: number, precioCentavos: number, descuentoBp: number) =>
  Math.round((cantidadMedios * precioCentavos * (10_000 - descuentoBp)) / 20_000);

interface LineaPlan {
  art: Articulo;
  cantidadMedios: number;
  precioCentavos: number;
  descuentoBp: number;
}

/** Header amounts from lines: header discount, 16 % VAT per line, withholdings per Mexican rules. */
function totales(
  lineas: { art: Articulo; totalCentavos: number }[],
  descuentoBp: number,
  tipoPersona: "F" | "M",
): {
  subtotal: number;
  descuento: number;
  ivaPorLinea: number[];
  iva: number;
  retencion: number;
  total: number;
} {
  const subtotal = lineas.reduce((s, l) => s + l.totalCentavos, 0);
  const descuento = Math.round((subtotal * descuentoBp) / 10_000);
  const neto = (c: number) => c - Math.round((c * descuentoBp) / 10_000);
  const ivaPorLinea = lineas.map((l) => Math.round((neto(l.totalCentavos) * 16) / 100));
  const iva = ivaPorLinea.reduce((s, v) => s + v, 0);
  // Persona física providing services: ISR 10 % and two thirds of the VAT withheld. Ground freight: 4 % VAT.
  const baseServicios = lineas
    .filter((l) => isService(l.art) && !isFreight(l.art))
    .reduce((s, l) => s + neto(l.totalCentavos), 0);
  const baseFletes = lineas.filter((l) => isFreight(l.art)).reduce((s, l) => s + neto(l.totalCentavos), 0);
  const retencion =
    (tipoPersona === "F" ? Math.round(baseServicios * 0.1) + Math.round((baseServicios * 0.16 * 2) / 3) : 0) +
    Math.round(baseFletes * 0.04);
  return { subtotal, descuento, ivaPorLinea, iva, retencion, total: subtotal - descuento + iva };
}

/** What every phase of one supplier's history reads: its seeded generator, the supplier and the fixed "today". */
interface Contexto {
  r: Random;
  socio: SocioSemilla;
  referencia: number;
  /** `referencia` as YYYY-MM-DD. */
  hoy: string;
}

interface PedidoPlan {
  clave: string;
  diasAntes: number;
  docDate: string;
  groupNum: number;
  docCur: "MXN" | "USD";
  tasa: string;
  peyMethod: string;
  mainUsage: string;
  descuentoBp: number;
  lineas: LineaPlan[];
  numAtCard: string;
  comments: string;
  entregas: number;
}

type ArticuloDeCategoria = { art: Articulo; categoria: Categoria };

/**
 * One supplier's history in one company database. `referencia` is the fixed "today" of the data set
 * (epoch ms), never the clock, so the same call always returns the same documents. The phases below draw from one
 * seeded generator in a fixed order: orders, their receipts, the orders' open quantities, invoices, payments.
 */
export function generateHistory(socio: SocioSemilla, volumen: VolumenSocio, referencia: number): HistorialSocio {
  const r = createRandom(hashSeed(`${socio.bd}|${socio.cardCode}`));
  const ctx: Contexto = { r, socio, referencia, hoy: fecha(referencia, 0) };
  const categorias = categoriasDe(socio);
  const groupNumSocio = socio.groupNum ?? diasCreditoDe(socio.cardCode);
  const planes = planOrders(ctx, categorias, groupNumSocio, volumen.pedidos);
  assignDeliveries(r, planes, volumen.entradas);
  const pedidos: PedidoGenerado[] = [];
  const entradas: EntradaGenerada[] = [];
  const remisiones = new Map<string, number>();
  for (const [i, p] of planes.entries()) {
    const entregadoMedios = generateReceipts(ctx, p, entradas, remisiones);
    pedidos.push(generateOrder(ctx, p, i, entregadoMedios));
  }
  const { facturas, pendientesDePago } = generateInvoices(ctx, entradas);
  const pagos = generatePayments(ctx, pendientesDePago);
  return { socio, groupNum: groupNumSocio, pedidos, entradas, facturas, pagos };
}

// --- Purchase orders, oldest first -------------------------------------------------------------------

/** The orders' plans: date, terms, currency, lines and references, oldest first (receipts not yet assigned). */
function planOrders(
  ctx: Contexto,
  categorias: readonly Categoria[],
  groupNumSocio: number,
  numero: number,
): PedidoPlan[] {
  const { r, socio, referencia } = ctx;
  const articulos = categorias.flatMap((c) => ARTICULOS[c].map((art) => ({ art, categoria: c })));
  const compraEnDolares = categorias.some((c) => c === "computo" || c === "consumibles" || c === "materiales");
  const diasAntes = Array.from({ length: numero }, () => r.int(0, DIAS_HISTORIAL - 1)).sort((x, y) => y - x);
  const folioPorAnio = new Map<string, number>();
  const folio = (prefijo: string, iso: string) => {
    const anio = iso.slice(0, 4);
    const n = (folioPorAnio.get(`${prefijo}${anio}`) ?? r.int(20, 120)) + r.int(1, 4);
    folioPorAnio.set(`${prefijo}${anio}`, n);
    return `${prefijo}-${anio}-${String(n).padStart(4, "0")}`;
  };
  return diasAntes.map((dias, i) => {
    const docDate = fecha(referencia, dias);
    const groupNum = r.chance(0.75) ? groupNumSocio : r.weighted(DIAS_CREDITO);
    const docCur: "MXN" | "USD" = r.chance(compraEnDolares ? 0.25 : 0.06) ? "USD" : "MXN";
    const tasa = docCur === "USD" ? tipoDeCambio(docDate) : "1";
    const n = numeroDeLineas(r);
    const elegidos = r.sample(articulos, n);
    while (elegidos.length < n) elegidos.push(r.pick(articulos)); // small catalogues repeat items
    const dominante = elegidos[0]?.categoria ?? categorias[0] ?? "papeleria";
    const lineas = planLines(r, elegidos, docCur, tasa);
    return {
      clave: `${socio.cardCode}|P|${i}`,
      diasAntes: dias,
      docDate,
      groupNum,
      docCur,
      tasa,
      peyMethod: groupNum > 0 ? "99" : r.weighted(FORMAS_PAGO_PUE),
      mainUsage: USO_CFDI[dominante],
      descuentoBp: r.chance(0.75) ? 0 : r.pick([200, 300, 500, 750, 1000]),
      lineas,
      numAtCard: r.chance(0.6) ? folio("COT", docDate) : "",
      comments: r.pick(COMENTARIOS_PEDIDO),
      entregas: 0,
    };
  });
}

/** An order's lines: quantity, negotiated price in the document currency and line discount of each item. */
function planLines(r: Random, elegidos: ArticuloDeCategoria[], docCur: "MXN" | "USD", tasa: string): LineaPlan[] {
  return elegidos.map(({ art }) => {
    const unidades = r.int(art.cantidad[0], art.cantidad[1]);
    const cantidadMedios = unidades * 2 + (fraccionable(art) && r.chance(0.2) ? 1 : 0);
    // Negotiated price within +-8 % of list, in the document currency.
    const lista = Math.round(art.precioCentavos * (0.92 + r.next() * 0.16));
    const precioCentavos =
      docCur === "USD" ? Math.max(1, Math.round((lista * 10_000) / Math.round(Number(tasa) * 10_000))) : lista;
    const descuentoBp = r.chance(0.8) ? 0 : r.pick([500, 1000, 1250, 1500]);
    return { art, cantidadMedios, precioCentavos, descuentoBp };
  });
}

// --- How many receipts each order gets: recent orders may be undelivered, older ones get 1-3 ------------

function assignDeliveries(r: Random, planes: PedidoPlan[], entradas: number): void {
  for (const p of planes) p.entregas = p.diasAntes < 20 ? (r.chance(0.4) ? 1 : 0) : 1;
  let asignadas = planes.reduce((s, p) => s + p.entregas, 0);
  const candidatos = planes.filter((p) => p.diasAntes >= 30);
  for (let intento = 0; asignadas < entradas && intento < entradas * 20; intento++) {
    const p = candidatos.length > 0 ? r.pick(candidatos) : r.pick(planes);
    if (p.entregas < 3 && p.entregas < p.lineas.length) {
      p.entregas++;
      asignadas++;
    }
  }
  for (let i = planes.length - 1; asignadas > entradas && i >= 0; i--) {
    const p = planes[i] as PedidoPlan;
    if (p.entregas > 0) {
      p.entregas--;
      asignadas--;
    }
  }
}

// --- The receipts of each order, then the order with what is still open --------------------------------

/**
 * The receipts of one order, appended to `entradas` (numbered across the supplier's receipts); returns what each
 * order line got delivered (halves).
 */
function generateReceipts(
  ctx: Contexto,
  p: PedidoPlan,
  entradas: EntradaGenerada[],
  remisiones: Map<string, number>,
): number[] {
  const { r, hoy } = ctx;
  const entregadoMedios = p.lineas.map(() => 0);
  // Lines are split among the receipts in contiguous groups; an order still in transit gets a partial last one.
  const completo = p.diasAntes > 60 ? r.chance(0.9) : r.chance(0.5);
  let fechaEntrega = p.docDate;
  for (let j = 0; j < p.entregas; j++) {
    const desde = Math.floor((j * p.lineas.length) / p.entregas);
    const hasta = Math.floor(((j + 1) * p.lineas.length) / p.entregas);
    const ultima = j === p.entregas - 1;
    // Lead time 2-20 days (later deliveries 2-25 more); one that would fall after "today" arrived sooner.
    const propuesta = addDays(fechaEntrega, r.int(2, j === 0 ? 20 : 25));
    fechaEntrega = propuesta <= hoy ? propuesta : addDays(fechaEntrega, r.int(0, diasEntre(fechaEntrega, hoy)));
    const lineasEntrada = p.lineas.slice(desde, hasta).map((l, k) => {
      const idx = desde + k;
      const parcial = ultima && !completo && r.chance(0.6);
      const cantidad = parcial ? Math.max(1, Math.floor(l.cantidadMedios * (0.3 + r.next() * 0.6))) : l.cantidadMedios;
      entregadoMedios[idx] = (entregadoMedios[idx] ?? 0) + cantidad;
      return { l, cantidad };
    });
    entradas.push(receipt(ctx, p, fechaEntrega, lineasEntrada, entradas.length, remisiones));
  }
  return entregadoMedios;
}

/** One receipt of order `p` on `fechaEntrega` with the quantities delivered of some of its lines. */
function receipt(
  ctx: Contexto,
  p: PedidoPlan,
  fechaEntrega: string,
  lineasEntrada: { l: LineaPlan; cantidad: number }[],
  secuencia: number,
  remisiones: Map<string, number>,
): EntradaGenerada {
  const { r, socio, hoy } = ctx;
  const diasDesdeEntrega = diasEntre(fechaEntrega, hoy);
  const abierta = diasDesdeEntrega < 45 ? r.chance(0.75) : r.chance(0.04);
  const docStatus: "O" | "C" = abierta ? "O" : "C";
  const conImporte = lineasEntrada.map(({ l, cantidad }) => ({
    art: l.art,
    l,
    cantidad,
    totalCentavos: importeLinea(cantidad, l.precioCentavos, l.descuentoBp),
  }));
  const t = totales(conImporte, p.descuentoBp, socio.tipoPersona);
  const anio = fechaEntrega.slice(0, 4);
  const rem = (remisiones.get(anio) ?? r.int(100, 300)) + r.int(1, 3);
  remisiones.set(anio, rem);
  return {
    secuencia,
    clave: `${socio.cardCode}|E|${secuencia}`,
    pedidoClave: p.clave,
    cp: socio.zipCode,
    cardCode: socio.cardCode,
    cardName: socio.cardName,
    docStatus,
    docDate: fechaEntrega,
    docDueDate: addDays(fechaEntrega, p.groupNum),
    groupNum: p.groupNum,
    mainUsage: p.mainUsage,
    peyMethod: p.peyMethod,
    docCur: p.docCur,
    docRate: p.docCur === "USD" ? tipoDeCambio(fechaEntrega) : "1",
    numAtCard: r.chance(0.9) ? `REM-${anio}-${String(rem).padStart(4, "0")}` : "",
    /** Completed with the order number when numbered ("Basado en Pedidos de compra 1234."). */
    comments: r.pick(OBSERVACIONES_ENTRADA),
    descuentoBp: p.descuentoBp,
    subtotalCentavos: t.subtotal,
    descuentoCentavos: t.descuento,
    ivaCentavos: t.iva,
    retencionCentavos: t.retencion,
    totalCentavos: t.total,
    conPdf: secuencia % CADA_N_CON_PDF === 0,
    lineas: conImporte.map((c, k) => ({
      lineNum: k,
      itemCode: c.art.itemCode,
      itemName: c.art.itemName,
      frgnName: c.art.frgnName,
      lineStatus: docStatus,
      uomCode: c.art.uomCode,
      cantidadMedios: c.cantidad,
      abiertaMedios: docStatus === "O" ? c.cantidad : 0,
      precioCentavos: c.l.precioCentavos,
      descuentoBp: c.l.descuentoBp,
      totalCentavos: c.totalCentavos,
      ivaCentavos: t.ivaPorLinea[k] ?? 0,
    })),
  };
}

/** The order, with what is still open after its receipts. Old orders left partly delivered were closed by hand. */
function generateOrder(ctx: Contexto, p: PedidoPlan, i: number, entregadoMedios: number[]): PedidoGenerado {
  const { r, socio } = ctx;
  const conImporte = p.lineas.map((l) => ({
    art: l.art,
    totalCentavos: importeLinea(l.cantidadMedios, l.precioCentavos, l.descuentoBp),
  }));
  const t = totales(conImporte, p.descuentoBp, socio.tipoPersona);
  const cerradoAMano = p.diasAntes > 270 && r.chance(0.7);
  const lineas: LineaGenerada[] = p.lineas.map((l, k) => {
    const abierta = Math.max(0, l.cantidadMedios - (entregadoMedios[k] ?? 0));
    return {
      lineNum: k,
      itemCode: l.art.itemCode,
      itemName: l.art.itemName,
      frgnName: l.art.frgnName,
      lineStatus: abierta === 0 || cerradoAMano ? "C" : "O",
      uomCode: l.art.uomCode,
      cantidadMedios: l.cantidadMedios,
      abiertaMedios: abierta,
      precioCentavos: l.precioCentavos,
      descuentoBp: l.descuentoBp,
      totalCentavos: conImporte[k]?.totalCentavos ?? 0,
      ivaCentavos: t.ivaPorLinea[k] ?? 0,
    };
  });
  return {
    secuencia: i,
    clave: p.clave,
    cardCode: socio.cardCode,
    cardName: socio.cardName,
    docStatus: lineas.every((l) => l.lineStatus === "C") ? "C" : "O",
    docDate: p.docDate,
    docDueDate: addDays(p.docDate, r.int(3, 21)),
    groupNum: p.groupNum,
    mainUsage: p.mainUsage,
    peyMethod: p.peyMethod,
    docCur: p.docCur,
    docRate: p.tasa,
    numAtCard: p.numAtCard,
    comments: p.comments,
    descuentoBp: p.descuentoBp,
    subtotalCentavos: t.subtotal,
    descuentoCentavos: t.descuento,
    ivaCentavos: t.iva,
    retencionCentavos: t.retencion,
    totalCentavos: t.total,
    conPdf: i % CADA_N_CON_PDF === 0,
    lineas,
  };
}

// --- A/P invoices for the receipts already invoiced (closed), and the payments of those already paid ----

type PendienteDePago = { f: FacturaGenerada; fechaPago: string };

function generateInvoices(
  ctx: Contexto,
  entradas: readonly EntradaGenerada[],
): { facturas: FacturaGenerada[]; pendientesDePago: PendienteDePago[] } {
  const { r, socio, hoy } = ctx;
  const facturas: FacturaGenerada[] = [];
  let serie = r.int(1000, 4000);
  const pendientesDePago: PendienteDePago[] = [];
  for (const e of entradas) {
    if (e.docStatus !== "C") continue;
    const docDate = minFecha(addDays(e.docDate, r.int(0, 5)), hoy);
    const total = e.totalCentavos - e.retencionCentavos;
    const canceled = r.chance(0.02) ? "Y" : "N";
    serie += r.int(1, 6);
    const f: FacturaGenerada = {
      clave: `${socio.cardCode}|F|${facturas.length}`,
      cardCode: socio.cardCode,
      entradaClave: e.clave,
      numAtCard: `${socio.tipoPersona === "F" ? "F" : "A"}-${serie}`,
      uuid: uuidDeterminista(r),
      docDate,
      totalCentavos: total,
      pagadoCentavos: 0,
      docCur: e.docCur,
      canceled,
    };
    facturas.push(f);
    if (canceled === "Y") continue;
    // Payment runs are on Fridays after the due date; recent ones are still pending.
    const vence = addDays(docDate, e.groupNum);
    const viernes = addDays(vence, (5 - new Date(`${vence}T00:00:00Z`).getUTCDay() + 7) % 7);
    if (viernes <= hoy && (e.groupNum === 0 || r.chance(0.85))) {
      pendientesDePago.push({ f, fechaPago: e.groupNum === 0 ? docDate : viernes });
    }
  }
  return { facturas, pendientesDePago };
}

/** The payment runs: the invoices due on one date in one currency, at most 3 per payment; marks them paid. */
function generatePayments(ctx: Contexto, pendientesDePago: readonly PendienteDePago[]): PagoGenerado[] {
  const { r, socio, hoy } = ctx;
  const pagos: PagoGenerado[] = [];
  const porCorrida = new Map<string, PendienteDePago[]>();
  for (const item of pendientesDePago) {
    const llave = `${item.fechaPago}|${item.f.docCur}`;
    porCorrida.set(llave, [...(porCorrida.get(llave) ?? []), item]);
  }
  for (const [llave, grupo] of [...porCorrida.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    const [docDate = hoy, docCur = "MXN"] = llave.split("|");
    // A payment settles at most 3 invoices; PUE invoices are paid one by one at the invoice date.
    for (let i = 0; i < grupo.length; i += 3) {
      const lote = grupo.slice(i, i + 3);
      for (const { f } of lote) f.pagadoCentavos = f.totalCentavos;
      pagos.push({
        clave: `${socio.cardCode}|V|${pagos.length}`,
        cardCode: socio.cardCode,
        cardName: socio.cardName,
        docDate,
        pymntGroup: r.weighted([
          ["03", 9],
          ["02", 1],
        ]),
        docCur: docCur as "MXN" | "USD",
        totalCentavos: lote.reduce((s, { f }) => s + f.totalCentavos, 0),
        facturas: lote.map(({ f }) => ({ facturaClave: f.clave, aplicadoCentavos: f.totalCentavos })),
      });
    }
  }
  return pagos;
}

/** An upper-case UUID v4 from the seeded generator (A/P invoice stamps). */
function uuidDeterminista(r: Random): string {
  const hex = Array.from({ length: 32 }, () => r.int(0, 15).toString(16)).join("");
  const variante = ((r.int(0, 3) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variante}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

/** Cents to a decimal string with 2 decimals ("1234.50", "-0.05"). */
export const centavos = (c: number): string => {
  const signo = c < 0 ? "-" : "";
  const abs = Math.abs(c);
  return `${signo}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};
/** Halves to a decimal string ("12", "12.5"). */
export const medios = (m: number): string => (m % 2 === 0 ? String(m / 2) : `${(m - 1) / 2}.5`);
/** Basis points to a percentage string ("0", "12.5", "7.5"). */
export const puntosBase = (bp: number): string => String(bp / 100);
