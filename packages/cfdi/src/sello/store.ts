/**
 * Where the certificates that verify a stamp (TimbreFiscalDigital@NoCertificadoSAT) come from: the
 * ones shipped in this package, and, where the deployment has internet access, the SAT's public
 * certificate repository, each certificate fetched once and kept through a persistence (PostgreSQL
 * in the API; an in-memory one here).
 */

import type { X509Certificate } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Clock, systemClock } from "@portal/contracts/clock";
import { packageDataDir } from "./cadena";
import { certificateInfo, parseCertificate } from "./certificates";
import { satChainOf } from "./chain";

/** Finds a certificate by its SAT number (20 digits). */
export interface CertificateStore {
  get(noCertificado: string): Promise<X509Certificate | null>;
}

/** Keeps fetched certificates (DER) by number; the API backs it with a PostgreSQL table. */
export interface CertificatePersistence {
  load(noCertificado: string): Promise<Uint8Array | null>;
  save(noCertificado: string, der: Uint8Array): Promise<void>;
}

export class MemoryCertificatePersistence implements CertificatePersistence {
  private readonly items = new Map<string, Uint8Array>();
  async load(noCertificado: string): Promise<Uint8Array | null> {
    return this.items.get(noCertificado) ?? null;
  }
  async save(noCertificado: string, der: Uint8Array): Promise<void> {
    this.items.set(noCertificado, der);
  }
  get size(): number {
    return this.items.size;
  }
}

const NUMBER = /^[0-9]{20}$/;

/** The project's own test stamping authority (PORTAL PRUEBAS PAC): pac-pruebas/{number}.cer and .key. */
export const TEST_PAC = { number: "90001000000000000001", rfc: "PPP250101AA1", password: "12345678a" } as const;

let testPacDer: Buffer | undefined;

/**
 * Whether a certificate is the project's test stamping authority: the very certificate shipped in
 * pac-pruebas/ (compared byte for byte, not by a subject anybody can write into a certificate of their own).
 */
export function isTestPacCertificate(certificate: X509Certificate): boolean {
  testPacDer ??= readFileSync(join(packageDataDir(), "pac-pruebas", `${TEST_PAC.number}.cer`));
  return certificate.raw.equals(testPacDer);
}

let shipped: Map<string, X509Certificate> | undefined;

/**
 * Every .cer in sat/certs (the shared reference copies), sat/timbrado (real SAT stamping certificates found elsewhere,
 * issue 36) and pac-pruebas, by the number read from the certificate itself.
 */
export function shippedCertificateMap(): ReadonlyMap<string, X509Certificate> {
  if (shipped) return shipped;
  const map = new Map<string, X509Certificate>();
  const base = packageDataDir();
  for (const dir of [join(base, "sat", "certs"), join(base, "sat", "timbrado"), join(base, "pac-pruebas")]) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".cer"))) {
      const cert = parseCertificate(readFileSync(join(dir, name)));
      const number = cert ? certificateInfo(cert).number : "";
      if (cert && NUMBER.test(number)) map.set(number, cert);
    }
  }
  shipped = map;
  return map;
}

/**
 * The certificates shipped in this package: SAT stamping certificates (real ones, and the SAT's test
 * ones of CN "SAT PRUEBAS"), the SAT's public test CSDs and the project's test stamping authority.
 * Test certificates are returned like the others: the verifier refuses them unless
 * trustTestCertificates is true.
 */
export function shippedCertificates(): CertificateStore {
  return {
    async get(noCertificado) {
      return shippedCertificateMap().get(noCertificado) ?? null;
    },
  };
}

export const SAT_CERTIFICATE_REPOSITORY = "https://rdc.sat.gob.mx/rccf/";

/** The repository URL of certificate N: base + N[0:6]/N[6:12]/N[12:14]/N[14:16]/N[16:18]/N.cer. */
export function satCertificateUrl(noCertificado: string, baseUrl: string = SAT_CERTIFICATE_REPOSITORY): string {
  if (!NUMBER.test(noCertificado)) throw new Error(`número de certificado no válido: ${noCertificado}`);
  const n = noCertificado;
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  return `${base}${n.slice(0, 6)}/${n.slice(6, 12)}/${n.slice(12, 14)}/${n.slice(14, 16)}/${n.slice(16, 18)}/${n}.cer`;
}

export interface SatRepositoryOptions {
  /** Base URL of the repository (configuration). Default SAT_CERTIFICATE_REPOSITORY. */
  baseUrl?: string;
  /** Where fetched certificates are kept. Default: in memory, for the life of the process. */
  persistence?: CertificatePersistence;
  /** Default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** After a failed fetch, the number is not asked for again during this time. Default 10 minutes. */
  retryAfterMs?: number;
  /** "Now" for the retry wait (the API passes its injected clock). */
  clock?: Clock;
}

/**
 * Certificates from the SAT's public repository: looked up in the persistence first, otherwise
 * fetched once (concurrent requests for one number share the fetch), checked (its number must be
 * the one asked for, its chain must verify to the SAT's shipped authorities) and saved. Failures
 * are remembered for `retryAfterMs`.
 */
export function satRepositoryCertificates(options: SatRepositoryOptions = {}): CertificateStore {
  const baseUrl = options.baseUrl ?? SAT_CERTIFICATE_REPOSITORY;
  const persistence = options.persistence ?? new MemoryCertificatePersistence();
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryAfterMs = options.retryAfterMs ?? 10 * 60_000;
  const nowMs = () => (options.clock ?? systemClock)().getTime();
  const known = new Map<string, X509Certificate>();
  const pending = new Map<string, Promise<X509Certificate | null>>();
  const failedAt = new Map<string, number>();

  // A certificate is kept and served only when its number is the one asked for and its chain verifies to the
  // SAT's authorities shipped in sat/autoridades (decision 042): a repository that is not the SAT's, or a
  // row written into the persistence by hand, cannot make a self-made certificate the SAT's.
  const accept = (noCertificado: string, der: Uint8Array | null): X509Certificate | null => {
    const cert = der ? parseCertificate(der) : null;
    return cert && certificateInfo(cert).number === noCertificado && satChainOf(cert) !== null ? cert : null;
  };

  async function lookup(noCertificado: string): Promise<X509Certificate | null> {
    const saved = accept(noCertificado, await persistence.load(noCertificado));
    if (saved) return saved;
    const failed = failedAt.get(noCertificado);
    if (failed !== undefined && nowMs() - failed < retryAfterMs) return null;
    try {
      const response = await doFetch(satCertificateUrl(noCertificado, baseUrl), {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const der = response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
      const cert = accept(noCertificado, der);
      if (cert && der) {
        await persistence.save(noCertificado, der);
        failedAt.delete(noCertificado);
        return cert;
      }
    } catch {
      // network error or timeout: remembered below
    }
    failedAt.set(noCertificado, nowMs());
    return null;
  }

  return {
    async get(noCertificado) {
      if (!NUMBER.test(noCertificado)) return null;
      const cert = known.get(noCertificado);
      if (cert) return cert;
      let p = pending.get(noCertificado);
      if (!p) {
        p = lookup(noCertificado).finally(() => pending.delete(noCertificado));
        pending.set(noCertificado, p);
      }
      const found = await p;
      if (found) known.set(noCertificado, found);
      return found;
    },
  };
}

/** The first store that has the certificate answers. */
export function combineCertificateStores(...stores: CertificateStore[]): CertificateStore {
  return {
    async get(noCertificado) {
      for (const store of stores) {
        const cert = await store.get(noCertificado);
        if (cert) return cert;
      }
      return null;
    },
  };
}
