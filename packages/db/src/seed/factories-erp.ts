import { eq, max } from "drizzle-orm";
import { storeArchivo } from "../archivos";
import type { Database } from "../client";
import {
  erpEntradaLineas,
  erpEntradas,
  erpFacturas,
  erpPagoFacturas,
  erpPagos,
  erpPedidoLineas,
  erpPedidos,
  erpSocios,
} from "../schema/index";
import { createSimplePdf } from "./pdf";

/**
 * Factories for the ERP mock's documents (erp_mock schema): one order, receipt, A/P invoice or payment with the
 * state a test needs (open or closed, MXN or USD, PUE or PPD, with or without PDF, cancelled, paid), instead of
 * hunting for it in the generated demo history. Keys (DocEntry) continue each company database's numbering;
 * DocNum follows the demo's series unless given. Dates default to the demo's reference date, never the clock.
 */
const FECHA_POR_DEFECTO = "2026-11-15";
const SERIE = { pedidos: 1000, entradas: 5000, facturas: 8000, pagos: 2000 } as const;

/** Integer cents as a decimal string with two places ("116000" -> "1160.00"). */
const dinero = (centavos: number) =>
  `${Math.trunc(centavos / 100)}.${String(Math.abs(centavos) % 100).padStart(2, "0")}`;
const aCentavos = (decimal: string) => {
  const [entero = "0", fraccion = ""] = decimal.split(".");
  return Number(entero) * 100 + Number(fraccion.padEnd(2, "0").slice(0, 2));
};

async function siguiente(
  db: Database,
  table: typeof erpPedidos | typeof erpEntradas | typeof erpFacturas | typeof erpPagos,
  bd: string,
) {
  const [row] = await db
    .select({ n: max(table.docEntry) })
    .from(table)
    .where(eq(table.bd, bd));
  return (row?.n ?? 0) + 1;
}

export interface ErpSocioInput {
  bd: string;
  cardCode: string;
  cardName?: string;
  licTradNum?: string;
  groupNum?: number;
  zipCode?: string;
}

/** A business partner (OCRD) in one company database. */
export async function createErpSocio(db: Database, input: ErpSocioInput) {
  const [row] = await db
    .insert(erpSocios)
    .values({
      bd: input.bd,
      cardCode: input.cardCode,
      cardName: input.cardName ?? `PROVEEDOR ${input.cardCode}`,
      licTradNum: input.licTradNum ?? "XAXX010101000",
      groupNum: input.groupNum ?? 0,
      zipCode: input.zipCode ?? "",
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export interface ErpLineaInput {
  itemCode?: string;
  itemName?: string;
  frgnName?: string;
  uomCode?: string;
  /** Decimal string; default "1". */
  quantity?: string;
  /** Default: the quantity when the document is open, "0" when closed. */
  openQty?: string;
  /** Unit price, decimal string with two places; default "1000.00". */
  priceBefDi?: string;
  lineStatus?: "O" | "C";
  /** Order lines only (issue 42 part 2): a non-inventory item, a service (OITM.InvntItem 'N'). Default false. */
  servicio?: boolean;
}

export interface ErpDocumentoInput {
  bd: string;
  cardCode: string;
  cardName?: string;
  docNum?: number;
  docStatus?: "O" | "C";
  docDate?: string;
  docDueDate?: string;
  /** Credit days: 0 is PUE, above 0 PPD (payment form 99). */
  groupNum?: number;
  mainUsage?: string;
  peyMethod?: string;
  docCur?: "MXN" | "USD";
  docRate?: string;
  numAtCard?: string;
  comments?: string;
  /** Store a PDF for the document (U_SYS_PMDPDF). */
  conPdf?: boolean;
  /** Default: one line. */
  lineas?: ErpLineaInput[];
  /** Header discount (DiscSum), decimal string; VAT is then 16 % of subtotal − discount. Default none. */
  descuento?: string;
  /** Withheld taxes (WTSum), decimal string; the CFDI total is DocTotal − WTSum. Default none. */
  retenciones?: string;
}

/** Header and lines with totals that add up: lines at 16 % VAT, no discounts or withholdings. */
async function documento(db: Database, kind: "pedido" | "entrada", input: ErpDocumentoInput, docEntry: number) {
  const docStatus = input.docStatus ?? "O";
  const docNum = input.docNum ?? docEntry + (kind === "pedido" ? SERIE.pedidos : SERIE.entradas);
  const cardName = input.cardName ?? `PROVEEDOR ${input.cardCode}`;
  const lineas = (input.lineas ?? [{}]).map((l, lineNum) => {
    const quantity = l.quantity ?? "1";
    const precio = aCentavos(l.priceBefDi ?? "1000.00");
    const totalCentavos = Math.round(Number(quantity) * precio);
    return {
      bd: input.bd,
      docEntry,
      lineNum,
      itemCode: l.itemCode ?? `ART-${String(lineNum + 1).padStart(4, "0")}`,
      itemName: l.itemName ?? "Papel bond carta 75 g (caja con 10 paquetes)",
      frgnName: l.frgnName ?? "",
      lineStatus: l.lineStatus ?? docStatus,
      uomCode: l.uomCode ?? "CJ",
      quantity,
      openQty: l.openQty ?? (docStatus === "C" ? "0" : quantity),
      priceBefDi: dinero(precio),
      discPrcnt: "0",
      lineTotal: dinero(totalCentavos),
      vatSum: dinero(Math.round(totalCentavos * 0.16)),
      totalCentavos,
    };
  });
  const subtotal = lineas.reduce((s, l) => s + l.totalCentavos, 0);
  const descuento = aCentavos(input.descuento ?? "0");
  const iva =
    descuento > 0 ? Math.round((subtotal - descuento) * 0.16) : lineas.reduce((s, l) => s + aCentavos(l.vatSum), 0);
  const titulo = kind === "pedido" ? "Pedido de compra" : "Entrada de mercancía";
  const pdfArchivoId = input.conPdf
    ? await storeArchivo(
        db,
        createSimplePdf(titulo, [`${titulo} ${docNum}`, `Base de datos: ${input.bd}`, `Proveedor: ${cardName}`]),
        "application/pdf",
      )
    : null;
  const groupNum = input.groupNum ?? 0;
  const header = {
    bd: input.bd,
    docEntry,
    docNum,
    cardCode: input.cardCode,
    cardName,
    docStatus,
    docDate: input.docDate ?? FECHA_POR_DEFECTO,
    docDueDate: input.docDueDate ?? input.docDate ?? FECHA_POR_DEFECTO,
    groupNum,
    mainUsage: input.mainUsage ?? "G03",
    peyMethod: input.peyMethod ?? (groupNum > 0 ? "99" : "03"),
    docCur: input.docCur ?? "MXN",
    docRate: input.docRate ?? (input.docCur === "USD" ? "17.25" : "1"),
    numAtCard: input.numAtCard ?? "",
    comments: input.comments ?? "",
    discPrcnt: descuento > 0 && subtotal > 0 ? ((descuento / subtotal) * 100).toFixed(2) : "0",
    discSum: dinero(descuento),
    vatSum: dinero(iva),
    wtSum: dinero(aCentavos(input.retenciones ?? "0")),
    docTotal: dinero(subtotal - descuento + iva),
    pdfArchivoId,
  };
  return { header, lineas: lineas.map(({ totalCentavos: _t, ...l }) => l) };
}

/** A purchase order (OPOR/POR1). */
export async function createErpPedido(db: Database, input: ErpDocumentoInput) {
  const { header, lineas } = await documento(db, "pedido", input, await siguiente(db, erpPedidos, input.bd));
  const [row] = await db.insert(erpPedidos).values(header).returning();
  await db
    .insert(erpPedidoLineas)
    .values(lineas.map((l, i) => ({ ...l, invntItem: input.lineas?.[i]?.servicio ? "N" : "Y" })));
  return row!;
}

export interface ErpEntradaInput extends ErpDocumentoInput {
  /** The order it receives (its DocNum), or null. */
  pedidoDocNum?: number | null;
  /** The supplier's postal code (checked against the invoice's LugarExpedicion). */
  cp?: string;
}

/** A goods receipt (OPDN/PDN1). */
export async function createErpEntrada(db: Database, input: ErpEntradaInput) {
  const { header, lineas } = await documento(db, "entrada", input, await siguiente(db, erpEntradas, input.bd));
  const pedidoDocNum = input.pedidoDocNum ?? null;
  const [row] = await db
    .insert(erpEntradas)
    .values({
      ...header,
      comments: input.comments ?? (pedidoDocNum === null ? "" : `Basado en Pedidos de compra ${pedidoDocNum}.`),
      pedidoDocNum,
      cp: input.cp ?? "",
    })
    .returning();
  await db.insert(erpEntradaLineas).values(lineas);
  return row!;
}

export interface ErpFacturaInput {
  bd: string;
  cardCode: string;
  docNum?: number;
  numAtCard?: string;
  uuid?: string;
  docDate?: string;
  /** Decimal string with two places; default "1160.00". */
  docTotal?: string;
  /** "0.00" unpaid (default); docTotal when paid. */
  paidToDate?: string;
  docCur?: "MXN" | "USD";
  canceled?: "Y" | "N";
  entradaDocNum?: number | null;
}

/** An A/P invoice (OPCH). */
export async function createErpFactura(db: Database, input: ErpFacturaInput) {
  const docEntry = await siguiente(db, erpFacturas, input.bd);
  const [row] = await db
    .insert(erpFacturas)
    .values({
      bd: input.bd,
      docEntry,
      docNum: input.docNum ?? docEntry + SERIE.facturas,
      cardCode: input.cardCode,
      numAtCard: input.numAtCard ?? `F-${docEntry}`,
      uuid: input.uuid ?? "",
      docDate: input.docDate ?? FECHA_POR_DEFECTO,
      docTotal: input.docTotal ?? "1160.00",
      paidToDate: input.paidToDate ?? "0.00",
      docCur: input.docCur ?? "MXN",
      canceled: input.canceled ?? "N",
      entradaDocNum: input.entradaDocNum ?? null,
    })
    .returning();
  return row!;
}

export interface ErpPagoInput {
  bd: string;
  cardCode: string;
  cardName?: string;
  docNum?: number;
  docDate?: string;
  /** Payment form (c_FormaPago); default "03" (transfer). */
  pymntGroup?: string;
  docCur?: "MXN" | "USD";
  canceled?: "Y" | "N";
  /** The invoices it settles (their DocEntry) and the amount applied to each; the total is their sum. */
  facturas: { docEntry: number; sumApplied: string }[];
}

/** An outgoing payment (OVPM) with the invoices it settles (VPM2). */
export async function createErpPago(db: Database, input: ErpPagoInput) {
  const docEntry = await siguiente(db, erpPagos, input.bd);
  const total = input.facturas.reduce((s, f) => s + aCentavos(f.sumApplied), 0);
  const [row] = await db
    .insert(erpPagos)
    .values({
      bd: input.bd,
      docEntry,
      docNum: input.docNum ?? docEntry + SERIE.pagos,
      cardCode: input.cardCode,
      cardName: input.cardName ?? `PROVEEDOR ${input.cardCode}`,
      docDate: input.docDate ?? FECHA_POR_DEFECTO,
      pymntGroup: input.pymntGroup ?? "03",
      docTotal: dinero(total),
      docCur: input.docCur ?? "MXN",
      canceled: input.canceled ?? "N",
    })
    .returning();
  if (input.facturas.length > 0) {
    await db.insert(erpPagoFacturas).values(
      input.facturas.map((f, lineNum) => ({
        bd: input.bd,
        docEntry,
        lineNum,
        facturaDocEntry: f.docEntry,
        sumApplied: f.sumApplied,
      })),
    );
  }
  return row!;
}
