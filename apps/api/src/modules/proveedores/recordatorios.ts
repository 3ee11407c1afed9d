import { MSG, TAREAS_MSG } from "@portal/contracts";
import type { Data } from "../../repositories";
import { notifyProveedor } from "../correo/al-proveedor";
import type { TareaProgramada } from "../tareas/service";
import { type VencimientoDocumento, vencimientos } from "./documentos";

/** Days before expiry at which a supplier is reminded (issue 15); 0 is the last valid day. */
export const UMBRALES_RECORDATORIO = [30, 15, 7, 0] as const;

/**
 * The threshold a document has reached, or null: the smallest one not below its days left (16..30 → 30,
 * 8..15 → 15, 1..7 → 7, 0 → 0). A threshold not shorter than the document's validity is skipped: a 30-day
 * tax-compliance opinion is "30 days from expiry" the day it is loaded, which is no reminder. An expired
 * document (days < 0) has none: registroCompleto already refuses uploads and the profile shows it.
 */
export function umbralAlcanzado(v: Pick<VencimientoDocumento, "dias" | "vigencia">): number | null {
  if (v.dias < 0) return null;
  const aplicables = UMBRALES_RECORDATORIO.filter((u) => u < v.vigencia && v.dias <= u);
  return aplicables.length > 0 ? Math.min(...aplicables) : null;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Reminders due at `now`: one per required expiring document of an active supplier, at its threshold. */
async function debidos({ repos }: Data, now: Date) {
  const today = isoDate(now);
  const [proveedores, documentos] = await Promise.all([
    repos.proveedores.activos(),
    repos.proveedores.documentosDeActivos(),
  ]);
  return proveedores.flatMap((p) =>
    vencimientos(
      p,
      documentos.filter((d) => d.cardCode === p.cardCode),
      today,
    ).flatMap((v) => {
      const umbral = umbralAlcanzado(v);
      return umbral === null ? [] : [{ cardCode: p.cardCode, umbral, ...v }];
    }),
  );
}
type Debido = Awaited<ReturnType<typeof debidos>>[number];
const clave = (r: { cardCode: string; clave: string; archivoId: string; fecha: string; umbral: number }) =>
  `${r.cardCode}|${r.clave}|${r.archivoId}|${r.fecha}|${r.umbral}`;

/**
 * The compliance-document reminders job (issue 15): every day, each active supplier whose required document is
 * 30, 15, 7 or 0 days from expiry gets one mail listing those documents, at its stored addresses, through the
 * outbox. What was sent is recorded per document version (file and load date) and threshold in the transaction
 * that queues the mail, so a second run, another process or a retry after a crash sends nothing twice; a new
 * file starts its own reminders.
 */
export function recordatoriosDocumentosTarea(data: Data, publicUrl: string): TareaProgramada {
  return {
    name: "recordatorios-documentos",
    description: TAREAS_MSG.recordatoriosDocumentos.descripcion,
    schedule: { dailyAt: "12:00" },
    async execute(now) {
      const porProveedor = new Map<string, Debido[]>();
      for (const d of await debidos(data, now))
        porProveedor.set(d.cardCode, [...(porProveedor.get(d.cardCode) ?? []), d]);
      let enviados = 0;
      let proveedores = 0;
      for (const [cardCode, docs] of porProveedor) {
        // One transaction per supplier: its records and its mail commit together, or neither does.
        const n = await data.withTransaction(async (tx) => {
          const nuevos: Debido[] = [];
          for (const d of docs) {
            const { clave, archivoId, fecha, umbral } = d;
            if (
              await tx.proveedores.recordRecordatorio({ cardCode, clave, archivoId, fecha, umbral, enviadoAt: now })
            ) {
              nuevos.push(d);
            }
          }
          if (nuevos.length > 0) {
            await notifyProveedor(
              tx,
              cardCode,
              MSG.recordatorioAsunto,
              [
                ...nuevos.map((d) => MSG.recordatorioDocumento(d.etiqueta, d.dias, d.vence)),
                MSG.recordatorioInstrucciones(publicUrl),
              ],
              now,
            );
          }
          return nuevos.length;
        });
        enviados += n;
        if (n > 0) proveedores++;
      }
      return enviados === 0
        ? TAREAS_MSG.recordatoriosDocumentos.ninguno
        : TAREAS_MSG.recordatoriosDocumentos.avisados(enviados, proveedores);
    },
    /** Reminders due now and not yet recorded: what the next run would send. */
    async backlog(now) {
      const enviados = new Set((await data.repos.proveedores.recordatoriosEnviados()).map(clave));
      return (await debidos(data, now)).filter((d) => !enviados.has(clave(d))).length;
    },
  };
}
