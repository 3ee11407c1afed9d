import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { and, asc, eq, ne } from "drizzle-orm";

const { sociedades } = schema;

export function createSociedadesRepository(db: Database) {
  return {
    list: () => db.select().from(sociedades).orderBy(asc(sociedades.id)),
    findById: async (id: number) => (await db.select().from(sociedades).where(eq(sociedades.id, id)))[0],
    bdSapTaken: async (bdSap: string, exceptId?: number) =>
      (
        await db
          .select({ id: sociedades.id })
          .from(sociedades)
          .where(exceptId ? and(eq(sociedades.bdSap, bdSap), ne(sociedades.id, exceptId)) : eq(sociedades.bdSap, bdSap))
      ).length > 0,
    insert: (values: typeof sociedades.$inferInsert) => db.insert(sociedades).values(values),
    update: (id: number, values: Partial<typeof sociedades.$inferInsert>) =>
      db.update(sociedades).set(values).where(eq(sociedades.id, id)),
  };
}
export type SociedadesRepository = ReturnType<typeof createSociedadesRepository>;
