import { addAmounts } from "@portal/cfdi";
import {
  COMPLEMENTOS_ATRASADOS_MSG,
  type ComplementosAtrasadosRow,
  type GetComplementosAtrasadosRequest,
  type PagoAtrasado,
  type SetRetenerPagosRequest,
} from "@portal/contracts";
import type { Clock } from "../../lib/clock";
import { Invalid } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import type { PagosService } from "../pagos/service";

const DIA = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const daysBetween = (desde: string, hasta: string) => Math.round((Date.parse(hasta) - Date.parse(desde)) / DIA);

export interface ComplementosAtrasadosDeps {
  data: Data;
  clock: Clock;
  pagos: Pick<PagosService, "complementStatus">;
}

/**
 * Complement deadlines enforced (issue 27, decision 035): 'Complementos atrasados', the report buying companies
 * use to chase suppliers, and the per-supplier "retener pagos por complementos atrasados" flag. Overdue is the
 * payment list's own mark (`situacionComplemento(…).vencido`): a payment that needs a complement, is not
 * cancelled, has no accepted one and whose deadline has passed with nothing valid uploaded by then.
 */
export function createComplementosAtrasadosService(deps: ComplementosAtrasadosDeps) {
  const { data, clock, pagos } = deps;
  const { repos, withTransaction } = data;

  return {
    /** getComplementosAtrasados: per supplier (by name), its overdue payments (oldest deadline first) and totals. */
    async report(_user: SessionUser, input: GetComplementosAtrasadosRequest): Promise<ComplementosAtrasadosRow[]> {
      const hoy = isoDate(clock());
      const sociedades = await repos.sociedades.list();
      const elegidas =
        input.IdSociedad === undefined ? sociedades : sociedades.filter((s) => s.id === input.IdSociedad);
      const atrasados = (
        await pagos.complementStatus(
          elegidas.map((s) => s.bdSap),
          hoy,
        )
      ).filter((p) => p.situacion.vencido);
      const porProveedor = new Map<string, { cardName: string; pagos: PagoAtrasado[] }>();
      for (const { pago, row, situacion } of atrasados) {
        const grupo = porProveedor.get(pago.cardCode) ?? { cardName: pago.cardName, pagos: [] };
        grupo.pagos.push({
          BD: pago.bd,
          NomSociedad: row.NomSociedad,
          DocEntry: pago.docEntry,
          DocNum: pago.docNum,
          DocDate: pago.docDate,
          DocTotal: pago.docTotal,
          DocCur: pago.docCur,
          FechaLimite: situacion.fechaLimite,
          DiasAtraso: daysBetween(situacion.fechaLimite, hoy),
          EstatusComplemento: situacion.estatus,
        });
        porProveedor.set(pago.cardCode, grupo);
      }
      const registrados = new Map(
        (await repos.complementosAtrasados.proveedores([...porProveedor.keys()])).map((p) => [p.cardCode, p]),
      );
      const retenidos = [...registrados.values()].filter((p) => p.retenerPagos).map((p) => p.cardCode);
      const comentarios = await repos.complementosAtrasados.comentariosRetencion(retenidos);
      return [...porProveedor.entries()]
        .map(([cardCode, g]) => {
          const p = registrados.get(cardCode);
          g.pagos.sort((a, b) =>
            a.FechaLimite !== b.FechaLimite
              ? a.FechaLimite.localeCompare(b.FechaLimite)
              : a.BD !== b.BD
                ? a.BD.localeCompare(b.BD)
                : a.DocNum - b.DocNum,
          );
          const monedas = [...new Set(g.pagos.map((x) => x.DocCur))].sort();
          return {
            CardCode: cardCode,
            CardName: p?.cardName ?? g.cardName,
            RFC: p?.rfc ?? "",
            RetenerPagos: p?.retenerPagos ? ("Y" as const) : ("N" as const),
            RetenerPagosComentario: p?.retenerPagos ? (comentarios.get(cardCode) ?? "") : "",
            Importes: monedas.map((Moneda) => ({
              Moneda,
              Importe: addAmounts(...g.pagos.filter((x) => x.DocCur === Moneda).map((x) => x.DocTotal)),
            })),
            Pagos: g.pagos,
          };
        })
        .sort((a, b) => a.CardName.localeCompare(b.CardName, "es") || a.CardCode.localeCompare(b.CardCode))
        .map((r, i) => ({ Fila: i + 1, ...r }));
    },

    /**
     * setRetenerPagos: an employee sets or clears a supplier's flag, audited with its comment in the same
     * transaction. Informative: the portal does not pay; the flag is shown to reviewers.
     */
    async setRetenerPagos(user: SessionUser, input: SetRetenerPagosRequest): Promise<string> {
      const retener = input.RetenerPagos === "Y";
      const now = clock();
      return withTransaction(async (tx) => {
        const actual = await tx.complementosAtrasados.readForUpdate(input.CardCode);
        if (!actual) throw new Invalid(COMPLEMENTOS_ATRASADOS_MSG.proveedorNoExiste(input.CardCode));
        if (actual.retenerPagos !== retener) {
          await tx.complementosAtrasados.setRetenerPagos(input.CardCode, retener, now);
          const change = { from: actual.retenerPagos ? "Y" : "N", to: retener ? "Y" : "N" };
          await tx.auditoria.recordChange(
            user,
            { entidad: "proveedor", id: input.CardCode, campo: "retenerPagos", ...change, comment: input.Comentarios },
            now,
          );
        }
        return COMPLEMENTOS_ATRASADOS_MSG.retencionGuardada(retener, actual.cardName);
      });
    },

    /** The suppliers flagged "retener pagos" (badges in the review lists and the supplier catalogue). */
    retenidos: () => repos.complementosAtrasados.retenidos(),
  };
}
export type ComplementosAtrasadosService = ReturnType<typeof createComplementosAtrasadosService>;
