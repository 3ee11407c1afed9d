/**
 * Sealing and stamping CFDIs — for tests and the demo only. sealCfdi does what an issuer's software
 * does with its CSD; stampCfdi does what a PAC does, with the project's own test stamping authority
 * (pac-pruebas/, trusted only with trustTestCertificates) unless another certificate and key are given.
 */
import { createPrivateKey, type KeyObject, sign, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadXml, SAT_NS } from "../cfdi";
import { parseXml, type XmlElement } from "../xml";
import { cadenaOriginal, cadenaOriginalTimbre, packageDataDir } from "./cadena";
import { certificateInfo } from "./certificates";
import { TEST_PAC } from "./store";
import { verifySignature } from "./verify";

export interface Csd {
  /** The certificate: DER bytes or a parsed X509Certificate. */
  cer: Uint8Array | X509Certificate;
  /** The private key: encrypted PKCS#8 DER (the SAT's .key) or a KeyObject already opened. */
  key: Uint8Array | KeyObject;
  /** The .key's password (not needed for a KeyObject). */
  password?: string;
}

interface OpenCsd {
  cert: X509Certificate;
  key: KeyObject;
  number: string;
  certBase64: string;
}

function openCsd(csd: Csd): OpenCsd {
  const cert = csd.cer instanceof X509Certificate ? csd.cer : new X509Certificate(csd.cer);
  const key =
    csd.key instanceof Uint8Array
      ? createPrivateKey({ key: Buffer.from(csd.key), format: "der", type: "pkcs8", passphrase: csd.password ?? "" })
      : csd.key;
  return { cert, key, number: certificateInfo(cert).number, certBase64: cert.raw.toString("base64") };
}

function signCadena(cadena: string, csd: OpenCsd): string {
  const sello = sign("sha256", Buffer.from(cadena, "utf8"), csd.key).toString("base64");
  if (!verifySignature(cadena, sello, certificateInfo(csd.cert))) {
    throw new Error("La llave privada no corresponde al certificado.");
  }
  return sello;
}

const escapeAttr = (v: string) =>
  v
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll('"', "&quot;")
    .replaceAll("\t", "&#9;")
    .replaceAll("\n", "&#10;")
    .replaceAll("\r", "&#13;");

/** End of the start tag beginning at `offset` (index of its ">"), skipping quoted values. */
function startTagEnd(xml: string, offset: number): number {
  let quote = 0;
  for (let k = offset; k < xml.length; k++) {
    const c = xml.charCodeAt(k);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return k;
  }
  throw new Error("etiqueta sin cerrar");
}

/** Sets unprefixed attributes of the element whose start tag is at `offset` (replaced in place, or appended). */
export function setAttributes(xml: string, offset: number, values: Record<string, string>): string {
  const end = startTagEnd(xml, offset);
  let tag = xml.slice(offset, end);
  const selfClosing = tag.endsWith("/");
  if (selfClosing) tag = tag.slice(0, -1);
  for (const [name, value] of Object.entries(values)) {
    const re = new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*')`);
    const escaped = `"${escapeAttr(value)}"`;
    tag = re.test(tag) ? tag.replace(re, (_m, head: string) => `${head}${escaped}`) : `${tag} ${name}=${escaped}`;
  }
  return xml.slice(0, offset) + tag + (selfClosing ? "/" : "") + xml.slice(end);
}

function rootOf(xml: string): XmlElement {
  const loaded = loadXml(xml);
  if (!loaded.ok) throw new Error(loaded.errors.join(" "));
  return loaded.root;
}

function xmlText(xml: string | Uint8Array): string {
  const text = typeof xml === "string" ? xml : new TextDecoder("utf-8", { fatal: true }).decode(xml);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Seals a comprobante (CFDI 4.0 or 3.3) with a CSD: sets @NoCertificado and @Certificado, computes
 * the cadena original, signs it (RSA PKCS#1 v1.5 SHA-256) and sets @Sello. Throws when the document
 * cannot be read or the key does not match the certificate. The text is otherwise kept as it is.
 */
export function sealCfdi(xml: string | Uint8Array, csd: Csd): string {
  const open = openCsd(csd);
  let text = xmlText(xml);
  text = setAttributes(text, rootOf(text).offset, {
    NoCertificado: open.number,
    Certificado: open.certBase64,
  });
  const root = rootOf(text);
  return setAttributes(text, root.offset, { Sello: signCadena(cadenaOriginal(root), open) });
}

export interface StampOptions {
  uuid: string;
  /** AAAA-MM-DDThh:mm:ss (central Mexico time). */
  fechaTimbrado: string;
  /** The PAC's RFC. Default PPP250101AA1, the project's test stamping authority. */
  rfcProvCertif?: string;
  leyenda?: string;
  /** Stamping certificate and key. Default: the project's test stamping authority (pac-pruebas/). */
  pac?: Csd;
}

let testPac: OpenCsd | undefined;

function openTestPac(): OpenCsd {
  if (!testPac) {
    const dir = join(packageDataDir(), "pac-pruebas");
    testPac = openCsd({
      cer: readFileSync(join(dir, `${TEST_PAC.number}.cer`)),
      key: readFileSync(join(dir, `${TEST_PAC.number}.key`)),
      password: TEST_PAC.password,
    });
  }
  return testPac;
}

/**
 * Stamps a sealed comprobante as a PAC would: adds a TimbreFiscalDigital 1.1 in cfdi:Complemento
 * (creating it when absent) whose SelloCFD is the comprobante's Sello and whose SelloSAT signs the
 * stamp's cadena original. Throws when the document is not sealed or is already stamped.
 */
export function stampCfdi(xml: string | Uint8Array, options: StampOptions): string {
  const pac = options.pac ? openCsd(options.pac) : openTestPac();
  const text = xmlText(xml);
  const root = rootOf(text);
  const sello = root.attrs.get("Sello") ?? "";
  if (sello.trim() === "") throw new Error("El comprobante no está sellado: no se puede timbrar.");
  const complementos = root.children.filter((c) => c.local === "Complemento" && c.ns === root.ns);
  if (complementos.some((c) => c.children.some((t) => t.local === "TimbreFiscalDigital" && t.ns === SAT_NS.tfd))) {
    throw new Error("El comprobante ya está timbrado.");
  }
  const attrs: [string, string | undefined][] = [
    ["xmlns:tfd", SAT_NS.tfd],
    ["Version", "1.1"],
    ["UUID", options.uuid],
    ["FechaTimbrado", options.fechaTimbrado],
    ["RfcProvCertif", options.rfcProvCertif ?? TEST_PAC.rfc],
    ["Leyenda", options.leyenda],
    ["SelloCFD", sello],
    ["NoCertificadoSAT", pac.number],
  ];
  const unsigned = `<tfd:TimbreFiscalDigital${attrs
    .filter((a): a is [string, string] => a[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join("")}`;
  const parsed = parseXml(`${unsigned}/>`);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const selloSat = signCadena(cadenaOriginalTimbre(parsed.root), pac);
  const tfd = `${unsigned} SelloSAT="${selloSat}"/>`;

  const complemento = complementos[0];
  if (complemento) {
    const end = startTagEnd(text, complemento.offset);
    if (text.charCodeAt(end - 1) === 47 /* / */) {
      return `${text.slice(0, end - 1).trimEnd()}>${tfd}</${complemento.qname}>${text.slice(end + 1)}`;
    }
    const close = text.indexOf(`</${complemento.qname}`, end);
    return text.slice(0, close) + tfd + text.slice(close);
  }
  // No cfdi:Complemento: add one where the schema puts it (before cfdi:Addenda, or at the end).
  const prefix = root.qname.includes(":") ? `${root.qname.slice(0, root.qname.indexOf(":"))}:` : "";
  const wrapped = `<${prefix}Complemento>${tfd}</${prefix}Complemento>`;
  const addenda = root.children.find((c) => c.local === "Addenda" && c.ns === root.ns);
  const at = addenda ? addenda.offset : text.lastIndexOf(`</${root.qname}`);
  return text.slice(0, at) + wrapped + text.slice(at);
}
