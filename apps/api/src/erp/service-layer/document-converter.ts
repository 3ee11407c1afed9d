import type { ErpEntrada, ErpLinea, ErpPedido } from "../types";
import type { Attachments } from "./attachments";
import { offeredReceipts } from "./cancellation";
import type { CatalogCache } from "./catalog-cache";
import { type CompanyCurrencies, inDocumentCurrency } from "./currency";
import type { MirrorQueries } from "./mirror-queries";
import { money, quantity, unitPrice } from "./money";
import { isoDate } from "./odata";
import type { RecentDocuments } from "./recent-documents";
import { type DocumentKind, type SlDocument, status, text, versionOf } from "./wire";

/** SAP's orders and receipts (with lines) as the portal's: item names, payment terms, PDF ids, order numbers. */
export function createDocumentConverter(deps: {
  catalog: Pick<CatalogCache, "itemForeignNames" | "paymentTerms" | "isServiceItem">;
  attachments: Pick<Attachments, "attachmentFiles">;
  queries: Pick<MirrorQueries, "docNums">;
  recent: Pick<RecentDocuments, "remember">;
  currencies: CompanyCurrencies;
}) {
  const { itemForeignNames, paymentTerms } = deps.catalog;
  const { attachmentFiles } = deps.attachments;
  const { docNums } = deps.queries;
  const { remember } = deps.recent;

  /** SAP documents (with lines) → the portal's orders or receipts; resolves item names, terms, PDFs, orders. */
  async function toDocuments(kind: "pedido", bd: string, docs: SlDocument[]): Promise<ErpPedido[]>;
  async function toDocuments(kind: "entrada", bd: string, docs: SlDocument[]): Promise<ErpEntrada[]>;
  async function toDocuments(kind: DocumentKind, bd: string, all: SlDocument[]): Promise<(ErpPedido | ErpEntrada)[]> {
    // Cancelled receipts and their cancellation documents are not offered to suppliers (decision 048, F6).
    const offered = kind === "entrada" ? offeredReceipts(all) : all;
    if (offered.length === 0) return [];
    // Issue 37 (F1, F9): amounts in the document's currency, ISO codes.
    const cc = await deps.currencies.of(bd);
    const docs = offered.map((d) => inDocumentCurrency(d, cc));
    const lines = docs.flatMap((d) => d.DocumentLines ?? []);
    const [names, terms, files, orders] = await Promise.all([
      itemForeignNames(
        bd,
        lines.map((l) => text(l.ItemCode)),
      ),
      paymentTerms(
        bd,
        docs.map((d) => d.PaymentGroupCode ?? 0),
      ),
      attachmentFiles(
        bd,
        docs.flatMap((d) => (d.AttachmentEntry ? [d.AttachmentEntry] : [])),
      ),
      kind === "entrada"
        ? docNums(
            "pedido",
            bd,
            lines.flatMap((l) => (l.BaseType === 22 && l.BaseEntry ? [l.BaseEntry] : [])),
          )
        : Promise.resolve(new Map<number, number>()),
    ]);
    const converted = docs.map((d) => {
      const lineas: ErpLinea[] = [...(d.DocumentLines ?? [])]
        .sort((a, b) => a.LineNum - b.LineNum)
        .map((l) => ({
          lineNum: l.LineNum,
          itemCode: text(l.ItemCode),
          itemName: text(l.ItemDescription),
          frgnName: names.get(text(l.ItemCode)) ?? "",
          lineStatus: status(l.LineStatus),
          uomCode: text(l.UoMCode),
          quantity: quantity(l.Quantity),
          openQty: quantity(l.RemainingOpenQuantity),
          priceBefDi: unitPrice(l.UnitPrice),
          discPrcnt: quantity(l.DiscountPercent),
          lineTotal: money(l.LineTotal, text(d.DocCurrency)),
          // Issue 42 part 2 (decision 076): an order line of a non-inventory item (Items.InventoryItem tNO).
          ...(kind === "pedido" && deps.catalog.isServiceItem(bd, text(l.ItemCode)) ? { servicio: true } : {}),
        }));
      const cur = text(d.DocCurrency);
      const header: ErpPedido = {
        bd,
        docEntry: d.DocEntry,
        docNum: d.DocNum,
        cardCode: d.CardCode,
        cardName: text(d.CardName),
        docStatus: status(d.DocumentStatus),
        docDate: isoDate(d.DocDate),
        docDueDate: isoDate(d.DocDueDate ?? d.DocDate),
        groupNum: terms.get(d.PaymentGroupCode ?? 0) ?? 0,
        mainUsage: text(d.U_B1SYS_MainUsage),
        peyMethod: text(d.PaymentMethod),
        docCur: cur,
        docRate: quantity(d.DocRate ?? 1),
        numAtCard: text(d.NumAtCard),
        comments: text(d.Comments),
        discPrcnt: quantity(d.DiscountPercent),
        discSum: money(d.TotalDiscount, cur),
        vatSum: money(d.VatSum, cur),
        wtSum: money(d.WTAmount, cur),
        docTotal: money(d.DocTotal, cur),
        pdfArchivoId: d.AttachmentEntry ? (files.get(d.AttachmentEntry) ?? null) : null,
        version: versionOf(d),
        lineas,
      };
      if (kind === "pedido") return header;
      const base = (d.DocumentLines ?? []).find((l) => l.BaseType === 22 && l.BaseEntry);
      return {
        ...header,
        pedidoDocNum: base?.BaseEntry ? (orders.get(base.BaseEntry) ?? null) : null,
        cp: text(d.AddressExtension?.BillToZipCode),
        lineas,
      } satisfies ErpEntrada;
    });
    if (kind === "entrada") remember("entrada", converted as ErpEntrada[]);
    else remember("pedido", converted as ErpPedido[]);
    return converted;
  }

  return { toDocuments };
}
