import { type HistorialFactura, MSG, type PagoRow, situacionComplemento } from "@portal/contracts";
import { createAnswerCache } from "../../lib/answer-cache";
import { NotFound } from "../../lib/errors";
import { successJson } from "../../lib/send-json";
import { isProveedor, type SessionUser } from "../../lib/session-user";
import { comoHistorial } from "../auditoria/repository";
import type { PagosDeps } from "./deps";
import type { PaymentRows } from "./rows";

type QueriesDeps = Pick<PagosDeps, "listCacheBytes" | "data" | "clock" | "erp" | "erpScope"> & { filas: PaymentRows };

/** The payment list, its tile, a complement's history and the complement deadlines' reading of the list. */
export function paymentQueries({ listCacheBytes, data, clock, erp, erpScope, filas }: QueriesDeps) {
  const repo = data.repos.pagos;
  // The last getPagos answer per scope, reused while nothing it shows changed (an employee's list of every
  // payment takes seconds to read and join; its fingerprint a few ms).
  const answers = createAnswerCache(listCacheBytes);
  return {
    /**
     * getPagos: a supplier's payments in its sociedades (employees: every payment), newest first, as the JSON
     * answer text; rebuilt only when the ERP's payments, the portal's records, names or the day changed.
     */
    async listJson(user: SessionUser): Promise<string> {
      const scope = await erpScope(user);
      const cardCode = isProveedor(user) ? user.id : null;
      const clave = `${cardCode ?? "*"}|${[...scope.bds].sort().join(",")}`;
      return answers.get(
        clave,
        async () => {
          const [erpFingerprint, portal] = await Promise.all([erp.pagosFingerprint(scope), repo.fingerprint(cardCode)]);
          // The overdue mark depends on the day.
          return `${erpFingerprint}|${portal}|${clock().toISOString().slice(0, 10)}`;
        },
        async () => {
          const [pagos, registros] = await Promise.all([erp.listPagos(scope), repo.deAlcance(cardCode)]);
          const rows = await filas(pagos, registros, cardCode === null);
          return successJson(JSON.stringify(rows));
        },
      );
    },

    /** getHistorial (issue 23): a complement's uploads, corrections and decisions (supplier: only its own). */
    async historial(user: SessionUser, idPago: number): Promise<HistorialFactura[]> {
      const registro = await repo.findById(idPago);
      if (!registro || (isProveedor(user) && registro.cardCode !== user.id)) {
        throw new NotFound(MSG.pagoSinDocumentos);
      }
      return (await repo.historial(idPago)).map(comoHistorial);
    },

    /**
     * Every payment of these company databases with its row (as employees read it, without the SAT columns) and
     * its complement status on `hoy` (issue 27): the complement deadline reminders and 'Complementos atrasados'
     * decide with the payment list's own rule (situacionComplemento), so they never disagree with it.
     */
    async complementStatus(bds: readonly string[], hoy: string) {
      if (bds.length === 0) return [];
      const [pagos, registros] = await Promise.all([
        erp.listPagos({ bds: [...bds], cardCode: null }),
        repo.deAlcance(null),
      ]);
      const rows = await filas(pagos, registros, false, hoy);
      return pagos.map((pago, i) => {
        const row = rows[i] as PagoRow;
        return { pago, row, situacion: situacionComplemento(row, hoy) };
      });
    },

    /** The 'Pagos' tile: the length of the same user's list. */
    count: async (user: SessionUser) => erp.countPagos(await erpScope(user)),
  };
}
