import type { Database } from "@portal/db";
import { erpEntradaLineas, type erpEntradas } from "@portal/db/schema";
import type { ErpLineaBase } from "@portal/erp";
import { and, eq, sql } from "drizzle-orm";
import { ErpRechazo } from "./rechazo";

/*
 * Issue 42 (decision 074): an A/P invoice that bills part of a goods receipt, as SAP Business One copies a base
 * document when the request's Document_Lines name BaseType 20, BaseEntry, BaseLine and a Quantity (SAP Business One
 * SDK, Document_Lines: "BaseType/BaseEntry/BaseLine … Quantity"; the target line takes that quantity and the base
 * line's OpenQty drops by it, the base line closing (LineStatus C) at 0 and the document when every line is closed —
 * the behaviour of "Copy To" with a changed quantity, Help Portal "Purchasing A/P > Goods Receipt PO > Copy To").
 */

type LineaEntrada = typeof erpEntradaLineas.$inferSelect;

/** One open receipt line the A/P invoice copies and the quantity it copies. */
export interface LineaCopiada {
  linea: LineaEntrada;
  cantidad: string;
}

/**
 * The lines of one receipt a partial request names, each with its quantity, or every open line at its open
 * quantity when the request names none (a whole-receipt request). SAP refuses a base line that does not exist, is
 * closed, or whose OpenQty is below the quantity asked ("Quantity exceeds open quantity in base document").
 */
export function linesToCopy(
  entrada: typeof erpEntradas.$inferSelect,
  lineas: readonly LineaEntrada[],
  pedidas: readonly ErpLineaBase[] | undefined,
): LineaCopiada[] {
  const abiertas = lineas.filter((l) => l.lineStatus === "O" && Number(l.openQty) > 0);
  if (!pedidas || pedidas.length === 0) return abiertas.map((linea) => ({ linea, cantidad: linea.openQty }));
  const deEsta = pedidas.filter((p) => p.baseType === 20 && p.baseEntry === entrada.docEntry);
  if (deEsta.length === 0) {
    throw new ErpRechazo(`La solicitud no copia ninguna línea de la entrada de mercancía ${entrada.docNum}.`);
  }
  return deEsta.map((p) => {
    const linea = abiertas.find((l) => l.lineNum === p.baseLine);
    if (!linea) {
      throw new ErpRechazo(
        `La línea ${p.baseLine} de la entrada de mercancía ${entrada.docNum} no existe o ya está cerrada en el ERP.`,
      );
    }
    if (!(Number(p.quantity) > 0) || Number(p.quantity) > Number(linea.openQty) + 1e-9) {
      throw new ErpRechazo(
        `La cantidad ${p.quantity} supera la cantidad abierta (${Number(linea.openQty)}) de la línea ${p.baseLine} de la entrada de mercancía ${entrada.docNum}.`,
      );
    }
    return { linea, cantidad: p.quantity };
  });
}

/** A base-type 22 line or one naming a receipt the request does not list: the mock copies receipts only. */
export function refuseForeignLines(pedidas: readonly ErpLineaBase[] | undefined, docEntries: readonly number[]) {
  const ajena = (pedidas ?? []).find((p) => p.baseType !== 20 || !docEntries.includes(p.baseEntry));
  if (ajena) {
    throw new ErpRechazo(
      `La línea base ${ajena.baseLine} (BaseType ${ajena.baseType}, BaseEntry ${ajena.baseEntry}) no es de las entradas de mercancía de la solicitud.`,
    );
  }
}

/** The copied quantities leave the receipt lines: OpenQty drops, a line at 0 closes. */
export async function reduceOpenQuantities(tx: Database, bd: string, docEntry: number, copiadas: LineaCopiada[]) {
  for (const { linea, cantidad } of copiadas) {
    await tx
      .update(erpEntradaLineas)
      .set({
        openQty: sql`greatest(0, ${erpEntradaLineas.openQty} - ${cantidad}::numeric)`,
        lineStatus: sql`case when ${erpEntradaLineas.openQty} - ${cantidad}::numeric <= 0 then 'C' else 'O' end`,
      })
      .where(
        and(
          eq(erpEntradaLineas.bd, bd),
          eq(erpEntradaLineas.docEntry, docEntry),
          eq(erpEntradaLineas.lineNum, linea.lineNum),
        ),
      );
  }
}

/** Whether every line of the receipt is closed now (then the receipt closes). */
export async function isEveryLineClosed(tx: Database, bd: string, docEntry: number): Promise<boolean> {
  const abiertas = await tx
    .select({ lineNum: erpEntradaLineas.lineNum })
    .from(erpEntradaLineas)
    .where(
      and(eq(erpEntradaLineas.bd, bd), eq(erpEntradaLineas.docEntry, docEntry), eq(erpEntradaLineas.lineStatus, "O")),
    );
  return abiertas.length === 0;
}
