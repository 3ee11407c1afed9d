import { CALLS } from "@portal/contracts";
import { defineList, operatorBody } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";

/** POST /api/pedidos/getPedidos (spec §7): the orders with their lines (DetallePedido). */
export const pedidosList = defineList({
  key: [...DOMAIN_KEYS.pedidos, "list"],
  call: CALLS.getPedidos,
  body: operatorBody,
  listPath: "/Pedidos",
});
