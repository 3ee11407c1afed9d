import {
  type CertificatePersistence,
  type CertificateStore,
  combineCertificateStores,
  satRepositoryCertificates,
  shippedCertificates,
} from "@portal/cfdi/sello";
import type { Clock } from "../../lib/clock";
import type { CertificadosSatRepository } from "./repository";

/** Certificates fetched from the SAT, kept in PostgreSQL (issue 11): fetched once for every process and restart. */
export function createPgCertificatePersistence(repo: CertificadosSatRepository, clock: Clock): CertificatePersistence {
  return {
    async load(numero) {
      const row = await repo.find(numero);
      return row ? new Uint8Array(row.der) : null;
    },
    save: (numero, der) => repo.save(numero, der, clock()),
  };
}

/**
 * Where the portal finds the certificates that verify CFDI seals: the ones shipped with @portal/cfdi (SAT stamping
 * certificates, the SAT's test CSDs and the project's test stamping authority — test ones trusted only when
 * SAT_TEST_CERTS is on, decided at verification), plus, when SAT_CERTS_URL is set (a deployment with internet
 * access), the SAT's public repository by number, each certificate fetched once and kept in PostgreSQL.
 */
export function createCertificateStore(
  repo: CertificadosSatRepository,
  clock: Clock,
  satCertsUrl: string | undefined,
): CertificateStore {
  if (!satCertsUrl) return shippedCertificates();
  return combineCertificateStores(
    shippedCertificates(),
    satRepositoryCertificates({
      baseUrl: satCertsUrl,
      persistence: createPgCertificatePersistence(repo, clock),
      clock,
    }),
  );
}
