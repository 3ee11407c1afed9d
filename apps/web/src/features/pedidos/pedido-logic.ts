import { subtractAmounts } from "@portal/cfdi";
import type { PedidoLinea } from "@portal/contracts";

/** Spec §3 Order line: delivered quantity = quantity − open quantity, exact (decimal strings). */
export const cantidadEntregada = (linea: Pick<PedidoLinea, "Quantity" | "OpenQty">): string =>
  subtractAmounts(linea.Quantity, linea.OpenQty);

/** Title of the detail: the order's own number (DocNum), which is what suppliers and buyers quote. */
export const tituloPedido = (docNum: number): string => `Pedido #${docNum}`;
