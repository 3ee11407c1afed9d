import { CALLS } from "@portal/contracts";
import { defineList, operatorBody } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";

/** POST /api/entradasMercancia/getEntradasMercancia (spec §7): the goods receipts with their lines. */
export const entradasList = defineList({
  key: [...DOMAIN_KEYS.entradas, "list"],
  call: CALLS.getEntradasMercancia,
  body: operatorBody,
  listPath: "/Entradas-Mercancia",
});
