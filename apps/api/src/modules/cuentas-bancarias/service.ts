import {
  type CuentaBancariaRow,
  type EstatusSolicitudCuenta,
  type PostSolicitudCuentaRequest,
  SOLICITUD_CUENTA_MSG,
  type SolicitudCuentaRow,
  validateClabe,
  validateIban,
  validateSwift,
} from "@portal/contracts";
import type { Clock } from "../../lib/clock";
import { Conflict, Invalid, NotFound } from "../../lib/errors";
import { isEmpleado, type SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import { storePdfUpload } from "../archivos/uploads";
import { comoHistorial } from "../auditoria/repository";
import { addressesOf, notifyCuentaBancaria } from "./correo";
import type { CuentaBancaria, SolicitudListada } from "./repository";
import { createSolicitudReview } from "./review";
import { cuentaNombrada, cuentaRow, solicitudRow } from "./rows";

export const ENTIDAD_SOLICITUD = "solicitud_cuenta_bancaria";

/** What the number tells: the country and the bank of a CLABE (Banxico's catalogue) or of a SWIFT/BIC. */
function bankOf(input: PostSolicitudCuentaRequest) {
  if (input.Tipo === "clabe") {
    const clabe = validateClabe(input.CLABE ?? "");
    if (!clabe.ok) throw new Invalid(clabe.mensaje);
    return { pais: "MX", bancoCodigo: clabe.banco.codigo, bancoNombre: clabe.banco.nombre };
  }
  const swift = validateSwift(input.SWIFT ?? "");
  if (!swift.ok) throw new Invalid(swift.mensaje);
  const iban = input.IBAN ? validateIban(input.IBAN) : null;
  if (iban && !iban.ok) throw new Invalid(iban.mensaje);
  return { pais: swift.pais, bancoCodigo: swift.banco, bancoNombre: "" };
}

/**
 * A supplier's bank accounts as data and their changes as requests (issue 41 items 1 and 2, decision 069): the
 * supplier (or an employee for it) enters a request; the approved accounts stay what payments go to until an
 * employee with ApruebaCuentas, other than whoever entered it, approves it (review.ts).
 */
export function createCuentasBancariasService({
  data,
  clock,
  erpQueued,
}: {
  data: Data;
  clock: Clock;
  /** Wakes the ERP worker after a commit that queued ERP jobs. */
  erpQueued: () => void;
}) {
  const { repos, withTransaction } = data;

  /** The supplier a call is about: the session's own, or the one an employee names. */
  async function proveedorOf(user: SessionUser, cardCode: string | undefined) {
    const code = isEmpleado(user) ? cardCode : user.id;
    if (!code) throw new Invalid(SOLICITUD_CUENTA_MSG.proveedorObligatorio);
    const proveedor = await repos.proveedores.findByCardCode(code);
    if (proveedor?.estatus !== "A") throw new NotFound(SOLICITUD_CUENTA_MSG.proveedorNoExiste(code));
    return proveedor;
  }

  /** The rows of these requests for `user`, each with the supplier's approved account while it is pending. */
  async function rowsFor(user: SessionUser, solicitudes: SolicitudListada[]): Promise<SolicitudCuentaRow[]> {
    const approver = isEmpleado(user) && (await repos.cuentasBancarias.canApprove(Number(user.id)));
    const activas = new Map<string, CuentaBancaria[]>();
    for (const cardCode of new Set(solicitudes.map((s) => s.cardCode))) {
      activas.set(cardCode, await repos.cuentasBancarias.activeCuentas(cardCode));
    }
    return solicitudes.map((s) => {
      const pendiente = s.estatus === "pendiente";
      const actual = pendiente ? activas.get(s.cardCode)?.find((c) => c.moneda === s.moneda) : undefined;
      const entered = s.operador === "Empleado" && s.usuarioRef === user.id;
      return solicitudRow(s, actual, approver && pendiente && !entered);
    });
  }

  return {
    /** getCuentasBancarias: a supplier's approved accounts and its requests (its own, or any for an employee). */
    async list(
      user: SessionUser,
      cardCode: string | undefined,
    ): Promise<{ Cuentas: CuentaBancariaRow[]; Solicitudes: SolicitudCuentaRow[] }> {
      const proveedor = await proveedorOf(user, cardCode);
      const cuentas = await repos.cuentasBancarias.activeCuentas(proveedor.cardCode);
      const solicitudes = await repos.cuentasBancarias.listSolicitudes({ cardCode: proveedor.cardCode });
      return { Cuentas: cuentas.map(cuentaRow), Solicitudes: await rowsFor(user, solicitudes) };
    },

    /** getSolicitudes: the employees' list (pending by default) and whether the caller may decide. */
    async listForReview(user: SessionUser, estatus: EstatusSolicitudCuenta | "todas" | undefined) {
      const solicitudes = await repos.cuentasBancarias.listSolicitudes(
        estatus === "todas" ? {} : { estatus: estatus ?? "pendiente" },
      );
      return {
        PuedeAprobar: await repos.cuentasBancarias.canApprove(Number(user.id)),
        Solicitudes: await rowsFor(user, solicitudes),
      };
    },

    /** getSolicitud: one request with its Historial; a supplier sees only its own (any other answers as missing). */
    async detail(user: SessionUser, id: number) {
      const solicitud = await repos.cuentasBancarias.findSolicitud(id);
      if (!solicitud || (!isEmpleado(user) && solicitud.cardCode !== user.id)) {
        throw new NotFound(SOLICITUD_CUENTA_MSG.noExiste);
      }
      const [row] = await rowsFor(user, [solicitud]);
      const historial = await repos.cuentasBancarias.historial(id);
      return { Solicitud: row as SolicitudCuentaRow, Historial: historial.map(comoHistorial) };
    },

    /**
     * postSolicitud: 'Solicitud de cambio de cuenta bancaria'. In one transaction: the PDF checked and stored, the
     * request (pending; one per supplier), its audit entry, and the notice to the supplier's addresses.
     */
    async create(user: SessionUser, input: PostSolicitudCuentaRequest): Promise<number> {
      const proveedor = await proveedorOf(user, input.CardCode);
      const bank = bankOf(input);
      const now = clock();
      const id = await withTransaction(async (tx) => {
        const pdf = await storePdfUpload(
          tx.archivos,
          { nombre: input.PDF, base64: input.PDF64 },
          SOLICITUD_CUENTA_MSG.archivoEtiqueta,
        );
        const values = {
          cardCode: proveedor.cardCode,
          tipo: input.Tipo,
          clabe: input.Tipo === "clabe" ? (input.CLABE ?? "") : "",
          iban: input.Tipo === "extranjera" ? (input.IBAN ?? "") : "",
          numeroCuenta: input.Tipo === "extranjera" ? (input.NumeroCuenta ?? "") : "",
          swift: input.Tipo === "extranjera" ? (input.SWIFT ?? "") : "",
          aba: input.Tipo === "extranjera" ? (input.ABA ?? "") : "",
          ...bank,
          titular: input.Titular || proveedor.cardName,
          moneda: input.Moneda,
          archivoId: pdf.archivoId,
          archivoNombre: pdf.nombre,
          correosAntes: addressesOf(proveedor.email).join(", "),
          operador: user.operador,
          usuarioRef: user.id,
          createdAt: now,
        };
        const nueva = await tx.cuentasBancarias.insertSolicitud(values);
        if (nueva === undefined) throw new Conflict(SOLICITUD_CUENTA_MSG.yaPendiente);
        await tx.auditoria.recordChange(
          user,
          {
            entidad: ENTIDAD_SOLICITUD,
            id: nueva,
            campo: SOLICITUD_CUENTA_MSG.auditoria.campo,
            from: "",
            to: "pendiente",
            comment: `${SOLICITUD_CUENTA_MSG.auditoria.solicitada}: ${cuentaNombrada(values)}`,
          },
          now,
        );
        await notifyCuentaBancaria(
          tx,
          addressesOf(proveedor.email),
          proveedor.cardName,
          SOLICITUD_CUENTA_MSG.correo.asuntoSolicitada,
          [
            SOLICITUD_CUENTA_MSG.correo.solicitada(cuentaNombrada(values), user.nombre),
            SOLICITUD_CUENTA_MSG.correo.noFueUsted,
          ],
          now,
        );
        return nueva;
      });
      return id;
    },

    ...createSolicitudReview({ data, clock, erpQueued }),
  };
}
export type CuentasBancariasService = ReturnType<typeof createCuentasBancariasService>;
