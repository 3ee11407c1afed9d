/**
 * The SAT's certification authorities (sat/autoridades, with their provenance in its README): a certificate is
 * the SAT's only when its chain verifies, signature by signature, up to one of the roots shipped there — Banco de
 * México's Agencia Registradora Central (ARC2, ARC5, ARC6 for production; the IES test roots for the SAT's test
 * authority AC UAT). Its subject proves nothing: anybody can write "SERVICIO DE ADMINISTRACION TRIBUTARIA" into a
 * certificate of their own.
 */
import type { X509Certificate } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageDataDir } from "./cadena";
import { parseCertificate } from "./certificates";

/** Which of the SAT's hierarchies a certificate chains to. */
export type SatChain = "produccion" | "pruebas";

interface Authorities {
  readonly roots: readonly X509Certificate[];
  readonly intermediates: readonly X509Certificate[];
}

let authorities: Record<SatChain, Authorities> | undefined;

const isSelfSigned = (c: X509Certificate) => c.subject === c.issuer && c.checkIssued(c) && c.verify(c.publicKey);

/** The shipped CA certificates of one hierarchy: self-signed ones are roots, the rest intermediates. */
function loadAuthorities(dir: string): Authorities {
  const roots: X509Certificate[] = [];
  const intermediates: X509Certificate[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".cer"))) {
    const cert = parseCertificate(readFileSync(join(dir, name)));
    if (!cert?.ca) continue;
    (isSelfSigned(cert) ? roots : intermediates).push(cert);
  }
  return { roots, intermediates };
}

export function satAuthorities(): Record<SatChain, Authorities> {
  if (authorities) return authorities;
  const base = join(packageDataDir(), "sat", "autoridades");
  authorities = {
    produccion: loadAuthorities(join(base, "produccion")),
    pruebas: loadAuthorities(join(base, "pruebas")),
  };
  return authorities;
}

const dayOf = (text: string) => new Date(text).getTime();

/**
 * Whether `issuer` issued `cert`: the names match (node:crypto's checkIssued), the signature verifies with the
 * issuer's key, the issuer is a CA, and the issuer was valid when the certificate's validity began (a CA's own
 * expiry does not undo what it signed while valid, so old CFDIs stay verifiable).
 */
function issuedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  if (!issuer.ca || !cert.checkIssued(issuer)) return false;
  const from = dayOf(cert.validFrom);
  if (from < dayOf(issuer.validFrom) || from > dayOf(issuer.validTo)) return false;
  try {
    return cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

function chainsTo(cert: X509Certificate, set: Authorities): boolean {
  let current = cert;
  // SAT hierarchies are two levels (root → AC → certificate); four steps leave room and stop any loop.
  for (let depth = 0; depth < 4; depth++) {
    if (set.roots.some((root) => root.raw.equals(current.raw) || issuedBy(current, root))) return true;
    const next = set.intermediates.find((ca) => !ca.raw.equals(current.raw) && issuedBy(current, ca));
    if (!next) return false;
    current = next;
  }
  return false;
}

const verdicts = new WeakMap<X509Certificate, SatChain | null>();

/**
 * The SAT hierarchy a certificate chains to through the shipped authorities ("produccion" or "pruebas"), or null
 * when it chains to neither (a self-made certificate, whatever its subject says). Cached per certificate object.
 */
export function satChainOf(cert: X509Certificate): SatChain | null {
  const cached = verdicts.get(cert);
  if (cached !== undefined) return cached;
  const { produccion, pruebas } = satAuthorities();
  const verdict = chainsTo(cert, produccion) ? "produccion" : chainsTo(cert, pruebas) ? "pruebas" : null;
  verdicts.set(cert, verdict);
  return verdict;
}
