// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type ErpLineaBase, ErpRechazoError } from "../types";
import type { SlDocument, SlLine } from "./wire";

/** A target line copied from a base document line (SAP Document_Lines BaseType/BaseEntry/BaseLine[/Quantity]). */
export interface CopiedLine {
  BaseType: 20 | 22;
  BaseEntry: number;
  BaseLine: number;
  /** Issue 42 (decision 074): the quantity copied, when the invoice bills part of the line. */
  Quantity?: number;
}

/**
 * Issue 42 (decision 074): the lines of one base document (a receipt, BaseType 20; a purchase order, 22) that a
 * partial request names, with their quantities. Without a Quantity SAP copies the line's whole open quantity; with
 * one it copies that and leaves the rest open (RemainingOpenQuantity). Refused before asking SAP, in the portal's
 * words: a line the document does not have, one closed, a quantity above its open quantity (SAP's own refusal
 * would be -5002 or "Quantity exceeds open quantity").
 */
export function namedLines(
  baseType: 20 | 22,
  doc: Pick<SlDocument, "DocEntry" | "DocNum"> & { DocumentLines?: SlLine[] | null },
  open: readonly SlLine[],
  pedidas: readonly ErpLineaBase[],
): CopiedLine[] {
  const deEste = pedidas.filter((p) => p.baseType === baseType && p.baseEntry === doc.DocEntry);
  if (deEste.length === 0) {
    throw new ErpRechazoError(`La solicitud no copia ninguna línea del documento ${doc.DocNum}.`);
  }
  return deEste
    .map((p) => {
      const line = open.find((l) => l.LineNum === p.baseLine);
      if (!line) {
        throw new ErpRechazoError(
          `La línea ${p.baseLine} del documento ${doc.DocNum} no existe o ya está cerrada en el ERP.`,
        );
      }
      if (Number(p.quantity) > Number(line.RemainingOpenQuantity ?? 0) + 1e-9) {
        throw new ErpRechazoError(
          `La cantidad ${p.quantity} supera la cantidad abierta (${line.RemainingOpenQuantity ?? 0}) de la línea ${p.baseLine} del documento ${doc.DocNum}.`,
        );
      }
      return { BaseType: baseType, BaseEntry: doc.DocEntry, BaseLine: p.baseLine, Quantity: Number(p.quantity) };
    })
    .sort((a, b) => a.BaseLine - b.BaseLine);
}

/** A named line of a document the request does not base the invoice on. */
export function refuseForeignLines(pedidas: readonly ErpLineaBase[] | undefined, copied: readonly CopiedLine[]) {
  const ajena = (pedidas ?? []).find(
    (p) => !copied.some((c) => c.BaseType === p.baseType && c.BaseEntry === p.baseEntry && c.BaseLine === p.baseLine),
  );
  if (ajena) {
    throw new ErpRechazoError(
      `La línea base ${ajena.baseLine} (BaseType ${ajena.baseType}, BaseEntry ${ajena.baseEntry}) no es de los documentos de la solicitud.`,
    );
  }
}
