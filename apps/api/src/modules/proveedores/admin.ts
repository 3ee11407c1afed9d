import {
  type AddSociedadRequest,
  ESTATUS_ACTIVO_LABEL,
  ESTATUS_REGISTRO_LABEL,
  MSG,
  type SentCorreoRequest,
} from "@portal/contracts";
import { Conflict, Forbidden, Invalid, NotFound } from "../../lib/errors";
import { isAdministrador, type SessionUser } from "../../lib/session-user";
import type { ProveedoresDeps } from "./deps";

/**
 * Notifies the supplier of its record status (spec §7 sentCorreo). The message goes only to the
 * supplier's stored addresses, never to an arbitrary `Correo`, so the call cannot be used as a relay.
 */
export function sentCorreo({ data, correo, publicUrl }: Pick<ProveedoresDeps, "data" | "correo" | "publicUrl">) {
  const repo = data.repos.proveedores;
  return async (user: SessionUser, input: SentCorreoRequest): Promise<string> => {
    if (!isAdministrador(user)) throw new Forbidden();
    const proveedor = await repo.findByCardName(input.Usuario);
    if (!proveedor) throw new NotFound(`No existe un proveedor con la razón social ${input.Usuario}.`);
    const registrados = proveedor.email
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    if (registrados.length === 0) throw new Invalid("El proveedor no tiene un correo registrado.");
    const estatusRegistro = ESTATUS_REGISTRO_LABEL[input.EstatusRegistro];
    const estatus = ESTATUS_ACTIVO_LABEL[input.Estatus];
    const lineas = [
      `Estimado proveedor ${proveedor.cardName}:`,
      "",
      "Le informamos el estatus de su registro en el Portal de Proveedores.",
      "",
      `Estatus del registro: ${estatusRegistro}`,
      `Estatus: ${estatus}`,
      ...(input.Observaciones ? [`Observaciones: ${input.Observaciones}`] : []),
      "",
      `Puede revisar su perfil y sus documentos en ${publicUrl}`,
      "",
      "Este es un mensaje automático; por favor no lo responda.",
    ];
    await correo.enqueue({
      para: registrados.join(", "),
      asunto: `Portal de Proveedores: su registro está ${estatusRegistro.toLowerCase()}`,
      texto: lineas.join("\n"),
    });
    return "Se envió la notificación al proveedor.";
  };
}

export function addSociedad({ data }: Pick<ProveedoresDeps, "data">) {
  const repo = data.repos.proveedores;
  return async (user: SessionUser, input: AddSociedadRequest): Promise<string> => {
    if (!isAdministrador(user)) throw new Forbidden();
    if (!(await repo.findByCardCode(input.CardCode))) throw new NotFound("El proveedor no existe.");
    if (!(await repo.sociedadExists(input.IdSociedad))) throw new NotFound("La sociedad no existe.");
    if (await repo.isLinked(input.CardCode, input.IdSociedad)) {
      throw new Conflict("La sociedad ya está asignada a este proveedor.");
    }
    await repo.link(input.CardCode, input.IdSociedad);
    return MSG.sociedadVinculada;
  };
}
