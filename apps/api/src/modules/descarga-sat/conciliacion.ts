import {
  type ConciliacionSatRow,
  DESCARGA_MSG,
  ETIQUETAS_CONCILIACION,
  type EtiquetaConciliacion,
  type GetConciliacionSatRequest,
} from "@portal/contracts";
import type { Clock } from "../../lib/clock";
import { Invalid, NotFound } from "../../lib/errors";
import type { Data } from "../../repositories";
import { archivoUrl } from "../archivos/service";
import { notifyProveedor } from "../correo/al-proveedor";

/** The SAT has 72 hours to report a stamped CFDI (the same rule as the status check of issue 15). */
const PLAZO_SAT_MS = 72 * 3_600_000;
/** CFDI dates are Mexico City wall time without zone; the city keeps UTC−6 all year since 2022. */
const instantOf = (wallTime: string) => new Date(`${wallTime.slice(0, 19)}-06:00`);
const cents = (importe: string | null) => (importe === null ? 0 : Math.round(Number(importe) * 100));
const money = (c: number) => (c / 100).toFixed(2);

type SatRow = Awaited<ReturnType<Data["repos"]["descargaSat"]["satDelPeriodo"]>>[number];
type PortalRow = Awaited<ReturnType<Data["repos"]["descargaSat"]["facturasDelPeriodo"]>>[number];

const ESTATUS_PORTAL: Record<string, string> = { A: "Aceptada", R: "Rechazada" };
const PREFERENCIA: Record<string, number> = { A: 0, R: 2 };

/** One label per row, the first that applies (the order of ETIQUETAS_CONCILIACION). */
export function labelOf(sat: SatRow | undefined, portal: PortalRow | undefined, now: Date): EtiquetaConciliacion {
  const E = ETIQUETAS_CONCILIACION;
  if (sat && portal) {
    if (sat.estatus === "cancelado" && portal.estatus === "A") return E.canceladoTrasAceptar;
    if (Math.abs(cents(sat.monto) - cents(portal.total)) > 1) return E.totalDistinto;
    if (portal.estatus === "A" && portal.erpDocEntry === null) return E.faltaSap;
    return E.conciliado;
  }
  if (sat) return sat.estatus === "cancelado" ? E.canceladoSat : E.faltaPortal;
  const timbrado = instantOf((portal?.fechaTimbrado || portal?.fechaCfdi) ?? "");
  return now.getTime() - timbrado.getTime() > PLAZO_SAT_MS ? E.noEnSat : E.enEsperaSat;
}

function rowOf(
  uuid: string,
  sat: SatRow | undefined,
  portal: PortalRow | undefined,
  cardCode: string | null,
  now: Date,
): ConciliacionSatRow {
  return {
    UUID: uuid,
    RfcEmisor: sat?.rfcEmisor ?? portal?.rfcEmisor ?? "",
    NombreEmisor: sat?.nombreEmisor ?? portal?.nombreEmisor ?? "",
    CardCode: cardCode,
    FechaEmision: sat?.fechaEmision ?? portal?.fechaCfdi ?? "",
    Moneda: portal?.moneda ?? sat?.moneda ?? null,
    TotalSat: sat ? money(cents(sat.monto)) : null,
    TotalPortal: portal ? money(cents(portal.total)) : null,
    EstatusSat: sat ? (sat.estatus === "cancelado" ? "Cancelado" : "Vigente") : null,
    EstatusPortal: portal ? (ESTATUS_PORTAL[portal.estatus] ?? "Pendiente") : null,
    DocEntrySap: portal?.erpDocEntry ?? null,
    Etiqueta: labelOf(sat, portal, now),
    XmlSat: archivoUrl(sat?.xmlArchivoId),
  };
}

/** Totals by currency of the rows ('Sin moneda' for the SAT's rows the portal does not have: metadata has none). */
function totalsOf(filas: ConciliacionSatRow[]) {
  const porMoneda = new Map<string, { Cantidad: number; sat: number; portal: number }>();
  for (const f of filas) {
    const moneda = f.Moneda ?? "Sin moneda";
    const t = porMoneda.get(moneda) ?? { Cantidad: 0, sat: 0, portal: 0 };
    t.Cantidad += 1;
    t.sat += cents(f.TotalSat);
    t.portal += cents(f.TotalPortal);
    porMoneda.set(moneda, t);
  }
  return [...porMoneda.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([Moneda, t]) => ({ Moneda, Cantidad: t.Cantidad, TotalSat: money(t.sat), TotalPortal: money(t.portal) }));
}

/**
 * The SAT reconciliation (issue 43 §4): per sociedad and month, every CFDI the SAT holds as received or the portal
 * registered, with what the portal and SAP (the A/P invoice the portal created) know of it and one label; issuers
 * that are no suppliers of the portal apart; totals by currency. A supplier can be mailed its missing CFDI.
 */
export function createConciliacionSat({ data, clock }: { data: Data; clock: Clock }) {
  const repo = data.repos.descargaSat;

  async function build({ Sociedad, Periodo }: GetConciliacionSatRequest) {
    const sociedad = await repo.sociedad(Sociedad);
    if (!sociedad) throw new NotFound();
    const sat = await repo.satDelPeriodo(Sociedad, Periodo);
    const portal = new Map<string, PortalRow>();
    for (const f of await repo.facturasDelPeriodo(
      Sociedad,
      Periodo,
      sat.map((s) => s.uuid),
    )) {
      const previa = portal.get(f.uuid);
      if (!previa || (PREFERENCIA[f.estatus] ?? 1) < (PREFERENCIA[previa.estatus] ?? 1)) portal.set(f.uuid, f);
    }
    const satPorUuid = new Map(sat.map((s) => [s.uuid, s]));
    const uuids = [...new Set([...satPorUuid.keys(), ...portal.keys()])];
    const rfcs = [...new Set(uuids.map((u) => satPorUuid.get(u)?.rfcEmisor ?? portal.get(u)?.rfcEmisor ?? ""))];
    const cardCodes = new Map((await repo.proveedoresPorRfc(rfcs)).map((p) => [p.rfc, p.cardCode]));
    const now = clock();
    const filas = uuids
      .map((u) => {
        const s = satPorUuid.get(u);
        const p = portal.get(u);
        return rowOf(u, s, p, cardCodes.get(s?.rfcEmisor ?? p?.rfcEmisor ?? "") ?? null, now);
      })
      .sort((a, b) => a.FechaEmision.localeCompare(b.FechaEmision) || a.UUID.localeCompare(b.UUID));
    const deProveedores = filas.filter((f) => f.CardCode !== null);
    return {
      sociedad,
      Filas: deProveedores,
      Ajenos: filas.filter((f) => f.CardCode === null),
      Totales: totalsOf(deProveedores),
    };
  }

  return {
    get: async (request: GetConciliacionSatRequest) => {
      const { sociedad: _sociedad, ...resto } = await build(request);
      // The job's state for this sociedad: what an administrator reads when the SAT refused or failed.
      const d = await repo.ultimaDescarga(request.Sociedad, "metadata");
      const Descarga = d
        ? {
            Estado: d.estado as "solicitada" | "terminada" | "reintentar",
            Motivo: d.motivo,
            Desde: d.desde,
            Hasta: d.hasta,
            Actualizada: d.updatedAt.toISOString(),
            Siguiente: d.siguienteAt.toISOString(),
            Cfdi: d.cfdi,
          }
        : null;
      return { ...resto, Descarga };
    },
    /** 'El SAT registra estos CFDI emitidos a … que no se han cargado en el portal': exactly its missing ones. */
    notifyProveedor: async (request: GetConciliacionSatRequest & { CardCode: string }) => {
      const { sociedad, Filas } = await build(request);
      const faltantes = Filas.filter(
        (f) => f.CardCode === request.CardCode && f.Etiqueta === ETIQUETAS_CONCILIACION.faltaPortal,
      );
      if (faltantes.length === 0) throw new Invalid(DESCARGA_MSG.conciliacionSinFaltantes);
      const enviado = await data.withTransaction(async (tx) => {
        const proveedor = await tx.proveedores.findByCardCode(request.CardCode);
        if (!proveedor?.email.trim()) return false;
        await notifyProveedor(
          tx,
          request.CardCode,
          DESCARGA_MSG.conciliacionAsunto(sociedad.nombre),
          [
            DESCARGA_MSG.conciliacionParrafo(sociedad.nombre),
            faltantes
              .map((f) => DESCARGA_MSG.conciliacionLinea(f.UUID, f.FechaEmision.slice(0, 10), f.TotalSat ?? ""))
              .join("\n"),
            DESCARGA_MSG.conciliacionPeticion,
          ],
          clock(),
        );
        return true;
      });
      if (!enviado) throw new Invalid(DESCARGA_MSG.conciliacionSinCorreo);
      return DESCARGA_MSG.conciliacionAvisoEnviado(request.CardCode, faltantes.length);
    },
  };
}
export type ConciliacionSat = ReturnType<typeof createConciliacionSat>;
