// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type ErpFacturaProveedorNueva, ErpRechazoError } from "../types";
import { quantity } from "./money";
import { q } from "./odata";
import { type CopiedLine, namedLines, refuseForeignLines } from "./partial-lines";
import type { SlBase, SlDocument } from "./wire";
import { status } from "./wire";

/*
 * Issue 42 part 2 (decision 076): an A/P invoice copied from purchase order lines — services billed against the
 * order without a goods receipt. Document_Lines name BaseType 22 (SDK BoObjectTypes oPurchaseOrders), BaseEntry
 * (the order's DocEntry), BaseLine and Quantity; SAP copies that quantity and lowers the order line's
 * RemainingOpenQuantity (service-layer.md §BaseType: "GRPO line → PO: BaseType 22").
 */

/** Whether the request copies purchase order lines (every line BaseType 22; a mix with receipts is refused). */
export function copiesOrders(input: Pick<ErpFacturaProveedorNueva, "lineas">): boolean {
  const lineas = input.lineas ?? [];
  const dePedido = lineas.filter((l) => l.baseType === 22).length;
  if (dePedido > 0 && dePedido < lineas.length) {
    throw new ErpRechazoError(
      "Una factura de proveedor no puede copiar a la vez líneas de pedidos y de entradas de mercancía.",
    );
  }
  return dePedido > 0;
}

/** The order lines the request names, checked against each order (the supplier's, open) and its open lines. */
export async function orderLines(
  client: SlBase["client"],
  input: ErpFacturaProveedorNueva,
): Promise<{ lines: CopiedLine[]; docNums: number[] }> {
  const pedidas = input.lineas ?? [];
  const entries = [...new Set(pedidas.map((l) => l.baseEntry))];
  const orders = await client.getAll<SlDocument>(
    input.bd,
    `PurchaseOrders?$select=DocEntry,DocNum,CardCode,DocumentStatus,DocumentLines&$filter=${q(
      entries.map((e) => `DocEntry eq ${e}`).join(" or "),
    )}`,
    { maxPageSize: 0 },
  );
  const lines: CopiedLine[] = [];
  const docNums: number[] = [];
  for (const entry of entries) {
    const order = orders.find((o) => o.DocEntry === entry);
    if (!order)
      throw new ErpRechazoError(`El pedido con DocEntry ${entry} no existe en la base de datos ${input.bd} del ERP.`);
    if (order.CardCode !== input.cardCode) {
      throw new ErpRechazoError(
        `El pedido ${order.DocNum} de la base de datos ${input.bd} es de otro proveedor (${order.CardCode}).`,
      );
    }
    const open = (order.DocumentLines ?? []).filter(
      (l) => status(l.LineStatus) === "O" && quantity(l.RemainingOpenQuantity) !== "0",
    );
    // SAP refuses copying from a closed document (-5002): said in the portal's words, before asking.
    if (status(order.DocumentStatus) === "C" || open.length === 0) {
      throw new ErpRechazoError(`El pedido ${order.DocNum} ya está cerrado en el ERP.`);
    }
    lines.push(...namedLines(22, order, open, pedidas));
    docNums.push(order.DocNum);
  }
  refuseForeignLines(pedidas, lines);
  return { lines, docNums };
}
