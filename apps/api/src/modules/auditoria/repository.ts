import type { Database } from "@portal/db";
import { schema } from "@portal/db";

const { auditoria } = schema;

/** Every state change a reviewer makes (who, when, from, to, comment), written in the change's transaction. */
export function createAuditoriaRepository(db: Database) {
  return {
    record: async (values: typeof auditoria.$inferInsert) => {
      await db.insert(auditoria).values(values);
    },
  };
}
export type AuditoriaRepository = ReturnType<typeof createAuditoriaRepository>;
