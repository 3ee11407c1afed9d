import { SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import type { ErpTrabajo } from "../erp-outbox/repository";
import type { ErpJobHandler, ErpJobRun, ErpResultado } from "../erp-outbox/service";
import { erpCuentaOf } from "./rows";

/** The ERP job of an approved bank-account request (issue 41, decision 069). */
export const TIPO_ESCRIBIR_CUENTA = "escribir_cuenta_bancaria";

/**
 * 'escribir_cuenta_bancaria': the approved account is written to the supplier's business partner in each company
 * database of its sociedades (BusinessPartners → BPBankAccounts, `upsertBankAccount`), which reads the partner's
 * accounts first, so a retry after a lost answer or a second run never adds the line twice. Once every database has
 * it, the job is done and the request's Historial says so.
 */
export function cuentaBancariaErpJob({
  data,
  clock,
  erp,
}: {
  data: Data;
  clock: Clock;
  erp: ErpAdapter;
}): ErpJobHandler {
  const { repos, withTransaction } = data;
  async function run(trabajo: ErpTrabajo, outbox: ErpJobRun): Promise<ErpResultado> {
    const solicitudId = trabajo.solicitudCuentaId ?? 0;
    try {
      const cuenta = await repos.cuentasBancarias.cuentaOf(solicitudId);
      const bds = cuenta ? await repos.cuentasBancarias.bdsOf(cuenta.cardCode) : [];
      if (cuenta) {
        for (const bd of bds) await erp.upsertBankAccount(bd, cuenta.cardCode, erpCuentaOf(cuenta, cuenta.titular));
      }
      await withTransaction(async (tx) => {
        await tx.erpTrabajos.finish(trabajo.id, clock());
        if (cuenta && bds.length > 0) {
          await tx.auditoria.recordChange(
            { operador: "Sistema", id: "ERP" },
            {
              entidad: "solicitud_cuenta_bancaria",
              id: solicitudId,
              campo: SOLICITUD_CUENTA_MSG.erp.campo,
              from: "",
              to: "registrada",
              comment: SOLICITUD_CUENTA_MSG.erp.registrada(bds),
            },
            clock(),
          );
        }
      });
      return { ok: true, docNum: null };
    } catch (error) {
      return outbox.failed(error);
    }
  }
  return { tipo: TIPO_ESCRIBIR_CUENTA, run };
}
