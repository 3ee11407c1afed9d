import { childrenNamed, decodeXmlInput, parseXml, SAT_NS, type XmlElement } from "@portal/cfdi";

/**
 * Client of the SAT's CFDI status web service (ConsultaCFDIService, SOAP 1.1, operation Consulta; issue 15 §1).
 * The request carries the CFDI's printed expression (the text of its QR code); the answer says whether the SAT
 * has the CFDI and whether it is cancelled. Production points it at the SAT
 * (SAT_ESTADO_CFDI_URL, default {@link SAT_ESTADO_CFDI_URL_PRODUCCION}); the demo and the tests at the local
 * simulator (sat/simulador.ts), over real HTTP either way.
 *
 * Request, expression and answer as documented by the open-source clients phpcfdi/sat-estado-cfdi and
 * nodecfdi/sat-estado-cfdi and by the SAT's "WS_ConsultaCFDI" manual.
 */
export const SAT_ESTADO_CFDI_URL_PRODUCCION =
  "https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc";
export const SOAP_ACTION = "http://tempuri.org/IConsultaCFDIService/Consulta";
const NS_SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
const NS_TEMPURI = "http://tempuri.org/";
/** Where the printed expression of a CFDI 3.3/4.0 points (the SAT's verification page). */
const VERIFICA_URL = "https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx";

export interface DatosExpresion {
  rfcEmisor: string;
  rfcReceptor: string;
  /** Comprobante@Total as written in the XML ("0" for a payment complement). */
  total: string;
  uuid: string;
  /** Comprobante@Sello (only its last 8 characters travel). */
  sello: string;
}

/**
 * The total as the expression of a CFDI 3.3/4.0 writes it: up to 6 decimals, trailing zeros dropped but one
 * decimal kept ("1" → "1.0", "3327.010000" → "3327.01", "0" → "0.0"), thousands separators removed. Done on the
 * decimal text, never through a binary float.
 */
export function formatoTotal(total: string): string {
  const limpio = total.replace(/[,\s]/g, "");
  const m = /^(\d*)(?:\.(\d*))?$/.exec(limpio);
  if (!m) throw new Error(`Total no válido para la expresión impresa: ${total}`);
  let entero = (m[1] ?? "").replace(/^0+(?=\d)/, "") || "0";
  let decimales = m[2] ?? "";
  if (decimales.length > 6) {
    // Round half up at the sixth decimal, carrying into the integer part when needed.
    const digitos = `${entero}${decimales.slice(0, 6)}`;
    const sube = Number(decimales[6]) >= 5;
    let redondeado = sube ? (BigInt(digitos) + 1n).toString() : digitos;
    redondeado = redondeado.padStart(7, "0");
    entero = redondeado.slice(0, -6).replace(/^0+(?=\d)/, "") || "0";
    decimales = redondeado.slice(-6);
  }
  decimales = decimales.replace(/0+$/, "");
  return `${entero}.${decimales || "0"}`;
}

/** An RFC in the expression: '&' (allowed in RFCs) written as the SAT's QR writes it, '&amp;'. */
const rfcExpresion = (rfc: string) => rfc.trim().toUpperCase().replace(/&/g, "&amp;");

/**
 * The printed expression of a CFDI 3.3/4.0:
 * `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=UUID&re=RFC&rr=RFC&tt=TOTAL&fe=SELLO8`.
 */
export function expresionImpresa(d: DatosExpresion): string {
  const sello = d.sello.replace(/\s+/g, "");
  return `${VERIFICA_URL}?${[
    `id=${d.uuid.trim().toUpperCase()}`,
    `re=${rfcExpresion(d.rfcEmisor)}`,
    `rr=${rfcExpresion(d.rfcReceptor)}`,
    `tt=${formatoTotal(d.total)}`,
    `fe=${sello.slice(-8)}`,
  ].join("&")}`;
}

/** The UUID a printed expression names ('' when it names none): the simulator answers by it. */
export function uuidDeExpresion(expresion: string): string {
  const m = /[?&]id=([0-9A-Fa-f-]{36})(?:&|$)/.exec(expresion);
  return m ? (m[1] as string).toUpperCase() : "";
}

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The SOAP 1.1 envelope of Consulta(expresionImpresa). */
export function soapConsulta(expresion: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<s:Envelope xmlns:s="${NS_SOAP}"><s:Body><c:Consulta xmlns:c="${NS_TEMPURI}">` +
    `<c:expresionImpresa>${escapeXml(expresion)}</c:expresionImpresa>` +
    "</c:Consulta></s:Body></s:Envelope>"
  );
}

/** The data of the expression read from a CFDI 3.3/4.0 (invoice or payment complement) XML; null if absent. */
export function datosExpresionDelXml(xml: Uint8Array | string): DatosExpresion | null {
  const texto = decodeXmlInput(xml);
  if (!texto.ok) return null;
  const leido = parseXml(texto.text);
  if (!leido.ok) return null;
  const raiz = leido.root;
  if (raiz.local !== "Comprobante") return null;
  const [emisor] = childrenNamed(raiz, raiz.ns, "Emisor");
  const [receptor] = childrenNamed(raiz, raiz.ns, "Receptor");
  const [complemento] = childrenNamed(raiz, raiz.ns, "Complemento");
  const tfd = complemento ? childrenNamed(complemento, SAT_NS.tfd, "TimbreFiscalDigital")[0] : undefined;
  const datos = {
    rfcEmisor: emisor?.attrs.get("Rfc") ?? "",
    rfcReceptor: receptor?.attrs.get("Rfc") ?? "",
    total: raiz.attrs.get("Total") ?? "",
    uuid: tfd?.attrs.get("UUID") ?? "",
    sello: raiz.attrs.get("Sello") ?? "",
  };
  return Object.values(datos).every((v) => v !== "") ? datos : null;
}

/** What the SAT answered (Consulta's ConsultaResult). */
export interface RespuestaSat {
  /** "S - Comprobante obtenido satisfactoriamente." or "N - 60x: …". */
  CodigoEstatus: string;
  /** Vigente, Cancelado, No Encontrado. */
  Estado: "Vigente" | "Cancelado" | "No Encontrado";
  /** Cancelable sin aceptación, Cancelable con aceptación, No cancelable. */
  EsCancelable: string;
  /** '', En proceso, Plazo vencido, Cancelado con aceptación, Cancelado sin aceptación, Solicitud rechazada. */
  EstatusCancelacion: string;
  /** 200: the issuer is not on the EFOS list; 100: it is. */
  ValidacionEFOS: string;
}

/** Answered, or why not: the caller treats every failure alike (the CFDI is left pending and asked again). */
export type ConsultaSat = { ok: true; respuesta: RespuestaSat } | { ok: false; error: string };

function textoDe(el: XmlElement): string {
  return (el.texts ?? [])
    .filter((t): t is string => t !== undefined)
    .join("")
    .trim();
}

function find(el: XmlElement, local: string): XmlElement | undefined {
  if (el.local === local) return el;
  for (const hijo of el.children) {
    const hallado = find(hijo, local);
    if (hallado) return hallado;
  }
  return undefined;
}

/**
 * Reads a Consulta answer (a SOAP envelope with ConsultaResult). Fields are matched by local name (the SAT puts
 * them in a data-contract namespace whose prefix varies); Estado is normalised to the three values the SAT uses.
 * A fault, a missing ConsultaResult or an unknown Estado is an error, never a guess.
 */
export function readResponse(xml: string): ConsultaSat {
  const leido = parseXml(xml.replace(/^\uFEFF/, ""));
  if (!leido.ok) return { ok: false, error: `respuesta del SAT no es XML válido: ${leido.error.message}` };
  const raiz = leido.root;
  if (raiz.local !== "Envelope" || raiz.ns !== NS_SOAP) return { ok: false, error: "respuesta del SAT sin sobre SOAP" };
  const falla = find(raiz, "Fault");
  if (falla) {
    const motivo = find(falla, "faultstring");
    return { ok: false, error: `el SAT respondió un error SOAP: ${motivo ? textoDe(motivo) : "sin descripción"}` };
  }
  const resultado = find(raiz, "ConsultaResult");
  if (!resultado) return { ok: false, error: "respuesta del SAT sin ConsultaResult" };
  const campos = new Map(resultado.children.map((c) => [c.local, textoDe(c)]));
  const estadoTexto = (campos.get("Estado") ?? "").normalize("NFC").toLowerCase().replace(/\s+/g, " ");
  const estado =
    estadoTexto === "vigente"
      ? "Vigente"
      : estadoTexto === "cancelado"
        ? "Cancelado"
        : estadoTexto === "no encontrado"
          ? "No Encontrado"
          : null;
  if (!estado)
    return { ok: false, error: `el SAT respondió un Estado desconocido: ${campos.get("Estado") ?? "(vacío)"}` };
  return {
    ok: true,
    respuesta: {
      CodigoEstatus: campos.get("CodigoEstatus") ?? "",
      Estado: estado,
      EsCancelable: campos.get("EsCancelable") ?? "",
      EstatusCancelacion: campos.get("EstatusCancelacion") ?? "",
      ValidacionEFOS: campos.get("ValidacionEFOS") ?? "",
    },
  };
}

export interface EstadoCfdiClient {
  query(expresion: string): Promise<ConsultaSat>;
}

/**
 * The client: POSTs the envelope with SOAPAction and a timeout, and reads the answer. `url` is asked on every
 * call (the in-process simulator's address is known only once the server listens); null = nowhere to ask.
 */
export function createEstadoCfdiClient(opts: {
  url: () => string | null;
  timeoutMs: number;
  fetch?: typeof fetch;
}): EstadoCfdiClient {
  const doFetch = opts.fetch ?? fetch;
  return {
    async query(expresion) {
      const url = opts.url();
      if (!url) return { ok: false, error: "servicio del SAT no configurado" };
      let texto: string;
      try {
        const res = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "text/xml; charset=utf-8", soapaction: `"${SOAP_ACTION}"` },
          body: soapConsulta(expresion),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        texto = await res.text();
        // A SOAP fault comes with 500: read it for its message; any other non-2xx is an outage.
        if (!res.ok && !texto.includes("Fault")) return { ok: false, error: `el SAT respondió HTTP ${res.status}` };
      } catch (error) {
        const e = error as { name?: string; cause?: { code?: string } };
        if (e.name === "TimeoutError" || e.name === "AbortError") {
          return { ok: false, error: `el SAT no respondió en ${opts.timeoutMs} ms` };
        }
        return { ok: false, error: `no se pudo conectar con el SAT${e.cause?.code ? ` (${e.cause.code})` : ""}` };
      }
      return readResponse(texto);
    },
  };
}
