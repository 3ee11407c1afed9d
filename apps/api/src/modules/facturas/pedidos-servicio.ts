import { FACTURA_PEDIDO_MSG, type LineaPedidoFactura, type PedidoPorFacturar } from "@portal/contracts";
import type { ErpAdapter, ErpEntrada, ErpLinea, ErpPedido } from "../../erp/types";
import { cantidadTexto, partOf } from "./partes";
import { lineKey, type NuevaLineaFactura } from "./repository-lineas";
import type { FacturasRepository } from "./shared";

/*
 * Issue 42 part 2 (decision 076): services billed against the purchase order. An order line may be billed without a
 * goods receipt when its item is not an inventory item (ErpLinea.servicio: SAP OITM.InvntItem 'N'). What is left
 * to bill of a line is the ERP's open quantity less what the portal's Pendiente/Aceptada invoices hold that the
 * ERP does not show yet, never beyond the line's quantity less everything they hold (the rule of decision 074);
 * the database's counters (lineas_base_facturadas, base_type 22) refuse over-billing between simultaneous uploads.
 */

const cents = (v: string | number) => Math.round(Number(v) * 100);
const money = (c: number) => (c / 100).toFixed(2);
const EPSILON = 1e-9;

type Held = Map<string, { facturada: number; sinErp: number }>;

/** What is left to bill of an order line (0 for a closed line or a line of an inventory item). */
export function porFacturar(linea: ErpLinea, held: { facturada: number; sinErp: number } | undefined): number {
  if (linea.lineStatus !== "O" || !linea.servicio) return 0;
  const porErp = Number(linea.openQty) - (held?.sinErp ?? 0);
  const porPortal = Number(linea.quantity) - (held?.facturada ?? 0);
  return Math.max(0, Math.min(porErp, porPortal));
}

/** An order as the §5 checks read a receipt: it has no issuer postal code of its own (checks skip it). */
export const comoEntrada = (p: ErpPedido): ErpEntrada => ({ ...p, pedidoDocNum: p.docNum, cp: "" });

/** The plan of an invoice billing order lines: the lines to store and each order reduced to its chosen part. */
export interface PedidoPlan {
  lineas: NuevaLineaFactura[];
  /** The orders as the §5 checks see them: their totals the chosen part's. */
  partes: ErpEntrada[];
}

/** The chosen order lines checked against the orders and what is left of each line; every failing message. */
export async function planPedidos(
  repo: Pick<FacturasRepository, "cantidadesFacturadas">,
  bd: string,
  pedidos: readonly ErpPedido[],
  pedidas: readonly LineaPedidoFactura[],
  sustituibles: ReadonlyMap<string, number> = new Map(),
): Promise<{ errores: string[]; plan: PedidoPlan }> {
  const errores: string[] = [];
  const held = await repo.cantidadesFacturadas(
    bd,
    22,
    pedidos.map((p) => p.docEntry),
  );
  const seen = new Set<string>();
  const lineas: NuevaLineaFactura[] = [];
  const elegidasDe = new Map<number, { linea: ErpLinea; cantidad: number }[]>();
  for (const p of pedidas) {
    const pedido = pedidos.find((x) => x.docEntry === p.PedidoDocEntry);
    if (!pedido) continue; // pedidosElegidos already said so.
    const key = lineKey(p.PedidoDocEntry, p.LineNum);
    if (seen.has(key)) {
      errores.push(FACTURA_PEDIDO_MSG.lineaRepetida(pedido.docNum, p.LineNum));
      continue;
    }
    seen.add(key);
    const linea = pedido.lineas.find((l) => l.lineNum === p.LineNum);
    const cantidad = Number(p.Cantidad);
    // Decision 077: a replacement may bill again what the accepted invoice it replaces holds of the line.
    const queda = linea ? Math.max(porFacturar(linea, held.get(key)), sustituibles.get(key) ?? 0) : 0;
    const error = !linea
      ? FACTURA_PEDIDO_MSG.lineaNoExiste(pedido.docNum, p.LineNum)
      : !linea.servicio
        ? FACTURA_PEDIDO_MSG.lineaNoServicio(pedido.docNum, p.LineNum, linea.itemName)
        : !(cantidad > 0)
          ? FACTURA_PEDIDO_MSG.cantidadInvalida(pedido.docNum, p.LineNum)
          : cantidad > queda + EPSILON
            ? FACTURA_PEDIDO_MSG.cantidadExcedeAbierta(pedido.docNum, p.LineNum, p.Cantidad, cantidadTexto(queda))
            : null;
    // Beyond what is left the part is still priced at what was asked: the §5 total check then adds no misleading
    // second refusal ("se esperaba 0.00") to the one that names the quantity.
    if (linea?.servicio && cantidad > 0) {
      elegidasDe.set(pedido.docEntry, [...(elegidasDe.get(pedido.docEntry) ?? []), { linea, cantidad }]);
    }
    if (error || !linea) {
      errores.push(error ?? "");
      continue;
    }
    lineas.push({
      baseType: 22,
      baseEntry: pedido.docEntry,
      baseDocNum: pedido.docNum,
      baseLine: linea.lineNum,
      itemCode: linea.itemCode,
      itemName: linea.itemName,
      cantidad: p.Cantidad,
      cantidadLinea: linea.quantity,
      importe: money(Math.round((cents(linea.lineTotal) * cantidad) / Number(linea.quantity))),
    });
  }
  const partes = pedidos.map((p) => partOf(comoEntrada(p), elegidasDe.get(p.docEntry) ?? []));
  return { errores, plan: { lineas, partes } };
}

/** The orders the lines name, read from the ERP: the supplier's and open, or a message each. */
export async function pedidosElegidos(
  erp: Pick<ErpAdapter, "readPedidos">,
  bd: string,
  cardCode: string,
  pedidas: readonly LineaPedidoFactura[],
  /** Decision 077: orders an invoice the CFDI replaces bills (its A/P invoice may have closed them). */
  deSustituibles: ReadonlySet<number> = new Set(),
): Promise<{ pedidos: ErpPedido[]; errores: string[] }> {
  const entries = [...new Set(pedidas.map((p) => p.PedidoDocEntry))].sort((a, b) => a - b);
  const leidos = await erp.readPedidos(entries.map((docEntry) => ({ bd, docEntry })));
  const errores: string[] = [];
  const pedidos: ErpPedido[] = [];
  for (const entry of entries) {
    const pedido = leidos.find((p) => p.docEntry === entry && p.bd === bd && p.cardCode === cardCode);
    if (!pedido) errores.push(FACTURA_PEDIDO_MSG.pedidoNoEncontrado(entry));
    else if (pedido.docStatus !== "O" && !deSustituibles.has(entry))
      errores.push(FACTURA_PEDIDO_MSG.pedidoCerrado(pedido.docNum));
    else pedidos.push(pedido);
  }
  pedidos.sort((a, b) => a.docNum - b.docNum || a.docEntry - b.docEntry);
  return { pedidos, errores };
}

/** getPedidosPorFacturar: the supplier's open orders with service lines left to bill, what is left of each. */
export async function pedidosPorFacturar(
  erp: Pick<ErpAdapter, "listPedidos">,
  repo: Pick<FacturasRepository, "cantidadesFacturadas">,
  bd: string,
  cardCode: string,
): Promise<PedidoPorFacturar[]> {
  const abiertos = (await erp.listPedidos({ bds: [bd], cardCode })).filter(
    (p) => p.bd === bd && p.docStatus === "O" && p.lineas.some((l) => l.servicio && l.lineStatus === "O"),
  );
  const held: Held = await repo.cantidadesFacturadas(
    bd,
    22,
    abiertos.map((p) => p.docEntry),
  );
  return abiertos.flatMap((p) => {
    const lineas = p.lineas
      .map((l) => ({ l, queda: porFacturar(l, held.get(lineKey(p.docEntry, l.lineNum))) }))
      .filter(({ queda }) => queda > EPSILON);
    if (lineas.length === 0) return [];
    const importe = lineas.reduce(
      (s, { l, queda }) => s + Math.round((cents(l.lineTotal) * queda) / Number(l.quantity)),
      0,
    );
    return [
      {
        DocEntry: p.docEntry,
        DocNum: p.docNum,
        DocDate: p.docDate,
        DocTotal: p.docTotal,
        DocCur: p.docCur,
        GroupNum: p.groupNum,
        PeyMethod: p.peyMethod,
        U_B1SYS_MainUsage: p.mainUsage,
        PorFacturar: money(importe),
        Lineas: lineas.map(({ l, queda }) => ({
          LineNum: l.lineNum,
          ItemCode: l.itemCode,
          ItemName: l.itemName,
          Quantity: l.quantity,
          PorFacturar: cantidadTexto(queda),
          LineTotal: l.lineTotal,
        })),
      },
    ];
  });
}
