/**
 * X.509 certificates as the SAT uses them: the certificate number is the serial number read as
 * ASCII (20 digits), the RFC is the first value of the subject's x500UniqueIdentifier. Parsing a
 * certificate costs about 0.4 ms, so parsed certificates are cached (by object, and by the base64
 * text of a comprobante's @Certificado).
 */
import { type KeyObject, X509Certificate } from "node:crypto";

export interface CertificateInfo {
  readonly certificate: X509Certificate;
  /** The serial number read as ASCII ("30001000000500003416"); "" when it is not printable. */
  readonly number: string;
  /** The RFC in the subject (x500UniqueIdentifier, before " / "), upper-cased; undefined when absent. */
  readonly rfc: string | undefined;
  readonly commonName: string;
  readonly validFrom: Date;
  readonly validTo: Date;
  readonly publicKey: KeyObject;
  /**
   * A test certificate: issued by the SAT's test authority (AC UAT), of "SAT PRUEBAS", or of the
   * project's own test stamping authority (PORTAL PRUEBAS PAC). Trusted only with
   * trustTestCertificates.
   */
  readonly test: boolean;
  /**
   * Whose stamping certificate it is, by its subject: "sat" — the SAT's (O SERVICIO DE ADMINISTRACION
   * TRIBUTARIA and RFC SAT970701NN3, as every real stamping certificate); "sat-pruebas" — the SAT's test
   * stamping authority (O SAT PRUEBAS, issued by AC UAT); null — anybody else (a taxpayer's CSD, a PAC's
   * own certificate). The project's test stamping authority is recognised by the verifier as the shipped
   * certificate itself (verify.ts).
   */
  readonly stampingAuthority: "sat" | "sat-pruebas" | null;
}

/** The SAT as the subject of its stamping certificates names it. */
const SAT_STAMP_SUBJECT = { O: "SERVICIO DE ADMINISTRACION TRIBUTARIA", rfc: "SAT970701NN3" } as const;
/** The SAT's test stamping authority (certificates 30001000000400002495, 30001000000500003456). */
const SAT_TEST_STAMP_SUBJECT = { O: "SAT PRUEBAS", issuerCN: "AC UAT" } as const;

/** Every value of one attribute of a distinguished name as node:crypto prints it (one "name=value" a line). */
function fields(dn: string, name: string): string[] {
  const out: string[] = [];
  for (const line of dn.split("\n")) {
    if (line.startsWith(`${name}=`)) out.push(line.slice(name.length + 1));
  }
  return out;
}

function field(dn: string, name: string): string | undefined {
  return fields(dn, name)[0];
}

/** The only value of an attribute; undefined when absent or repeated (a subject with two O does not name the SAT). */
function single(dn: string, name: string): string | undefined {
  const values = fields(dn, name);
  return values.length === 1 ? values[0] : undefined;
}

function stampingAuthorityOf(subject: string, issuer: string): "sat" | "sat-pruebas" | null {
  const organization = single(subject, "O");
  const rfc = single(subject, "x500UniqueIdentifier")?.split("/")[0]?.trim();
  if (organization === SAT_STAMP_SUBJECT.O && rfc === SAT_STAMP_SUBJECT.rfc) return "sat";
  if (organization === SAT_TEST_STAMP_SUBJECT.O && field(issuer, "CN") === SAT_TEST_STAMP_SUBJECT.issuerCN) {
    return "sat-pruebas";
  }
  return null;
}

/** The SAT certificate number: the serial number's bytes read as ASCII. */
export function numberFromSerial(serialHex: string): string {
  const hex = serialHex.length % 2 === 1 ? `0${serialHex}` : serialHex;
  let out = "";
  for (let k = 0; k < hex.length; k += 2) {
    const c = Number.parseInt(hex.slice(k, k + 2), 16);
    if (c < 0x20 || c > 0x7e) return "";
    out += String.fromCharCode(c);
  }
  return out;
}

const infos = new WeakMap<X509Certificate, CertificateInfo>();

export function certificateInfo(certificate: X509Certificate): CertificateInfo {
  let info = infos.get(certificate);
  if (info) return info;
  const subject = certificate.subject;
  const issuer = certificate.issuer;
  const unique = field(subject, "x500UniqueIdentifier");
  const commonName = field(subject, "CN") ?? "";
  const organization = field(subject, "O") ?? "";
  const issuerCn = field(issuer, "CN") ?? "";
  info = {
    certificate,
    number: numberFromSerial(certificate.serialNumber),
    rfc: unique?.split("/")[0]?.trim().toUpperCase() || undefined,
    commonName,
    validFrom: new Date(certificate.validFrom),
    validTo: new Date(certificate.validTo),
    publicKey: certificate.publicKey,
    test:
      issuerCn === "AC UAT" ||
      /\bPRUEBAS\b/i.test(commonName) ||
      /\bPRUEBAS\b/i.test(organization) ||
      /\bPRUEBAS\b/i.test(issuerCn),
    stampingAuthority: stampingAuthorityOf(subject, issuer),
  };
  infos.set(certificate, info);
  return info;
}

/** Parses a DER certificate; null when it is not one. */
export function parseCertificate(der: Uint8Array): X509Certificate | null {
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_CACHED = 2000;
const byBase64 = new Map<string, CertificateInfo | null>();

/**
 * The certificate of a comprobante's @Certificado (base64 of the DER, white space ignored), cached by
 * its text: suppliers send many invoices sealed with the same certificate. null when unreadable.
 */
export function certificateFromBase64(text: string): CertificateInfo | null {
  const cached = byBase64.get(text);
  if (cached !== undefined) return cached;
  const b64 = /\s/.test(text) ? text.replace(/\s+/g, "") : text;
  const cert = BASE64.test(b64) ? parseCertificate(Buffer.from(b64, "base64")) : null;
  const info = cert ? certificateInfo(cert) : null;
  if (byBase64.size >= MAX_CACHED) {
    // Drop the oldest entry (Maps iterate in insertion order).
    const oldest = byBase64.keys().next().value;
    if (oldest !== undefined) byBase64.delete(oldest);
  }
  byBase64.set(text, info);
  return info;
}
