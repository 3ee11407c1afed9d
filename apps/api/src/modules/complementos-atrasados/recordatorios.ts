import { COMPLEMENTOS_ATRASADOS_MSG, TAREAS_MSG } from "@portal/contracts";
import type { Data } from "../../repositories";
import { notifyProveedor } from "../correo/al-proveedor";
import type { PagosService } from "../pagos/service";
import type { TareaProgramada } from "../tareas/service";

/** Days of the month (Mexico City) on which suppliers are reminded of the complements due on day 5 (issue 27). */
export const UMBRALES_COMPLEMENTO = [1, 4] as const;

const FECHA_MEXICO = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Mexico_City",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
/** The calendar date in Mexico City (YYYY-MM-DD) at the instant `now`: the day a Mexican supplier lives in. */
export const fechaEnMexico = (now: Date): string => FECHA_MEXICO.format(now);

const importe = (valor: string) =>
  Number(valor).toLocaleString("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The reminders due at `now`: only on day 1 or 4 of the month in Mexico City, one per payment that still owes its
 * complement (it needs one, is not cancelled, none uploaded or the last one rejected: a complement awaiting review
 * owes nothing) and whose deadline is day 5 of this month, i.e. the payments of last month. Overdue payments are
 * the employees' report's ('Complementos atrasados'), not a reminder's.
 */
async function debidos(data: Data, pagos: Pick<PagosService, "complementStatus">, now: Date) {
  const hoy = fechaEnMexico(now);
  const umbral = UMBRALES_COMPLEMENTO.find((d) => d === Number(hoy.slice(8, 10)));
  if (umbral === undefined) return [];
  const fechaLimite = `${hoy.slice(0, 7)}-05`;
  const bds = (await data.repos.sociedades.companyDatabases(null)).map((s) => s.bd);
  return (await pagos.complementStatus(bds, hoy))
    .filter((p) => p.situacion.porCargar && p.situacion.fechaLimite === fechaLimite)
    .map(({ pago, row }) => ({ umbral, fechaLimite, pago, sociedad: row.NomSociedad }));
}
type Debido = Awaited<ReturnType<typeof debidos>>[number];
const clave = (d: Debido) => `${d.pago.bd}|${d.pago.docEntry}|${d.umbral}`;

/**
 * The complement deadline reminders job (issue 27, decision 035): on day 1 and day 4 of the month (Mexico City),
 * each supplier whose payments of last month still owe their complement gets one mail listing them (number, date,
 * amount, currency, deadline) at its stored addresses, through the outbox. Each payment and threshold is recorded
 * in the transaction that queues the mail (`recordatorios_complementos`, keyed by payment and threshold), so a second
 * run, a second process running it at the same moment or a retry after a crash mails nothing twice.
 */
export function recordatoriosComplementosTarea(
  data: Data,
  pagos: Pick<PagosService, "complementStatus">,
  publicUrl: string,
): TareaProgramada {
  return {
    name: "recordatorios-complementos",
    description: TAREAS_MSG.recordatoriosComplementos.descripcion,
    // 14:00 UTC is 08:00 in Mexico City: the run's day is the supplier's day.
    schedule: { dailyAt: "14:00" },
    async execute(now) {
      const porProveedor = new Map<string, Debido[]>();
      for (const d of await debidos(data, pagos, now)) {
        porProveedor.set(d.pago.cardCode, [...(porProveedor.get(d.pago.cardCode) ?? []), d]);
      }
      let avisados = 0;
      let proveedores = 0;
      for (const [cardCode, lista] of porProveedor) {
        // One transaction per supplier: its records and its mail commit together, or neither does.
        const n = await data.withTransaction(async (tx) => {
          const nuevos: Debido[] = [];
          for (const d of lista) {
            const registrado = await tx.complementosAtrasados.recordRecordatorio({
              bd: d.pago.bd,
              pagoDocEntry: d.pago.docEntry,
              umbral: d.umbral,
              cardCode,
              pagoDocNum: d.pago.docNum,
              fechaLimite: d.fechaLimite,
              enviadoAt: now,
            });
            if (registrado) nuevos.push(d);
          }
          if (nuevos.length > 0) {
            nuevos.sort((a, b) => a.pago.docDate.localeCompare(b.pago.docDate) || a.pago.docNum - b.pago.docNum);
            await notifyProveedor(
              tx,
              cardCode,
              COMPLEMENTOS_ATRASADOS_MSG.recordatorioAsunto,
              [
                COMPLEMENTOS_ATRASADOS_MSG.recordatorioIntroduccion,
                nuevos
                  .map((d) =>
                    COMPLEMENTOS_ATRASADOS_MSG.recordatorioPago({
                      docNum: d.pago.docNum,
                      fecha: d.pago.docDate,
                      importe: importe(d.pago.docTotal),
                      moneda: d.pago.docCur,
                      fechaLimite: d.fechaLimite,
                      sociedad: d.sociedad,
                    }),
                  )
                  .join("\n"),
                COMPLEMENTOS_ATRASADOS_MSG.recordatorioInstrucciones(publicUrl),
              ],
              now,
            );
          }
          return nuevos.length;
        });
        avisados += n;
        if (n > 0) proveedores++;
      }
      if (avisados === 0) {
        return UMBRALES_COMPLEMENTO.some((d) => d === Number(fechaEnMexico(now).slice(8, 10)))
          ? TAREAS_MSG.recordatoriosComplementos.ninguno
          : TAREAS_MSG.recordatoriosComplementos.noEsDia;
      }
      return TAREAS_MSG.recordatoriosComplementos.avisados(avisados, proveedores);
    },
    /** Reminders due now and not yet recorded: what the next run would send. */
    async backlog(now) {
      const enviados = await data.repos.complementosAtrasados.recordatoriosEnviados();
      return (await debidos(data, pagos, now)).filter((d) => !enviados.has(clave(d))).length;
    },
  };
}
