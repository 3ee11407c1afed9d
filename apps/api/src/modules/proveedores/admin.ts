import {
  type AddSociedadRequest,
  CORREO_MSG,
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
    if (!proveedor) throw new NotFound(MSG.proveedorRazonSocialNoExiste(input.Usuario));
    const registrados = proveedor.email
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    if (registrados.length === 0) throw new Invalid(MSG.proveedorSinCorreo);
    const estatusRegistro = ESTATUS_REGISTRO_LABEL[input.EstatusRegistro];
    const estatus = ESTATUS_ACTIVO_LABEL[input.Estatus];
    const lineas = [
      CORREO_MSG.saludoProveedor(proveedor.cardName),
      "",
      CORREO_MSG.registro.introduccion,
      "",
      CORREO_MSG.registro.estatusRegistro(estatusRegistro),
      CORREO_MSG.registro.estatus(estatus),
      ...(input.Observaciones ? [CORREO_MSG.registro.observaciones(input.Observaciones)] : []),
      "",
      CORREO_MSG.registro.perfil(publicUrl),
      "",
      CORREO_MSG.cierre,
    ];
    await correo.enqueue({
      para: registrados.join(", "),
      asunto: CORREO_MSG.asunto(CORREO_MSG.registro.asunto(estatusRegistro)),
      texto: lineas.join("\n"),
    });
    return MSG.proveedorNotificado;
  };
}

export function addSociedad({ data }: Pick<ProveedoresDeps, "data">) {
  const repo = data.repos.proveedores;
  return async (user: SessionUser, input: AddSociedadRequest): Promise<string> => {
    if (!isAdministrador(user)) throw new Forbidden();
    if (!(await repo.findByCardCode(input.CardCode))) throw new NotFound(MSG.proveedorNoExiste);
    if (!(await repo.sociedadExists(input.IdSociedad))) throw new NotFound(MSG.sociedadNoExiste);
    if (await repo.isLinked(input.CardCode, input.IdSociedad)) {
      throw new Conflict(MSG.proveedorSociedadYaAsignada);
    }
    await repo.link(input.CardCode, input.IdSociedad);
    return MSG.sociedadVinculada;
  };
}
