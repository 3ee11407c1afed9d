import { FACTURA_PARTES_MSG, FACTURA_PEDIDO_MSG, type LineaFactura, MSG } from "@portal/contracts";
import type { ErpEntrada, ErpLinea } from "../../erp/types";
import { Conflict, Invalid } from "../../lib/errors";
import { FACTURA_MSG } from "./reglas";
import { lineKey, type NuevaLineaFactura, trimZeros } from "./repository-lineas";
import type { FacturasRepository } from "./shared";

/*
 * Issue 42 part 3 (decision 074): a CFDI that bills part of its receipts — the lines and quantities the supplier
 * chose. The §5 checks compare the CFDI with that part: each receipt as if it were only its chosen quantities (its
 * totals, VAT and withholdings in proportion to the chosen lines' amounts at the receipt's prices).
 */

const cents = (v: string | number) => Math.round(Number(v) * 100);
const money = (c: number) => (c / 100).toFixed(2);
/** Quantities are compared to a millionth (numeric(19,6)). */
const EPSILON = 1e-9;
/** A quantity as the messages show it: to a millionth, without float noise (1 - 0.7 reads "0.3"). */
export const cantidadTexto = (v: number) => trimZeros(v.toFixed(6));

/** The partial registration's plan: the lines to store and each receipt reduced to its chosen part. */
export interface PartialPlan {
  lineas: NuevaLineaFactura[];
  /** The receipts as the §5 checks see them: their totals the chosen part's. */
  entradas: ErpEntrada[];
}

/** What each base line still has to bill: the ERP's open quantity less the portal's not yet in the ERP, capped. */
function available(linea: ErpLinea, held: { facturada: number; sinErp: number } | undefined): number {
  const porErp = Number(linea.openQty) - (held?.sinErp ?? 0);
  const porPortal = Number(linea.quantity) - (held?.facturada ?? 0);
  return Math.max(0, Math.min(porErp, porPortal));
}

/** The chosen part of one receipt: its amounts in proportion to the chosen lines' share of its lines. */
export function partOf(entrada: ErpEntrada, elegidas: readonly { linea: ErpLinea; cantidad: number }[]): ErpEntrada {
  const net = elegidas.reduce(
    (s, { linea, cantidad }) =>
      Number(linea.quantity) > 0 ? s + Math.round((cents(linea.lineTotal) * cantidad) / Number(linea.quantity)) : s,
    0,
  );
  const whole = entrada.lineas.reduce((s, l) => s + cents(l.lineTotal), 0);
  const share = whole > 0 ? net / whole : 0;
  const scaled = (v: string) => money(Math.round(cents(v) * share));
  return {
    ...entrada,
    docTotal: scaled(entrada.docTotal),
    vatSum: scaled(entrada.vatSum),
    wtSum: scaled(entrada.wtSum),
    discSum: scaled(entrada.discSum),
  };
}

/** The billed amount of a line: the quantity at the line's price after its discount, before taxes. */
const importeOf = (linea: ErpLinea, cantidad: number) =>
  money(Math.round((cents(linea.lineTotal) * cantidad) / Number(linea.quantity)));

/**
 * The chosen lines checked against the receipts and what is left to bill of each line (the ERP's open quantity
 * less what the portal's invoices hold that the ERP does not show yet, and never beyond the line's quantity less
 * what they hold); every failing message, or the plan. `sustituibles` (decision 077): the lines an accepted invoice
 * the CFDI replaces (TipoRelacion 04) holds, which the replacement may bill again (its A/P invoice is taken over,
 * not created; takeoverOf then requires exactly those lines and quantities).
 */
export async function planPartial(
  repo: Pick<FacturasRepository, "cantidadesFacturadas" | "documentosFacturados">,
  bd: string,
  entradas: readonly ErpEntrada[],
  pedidas: readonly LineaFactura[],
  sustituibles: ReadonlyMap<string, number> = new Map(),
): Promise<{ errores: string[]; plan: PartialPlan }> {
  const errores: string[] = [];
  const entries = entradas.map((e) => e.docEntry);
  const [held, documentos] = await Promise.all([
    repo.cantidadesFacturadas(bd, 20, entries),
    repo.documentosFacturados(bd, 20, entries),
  ]);
  const seen = new Set<string>();
  const lineas: NuevaLineaFactura[] = [];
  const elegidasDe = new Map<number, { linea: ErpLinea; cantidad: number }[]>();
  for (const p of pedidas) {
    const entrada = entradas.find((e) => e.docEntry === p.EntradaDocEntry);
    if (!entrada) {
      errores.push(FACTURA_PARTES_MSG.entradaNoElegida(p.EntradaDocEntry));
      continue;
    }
    const key = lineKey(p.EntradaDocEntry, p.LineNum);
    if (seen.has(key)) {
      errores.push(FACTURA_PARTES_MSG.lineaRepetida(entrada.docNum, p.LineNum));
      continue;
    }
    seen.add(key);
    const linea = entrada.lineas.find((l) => l.lineNum === p.LineNum);
    if (!linea) {
      errores.push(FACTURA_PARTES_MSG.lineaNoExiste(entrada.docNum, p.LineNum));
      continue;
    }
    const cantidad = Number(p.Cantidad);
    if (!(cantidad > 0)) {
      errores.push(FACTURA_PARTES_MSG.cantidadInvalida(entrada.docNum, p.LineNum));
      continue;
    }
    const libre = Math.max(linea.lineStatus === "O" ? available(linea, held.get(key)) : 0, sustituibles.get(key) ?? 0);
    // The part is priced at what was asked even beyond what is left, so that the §5 total check does not add a
    // misleading second refusal ("se esperaba 0.00") to the one that names the quantity.
    elegidasDe.set(entrada.docEntry, [...(elegidasDe.get(entrada.docEntry) ?? []), { linea, cantidad }]);
    if (cantidad > libre + EPSILON) {
      errores.push(
        FACTURA_PARTES_MSG.cantidadExcedeAbierta(entrada.docNum, p.LineNum, p.Cantidad, cantidadTexto(libre)),
      );
      continue;
    }
    lineas.push({
      baseType: 20,
      baseEntry: entrada.docEntry,
      baseDocNum: entrada.docNum,
      baseLine: linea.lineNum,
      itemCode: linea.itemCode,
      itemName: linea.itemName,
      cantidad: p.Cantidad,
      cantidadLinea: linea.quantity,
      importe: importeOf(linea, cantidad),
    });
  }
  for (const e of entradas) {
    if (documentos.some((d) => d.baseEntry === e.docEntry && d.completas > 0)) {
      errores.push(FACTURA_PARTES_MSG.entradaFacturadaCompleta(e.docNum));
    } else if (!pedidas.some((p) => p.EntradaDocEntry === e.docEntry)) {
      errores.push(FACTURA_PARTES_MSG.entradaSinLineas(e.docNum));
    }
  }
  const partes = entradas.map((e) => partOf(e, elegidasDe.get(e.docEntry) ?? []));
  return { errores, plan: { lineas, entradas: partes } };
}

/**
 * A partial invoice's receipts as its §5 checks see them (a correction, patchfactura): each reduced to the lines and
 * quantities the invoice bills; the receipts unchanged for an invoice billing them whole.
 */
export async function storedPart(
  repo: Pick<FacturasRepository, "lineasDe">,
  facturaId: number,
  entradas: readonly ErpEntrada[],
): Promise<readonly ErpEntrada[]> {
  const lineas = (await repo.lineasDe([facturaId])).get(facturaId) ?? [];
  if (lineas.length === 0) return entradas;
  return entradas.map((e) =>
    partOf(
      e,
      lineas.flatMap((l) => {
        const linea = e.lineas.find((x) => l.EntradaDocEntry === e.docEntry && x.lineNum === l.LineNum);
        return linea ? [{ linea, cantidad: Number(l.Cantidad) }] : [];
      }),
    ),
  );
}

/** The receipts of a whole-receipt registration that partial invoices hold: refused with their own sentence. */
export async function heldInParts(
  repo: Pick<FacturasRepository, "documentosFacturados">,
  bd: string,
  entradas: readonly ErpEntrada[],
): Promise<Set<number>> {
  const documentos = await repo.documentosFacturados(
    bd,
    20,
    entradas.map((e) => e.docEntry),
  );
  return new Set(documentos.filter((d) => d.parciales > 0).map((d) => d.baseEntry));
}

/** The constraint a database check violation names ("" when unnamed), looking through causes; null for others. */
export function checkViolation(error: unknown): string | null {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23514") return typeof constraint === "string" ? constraint : "";
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * How an invoice holds its base documents, for the counters' sentences: whole receipts (false), part of them (true),
 * or (decision 076) purchase order lines ("pedido").
 */
export type ModoFacturado = boolean | "pedido";

/** A stored invoice's way of holding its base documents. */
export const modoFacturado = (f: { parcial: boolean; pedido: boolean }): ModoFacturado =>
  f.pedido ? "pedido" : f.parcial;

/**
 * The counters' check failing (two simultaneous uploads, a reactivation): the second learns that another invoice
 * took the quantity, or the receipt, first. `docNums` are the invoice's receipts (its orders for "pedido").
 */
export function quantityRaceMessage(
  constraint: string,
  docNums: readonly number[],
  parcial: ModoFacturado,
): string | null {
  const primera = docNums[0] ?? 0;
  if (constraint === "lineas_base_facturadas_cantidad_chk") {
    return parcial === "pedido"
      ? FACTURA_PEDIDO_MSG.cantidadYaFacturada(primera)
      : FACTURA_PARTES_MSG.cantidadYaFacturada(primera);
  }
  if (constraint === "documentos_base_facturados_chk") {
    return parcial
      ? FACTURA_PARTES_MSG.entradaFacturadaCompleta(primera)
      : FACTURA_PARTES_MSG.entradaFacturadaEnPartes(primera);
  }
  return null;
}

/**
 * Runs `work`; a counter's check violation becomes a 409 with its sentence (review: after MSG.revisionError).
 * For "pedido" (decision 076) `docNums` are the invoice's orders.
 */
export async function withQuantityRace<T>(
  work: () => Promise<T>,
  docNums: readonly number[],
  parcial: ModoFacturado,
  review = false,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = checkViolation(error);
    const message = constraint === null ? null : quantityRaceMessage(constraint, docNums, parcial);
    if (message === null) throw error;
    throw review ? new Invalid([MSG.revisionError, message]) : new Conflict(message);
  }
}

/**
 * The receipts other Pendiente/Aceptada invoices hold (`tomadas`), in words: partial invoices share a receipt by
 * quantity with partial ones only; a whole-receipt invoice holds it alone (decision 074). `enPartes`: the receipts
 * (DocEntry) partial invoices hold.
 */
export function heldReceiptErrors(
  tomadas: readonly { docNum: number; docEntry: number | null }[],
  enPartes: ReadonlySet<number>,
  parcial: boolean,
): string[] {
  const errores: string[] = [];
  for (const n of tomadas) {
    const porPartes = n.docEntry !== null && enPartes.has(n.docEntry);
    if (parcial && !porPartes) errores.push(FACTURA_PARTES_MSG.entradaFacturadaCompleta(n.docNum));
    else if (!parcial) {
      errores.push(
        porPartes ? FACTURA_PARTES_MSG.entradaFacturadaEnPartes(n.docNum) : FACTURA_MSG.entradaConFactura(n.docNum),
      );
    }
  }
  return errores;
}
