import { createDatabase, type DatabaseHandle, decryptSecret, schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServiceLayerClient, type ServiceLayerClient, ServiceLayerError } from "../src/erp/service-layer/client";
import { createPgSessionStore } from "../src/erp/service-layer/session-store";
import { createDemoTestDatabase, createTestClock, testKey } from "./helpers";

/**
 * Two portal "processes" (two clients, each with its own PostgreSQL pool and session store) over one database and
 * one simulated Service Layer: they share one session per company database (erp_sl_sesiones).
 */

const BD = "SBO_IIA";
const CREDENTIALS = { companyDb: BD, userName: "manager", password: "clave-sap" };
const PATH = "PurchaseOrders?$select=DocEntry";
/** One page (no paging): one request per read, so the logs below are exact. */
const ALL = { maxPageSize: 0 };

let tdb: TestDatabase;
/** The second process's own connection pool on the same database. */
let second: DatabaseHandle;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
/** Every request either process sent: "A POST …/Login", with the answer's status appended once known. */
let log: string[];
let a: ServiceLayerClient;
let b: ServiceLayerClient;

function processClient(name: string, handle: DatabaseHandle): ServiceLayerClient {
  const spy: typeof fetch = async (input, init) => {
    const url = String(input).replace(sim.url, "");
    const response = await fetch(input, init);
    log.push(`${name} ${init?.method ?? "GET"} ${url} ${response.status}`);
    return response;
  };
  return createServiceLayerClient(
    {
      url: sim.url,
      timeoutMs: 5_000,
      fetch: spy,
      clock: time.clock,
      sessions: createPgSessionStore({ db: handle.db, encryptionKey: testKey, clock: time.clock }),
    },
    // An async lookup, as the app's (the sociedades' encrypted passwords).
    async (companyDb) =>
      companyDb === BD
        ? CREDENTIALS
        : companyDb === "SBO_MAL"
          ? { ...CREDENTIALS, companyDb, password: "vieja" }
          : undefined,
  );
}

const storedRows = () => tdb.db.select().from(schema.erpSlSesiones);

beforeAll(async () => {
  time = createTestClock();
  tdb = await createDemoTestDatabase(time);
  second = await createDatabase({ url: tdb.url, maxConnections: 4 });
});

afterAll(async () => {
  await second.close();
  await tdb.drop();
});

beforeEach(async () => {
  await tdb.db.delete(schema.erpSlSesiones);
  sim = await startServiceLayerSimulator({
    db: tdb.db,
    credentials: [CREDENTIALS, { ...CREDENTIALS, companyDb: "SBO_MAL", password: "la-correcta" }],
    clock: time.clock,
  });
  log = [];
  a = processClient("A", tdb);
  b = processClient("B", second);
});

afterEach(async () => {
  await sim.close();
});

describe("Service Layer sessions shared through PostgreSQL", () => {
  it("two processes use one session: one login, the same cookies", async () => {
    await a.getAll(BD, PATH, ALL);
    await b.getAll(BD, PATH, ALL);
    expect(sim.loginCount()).toBe(1);
    expect(log.filter((l) => l.includes("Login"))).toEqual(["A POST Login 200"]);
    expect(log.filter((l) => l.startsWith("B"))).toEqual([`B GET ${PATH} 200`]);
    expect(await storedRows()).toHaveLength(1);
  });

  it("10 parallel requests from each process at once: exactly one login", async () => {
    const reads = [a, b].flatMap((client) => Array.from({ length: 10 }, () => client.getAll(BD, PATH, ALL)));
    const results = await Promise.all(reads);
    expect(new Set(results.map((r) => r.length)).size).toBe(1);
    expect(sim.loginCount()).toBe(1);
    expect(log.filter((l) => l.includes(" 401"))).toEqual([]);
  });

  it("the idle timeout passed: exactly one re-login for both processes, before any request is refused", async () => {
    await a.getAll(BD, PATH, ALL);
    await b.getAll(BD, PATH, ALL);
    time.advance(31 * 60_000);
    log = [];
    await Promise.all([
      a.getAll(BD, PATH, ALL),
      b.getAll(BD, PATH, ALL),
      a.getAll(BD, PATH, ALL),
      b.getAll(BD, PATH, ALL),
    ]);
    expect(sim.loginCount()).toBe(2);
    expect(log.filter((l) => l.includes("POST Login"))).toHaveLength(1);
    // Known to be stale from its last use: replaced without first sending a request the Service Layer refuses.
    expect(log.filter((l) => l.includes("GET") && l.endsWith(" 401"))).toEqual([]);
  });

  it("the Service Layer dropped every session (401 code 301 in both processes): one re-login, not two", async () => {
    await a.getAll(BD, PATH, ALL);
    await b.getAll(BD, PATH, ALL);
    sim.expireAllSessions();
    log = [];
    const [rowsA, rowsB] = await Promise.all([a.getAll(BD, PATH, ALL), b.getAll(BD, PATH, ALL)]);
    expect(rowsA).toEqual(rowsB);
    expect(sim.loginCount()).toBe(2);
    expect(log.filter((l) => l.includes("GET") && l.endsWith(" 401"))).toHaveLength(2);
    // The second process to get the 301 found the new session stored and used it.
    const stored = await storedRows();
    expect(stored).toHaveLength(1);
  });

  it("a broken node (the simulator's 500 code 407 on one ROUTEID): one new login for both processes", async () => {
    await a.getAll(BD, PATH, ALL);
    await b.getAll(BD, PATH, ALL);
    const [before] = await storedRows();
    // The first login landed on .node1 (round robin); that node breaks now.
    sim.faults.brokenNode = ".node1";
    log = [];
    const rowsA = await a.getAll(BD, PATH, ALL);
    const rowsB = await b.getAll(BD, PATH, ALL);
    expect(rowsB).toEqual(rowsA);
    expect(log).toEqual([
      `A GET ${PATH} 500`,
      `A GET ${PATH} 500`,
      "A POST Login 200",
      `A GET ${PATH} 200`,
      // B still held the old session: two 5xx, then the session A stored (on .node2), without logging in.
      `B GET ${PATH} 500`,
      `B GET ${PATH} 500`,
      `B GET ${PATH} 200`,
    ]);
    expect(sim.loginCount()).toBe(2);
    const [after] = await storedRows();
    expect(after?.cookieCifrada).not.toBe(before?.cookieCifrada);
    expect(decryptSecret(after?.cookieCifrada ?? "", testKey)).toMatch(/ROUTEID=\.node2$/);
  });

  it("a stored session near its idle timeout is replaced before use (and the old one logged out)", async () => {
    await a.getAll(BD, PATH, ALL);
    const [before] = await storedRows();
    // 29.5 of 30 minutes: still valid for SAP, but within the one-minute margin.
    time.advance(29.5 * 60_000);
    log = [];
    await b.getAll(BD, PATH, ALL);
    expect(log.filter((l) => !l.includes("Logout"))).toEqual(["B POST Login 200", `B GET ${PATH} 200`]);
    expect(sim.loginCount()).toBe(2);
    const [after] = await storedRows();
    expect(after?.cookieCifrada).not.toBe(before?.cookieCifrada);
    await b.logoutAll(); // also waits for the background logout of the replaced session
    expect(log).toContain("B POST Logout 204");
  });

  it("a session used recently by the other process is not replaced, even if this process last used it long ago", async () => {
    await a.getAll(BD, PATH, ALL);
    await b.getAll(BD, PATH, ALL);
    for (let i = 0; i < 4; i++) {
      time.advance(10 * 60_000);
      await a.getAll(BD, PATH, ALL); // A writes the last use (at most once a minute)
    }
    log = [];
    await b.getAll(BD, PATH, ALL); // B last used it 40 minutes ago, but A 0 minutes ago
    expect(log).toEqual([`B GET ${PATH} 200`]);
    expect(sim.loginCount()).toBe(1);
  });

  it("the last use is written at most once a minute per process", async () => {
    await a.getAll(BD, PATH, ALL);
    const first = (await storedRows())[0]?.ultimoUso.getTime();
    time.advance(30_000);
    await a.getAll(BD, PATH, ALL);
    expect((await storedRows())[0]?.ultimoUso.getTime()).toBe(first);
    time.advance(31_000);
    await a.getAll(BD, PATH, ALL);
    expect((await storedRows())[0]?.ultimoUso.getTime()).toBe(time.clock().getTime());
  });

  it("a wrong SAP password: one login attempt for 10 parallel requests, the Spanish error, no retry later", async () => {
    const errors = await Promise.all(
      Array.from({ length: 10 }, () => a.getAll("SBO_MAL", PATH, ALL).catch((e: unknown) => e)),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(ServiceLayerError);
      expect((error as Error).message).toBe(
        "El ERP rechazó el usuario o la contraseña de SAP de la base de datos SBO_MAL; revise la configuración de la sociedad.",
      );
    }
    expect(sim.loginCount()).toBe(1);
    // A later request with the same credentials does not knock again (SAP is slow on those and may lock the user).
    await expect(a.getAll("SBO_MAL", PATH, ALL)).rejects.toThrow(/contraseña de SAP/);
    expect(sim.loginCount()).toBe(1);
    expect(await storedRows()).toEqual([]);
  });

  it("logoutAll (shutdown) logs out and deletes the row; the other process logs in once on its next request", async () => {
    await a.getAll(BD, PATH, ALL);
    await b.getAll(BD, PATH, ALL);
    await a.logoutAll();
    expect(await storedRows()).toEqual([]);
    expect(log).toContain("A POST Logout 204");
    log = [];
    await b.getAll(BD, PATH, ALL);
    expect(log).toEqual([`B GET ${PATH} 401`, "B POST Login 200", `B GET ${PATH} 200`]);
    expect(sim.loginCount()).toBe(2);
  });

  it("the stored cookie pair is encrypted: the session id is not readable in the table", async () => {
    const cookies: string[] = [];
    const spying = createServiceLayerClient(
      {
        url: sim.url,
        clock: time.clock,
        sessions: createPgSessionStore({ db: tdb.db, encryptionKey: testKey, clock: time.clock }),
        fetch: (input, init) => {
          const cookie = new Headers(init?.headers).get("cookie");
          if (cookie) cookies.push(cookie);
          return fetch(input, init);
        },
      },
      () => CREDENTIALS,
    );
    await spying.getAll(BD, PATH, ALL);
    const sessionId = /B1SESSION=([^;]+)/.exec(cookies[0] ?? "")?.[1];
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await tdb.db.select().from(schema.erpSlSesiones).where(eq(schema.erpSlSesiones.bd, BD));
    expect(row?.cookieCifrada).toMatch(/^v1\./);
    expect(row?.cookieCifrada).not.toContain(sessionId);
    expect(row?.cookieCifrada).not.toContain("B1SESSION");
    expect(decryptSecret(row?.cookieCifrada ?? "", testKey)).toBe(cookies[0]);
    expect(row?.timeoutMinutos).toBe(30);
  });
});
