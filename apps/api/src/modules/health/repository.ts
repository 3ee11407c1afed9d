import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";

export function createHealthRepository(db: Database) {
  return {
    ping: async () => {
      await db.execute(sql`select 1`);
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
