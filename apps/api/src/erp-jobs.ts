import type { ErpAdapter } from "./erp/types";
import type { Clock } from "./lib/clock";
import { bloqueoPagoErpJobs } from "./modules/bloqueo-pago/erp-jobs";
import { cuentaBancariaErpJob } from "./modules/cuentas-bancarias/erp-job";
import type { ErpJobHandler } from "./modules/erp-outbox/service";
import { facturaErpJobs } from "./modules/facturas/erp-jobs";
import { notaCreditoErpJob } from "./modules/notas-credito/erp-job";
import type { Data } from "./repositories";

/**
 * Every kind of ERP job (decision 054), in one list: each is defined in the module whose document it is; the outbox
 * (modules/erp-outbox) runs them and knows none of them. A new kind is one line here (and its value in
 * erp_trabajos_tipo_chk).
 */
export const erpJobHandlers = (deps: { data: Data; clock: Clock; erp: ErpAdapter }): ErpJobHandler[] => [
  ...facturaErpJobs(deps),
  notaCreditoErpJob(deps),
  ...bloqueoPagoErpJobs(deps),
  cuentaBancariaErpJob(deps),
];
