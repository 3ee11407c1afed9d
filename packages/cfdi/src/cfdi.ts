/**
 * What invoices and payment complements share: loading the document, recognising what it is (CFDI
 * version and type) and reading attributes with precise messages. Elements are always matched by
 * namespace URI and local name, never by prefix.
 */
import { MSG } from "@portal/contracts/messages";
import { describeCode } from "./catalogos";
import { decodeXmlInput, MAX_XML_BYTES } from "./input";
import { CFDI_MSG } from "./messages";
import { childrenNamed, parseXml, type XmlElement } from "./xml";

export const SAT_NS = {
  cfdi40: "http://www.sat.gob.mx/cfd/4",
  /** CFDI 3.0, 3.2 and 3.3 all use this namespace. */
  cfdi3: "http://www.sat.gob.mx/cfd/3",
  cfd2: "http://www.sat.gob.mx/cfd/2",
  tfd: "http://www.sat.gob.mx/TimbreFiscalDigital",
  pagos20: "http://www.sat.gob.mx/Pagos20",
  pagos10: "http://www.sat.gob.mx/Pagos",
  implocal: "http://www.sat.gob.mx/implocal",
} as const;

export interface ReadOptions {
  /** Size cap in bytes (UTF-8). Default MAX_XML_BYTES (2 MiB). */
  maxBytes?: number;
}

export type Loaded = { ok: true; root: XmlElement } | { ok: false; errors: string[] };

/**
 * Encodings whose first 128 code points are ASCII's: a pure-ASCII file declared in one of them is the
 * same text as in UTF-8, so its cadena original and both seals are the same (xsltproc reads it so).
 */
const ASCII_COMPATIBLE = new Set(["US-ASCII", "ASCII", "ISO-8859-1", "ISO_8859-1", "LATIN1", "WINDOWS-1252", "CP1252"]);

/**
 * Whether the text means what it says under its declared encoding: UTF-8, or pure ASCII declared in an
 * ASCII-compatible encoding (generators that write ISO-8859-1 in the declaration of an ASCII CFDI a PAC
 * stamped). Any other character in such a file would be read differently by the SAT's tools: refused.
 */
function readsAsUtf8(encoding: string, text: string): boolean {
  const name = encoding.toUpperCase();
  if (name === "UTF-8") return true;
  return ASCII_COMPATIBLE.has(name) && isAscii(text);
}

function isAscii(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) > 0x7f) return false;
  return true;
}

/** Decode, parse, check the declared encoding. Every failure starts with the spec's structure message. */
export function loadXml(xml: string | Uint8Array, options: ReadOptions = {}): Loaded {
  try {
    const decoded = decodeXmlInput(xml, options.maxBytes ?? MAX_XML_BYTES);
    if (!decoded.ok) return { ok: false, errors: [MSG.xmlSinTimbre, decoded.error] };
    const parsed = parseXml(decoded.text);
    if (!parsed.ok) {
      const detail =
        parsed.error.kind === "doctype" ? CFDI_MSG.xmlDoctype : CFDI_MSG.xmlMalFormado(parsed.error.message);
      return { ok: false, errors: [MSG.xmlSinTimbre, detail] };
    }
    const encoding = parsed.declaration?.encoding;
    if (encoding !== undefined && !readsAsUtf8(encoding, decoded.text)) {
      return { ok: false, errors: [MSG.xmlSinTimbre, CFDI_MSG.xmlCodificacion(encoding)] };
    }
    return { ok: true, root: parsed.root };
  } catch {
    return { ok: false, errors: [MSG.xmlSinTimbre, CFDI_MSG.xmlError] };
  }
}

/** What the root element says the document is. */
export type RootInfo =
  | { family: "cfdi40"; tipo: string | undefined }
  | { family: "legacy"; description: string; tipo: string | undefined }
  | { family: "other"; description: string };

/** CFDI 3.2 wrote the type in words. A Map: the value comes from the document ("__proto__" must stay a string). */
const TIPO_LEGACY: ReadonlyMap<string, string> = new Map([
  ["ingreso", "I"],
  ["egreso", "E"],
  ["traslado", "T"],
]);

function hasPagos10(root: XmlElement): boolean {
  return childrenNamed(root, root.ns, "Complemento").some((c) => childrenNamed(c, SAT_NS.pagos10, "Pagos").length > 0);
}

export function inspectRoot(root: XmlElement): RootInfo {
  const tipoAttr = (root.attrs.get("TipoDeComprobante") ?? root.attrs.get("tipoDeComprobante"))?.trim();
  if (root.local === "Comprobante" && root.ns === SAT_NS.cfdi40) return { family: "cfdi40", tipo: tipoAttr };
  if (root.local === "Comprobante" && (root.ns === SAT_NS.cfdi3 || root.ns === SAT_NS.cfd2)) {
    const version = (root.attrs.get("Version") ?? root.attrs.get("version") ?? "").trim();
    const what = root.ns === SAT_NS.cfd2 ? "CFD" : "CFDI";
    const shownVersion = version !== "" && version.length <= 10 ? version : root.ns === SAT_NS.cfd2 ? "2.x" : "3.x";
    const tipo = tipoAttr === undefined ? undefined : (TIPO_LEGACY.get(tipoAttr.toLowerCase()) ?? tipoAttr);
    let description = `un ${what} versión ${shownVersion}`;
    if (tipo !== undefined) description += ` ${describeTipo(tipo)}`;
    if (hasPagos10(root)) description += " con complemento de pagos 1.0";
    return { family: "legacy", description, tipo };
  }
  const where = root.ns === "" ? "sin espacio de nombres" : `del espacio de nombres ${shorten(root.ns)}`;
  return { family: "other", description: `${root.qname} ${where}` };
}

/** "de tipo I (Ingreso)"; an unknown code is quoted as found. */
export function describeTipo(tipo: string): string {
  const desc = describeCode("c_TipoDeComprobante", tipo);
  return desc
    ? `de tipo ${tipo} (${desc})`
    : `con TipoDeComprobante «${shorten(tipo)}», que no existe en el catálogo del SAT`;
}

export function shorten(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

export type CfdiKind = "factura" | "nota" | "pago" | "otro";

/**
 * Kind by root element and TipoDeComprobante: I (or "ingreso") → factura, E (Egreso) → nota (de crédito, issue 39),
 * P → pago, anything else → otro.
 */
export function kindOf(root: XmlElement): CfdiKind {
  const info = inspectRoot(root);
  if (info.family === "other") return "otro";
  if (info.tipo === "I") return "factura";
  if (info.tipo === "E") return "nota";
  if (info.tipo === "P") return "pago";
  return "otro";
}

// ── Attribute reading with collected problems ──────────────────────────────────────────────────────

const RFC = /^[A-Z&Ñ]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const FECHA = /^(20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
const IMPORTE = /^[0-9]{1,18}(\.[0-9]{1,10})?$/;

export interface Pattern {
  readonly re: RegExp;
  readonly expected: string;
}

export const PATTERNS = {
  rfc: { re: RFC, expected: "un RFC de 12 o 13 caracteres" },
  uuid: { re: UUID, expected: "un UUID (8-4-4-4-12 caracteres hexadecimales)" },
  fecha: { re: FECHA, expected: "una fecha AAAA-MM-DDThh:mm:ss" },
  importe: { re: IMPORTE, expected: "un importe decimal sin signo" },
  cp: { re: /^[0-9]{5}$/, expected: "un código postal de 5 dígitos" },
  moneda: { re: /^[A-Z]{3}$/, expected: "una clave de moneda de 3 letras" },
  formaPago: { re: /^[0-9]{2}$/, expected: "una clave de forma de pago de 2 dígitos" },
  metodoPago: { re: /^[A-Z]{3}$/, expected: "PUE o PPD" },
  usoCfdi: { re: /^[A-Z0-9]{3,4}$/, expected: "una clave de uso de CFDI" },
  regimen: { re: /^[0-9]{3}$/, expected: "una clave de régimen fiscal de 3 dígitos" },
  texto: { re: /[^\s]/, expected: "un texto" },
} satisfies Record<string, Pattern>;

/** Collects every structural problem of a document so they are reported together. */
export class StructureReader {
  readonly problems: string[] = [];

  /** The single child (ns, local) of `parent`: a problem when absent (if required) or repeated. */
  one(parent: XmlElement, ns: string, local: string, label: string, required: boolean): XmlElement | undefined {
    const found = childrenNamed(parent, ns, local);
    if (found.length > 1) this.problems.push(CFDI_MSG.nodoRepetido(label));
    else if (found.length === 0 && required) this.problems.push(CFDI_MSG.missingNode(label));
    return found.length === 1 ? found[0] : undefined;
  }

  /** Trimmed attribute value; an empty value counts as missing. */
  optional(
    el: XmlElement | undefined,
    name: string,
    label: string,
    pattern: Pattern = PATTERNS.texto,
  ): string | undefined {
    const raw = el?.attrs.get(name);
    const value = raw?.trim();
    if (value === undefined || value === "") return undefined;
    if (!pattern.re.test(value)) {
      this.problems.push(CFDI_MSG.atributoInvalido(name, label, shorten(value, 40), pattern.expected));
      return undefined;
    }
    return value;
  }

  /** Like optional(), and a problem when missing. Returns "" when missing or invalid (the result is then an error anyway). */
  required(el: XmlElement | undefined, name: string, label: string, pattern: Pattern = PATTERNS.texto): string {
    if (el === undefined) return "";
    const value = el.attrs.get(name)?.trim();
    if (value === undefined || value === "") {
      this.problems.push(CFDI_MSG.missingAttribute(name, label));
      return "";
    }
    return this.optional(el, name, label, pattern) ?? "";
  }
}

export interface Timbre {
  UUID: string;
  FechaTimbrado: string;
}

/**
 * The TimbreFiscalDigital 1.1 inside cfdi:Complemento (never anywhere else: an Addenda may carry
 * anything). Its SelloCFD must be the comprobante's Sello, otherwise the stamp was copied from
 * another document.
 */
export function readTimbre(r: StructureReader, comprobante: XmlElement, complemento: XmlElement | undefined): Timbre {
  const tfds = complemento ? childrenNamed(complemento, SAT_NS.tfd, "TimbreFiscalDigital") : [];
  if (tfds.length === 0) {
    r.problems.push(CFDI_MSG.sinTimbre);
    return { UUID: "", FechaTimbrado: "" };
  }
  if (tfds.length > 1) {
    r.problems.push(CFDI_MSG.nodoRepetido("tfd:TimbreFiscalDigital"));
    return { UUID: "", FechaTimbrado: "" };
  }
  const tfd = tfds[0] as XmlElement;
  const label = "tfd:TimbreFiscalDigital";
  const version = r.required(tfd, "Version", label);
  if (version !== "" && version !== "1.1") {
    r.problems.push(CFDI_MSG.atributoInvalido("Version", label, shorten(version, 10), "1.1"));
  }
  const uuid = r.required(tfd, "UUID", label, PATTERNS.uuid).toUpperCase();
  const fechaTimbrado = r.required(tfd, "FechaTimbrado", label, PATTERNS.fecha);
  const selloCfd = (tfd.attrs.get("SelloCFD") ?? "").replace(/\s+/g, "");
  const sello = (comprobante.attrs.get("Sello") ?? "").replace(/\s+/g, "");
  if (uuid !== "" && (selloCfd === "" || selloCfd !== sello)) r.problems.push(CFDI_MSG.timbreNoCorresponde);
  return { UUID: uuid, FechaTimbrado: fechaTimbrado };
}

export { childrenNamed, type XmlElement };
