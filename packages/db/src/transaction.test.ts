import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database, type DatabaseHandle } from "./client";
import { runMigrations } from "./migrate";
import { areas, auditoria } from "./schema/index";
import { createTestDatabase } from "./testing";
import { createDataAccess, OUTSIDE_TRANSACTION_MESSAGE } from "./transaction";

/** Two small repositories over two tables, shaped like the API's (each accepts the handle it runs on). */
const createRepositories = (db: Database) => ({
  areas: {
    insert: async (nombre: string) => {
      await db.insert(areas).values({ nombre });
    },
    names: async () =>
      (await db.select({ nombre: areas.nombre }).from(areas).orderBy(asc(areas.id))).map((r) => r.nombre),
  },
  auditoria: {
    record: async (entidadId: string) => {
      await db
        .insert(auditoria)
        .values({ entidad: "area", entidadId, campo: "nombre", operador: "Empleado", usuarioRef: "1" });
    },
    count: async (entidadId: string) =>
      (await db.select().from(auditoria).where(eq(auditoria.entidadId, entidadId))).length,
  },
});

/** Fails instead of hanging: PGlite's deadlock would otherwise only show as a test timeout. */
const within = <T>(promise: Promise<T>, ms = 5_000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms)),
  ]);

const drivers: [string, () => Promise<DatabaseHandle & { drop?: () => Promise<void> }>][] = [
  [
    "PGlite",
    async () => {
      const handle = await createDatabase({ dataDir: "memory://" });
      await runMigrations(handle);
      return handle;
    },
  ],
  ["PostgreSQL", () => createTestDatabase()],
];

describe.each(drivers)("withTransaction on %s", (_driver, open) => {
  let handle: DatabaseHandle & { drop?: () => Promise<void> };
  let data: ReturnType<typeof createDataAccess<ReturnType<typeof createRepositories>>>;
  beforeAll(async () => {
    handle = await open();
    data = createDataAccess(handle.db, createRepositories);
  }, 60_000);
  afterAll(async () => {
    if (handle?.drop) await handle.drop();
    else await handle?.close();
  });

  it("commits two writes through two repositories, one of them in a nested transaction, together", async () => {
    await within(
      data.withTransaction(async (tx) => {
        await tx.areas.insert("Tesorería");
        await data.withTransaction(async (inner) => {
          await inner.auditoria.record("Tesorería");
          // The outer transaction's writes are visible inside the nested one: same connection, same transaction.
          expect(await inner.areas.names()).toContain("Tesorería");
        });
      }),
    );
    expect(await data.repos.areas.names()).toContain("Tesorería");
    expect(await data.repos.auditoria.count("Tesorería")).toBe(1);
  });

  it("rolls both nested writes back when the work fails after them", async () => {
    const failed = within(
      data.withTransaction(async (tx) => {
        await tx.areas.insert("Jurídico");
        await data.withTransaction((inner) => inner.auditoria.record("Jurídico"));
        throw new Error("la revisión falló después de escribir");
      }),
    );
    await expect(failed).rejects.toThrow("la revisión falló");
    expect(await data.repos.areas.names()).not.toContain("Jurídico");
    expect(await data.repos.auditoria.count("Jurídico")).toBe(0);
  });

  it("refuses the database's own repositories inside a transaction at once, instead of waiting forever", async () => {
    const attempt = within(
      data.withTransaction(async (tx) => {
        await tx.areas.insert("Auditoría interna");
        await data.repos.auditoria.record("Auditoría interna");
      }),
    );
    await expect(attempt).rejects.toThrow(OUTSIDE_TRANSACTION_MESSAGE);
    expect(await data.repos.areas.names()).not.toContain("Auditoría interna");
    // Outside any transaction the same repositories work as before.
    await data.repos.areas.insert("Auditoría interna");
    expect(await data.repos.areas.names()).toContain("Auditoría interna");
  });
});
