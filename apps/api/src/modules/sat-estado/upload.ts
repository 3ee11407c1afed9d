import { SAT_MSG } from "@portal/contracts";
import { datosExpresionDelXml, expresionImpresa } from "../../sat/estado-cfdi";
import {
  backoffMs,
  camposRespuesta,
  HORA,
  instanteTimbrado,
  PLAZO_SAT_MS,
  type SatEstadoDeps,
  type VeredictoSat,
} from "./shared";

/**
 * At upload, after every other check passed: asks the SAT (outside any transaction) and decides. Cancelado is
 * refused; No Encontrado is accepted as pending within 72 hours of FechaTimbrado and refused after; no answer
 * (outage, timeout, malformed answer) is accepted as pending, so an outage blocks nobody.
 */
export function queryOnUpload({ clock, cliente }: Pick<SatEstadoDeps, "clock" | "cliente">) {
  return async (xml: Uint8Array, fechaTimbrado: string): Promise<VeredictoSat> => {
    const datos = datosExpresionDelXml(xml);
    if (!datos) return { rechazo: SAT_MSG.sinDatos };
    const expresion = expresionImpresa(datos);
    const now = clock();
    const timbradoAt = instanteTimbrado(fechaTimbrado);
    const base = { uuid: datos.uuid.toUpperCase(), expresion, timbradoAt, createdAt: now, updatedAt: now };
    const consulta = await cliente.query(expresion);
    if (!consulta.ok) {
      return {
        registro: {
          ...base,
          pendiente: true,
          intentos: 1,
          ultimoError: consulta.error,
          siguienteConsulta: new Date(now.getTime() + backoffMs(1)),
        },
      };
    }
    const resp = consulta.respuesta;
    if (resp.Estado === "Cancelado") return { rechazo: SAT_MSG.cancelado(base.uuid) };
    const registro = { ...base, ...camposRespuesta(resp), consultadoAt: now };
    if (resp.Estado === "Vigente") return { registro: { ...registro, pendiente: false, siguienteConsulta: null } };
    if (now.getTime() >= timbradoAt.getTime() + PLAZO_SAT_MS) return { rechazo: SAT_MSG.noEncontrado(base.uuid) };
    return {
      registro: {
        ...registro,
        pendiente: true,
        siguienteConsulta: new Date(Math.min(now.getTime() + HORA, timbradoAt.getTime() + PLAZO_SAT_MS)),
      },
    };
  };
}
