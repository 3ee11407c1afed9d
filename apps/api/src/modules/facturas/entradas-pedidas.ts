import { distinctCurrencies } from "@portal/contracts";
import { type EntradaRef, ordenEntradas } from "@portal/db";
import { ambiguousDocEntries, type ErpAdapter, type ErpEntrada } from "../../erp/types";
import { Invalid, refusal } from "../../lib/errors";
import { FACTURA_MSG } from "./reglas";

/**
 * The receipts a postFactura body names (issue 37, decision 051): EntradaMercancia's numbers and, when the client
 * sends it, EntradaDocEntry's DocEntries in the same shape and order. Without DocEntries each is a number only.
 */
export function refsDelEnvio(
  entradaMercancia: number | readonly number[],
  entradaDocEntry?: number | readonly number[],
): EntradaRef[] {
  const docNums = typeof entradaMercancia === "number" ? [entradaMercancia] : [...entradaMercancia];
  if (entradaDocEntry === undefined) return docNums.map((docNum) => ({ docNum, docEntry: null }));
  const docEntries = typeof entradaDocEntry === "number" ? [entradaDocEntry] : [...entradaDocEntry];
  if (typeof entradaMercancia !== typeof entradaDocEntry || docEntries.length !== docNums.length) {
    throw new Invalid(FACTURA_MSG.entradaDocEntryDistinta);
  }
  return docNums.map((docNum, i) => ({ docNum, docEntry: docEntries[i] as number }));
}

/**
 * Reads a supplier's receipts of one company database: by DocEntry where the reference has it (what identifies a
 * receipt), else by number (an old client, or a row of before migration 0026). Another partner's receipt is as good
 * as missing; a number naming several of the supplier's receipts is refused in words (ErpNumeroAmbiguoError).
 */
export function createEntradasPedidas(erp: Pick<ErpAdapter, "findEntrada" | "readEntradas">) {
  /** One of the supplier's receipts by number; another partner's receipt is as good as missing. */
  async function porNumero(cardCode: string, bd: string, docNum: number): Promise<ErpEntrada | undefined> {
    try {
      const e = await erp.findEntrada(bd, docNum, cardCode);
      return e && e.cardCode === cardCode ? e : undefined;
    } catch (error) {
      const docEntries = ambiguousDocEntries(error);
      if (docEntries) throw new Invalid(FACTURA_MSG.entradaAmbigua(docNum, docEntries.length));
      throw error;
    }
  }

  /** Each reference's receipt (undefined when missing or another partner's), in the order of `refs`. */
  async function readReceipts(
    cardCode: string,
    bd: string,
    refs: readonly EntradaRef[],
  ): Promise<(ErpEntrada | undefined)[]> {
    const keys = refs.flatMap((r) => (r.docEntry === null ? [] : [{ bd, docEntry: r.docEntry }]));
    const porEntry = keys.length > 0 ? await erp.readEntradas(keys) : [];
    return Promise.all(
      refs.map(async (r) => {
        if (r.docEntry === null) return porNumero(cardCode, bd, r.docNum);
        const e = porEntry.find((x) => x.bd === bd && x.docEntry === r.docEntry);
        return e && e.cardCode === cardCode ? e : undefined;
      }),
    );
  }

  /**
   * The supplier's receipts of one sociedad (issue 27: one or several), ordered by number then DocEntry (the first is
   * the invoice's own), or every refusal: a receipt missing or another partner's, a DocEntry whose receipt has
   * another number than the one sent, a number naming several receipts, receipts in more than one currency.
   */
  async function pedidas(cardCode: string, bd: string, refs: readonly EntradaRef[]): Promise<ErpEntrada[]> {
    const halladas = await readReceipts(cardCode, bd, refs);
    const errores = refs.flatMap((r, i) => {
      const e = halladas[i];
      if (!e) return [FACTURA_MSG.entradaNoExiste(r.docNum)];
      return e.docNum === r.docNum ? [] : [FACTURA_MSG.entradaNoCorresponde(r.docNum)];
    });
    if (errores.length > 0) throw refusal(errores);
    const entradas = (halladas as ErpEntrada[]).sort((a, b) => ordenEntradas(refDe(a), refDe(b)));
    const varias = refuseMixedCurrencies(entradas);
    if (varias) throw new Invalid(varias);
    return entradas;
  }

  /** One receipt of the supplier (getEntradas with a number): by DocEntry when given, with that number; else null. */
  async function una(cardCode: string, bd: string, ref: EntradaRef): Promise<ErpEntrada | undefined> {
    const [e] = await readReceipts(cardCode, bd, [ref]);
    return e && e.docNum === ref.docNum ? e : undefined;
  }

  return { una, pedidas };
}

/**
 * Issue 27/39: the refusal of receipts in more than one currency, each named with its currency (never a sum of
 * them); null when they share one.
 */
export function refuseMixedCurrencies(entradas: readonly Pick<ErpEntrada, "docNum" | "docCur">[]): string | null {
  if (distinctCurrencies(entradas.map((e) => e.docCur)).length < 2) return null;
  return FACTURA_MSG.entradasDeVariasMonedas(
    entradas.map((e) => ({ docNum: e.docNum, moneda: e.docCur.trim().toUpperCase() })),
  );
}

/** A receipt read from the ERP as the portal stores it. */
export const refDe = (e: ErpEntrada): EntradaRef => ({ docNum: e.docNum, docEntry: e.docEntry });
