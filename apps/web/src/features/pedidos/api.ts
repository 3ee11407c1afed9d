import { CALLS } from "@portal/contracts";
import { defineList, operatorBody } from "../../lib/list-query";

/** POST /api/pedidos/getPedidos (spec §7): the orders with their lines (DetallePedido). */
export const pedidosList = defineList({
  key: ["pedidos", "list"],
  call: CALLS.getPedidos,
  body: operatorBody,
  listPath: "/Pedidos",
});
