import type { Database } from "@portal/db";
import { erpPedidoLineas, erpPedidos } from "@portal/db/schema";
import type { ErpFacturaProveedorNueva } from "@portal/erp";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { LineaCopiada } from "./facturas-proveedor-partes";
import { ErpRechazo } from "./rechazo";

/*
 * Issue 42 part 2 (decision 076): an A/P invoice copied from purchase order lines (services billed against the
 * order, no goods receipt), as SAP Business One copies a base document when the request's Document_Lines name
 * BaseType 22 (oPurchaseOrders), BaseEntry, BaseLine and a Quantity (SAP Business One SDK, Document_Lines
 * "BaseType/BaseEntry/BaseLine"; BoObjectTypes oPurchaseOrders = 22; /work/shared/erp/service-layer.md §BaseType):
 * the target line takes that quantity, the order line's OpenQty drops by it and closes at 0, the order closes when
 * every line is closed (Help Portal "Purchasing A/P > Purchase Order > Copy To A/P Invoice").
 */

type Pedido = typeof erpPedidos.$inferSelect;

/** One order the A/P invoice copies, locked, with the lines and quantities it copies. */
export interface CopiaPedido {
  entrada: Pedido;
  copiadas: LineaCopiada[];
  baseType: 22;
}

/** Whether the request copies purchase order lines (every line BaseType 22; a mix with receipts is refused). */
export function copiesOrders(input: Pick<ErpFacturaProveedorNueva, "lineas">): boolean {
  const lineas = input.lineas ?? [];
  const dePedido = lineas.filter((l) => l.baseType === 22).length;
  if (dePedido > 0 && dePedido < lineas.length) {
    throw new ErpRechazo(
      "Una factura de proveedor no puede copiar a la vez líneas de pedidos y de entradas de mercancía.",
    );
  }
  return dePedido > 0;
}

/**
 * The orders the request's lines name, locked, each with its named lines. SAP refuses an order that does not exist,
 * is another partner's or is closed, a line that does not exist or is closed, and a quantity above the line's
 * OpenQty ("Quantity exceeds open quantity in base document").
 */
export async function ordersToCopy(tx: Database, input: ErpFacturaProveedorNueva): Promise<CopiaPedido[]> {
  const pedidas = input.lineas ?? [];
  const entries = [...new Set(pedidas.map((l) => l.baseEntry))];
  const pedidos = await tx
    .select()
    .from(erpPedidos)
    .where(and(eq(erpPedidos.bd, input.bd), inArray(erpPedidos.docEntry, entries)))
    .orderBy(asc(erpPedidos.docEntry))
    .for("update");
  const copias: CopiaPedido[] = [];
  for (const entry of entries) {
    const pedido = pedidos.find((p) => p.docEntry === entry);
    if (!pedido) throw new ErpRechazo(`El pedido con DocEntry ${entry} no existe en ${input.bd}.`);
    if (pedido.cardCode !== input.cardCode) {
      throw new ErpRechazo(`El pedido ${pedido.docNum} es del proveedor ${pedido.cardCode}, no de ${input.cardCode}.`);
    }
    if (pedido.docStatus === "C") throw new ErpRechazo(`El pedido ${pedido.docNum} ya está cerrado en el ERP.`);
    const lineas = await tx
      .select()
      .from(erpPedidoLineas)
      .where(and(eq(erpPedidoLineas.bd, input.bd), eq(erpPedidoLineas.docEntry, entry)))
      .orderBy(asc(erpPedidoLineas.lineNum));
    const copiadas = pedidas
      .filter((p) => p.baseEntry === entry)
      .sort((a, b) => a.baseLine - b.baseLine)
      .map((p) => {
        const linea = lineas.find((l) => l.lineNum === p.baseLine && l.lineStatus === "O" && Number(l.openQty) > 0);
        if (!linea) {
          throw new ErpRechazo(
            `La línea ${p.baseLine} del pedido ${pedido.docNum} no existe o ya está cerrada en el ERP.`,
          );
        }
        if (!(Number(p.quantity) > 0) || Number(p.quantity) > Number(linea.openQty) + 1e-9) {
          throw new ErpRechazo(
            `La cantidad ${p.quantity} supera la cantidad abierta (${Number(linea.openQty)}) de la línea ${p.baseLine} del pedido ${pedido.docNum}.`,
          );
        }
        return { linea, cantidad: p.quantity };
      });
    copias.push({ entrada: pedido, copiadas, baseType: 22 });
  }
  return copias;
}

/** The copied quantities leave the order lines (a line at 0 closes); an order with every line closed closes. */
export async function closeOrders(tx: Database, bd: string, copias: readonly CopiaPedido[]) {
  for (const { entrada: pedido, copiadas } of copias) {
    for (const { linea, cantidad } of copiadas) {
      await tx
        .update(erpPedidoLineas)
        .set({
          openQty: sql`greatest(0, ${erpPedidoLineas.openQty} - ${cantidad}::numeric)`,
          lineStatus: sql`case when ${erpPedidoLineas.openQty} - ${cantidad}::numeric <= 0 then 'C' else 'O' end`,
        })
        .where(
          and(
            eq(erpPedidoLineas.bd, bd),
            eq(erpPedidoLineas.docEntry, pedido.docEntry),
            eq(erpPedidoLineas.lineNum, linea.lineNum),
          ),
        );
    }
    await tx.execute(sql`update erp_mock.pedidos p set doc_status = 'C'
      where p.bd = ${bd} and p.doc_entry = ${pedido.docEntry} and not exists (
        select 1 from erp_mock.pedido_lineas l where l.bd = p.bd and l.doc_entry = p.doc_entry and l.line_status = 'O')`);
  }
}
