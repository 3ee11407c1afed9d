import type { FastifyInstance } from "fastify";
import { uuidDeExpresion } from "./estado-cfdi";

/** Path of the simulator inside the API process (outside /api: it is another system, not a portal call). */
export const SIMULADOR_SAT_PATH = "/simulador-sat/ConsultaCFDIService.svc";

export interface EstadoSimulado {
  estado: string;
  cancelability: string;
  estatusCancelacion: string;
  validacionEfos: string;
  demoraMs: number;
  falla: number | null;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The answer envelope, shaped like the SAT's (tempuri.org result with the data-contract namespace). */
export function respuestaSimulada(campos: Record<string, string>): string {
  return (
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>' +
    '<ConsultaResponse xmlns="http://tempuri.org/"><ConsultaResult xmlns:a="http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
    Object.entries(campos)
      .map(([k, v]) => `<a:${k}>${escapeXml(v)}</a:${k}>`)
      .join("") +
    "</ConsultaResult></ConsultaResponse></s:Body></s:Envelope>"
  );
}

const falloSoap = (mensaje: string) =>
  '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault>' +
  `<faultcode>s:Client</faultcode><faultstring xml:lang="es-MX">${escapeXml(mensaje)}</faultstring>` +
  "</s:Fault></s:Body></s:Envelope>";

/**
 * A local simulator of the SAT's ConsultaCFDIService (issue 15 §1), mounted in the API process when SAT_SIMULADOR
 * is on (demo, tests, e2e; the configuration refuses it in production unless told): `npm start` runs one process
 * on the embedded database, so the simulator cannot be a second server. It speaks the same SOAP 1.1 as the SAT,
 * over real HTTP, and answers from `sat_simulador_estados` (a UUID without a row is Vigente, so a new user's own
 * test CFDI goes through). A row can make it fail with an HTTP status or answer late.
 */
export async function simuladorSatRoutes(
  app: FastifyInstance,
  opts: { estadoDe: (uuid: string) => Promise<EstadoSimulado | undefined> },
) {
  app.addContentTypeParser(
    ["text/xml", "application/soap+xml"],
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(SIMULADOR_SAT_PATH, { config: { access: "public" }, schema: { hide: true } }, async (request, reply) => {
    reply.header("content-type", "text/xml; charset=utf-8");
    const cuerpo = typeof request.body === "string" ? request.body : "";
    const accion = String(request.headers.soapaction ?? "").replace(/"/g, "");
    if (accion !== "http://tempuri.org/IConsultaCFDIService/Consulta") {
      return reply.code(500).send(falloSoap("La acción SOAP no es Consulta."));
    }
    const m = /<(?:\w+:)?expresionImpresa>([\s\S]*?)<\/(?:\w+:)?expresionImpresa>/.exec(cuerpo);
    if (!m) return reply.code(500).send(falloSoap("Falta expresionImpresa."));
    const expresion = (m[1] as string).replace(/&amp;/g, "&");
    const uuid = uuidDeExpresion(expresion);
    if (!uuid) {
      return respuestaSimulada({
        CodigoEstatus: "N - 601: La expresión impresa proporcionada no es válida.",
        EsCancelable: "",
        Estado: "No Encontrado",
        EstatusCancelacion: "",
        ValidacionEFOS: "",
      });
    }
    const fila = await opts.estadoDe(uuid);
    if (fila?.demoraMs) await new Promise((r) => setTimeout(r, fila.demoraMs));
    if (fila?.falla) return reply.code(fila.falla).send("Servicio no disponible");
    const estado = fila?.estado ?? "Vigente";
    if (estado === "No Encontrado") {
      return respuestaSimulada({
        CodigoEstatus: "N - 602: Comprobante no encontrado.",
        EsCancelable: "",
        Estado: "No Encontrado",
        EstatusCancelacion: "",
        ValidacionEFOS: "",
      });
    }
    return respuestaSimulada({
      CodigoEstatus: "S - Comprobante obtenido satisfactoriamente.",
      EsCancelable: fila?.cancelability ?? "Cancelable con aceptación",
      Estado: estado,
      EstatusCancelacion: fila?.estatusCancelacion ?? "",
      ValidacionEFOS: fila?.validacionEfos ?? "200",
    });
  });
}
