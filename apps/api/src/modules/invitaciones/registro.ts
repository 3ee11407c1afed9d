import {
  type GetInvitacionRequest,
  INVITACION_MSG,
  passwordNuevaProblemas,
  type RegistrarProveedorRequest,
} from "@portal/contracts";
import { hashPassword } from "@portal/db";
import { Conflict, Invalid, refusal } from "../../lib/errors";
import { uniqueViolation } from "../archivos/upload-kit";
import { hashToken } from "../auth/deps";
import type { InvitacionesDeps } from "./deps";
import type { Invitacion } from "./repository";
import { tipoPersonaOf } from "./rfc";

/** Links tried from one address are counted under this key (the sign-in's table and limits, attempts.ts). */
const CLAVE_ENLACE = { restablecer: "invitacion:enlace" } as const;

/** Whether a link can be used now: invitada, unused, unexpired. Unknown, used, replaced and expired look alike. */
const usable = (found: Invitacion | undefined, now: Date): found is Invitacion =>
  found !== undefined && found.estatus === "invitada" && found.usedAt === null && found.expiresAt > now;

/**
 * The invitation a link names, if it can be used now — counted as a link attempt from `ip` (a wrong, used or expired
 * one is a failure; over the sign-in's limits, 429 before anything is looked up). One refusal for every reason.
 */
async function usableLink(deps: InvitacionesDeps, token: string, ip: string): Promise<Invitacion> {
  const now = deps.clock();
  let found: Invitacion | undefined;
  await deps.attempts.check(
    CLAVE_ENLACE,
    ip,
    async () => {
      found = await deps.data.repos.invitaciones.findByTokenHash(hashToken(token));
      return usable(found, now);
    },
    INVITACION_MSG.demasiadosIntentos,
  );
  if (!usable(found, now)) throw new Invalid(INVITACION_MSG.enlaceNoValido);
  return found;
}

/** registro/getInvitacion (public): the invited name and the sociedad's, nothing else (not the RFC, not the mail). */
export function readInvitacion(deps: InvitacionesDeps) {
  return async (input: GetInvitacionRequest, meta: { ip: string }) => {
    const found = await usableLink(deps, input.token, meta.ip);
    const sociedad = await deps.data.repos.invitaciones.sociedad(found.sociedadId);
    return { Nombre: found.nombre, NomSociedad: sociedad?.nombre ?? "" };
  };
}

/**
 * registro/registrarProveedor (public): the supplier proves the RFC it was invited with (another RFC is refused and
 * counted as a failed attempt), chooses its password (the reset's stronger rule, passwordNuevaProblemas) and gives
 * its contact. In one transaction the link is spent (only while unused and unexpired: of two uses at once one wins)
 * and the supplier's portal account is created with record status Pendiente, linked to the invitation's sociedad:
 * it can sign in and load its documents, but registers no invoice until approved (registroCompleto needs Completo).
 */
export function registerProveedor(deps: InvitacionesDeps) {
  const { data, clock } = deps;
  return async (input: RegistrarProveedorRequest, meta: { ip: string }): Promise<string> => {
    const found = await usableLink(deps, input.token, meta.ip);
    if (input.RFC !== found.rfc) {
      // Counted like a wrong link: guessing which RFC a link is for is limited too.
      await deps.attempts.check(CLAVE_ENLACE, meta.ip, async () => false, INVITACION_MSG.demasiadosIntentos);
      throw new Invalid(INVITACION_MSG.rfcNoCorresponde);
    }
    const problemas = passwordNuevaProblemas(input.password, [found.rfc, found.cardCode, found.nombre, found.email]);
    if (problemas.length > 0) throw refusal(problemas);
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    try {
      await data.withTransaction(async (tx) => {
        if (!(await tx.invitaciones.useLink(found.id, now))) throw new Invalid(INVITACION_MSG.enlaceNoValido);
        await tx.invitaciones.insertProveedor(
          {
            cardCode: found.cardCode,
            tipoPersona: tipoPersonaOf(found.rfc),
            cardName: found.nombre,
            rfc: found.rfc,
            telefono: input.Phone1 ?? "",
            email: found.email,
            contacto: input.CntctPrsn,
            passwordHash,
            estatusRegistro: "P",
            createdAt: now,
            updatedAt: now,
          },
          found.sociedadId,
        );
        const actor = { operador: "Proveedor", id: found.cardCode };
        const cambio = { entidad: "invitacion", id: found.id, campo: "estatus", from: "invitada", to: "registrada" };
        await tx.auditoria.recordChange(actor, { ...cambio, comment: `ip ${meta.ip}` }, now);
      });
    } catch (error) {
      // The RFC or the CardCode became a portal supplier since the invitation (an administrator's, another link).
      if (uniqueViolation(error) !== null) throw new Conflict(INVITACION_MSG.rfcYaEsProveedor(found.rfc));
      throw error;
    }
    return INVITACION_MSG.registroRecibido;
  };
}
