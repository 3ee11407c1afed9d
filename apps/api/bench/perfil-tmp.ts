import { randomUUID } from "node:crypto";
import { schema, systemClock } from "@portal/db";
import { seedDemo } from "@portal/db/seed";
import { createTestDatabase } from "@portal/db/testing";
import { sql } from "drizzle-orm";
import { createFacturasRepository } from "../src/modules/facturas/repository";

const tdb = await createTestDatabase();
await seedDemo(tdb.db, Buffer.alloc(32, 1), { clock: systemClock });
const [f0] = await tdb.db.select().from(schema.facturas).limit(1);
const { id: _id, ...base } = f0!;
for (let i = 0; i < 40000; i += 1000) {
  await tdb.db.insert(schema.facturas).values(
    Array.from({ length: 1000 }, (_, k) => ({
      ...base,
      uuid: randomUUID(),
      entradaDocNum: 2_000_000 + i + k,
      estatus: "R" as const,
    })),
  );
}
await tdb.db.execute(sql`vacuum analyze`);
const repo = createFacturasRepository(tdb.db);
for (let r = 0; r < 4; r++) {
  const t = performance.now();
  const json = await repo.listJson(null);
  console.log(`listJson ${(performance.now() - t).toFixed(0)} ms ${json.length}`);
}
const q = await tdb.db.execute(sql`explain analyze select 1`);
await tdb.drop();
