/**
 * Verifying both seals of a CFDI: the issuer's (Comprobante@Sello, with the certificate in
 * @Certificado) and the stamp's (TimbreFiscalDigital@SelloSAT, with the SAT certificate numbered
 * @NoCertificadoSAT, from a certificate store). RSA PKCS#1 v1.5 with SHA-256 over the UTF-8 cadena
 * original, as the SAT defines them.
 */
import { verify } from "node:crypto";
import { loadXml, SAT_NS } from "../cfdi";
import { CFDI_MSG, SELLO_MSG } from "../messages";
import type { XmlElement } from "../xml";
import { cadenaOriginal, cadenaOriginalTimbre, comprobanteStylesheet } from "./cadena";
import { type CertificateInfo, certificateFromBase64, certificateInfo } from "./certificates";
import { satChainOf } from "./chain";
import { type CertificateStore, isTestPacCertificate, shippedCertificates } from "./store";

/** valid · invalid (with the reasons in `errors`) · the certificate is not known · no seal at all. */
export type SealVerdict = "valid" | "invalid" | "unknown-certificate" | "absent";

export interface SealReport {
  /** Both seals valid. */
  ok: boolean;
  /** The issuer's seal (Comprobante@Sello). */
  emisor: SealVerdict;
  /** The stamp's seal (TimbreFiscalDigital@SelloSAT), and that the stamp belongs to this comprobante. */
  timbre: SealVerdict;
  /** Spanish messages for a supplier, issuer's first. Empty when ok. */
  errors: string[];
}

export interface VerifyOptions {
  /** Where stamp certificates are found by number. Default: the certificates shipped in this package. */
  store?: CertificateStore;
  /**
   * Accept test certificates: the SAT's (CN "SAT PRUEBAS", issued by "AC UAT") and the project's
   * test stamping authority. Default false; true in tests, the demo and the CLI (SAT_TEST_CERTS).
   */
  trustTestCertificates?: boolean;
}

let defaultStore: CertificateStore | undefined;

/** Mexico's central time (UTC−6, no daylight saving since 2022): the CFDI dates carry no zone. */
const MEXICO_OFFSET = "-06:00";
const FECHA = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$/;

function parseFecha(fecha: string | undefined): Date | undefined {
  if (fecha === undefined || !FECHA.test(fecha.trim())) return undefined;
  const d = new Date(`${fecha.trim()}${MEXICO_OFFSET}`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function day(d: Date): string {
  return new Date(d.getTime() - 6 * 3600_000).toISOString().slice(0, 10);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** RSA PKCS#1 v1.5 SHA-256 over the UTF-8 text. False for anything that is not a valid signature. */
export function verifySignature(cadena: string, selloBase64: string, info: CertificateInfo): boolean {
  const sello = selloBase64.replace(/[ \t\r\n]+/g, "");
  if (!BASE64.test(sello) || info.publicKey.asymmetricKeyType !== "rsa") return false;
  try {
    return verify("sha256", Buffer.from(cadena, "utf8"), info.publicKey, Buffer.from(sello, "base64"));
  } catch {
    return false;
  }
}

function stampsOf(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of root.children) {
    if (c.local !== "Complemento" || c.ns !== root.ns) continue;
    for (const t of c.children) if (t.local === "TimbreFiscalDigital" && t.ns === SAT_NS.tfd) out.push(t);
  }
  return out;
}

function emisorRfc(root: XmlElement): string | undefined {
  const emisor = root.children.find((c) => c.local === "Emisor" && c.ns === root.ns);
  return emisor?.attrs.get("Rfc")?.trim().toUpperCase();
}

async function verifyIssuer(
  root: XmlElement,
  store: CertificateStore,
  trustTest: boolean,
  errors: string[],
): Promise<SealVerdict> {
  const sello = root.attrs.get("Sello") ?? "";
  if (sello.trim() === "") {
    errors.push(SELLO_MSG.selloAusente);
    return "absent";
  }
  const noCertificado = (root.attrs.get("NoCertificado") ?? "").trim();
  const certificado = root.attrs.get("Certificado") ?? "";
  let info: CertificateInfo | null;
  if (certificado.trim() !== "") {
    info = certificateFromBase64(certificado);
    if (!info) {
      errors.push(SELLO_MSG.certificadoIlegible);
      return "invalid";
    }
  } else {
    // No @Certificado: the SAT publishes CSD certificates by number too.
    const found = /^[0-9]{20}$/.test(noCertificado) ? await store.get(noCertificado) : null;
    info = found ? certificateInfo(found) : null;
    if (!info) {
      errors.push(SELLO_MSG.certificadoAusente(noCertificado || "(sin número)"));
      return "unknown-certificate";
    }
  }
  if (info.test && !trustTest) {
    errors.push(SELLO_MSG.emisorConCertificadoDePrueba);
    return "invalid";
  }
  const before = errors.length;
  if (info.number !== noCertificado) errors.push(SELLO_MSG.noCertificadoDistinto(noCertificado, info.number));
  const rfc = emisorRfc(root);
  if (rfc !== undefined && info.rfc !== rfc) errors.push(SELLO_MSG.certificadoDeOtroRfc(info.rfc ?? "(sin RFC)", rfc));
  const fecha = parseFecha(root.attrs.get("Fecha"));
  if (fecha && fecha > info.validTo) {
    errors.push(SELLO_MSG.certificadoVencido(root.attrs.get("Fecha")?.trim() ?? "", day(info.validTo)));
  } else if (fecha && fecha < info.validFrom) {
    errors.push(SELLO_MSG.certificadoAunNoVigente(root.attrs.get("Fecha")?.trim() ?? "", day(info.validFrom)));
  }
  let cadena: string;
  try {
    cadena = cadenaOriginal(root);
  } catch (e) {
    errors.push(SELLO_MSG.cadenaNoCalculable((e as Error).message));
    return "invalid";
  }
  if (!verifySignature(cadena, sello, info)) errors.push(SELLO_MSG.selloEmisorInvalido);
  return errors.length === before ? "valid" : "invalid";
}

/**
 * A certificate that may sign a stamp: the SAT's (by its subject; test ones count only with
 * trustTestCertificates, checked after this) or the project's test stamping authority. Never a
 * taxpayer's CSD, whatever the store serves under NoCertificadoSAT: the SAT's repository publishes
 * taxpayers' certificates by number too, so being found by number proves nothing.
 */
function isStampingCertificate(info: CertificateInfo): boolean {
  return info.stampingAuthority !== null || isTestPacCertificate(info.certificate);
}

/** Why the stamp's certificate is not the SAT's, naming whose it is when the CFDI says (issuer, PAC). */
function notSignedBySat(root: XmlElement, tfd: XmlElement, no: string, info: CertificateInfo): string {
  const rfc = info.rfc;
  const issuerCertificate = certificateFromBase64(root.attrs.get("Certificado") ?? "");
  if (
    issuerCertificate?.certificate.raw.equals(info.certificate.raw) ||
    (rfc !== undefined && rfc === emisorRfc(root))
  ) {
    return SELLO_MSG.timbreConCertificadoDelEmisor(no, rfc ?? emisorRfc(root) ?? "(sin RFC)");
  }
  const rfcProvCertif = tfd.attrs.get("RfcProvCertif")?.trim().toUpperCase();
  if (rfc !== undefined && rfc === rfcProvCertif) return SELLO_MSG.timbreConCertificadoDelPac(no, rfc);
  return SELLO_MSG.timbreNoFirmadoPorSat(no, rfc);
}

async function verifyStamp(
  root: XmlElement,
  store: CertificateStore,
  trustTest: boolean,
  errors: string[],
): Promise<SealVerdict> {
  const stamps = stampsOf(root);
  if (stamps.length === 0) {
    errors.push(CFDI_MSG.sinTimbre);
    return "absent";
  }
  if (stamps.length > 1) {
    errors.push(CFDI_MSG.nodoRepetido("tfd:TimbreFiscalDigital"));
    return "invalid";
  }
  const tfd = stamps[0] as XmlElement;
  const version = tfd.attrs.get("Version") ?? tfd.attrs.get("version") ?? "";
  if (version !== "1.1") {
    errors.push(SELLO_MSG.timbreVersion(version));
    return "invalid";
  }
  const before = errors.length;
  const selloCfd = (tfd.attrs.get("SelloCFD") ?? "").replace(/[ \t\r\n]+/g, "");
  const sello = (root.attrs.get("Sello") ?? "").replace(/[ \t\r\n]+/g, "");
  if (selloCfd === "" || selloCfd !== sello) errors.push(CFDI_MSG.timbreNoCorresponde);
  const no = (tfd.attrs.get("NoCertificadoSAT") ?? "").trim();
  const selloSat = tfd.attrs.get("SelloSAT") ?? "";
  if (no === "") errors.push(SELLO_MSG.timbreIncompleto("NoCertificadoSAT"));
  if (selloSat.trim() === "") errors.push(SELLO_MSG.timbreIncompleto("SelloSAT"));
  if (errors.length > before && (no === "" || selloSat.trim() === "")) return "invalid";
  const cert = /^[0-9]{20}$/.test(no) ? await store.get(no) : null;
  const info = cert ? certificateInfo(cert) : null;
  if (!info || info.number !== no) {
    errors.push(SELLO_MSG.certificadoSatDesconocido(no));
    return errors.length - before > 1 ? "invalid" : "unknown-certificate";
  }
  if (!isStampingCertificate(info)) {
    errors.push(notSignedBySat(root, tfd, no, info));
    return "invalid";
  }
  // The subject says the SAT; only the chain proves it (decision 042): a real stamping certificate chains to the
  // SAT's production authorities, a SAT test one to its test authorities. The project's test PAC is the shipped
  // certificate itself and has no chain.
  if (!isTestPacCertificate(info.certificate)) {
    const expected = info.stampingAuthority === "sat" ? "produccion" : "pruebas";
    if (satChainOf(info.certificate) !== expected) {
      errors.push(SELLO_MSG.timbreSinCadenaSat(no));
      return "invalid";
    }
  }
  if (info.test && !trustTest) {
    errors.push(SELLO_MSG.timbreConCertificadoDePrueba(no));
    return "invalid";
  }
  const fecha = parseFecha(tfd.attrs.get("FechaTimbrado"));
  if (fecha && (fecha > info.validTo || fecha < info.validFrom)) {
    errors.push(
      SELLO_MSG.certificadoSatNoVigente(
        tfd.attrs.get("FechaTimbrado")?.trim() ?? "",
        day(info.validFrom),
        day(info.validTo),
      ),
    );
  }
  let cadena: string;
  try {
    cadena = cadenaOriginalTimbre(tfd);
  } catch (e) {
    errors.push(SELLO_MSG.cadenaNoCalculable((e as Error).message));
    return "invalid";
  }
  if (!verifySignature(cadena, selloSat, info)) errors.push(SELLO_MSG.selloSatInvalido);
  return errors.length === before ? "valid" : "invalid";
}

/**
 * Verifies the issuer's seal and the stamp's seal of a CFDI (4.0, or 3.3) given as text, bytes or
 * the root element read by parseXml. Never throws: every problem is a verdict and a message.
 */
export async function verifySeals(
  xmlOrRoot: string | Uint8Array | XmlElement,
  options: VerifyOptions = {},
): Promise<SealReport> {
  let root: XmlElement;
  if (typeof xmlOrRoot === "string" || xmlOrRoot instanceof Uint8Array) {
    const loaded = loadXml(xmlOrRoot);
    if (!loaded.ok) return { ok: false, emisor: "invalid", timbre: "invalid", errors: loaded.errors };
    root = loaded.root;
  } else root = xmlOrRoot;
  defaultStore ??= shippedCertificates();
  const store = options.store ?? defaultStore;
  const trustTest = options.trustTestCertificates ?? false;
  // A version without a cadena (CFDI 3.2 writes even its attributes in lower case): one message, not one per seal.
  const which = comprobanteStylesheet(root);
  if ("unsupported" in which) {
    return {
      ok: false,
      emisor: "invalid",
      timbre: "invalid",
      errors: [SELLO_MSG.versionNoVerificable(which.unsupported)],
    };
  }
  const errors: string[] = [];
  try {
    const emisor = await verifyIssuer(root, store, trustTest, errors);
    const timbre = await verifyStamp(root, store, trustTest, errors);
    return { ok: emisor === "valid" && timbre === "valid", emisor, timbre, errors };
  } catch (e) {
    // Defensive (a store that throws, for one): still a verdict, never an exception.
    errors.push(SELLO_MSG.errorDeVerificacion((e as Error)?.message ?? String(e)));
    return { ok: false, emisor: "invalid", timbre: "invalid", errors };
  }
}
