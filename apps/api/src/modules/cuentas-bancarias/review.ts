import {
  type AprobarSolicitudCuentaRequest,
  type RechazarSolicitudCuentaRequest,
  SOLICITUD_CUENTA_MSG,
} from "@portal/contracts";
import type { Clock } from "../../lib/clock";
import { Conflict, Forbidden, NotFound } from "../../lib/errors";
import { isEmpleado, type SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import { valPorDefecto } from "../proveedores/documentos";
import { addressesOf, notifyCuentaBancaria } from "./correo";
import { blockOpenFacturas } from "./enfriamiento";
import { TIPO_ESCRIBIR_CUENTA } from "./erp-job";
import type { SolicitudCuenta, SolicitudListada } from "./repository";
import { cuentaNombrada } from "./rows";

const ENTIDAD = "solicitud_cuenta_bancaria";

type Tx = Repositories;

/** The account's data of a request (what the approved account copies). */
const datosDe = (s: SolicitudCuenta) => ({
  cardCode: s.cardCode,
  tipo: s.tipo,
  clabe: s.clabe,
  iban: s.iban,
  numeroCuenta: s.numeroCuenta,
  swift: s.swift,
  aba: s.aba,
  pais: s.pais,
  bancoCodigo: s.bancoCodigo,
  bancoNombre: s.bancoNombre,
  titular: s.titular,
  moneda: s.moneda,
  archivoId: s.archivoId,
  archivoNombre: s.archivoNombre,
});

/**
 * The decision on a request (issue 41 item 2, decision 069): only an employee with ApruebaCuentas, never the one who
 * entered it (four eyes), at the version read — of two employees deciding at once one wins, the other gets a 409.
 */
export function createSolicitudReview({ data, clock, erpQueued }: { data: Data; clock: Clock; erpQueued: () => void }) {
  const { repos, withTransaction } = data;

  /** Who may decide, and the request as it was read; refusals in Spanish. */
  async function checkReviewer(user: SessionUser, id: number): Promise<SolicitudListada> {
    if (!isEmpleado(user) || !(await repos.cuentasBancarias.canApprove(Number(user.id)))) {
      throw new Forbidden(SOLICITUD_CUENTA_MSG.sinPermiso);
    }
    const solicitud = await repos.cuentasBancarias.findSolicitud(id);
    if (!solicitud) throw new NotFound(SOLICITUD_CUENTA_MSG.noExiste);
    if (solicitud.operador === "Empleado" && solicitud.usuarioRef === user.id) {
      throw new Forbidden(SOLICITUD_CUENTA_MSG.mismaPersona);
    }
    if (solicitud.estatus !== "pendiente") throw new Conflict(SOLICITUD_CUENTA_MSG.yaDecidida(solicitud.estatus));
    return solicitud;
  }

  /** The conditional decision; the loser of a race learns whether the request was decided or only changed. */
  async function decide(
    tx: Tx,
    user: SessionUser,
    input: { Solicitud: number; Version: number; Motivo?: string | undefined },
    estatus: "aprobada" | "rechazada",
    now: Date,
  ): Promise<SolicitudCuenta> {
    const motivo = input.Motivo ?? "";
    const decided = await tx.cuentasBancarias.decide(input.Solicitud, input.Version, {
      estatus,
      revisorRef: user.id,
      motivo,
      decididaAt: now,
    });
    if (!decided) {
      const actual = await tx.cuentasBancarias.findSolicitud(input.Solicitud);
      if (actual && actual.estatus !== "pendiente") throw new Conflict(SOLICITUD_CUENTA_MSG.yaDecidida(actual.estatus));
      throw new Conflict(SOLICITUD_CUENTA_MSG.desactualizada);
    }
    await tx.auditoria.recordChange(
      user,
      {
        entidad: ENTIDAD,
        id: decided.id,
        campo: SOLICITUD_CUENTA_MSG.auditoria.campo,
        from: "pendiente",
        to: estatus,
        comment: motivo,
      },
      now,
    );
    return decided;
  }

  /** The supplier's addresses when the request was entered and now: every one is told. */
  async function recipients(tx: Tx, s: SolicitudCuenta) {
    const proveedor = await tx.proveedores.findByCardCode(s.cardCode);
    return { para: addressesOf(s.correosAntes, proveedor?.email ?? ""), proveedor };
  }

  /**
   * The request's PDF becomes the supplier's 'Carátula bancaria' (spec §3's document, now the approved account's
   * supporting document), dated today; its required flag is kept.
   */
  async function recordCaratula(tx: Tx, s: SolicitudCuenta, now: Date, tipoPersona: string) {
    const [actual] = (await tx.proveedores.documentosDe([s.cardCode])).filter((d) => d.clave === "CaratulaBancaria");
    await tx.proveedores.upsertDocumento({
      cardCode: s.cardCode,
      clave: "CaratulaBancaria",
      val: actual ? actual.val : valPorDefecto("CaratulaBancaria", tipoPersona),
      archivoId: s.archivoId,
      nombre: s.archivoNombre,
      fecha: now.toISOString().slice(0, 10),
      updatedAt: now,
    });
  }

  return {
    /**
     * aprobarSolicitud: in one transaction the request is approved (conditional on its version), the account replaces
     * the supplier's active one of its currency, the PDF becomes its Carátula bancaria, the ERP job that writes the
     * account to SAP (BPBankAccounts) is queued, the open A/P invoices get their cooling-off block, and every address
     * the supplier had before the change (and has now) is told.
     */
    async approve(user: SessionUser, input: AprobarSolicitudCuentaRequest): Promise<string> {
      await checkReviewer(user, input.Solicitud);
      const now = clock();
      const dias = await withTransaction(async (tx) => {
        const s = await decide(tx, user, input, "aprobada", now);
        const { para, proveedor } = await recipients(tx, s);
        await tx.cuentasBancarias.replaceCuenta({
          ...datosDe(s),
          solicitudId: s.id,
          aprobadaAt: now,
          aprobadaPor: user.id,
        });
        await recordCaratula(tx, s, now, proveedor?.tipoPersona ?? "M");
        await tx.erpTrabajos.enqueue(TIPO_ESCRIBIR_CUENTA, { solicitudCuentaId: s.id }, now);
        const longest = await blockOpenFacturas(tx, s.cardCode, s.id, now);
        await notifyCuentaBancaria(
          tx,
          para,
          proveedor?.cardName ?? s.cardCode,
          SOLICITUD_CUENTA_MSG.correo.asuntoAprobada,
          [
            SOLICITUD_CUENTA_MSG.correo.aprobada(cuentaNombrada(s)),
            ...(longest > 0 ? [SOLICITUD_CUENTA_MSG.correo.enfriamiento(longest)] : []),
            SOLICITUD_CUENTA_MSG.correo.noFueUsted,
          ],
          now,
        );
        return longest;
      });
      erpQueued();
      return dias > 0 ? SOLICITUD_CUENTA_MSG.aprobada(dias) : SOLICITUD_CUENTA_MSG.aprobadaSinFacturas;
    },

    /** rechazarSolicitud: the request is rejected with its reason (audited) and the supplier's addresses told. */
    async reject(user: SessionUser, input: RechazarSolicitudCuentaRequest): Promise<string> {
      await checkReviewer(user, input.Solicitud);
      const now = clock();
      await withTransaction(async (tx) => {
        const s = await decide(tx, user, input, "rechazada", now);
        const { para, proveedor } = await recipients(tx, s);
        await notifyCuentaBancaria(
          tx,
          para,
          proveedor?.cardName ?? s.cardCode,
          SOLICITUD_CUENTA_MSG.correo.asuntoRechazada,
          [SOLICITUD_CUENTA_MSG.correo.rechazada(cuentaNombrada(s), s.motivo), SOLICITUD_CUENTA_MSG.correo.noFueUsted],
          now,
        );
      });
      return SOLICITUD_CUENTA_MSG.rechazada;
    },
  };
}
