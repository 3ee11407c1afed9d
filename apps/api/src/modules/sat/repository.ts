import { type Database, schema } from "@portal/db";
import { eq } from "drizzle-orm";

const { certificadosSat } = schema;

/** SAT certificates fetched from the SAT's repository, by number (issue 11). */
export function createCertificadosSatRepository(db: Database) {
  return {
    find: async (numero: string) =>
      (
        await db.select({ der: certificadosSat.der }).from(certificadosSat).where(eq(certificadosSat.numero, numero))
      )[0],
    save: async (numero: string, der: Uint8Array, at: Date) => {
      await db.insert(certificadosSat).values({ numero, der, obtenidoAt: at }).onConflictDoNothing();
    },
  };
}
export type CertificadosSatRepository = ReturnType<typeof createCertificadosSatRepository>;
