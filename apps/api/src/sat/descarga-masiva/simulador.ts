import { randomUUID, X509Certificate } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import JSZip from "jszip";
import type { Clock } from "../../lib/clock";
import {
  ACCION_AUTENTICA,
  ACCION_DESCARGAR,
  ACCION_SOLICITA_RECIBIDOS,
  ACCION_VERIFICA,
  RUTAS_DESCARGA_MASIVA,
} from "./rutas";

/** Path prefix of the simulator inside the API process (outside /api: it is another system, not a portal call). */
export const SIMULADOR_DESCARGA_PATH = "/simulador-sat-descarga";

/** One row of a metadata package, as the SAT writes it (the columns of `Uuid~RfcEmisor~…~FechaCancelacion`). */
export interface MetadatoSimulado {
  uuid: string;
  rfcEmisor: string;
  nombreEmisor: string;
  rfcReceptor: string;
  nombreReceptor: string;
  /** 'YYYY-MM-DD HH:mm:ss' */
  fechaEmision: string;
  fechaCertificacion: string;
  monto: string;
  /** I, E, T, N or P. */
  efecto: string;
  /** '1' vigente, '0' cancelado. */
  estatus: "0" | "1";
  fechaCancelacion: string;
}

/**
 * The fault knobs of the simulator (issue 43 §3), set by tests (and by hand in a demo through the services object):
 * the token refused, every request answered with a code (5002 'se agotó las solicitudes de por vida', 5003 'tope
 * máximo'), packages expired, verification that stays 'en proceso' for N polls, a package that is not a ZIP.
 */
export interface FallasDescarga {
  tokenRechazado: boolean;
  solicitudRechazada: 5002 | 5003 | null;
  paqueteVencido: boolean;
  /** How many verifications answer 'En proceso' (EstadoSolicitud 2) before 'Terminada' (3). */
  verificacionesEnProceso: number;
  paqueteMalformado: boolean;
}

export const FALLAS_NINGUNA: FallasDescarga = {
  tokenRechazado: false,
  solicitudRechazada: null,
  paqueteVencido: false,
  verificacionesEnProceso: 1,
  paqueteMalformado: false,
};

/** A request the simulator accepted: who asked, for what (metadata or XML) and which window. */
export interface SolicitudSimulada {
  id: string;
  rfc: string;
  /** 'Metadata' or 'CFDI' (the SAT's TipoSolicitud). */
  tipo: "Metadata" | "CFDI";
  desde: string;
  hasta: string;
}

/**
 * Where the simulator keeps its requests: the database (`sat_simulador_descargas`, repository-simulador.ts), so that
 * behind the cluster any API process answers any step of a request another one accepted.
 */
export interface SolicitudesSimuladas {
  /** Keeps a new request; false when one with the same parameters was accepted in the last 72 hours (5005). */
  create(s: SolicitudSimulada, ahora: Date): Promise<boolean>;
  read(id: string): Promise<SolicitudSimulada | null>;
  /** Counts one more verification of the request; the count after it. */
  verificar(id: string): Promise<number>;
}

/** One CFDI's XML as the SAT's package holds it ('<UUID>.xml'). */
export interface XmlSimulado {
  uuid: string;
  xml: string;
}

/**
 * What the simulator keeps in the process: only the fault knobs and the call counters (both for tests). Tokens carry
 * their RFC and requests live in the database, so nothing of a request depends on which process answers.
 */
export interface EstadoSimuladorDescarga {
  fallas: FallasDescarga;
  /** Calls answered by this process, by operation: what a test counts (a request, two verifications, one download). */
  llamadas: { autentica: number; solicita: number; verifica: number; descarga: number };
}

export function createEstadoSimuladorDescarga(): EstadoSimuladorDescarga {
  return {
    fallas: { ...FALLAS_NINGUNA },
    llamadas: { autentica: 0, solicita: 0, verifica: 0, descarga: 0 },
  };
}

const NS = "http://DescargaMasivaTerceros.sat.gob.mx";
const NS_SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const attr = (xml: string, nombre: string) =>
  (new RegExp(`\\s${nombre}="([^"]*)"`).exec(xml)?.[1] ?? "").replace(/&amp;/g, "&");

const envelope = (header: string, body: string) =>
  `<s:Envelope xmlns:s="${NS_SOAP}" xmlns:u="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">` +
  `${header ? `<s:Header>${header}</s:Header>` : ""}<s:Body xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">${body}</s:Body></s:Envelope>`;

/** The SAT's fault on a signature or token it does not accept (the WCF security fault). */
const falloSeguridad = () =>
  envelope(
    "",
    '<s:Fault><faultcode xmlns:a="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">a:InvalidSecurity</faultcode>' +
      '<faultstring xml:lang="en-US">An error occurred when verifying security for the message.</faultstring></s:Fault>',
  );

/** The RFC of the e.firma that signed the authentication (x500UniqueIdentifier: 'RFC / RFC del representante'). */
function rfcDelCertificado(cuerpo: string): string | null {
  const b64 = /<(?:\w+:)?BinarySecurityToken[^>]*>([^<]+)</.exec(cuerpo)?.[1];
  if (!b64) return null;
  try {
    const subject = new X509Certificate(Buffer.from(b64.trim(), "base64")).subject;
    return /x500UniqueIdentifier=([A-Z&Ñ0-9]{12,13})/.exec(subject)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * The simulator's token: the RFC it was given to and its expiry, readable by any process (no table): 'SIM.' and
 * base64url of 'RFC|expiry ms|random'. The real SAT's token is opaque; the client only carries it back.
 */
const TOKEN_PREFIJO = "SIM.";
const issueToken = (rfc: string, vence: Date) =>
  `${TOKEN_PREFIJO}${Buffer.from(`${rfc}|${vence.getTime()}|${randomUUID()}`).toString("base64url")}`;
function readToken(token: string, ahora: Date): string | null {
  if (!token.startsWith(TOKEN_PREFIJO)) return null;
  const [rfc, vence] = Buffer.from(token.slice(TOKEN_PREFIJO.length), "base64url").toString("utf8").split("|");
  if (!rfc || !/^[A-Z&Ñ0-9]{12,13}$/.test(rfc) || !(Number(vence) > ahora.getTime())) return null;
  return rfc;
}

const formatoSat = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, ".000Z");

/** The metadata text file of a package: '~'-separated, CRLF line ends, the SAT's header. */
export function metadataText(filas: MetadatoSimulado[]): string {
  const cabecera =
    "Uuid~RfcEmisor~NombreEmisor~RfcReceptor~NombreReceptor~RfcPac~FechaEmision~FechaCertificacionSat~Monto~EfectoComprobante~Estatus~FechaCancelacion";
  const lineas = filas.map((f) =>
    [
      f.uuid,
      f.rfcEmisor,
      f.nombreEmisor,
      f.rfcReceptor,
      f.nombreReceptor,
      "SAT970701NN3",
      f.fechaEmision,
      f.fechaCertificacion,
      f.monto,
      f.efecto,
      f.estatus,
      f.fechaCancelacion,
    ].join("~"),
  );
  return `${[cabecera, ...lineas].join("\r\n")}\r\n`;
}

interface Contexto {
  estado: EstadoSimuladorDescarga;
  clock: Clock;
  solicitudes: SolicitudesSimuladas;
  recibidos: (rfcReceptor: string, desde: string, hasta: string) => Promise<MetadatoSimulado[]>;
  /** The XML of the same CFDI (a request of type CFDI). */
  xmls: (rfcReceptor: string, desde: string, hasta: string) => Promise<XmlSimulado[]>;
}
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const xml = (reply: FastifyReply, code: number, body: string) =>
  reply.code(code).header("content-type", "text/xml; charset=utf-8").send(body);
const soapAction = (request: FastifyRequest) => String(request.headers.soapaction ?? "").replace(/"/g, "");
const body = (request: FastifyRequest) => String(request.body ?? "");
/** The RFC a call's token was given to ('WRAP access_token="…"'), or null for an unknown token. */
function tokenRfc({ clock }: Contexto, request: FastifyRequest): string | null {
  const valor = /access_token="([^"]+)"/.exec(String(request.headers.authorization ?? ""))?.[1];
  return valor ? readToken(valor, clock()) : null;
}

/** Autentica: the token for the e.firma's RFC, valid five minutes (WS-Security timestamp in the header). */
const autentica =
  ({ estado, clock }: Contexto): Handler =>
  async (request, reply) => {
    estado.llamadas.autentica += 1;
    const rfc = rfcDelCertificado(body(request));
    if (soapAction(request) !== ACCION_AUTENTICA || !rfc || estado.fallas.tokenRechazado) {
      return xml(reply, 500, falloSeguridad());
    }
    const ahora = clock();
    const token = issueToken(rfc, new Date(ahora.getTime() + 300_000));
    const header =
      '<o:Security xmlns:o="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" s:mustUnderstand="1">' +
      `<u:Timestamp u:Id="_0"><u:Created>${formatoSat(ahora)}</u:Created><u:Expires>${formatoSat(new Date(ahora.getTime() + 300_000))}</u:Expires></u:Timestamp></o:Security>`;
    return xml(
      reply,
      200,
      envelope(
        header,
        `<AutenticaResponse xmlns="http://DescargaMasivaTerceros.gob.mx"><AutenticaResult>${token}</AutenticaResult></AutenticaResponse>`,
      ),
    );
  };

/** SolicitaDescargaRecibidos: 5000 with the request's id, or the SAT's refusals (5002, 5003, 5005, 300, 301). */
const solicita =
  (ctx: Contexto): Handler =>
  async (request, reply) => {
    const { estado, solicitudes, clock } = ctx;
    estado.llamadas.solicita += 1;
    const rfc = tokenRfc(ctx, request);
    if (!rfc || soapAction(request) !== ACCION_SOLICITA_RECIBIDOS) return xml(reply, 500, falloSeguridad());
    const solicitud = /<(?:\w+:)?solicitud\s[^>]*>/.exec(body(request))?.[0] ?? "";
    const responder = (cod: number, mensaje: string, id = "") =>
      xml(
        reply,
        200,
        envelope(
          "",
          `<SolicitaDescargaRecibidosResponse xmlns="${NS}"><SolicitaDescargaRecibidosResult${id ? ` IdSolicitud="${id}"` : ""} CodEstatus="${cod}" Mensaje="${escapeXml(mensaje)}"/></SolicitaDescargaRecibidosResponse>`,
        ),
      );
    if (attr(solicitud, "RfcSolicitante") !== rfc || attr(solicitud, "RfcReceptor") !== rfc) {
      return responder(300, "Usuario No Válido");
    }
    if (estado.fallas.solicitudRechazada === 5002) {
      return responder(5002, "Se han agotado las solicitudes de por vida");
    }
    if (estado.fallas.solicitudRechazada === 5003) return responder(5003, "Tope máximo");
    const tipo = attr(solicitud, "TipoSolicitud");
    if (tipo !== "Metadata" && tipo !== "CFDI") return responder(301, "XML Mal Formado");
    // The SAT gives the XML of received CFDI in force only: a request for them that includes cancelled ones is 301.
    if (tipo === "CFDI" && attr(solicitud, "EstadoComprobante") !== "Vigente") {
      return responder(301, "XML Mal Formado");
    }
    const id = randomUUID();
    const nueva = {
      id,
      rfc,
      tipo,
      desde: attr(solicitud, "FechaInicial"),
      hasta: attr(solicitud, "FechaFinal"),
    } as const;
    // A request with the parameters of one still in force: the SAT answers 5005 and keeps the first.
    if (!(await solicitudes.create(nueva, clock()))) return responder(5005, "Solicitud duplicada");
    return responder(5000, "Solicitud Aceptada", id);
  };

/** VerificaSolicitudDescarga: EstadoSolicitud 2 (en proceso) for the first polls, then 3 with its package. */
const verifica =
  (ctx: Contexto): Handler =>
  async (request, reply) => {
    const { estado, solicitudes, recibidos } = ctx;
    estado.llamadas.verifica += 1;
    const rfc = tokenRfc(ctx, request);
    if (!rfc || soapAction(request) !== ACCION_VERIFICA) return xml(reply, 500, falloSeguridad());
    const s = await solicitudes.read(attr(body(request), "IdSolicitud"));
    const responder = (cod: number, estadoSol: number, codigoSol: number, n: number, mensaje: string, ids: string[]) =>
      xml(
        reply,
        200,
        envelope(
          "",
          `<VerificaSolicitudDescargaResponse xmlns="${NS}"><VerificaSolicitudDescargaResult CodEstatus="${cod}" EstadoSolicitud="${estadoSol}" CodigoEstadoSolicitud="${codigoSol}" NumeroCFDIs="${n}" Mensaje="${escapeXml(mensaje)}">` +
            `${ids.map((i) => `<IdsPaquetes>${i}</IdsPaquetes>`).join("")}</VerificaSolicitudDescargaResult></VerificaSolicitudDescargaResponse>`,
        ),
      );
    if (!s || s.rfc !== rfc) return responder(5004, 0, 5004, 0, "No se encontró la solicitud", []);
    if ((await solicitudes.verificar(s.id)) <= estado.fallas.verificacionesEnProceso) {
      return responder(5000, 2, 5000, 0, "Solicitud Aceptada", []);
    }
    // An XML request covers the CFDI in force only (EstadoComprobante 'Vigente', checked when it was made).
    const filas = (await recibidos(rfc, s.desde, s.hasta)).filter((f) => s.tipo === "Metadata" || f.estatus === "1");
    if (filas.length === 0) return responder(5000, 3, 5004, 0, "No se encontró la información", []);
    return responder(5000, 3, 5000, filas.length, "Solicitud Aceptada", [`${s.id.toUpperCase()}_01`]);
  };

/** Descargar: the package, a base64 ZIP with the metadata text file (or 5007 when it expired). */
const descarga =
  (ctx: Contexto): Handler =>
  async (request, reply) => {
    const { estado, solicitudes, recibidos, xmls } = ctx;
    estado.llamadas.descarga += 1;
    const rfc = tokenRfc(ctx, request);
    if (!rfc || soapAction(request) !== ACCION_DESCARGAR) return xml(reply, 500, falloSeguridad());
    const idPaquete = attr(body(request), "IdPaquete");
    const s = await solicitudes.read(idPaquete.replace(/_\d+$/, "").toLowerCase());
    const responder = (cod: number, mensaje: string, paquete: string) =>
      xml(
        reply,
        200,
        envelope(
          `<h:respuesta CodEstatus="${cod}" Mensaje="${escapeXml(mensaje)}" xmlns:h="${NS}" xmlns="${NS}"/>`,
          `<RespuestaDescargaMasivaTercerosSalida xmlns="${NS}"><Paquete>${paquete}</Paquete></RespuestaDescargaMasivaTercerosSalida>`,
        ),
      );
    if (!s || s.rfc !== rfc) return responder(5004, "No se encontró la información", "");
    // 5007: the package is no longer there (the SAT keeps a package 72 hours).
    if (estado.fallas.paqueteVencido) return responder(5007, "No existe el paquete solicitado", "");
    if (estado.fallas.paqueteMalformado) {
      return responder(5000, "Solicitud Aceptada", Buffer.from("esto no es un zip").toString("base64"));
    }
    const zip = new JSZip();
    // A metadata package holds one text table; an XML package one '<UUID>.xml' per CFDI (the SAT's own layout).
    if (s.tipo === "Metadata") zip.file(`${idPaquete}.txt`, metadataText(await recibidos(rfc, s.desde, s.hasta)));
    else for (const x of await xmls(rfc, s.desde, s.hasta)) zip.file(`${x.uuid.toLowerCase()}.xml`, x.xml);
    const contenido = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    return responder(5000, "Solicitud Aceptada", contenido.toString("base64"));
  };

/**
 * A local simulator of the SAT's Descarga Masiva web service (issue 43 §3), mounted in the API process when
 * SAT_SIMULADOR is on, like the status simulator (sat/simulador.ts): the four SOAP 1.1 services at the SAT's own
 * paths (Autenticacion, SolicitaDescargaRecibidos, VerificaSolicitudDescarga, Descargar), over real HTTP, with the
 * SAT's answer shapes as @nodecfdi/sat-ws-descarga-masiva reads them. The CFDI it holds come from `recibidos`
 * (the portal's own invoices plus some it never received: modules/descarga-sat/repository-simulador.ts).
 */
export async function simuladorDescargaRoutes(app: FastifyInstance, opts: Contexto) {
  app.addContentTypeParser(
    ["text/xml", "application/soap+xml"],
    { parseAs: "string", bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const opciones = { config: { access: "public" }, schema: { hide: true } } as const;
  const ruta = (p: string) => `${SIMULADOR_DESCARGA_PATH}${p}`;
  app.post(ruta(RUTAS_DESCARGA_MASIVA.autentica), opciones, autentica(opts));
  app.post(ruta(RUTAS_DESCARGA_MASIVA.solicita), opciones, solicita(opts));
  app.post(ruta(RUTAS_DESCARGA_MASIVA.verifica), opciones, verifica(opts));
  app.post(ruta(RUTAS_DESCARGA_MASIVA.descarga), opciones, descarga(opts));
}
