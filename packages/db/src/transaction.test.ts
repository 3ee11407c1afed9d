import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database, type DatabaseHandle } from "./client";
import { runMigrations } from "./migrate";
import { areas, auditoria } from "./schema/index";
import { createTestDatabase } from "./testing";
import { createDataAccess, isTransactionConflict, OUTSIDE_TRANSACTION_MESSAGE } from "./transaction";

/** Two small repositories over two tables, shaped like the API's (each accepts the handle it runs on). */
const createRepositories = (db: Database) => ({
  areas: {
    insert: async (nombre: string) => {
      await db.insert(areas).values({ nombre });
    },
    names: async () =>
      (await db.select({ nombre: areas.nombre }).from(areas).orderBy(asc(areas.id))).map((r) => r.nombre),
    rename: async (from: string, to: string) => {
      await db.update(areas).set({ nombre: to }).where(eq(areas.nombre, from));
    },
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

/** A driver's deadlock as Drizzle throws it: the pg error (SQLSTATE in `code`) in the query error's `cause`. */
const conflict = (code: "40P01" | "40001") =>
  new Error("Failed query: update …", { cause: Object.assign(new Error("deadlock detected"), { code }) });

describe("isTransactionConflict", () => {
  it("is true for a deadlock or a serialization failure, also wrapped; false for anything else", () => {
    expect(isTransactionConflict(conflict("40P01"))).toBe(true);
    expect(isTransactionConflict(conflict("40001"))).toBe(true);
    expect(isTransactionConflict({ code: "40P01" })).toBe(true);
    expect(isTransactionConflict(new Error("x", { cause: { code: "23505" } }))).toBe(false);
    expect(isTransactionConflict(new Error("40P01"))).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
  });
});

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

  it("conflictRetries: a transaction aborted by a deadlock runs again from the start, its first writes rolled back", async () => {
    let attempts = 0;
    const result = await within(
      data.withTransaction(
        async (tx) => {
          attempts++;
          await tx.areas.insert(`Compras ${attempts}`);
          if (attempts === 1) throw conflict("40P01");
          return "hecho";
        },
        { conflictRetries: 1 },
      ),
    );
    expect(result).toBe("hecho");
    expect(attempts).toBe(2);
    const names = await data.repos.areas.names();
    expect(names).toContain("Compras 2");
    expect(names).not.toContain("Compras 1");
  });

  it("conflictRetries: the conflict of the last attempt is thrown as it is; other errors and nested calls never retry", async () => {
    let attempts = 0;
    const always = data.withTransaction(
      async () => {
        attempts++;
        throw conflict("40001");
      },
      { conflictRetries: 1 },
    );
    await expect(within(always)).rejects.toSatisfy(isTransactionConflict);
    expect(attempts).toBe(2);

    attempts = 0;
    const other = data.withTransaction(
      async () => {
        attempts++;
        throw new Error("no es un conflicto");
      },
      { conflictRetries: 3 },
    );
    await expect(within(other)).rejects.toThrow("no es un conflicto");
    expect(attempts).toBe(1);

    // Without the option nothing runs twice.
    attempts = 0;
    const none = data.withTransaction(async () => {
      attempts++;
      throw conflict("40P01");
    });
    await expect(within(none)).rejects.toSatisfy(isTransactionConflict);
    expect(attempts).toBe(1);

    // A nested call joins a transaction it does not own: its conflict goes up, to the outer call's retry.
    let outer = 0;
    let inner = 0;
    const nested = data.withTransaction(
      async () => {
        outer++;
        await data.withTransaction(
          async () => {
            inner++;
            if (inner === 1) throw conflict("40P01");
          },
          { conflictRetries: 5 },
        );
      },
      { conflictRetries: 1 },
    );
    await within(nested);
    expect([outer, inner]).toEqual([2, 2]);
  });
});

describe("conflictRetries on PostgreSQL, a real deadlock", () => {
  let handle: DatabaseHandle & { drop: () => Promise<void> };
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(async () => handle?.drop());

  it("two transactions taking two rows in opposite order: the victim runs again and both commit", async () => {
    const data = createDataAccess(handle.db, createRepositories);
    await data.repos.areas.insert("Norte");
    await data.repos.areas.insert("Sur");
    // Each transaction takes its first row, waits until the other has taken its own, then asks for the other's.
    let taken = 0;
    let release: () => void = () => {};
    const bothTaken = new Promise<void>((resolve) => {
      release = resolve;
    });
    const takeFirst = async () => {
      if (++taken === 2) release();
      await bothTaken;
    };
    const attempts = { uno: 0, dos: 0 };
    const uno = data.withTransaction(
      async (tx) => {
        attempts.uno++;
        await tx.areas.rename("Norte", "Norte");
        if (attempts.uno === 1) await takeFirst();
        await tx.areas.rename("Sur", "Sur");
      },
      { conflictRetries: 1 },
    );
    const dos = data.withTransaction(
      async (tx) => {
        attempts.dos++;
        await tx.areas.rename("Sur", "Sur");
        if (attempts.dos === 1) await takeFirst();
        await tx.areas.rename("Norte", "Norte");
      },
      { conflictRetries: 1 },
    );
    await within(Promise.all([uno, dos]), 15_000);
    // PostgreSQL chose one victim (after deadlock_timeout, 1 s): it ran twice, the other once.
    expect(attempts.uno + attempts.dos).toBe(3);
  }, 30_000);
});
