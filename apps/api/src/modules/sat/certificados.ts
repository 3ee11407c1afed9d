import {
  type CertificatePersistence,
  type CertificateStore,
  combineCertificateStores,
  satRepositoryCertificates,
  shippedCertificates,
} from "@portal/cfdi/sello";
import { type Clock, type Database, schema } from "@portal/db";
import { eq } from "drizzle-orm";

const { certificadosSat } = schema;

/** Certificates fetched from the SAT, kept in PostgreSQL (issue 11): fetched once for every process and restart. */
export function createPgCertificatePersistence(db: Database, clock: Clock): CertificatePersistence {
  return {
    async load(numero) {
      const [row] = await db
        .select({ der: certificadosSat.der })
        .from(certificadosSat)
        .where(eq(certificadosSat.numero, numero));
      return row ? new Uint8Array(row.der) : null;
    },
    async save(numero, der) {
      await db.insert(certificadosSat).values({ numero, der, obtenidoAt: clock() }).onConflictDoNothing();
    },
  };
}

/**
 * Where the portal finds the certificates that verify CFDI seals: the ones shipped with @portal/cfdi (SAT stamping
 * certificates, the SAT's test CSDs and the project's test stamping authority — test ones trusted only when
 * SAT_TEST_CERTS is on, decided at verification), plus, when SAT_CERTS_URL is set (a deployment with internet
 * access), the SAT's public repository by number, each certificate fetched once and kept in PostgreSQL.
 */
export function createCertificateStore(db: Database, clock: Clock, satCertsUrl: string | undefined): CertificateStore {
  if (!satCertsUrl) return shippedCertificates();
  return combineCertificateStores(
    shippedCertificates(),
    satRepositoryCertificates({
      baseUrl: satCertsUrl,
      persistence: createPgCertificatePersistence(db, clock),
      clock,
    }),
  );
}
