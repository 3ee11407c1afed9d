import { randomBytes } from "node:crypto";
import {
  CORREO_MSG,
  type CreateInvitacionRequest,
  INVITACION_MSG,
  INVITACION_VIGENCIA_MS,
  type InvitacionRow,
} from "@portal/contracts";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, type SessionUser } from "../../lib/session-user";
import type { Repositories } from "../../repositories";
import { uniqueViolation } from "../archivos/upload-kit";
import { hashToken, SESSION_TOKEN_BYTES } from "../auth/deps";
import { approveRegistro, rejectRegistro } from "./aprobacion";
import type { InvitacionesDeps } from "./deps";
import { readInvitacion, registerProveedor } from "./registro";
import { rfcRefusal } from "./rfc";

/** The CardCode the portal proposes for a supplier SAP does not have: P and the RFC (15 characters at most, OCRD's). */
export const proposedCardCode = (rfc: string) => `P${rfc}`.slice(0, 15);

const iso = (d: Date | null) => (d ? d.toISOString() : "");

/** The mail with the link, through the outbox, in the caller's transaction. */
async function enqueueInvitationMail(
  tx: Repositories,
  input: { nombre: string; email: string; sociedad: string; link: string },
  now: Date,
) {
  const m = INVITACION_MSG.correo;
  const texto = [
    CORREO_MSG.saludoProveedor(input.nombre),
    "",
    m.parrafo(input.sociedad),
    "",
    m.enlace,
    input.link,
    "",
    m.noEsperado,
    "",
    CORREO_MSG.cierre,
  ];
  await tx.correo.enqueue({ para: input.email, asunto: CORREO_MSG.asunto(m.asunto), texto: texto.join("\n") }, now);
}

/**
 * Supplier invitations (issue 41 item 3, decision 070). An administrator invites by RFC (checked with its check
 * digit), name and e-mail to one sociedad; SAP is asked whether the RFC already is a supplier business partner there
 * (its CardCode is then the supplier's), else the portal proposes P + RFC. The link carries 256 random bits, only
 * their SHA-256 is stored, valid once and for 72 hours; a new invitation for the same RFC replaces an unused one.
 */
export function createInvitacionesService(deps: InvitacionesDeps) {
  const { data, clock, erp, publicUrl } = deps;
  const repo = data.repos.invitaciones;
  const linkOf = (token: string) => `${publicUrl.replace(/\/+$/, "")}/Registro?token=${token}`;

  /** The CardCode for the RFC: SAP's supplier of that RFC in the sociedad's company database, or the proposal. */
  async function cardCodeFor(bd: string, rfc: string): Promise<string> {
    const socios = await erp.listProveedores({ bds: [bd], cardCode: null });
    return socios.find((s) => s.rfc.toUpperCase() === rfc)?.cardCode ?? proposedCardCode(rfc);
  }

  async function create(user: SessionUser, input: CreateInvitacionRequest): Promise<string> {
    if (!isAdministrador(user)) throw new Forbidden();
    const rfc = input.RFC;
    const problema = rfcRefusal(rfc);
    if (problema) throw new Invalid(problema);
    const sociedad = await repo.sociedad(input.IdSociedad);
    if (sociedad?.estatus !== "A") throw new NotFound(INVITACION_MSG.sociedadInactiva);
    const vivas = await repo.liveOfRfc(rfc);
    if (vivas.some((v) => v.estatus === "registrada")) throw new Conflict(INVITACION_MSG.yaRegistrada(rfc));
    if (await repo.proveedorByRfc(rfc)) throw new Conflict(INVITACION_MSG.rfcYaEsProveedor(rfc));
    const cardCode = await cardCodeFor(sociedad.bd, rfc);
    const ocupado = await repo.proveedorByCardCode(cardCode);
    if (ocupado && ocupado.rfc !== rfc) throw new Conflict(INVITACION_MSG.cardCodeOcupado(cardCode));
    const token = randomBytes(SESSION_TOKEN_BYTES).toString("base64url");
    const now = clock();
    try {
      await data.withTransaction(async (tx) => {
        await tx.invitaciones.cancelInvitadasOfRfc(rfc, now);
        const id = await tx.invitaciones.insert({
          rfc,
          nombre: input.Nombre,
          email: input.Correo,
          sociedadId: sociedad.id,
          cardCode,
          tokenHash: hashToken(token),
          invitadoPor: Number(user.id),
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITACION_VIGENCIA_MS),
        });
        await enqueueInvitationMail(
          tx,
          { nombre: input.Nombre, email: input.Correo, sociedad: sociedad.nombre, link: linkOf(token) },
          now,
        );
        const cambio = { entidad: "invitacion", id, campo: "estatus", from: "", to: "invitada" };
        await tx.auditoria.recordChange(user, { ...cambio, comment: `${rfc} ${input.Correo}` }, now);
      });
    } catch (error) {
      // Two invitations of one RFC at once: the live-invitation index lets one in.
      if (uniqueViolation(error) !== null) throw new Conflict(INVITACION_MSG.cambioConcurrente);
      throw error;
    }
    return vivas.length > 0
      ? INVITACION_MSG.invitacionReenviada(input.Correo)
      : INVITACION_MSG.invitacionEnviada(input.Correo);
  }

  async function list(user: SessionUser): Promise<InvitacionRow[]> {
    if (!isAdministrador(user)) throw new Forbidden();
    const now = clock();
    return (await repo.list()).map(({ i, nomSociedad, invito, decidio }) => ({
      IdInvitacion: i.id,
      RFC: i.rfc,
      Nombre: i.nombre,
      Correo: i.email,
      IdSociedad: i.sociedadId,
      NomSociedad: nomSociedad,
      CardCode: i.cardCode,
      Estatus: i.estatus === "invitada" && i.expiresAt.getTime() <= now.getTime() ? "vencida" : estatusOf(i.estatus),
      Invito: invito,
      Creada: iso(i.createdAt),
      Vence: iso(i.expiresAt),
      Registrada: i.estatus === "cancelada" ? "" : iso(i.usedAt),
      Decidio: decidio,
      Motivo: i.motivoRechazo,
      SocioCreado: i.socioCreado === "Y" ? "Y" : i.socioCreado === "N" ? "N" : "",
      version: i.version,
    }));
  }

  return {
    create,
    list,
    read: readInvitacion(deps),
    register: registerProveedor(deps),
    approve: approveRegistro(deps),
    reject: rejectRegistro(deps),
  };
}
export type InvitacionesService = ReturnType<typeof createInvitacionesService>;

const ESTATUS = new Set(["invitada", "cancelada", "registrada", "aprobada", "rechazada"] as const);
function estatusOf(estatus: string): InvitacionRow["Estatus"] {
  return ESTATUS.has(estatus as never) ? (estatus as InvitacionRow["Estatus"]) : "cancelada";
}
