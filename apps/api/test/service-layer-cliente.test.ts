import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decryptSecret, schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServiceLayerClient, type ServiceLayerClient, ServiceLayerError } from "../src/erp/service-layer/client";
import { ensureUserFields, PORTAL_USER_FIELDS } from "../src/erp/service-layer/user-fields";
import { principal } from "../src/erp/service-layer/user-fields-cli";
import { createDemoTestDatabase, createTestClock, TEST_KEY_B64, testKey } from "./helpers";

const BD = "SBO_IIA";
const CREDENTIALS = { companyDb: BD, userName: "manager", password: "clave-sap" };

interface PurchaseOrderRow {
  DocEntry: number;
  DocNum: number;
  CardCode: string;
}

let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let client: ServiceLayerClient;
/** Every request the client sent (method and URL), in order. */
let sent: string[];
/** The Cookie header of every request the client sent. */
let cookies: (string | null)[];
/**
 * Called before each request the client sends (a test's fault at a precise moment); a Response returned is
 * answered instead of the simulator's (a broken node, a network failure: a stub in front of the real simulator).
 */
let beforeSend: (url: string, cookie: string | null) => unknown;
/** The waits the client asked for between retries. */
let waits: number[];
let expected: number[];

beforeAll(async () => {
  time = createTestClock();
  tdb = await createDemoTestDatabase(time);
  const rows = await tdb.db
    .select({ docEntry: schema.erpPedidos.docEntry })
    .from(schema.erpPedidos)
    .where(eq(schema.erpPedidos.bd, BD))
    .orderBy(asc(schema.erpPedidos.docEntry));
  expected = rows.map((r) => r.docEntry);
});

afterAll(async () => {
  await tdb.drop();
});

beforeEach(async () => {
  // SBO_MAL exists in the Service Layer, with a password the client does not have.
  sim = await startServiceLayerSimulator({
    db: tdb.db,
    credentials: [CREDENTIALS, { ...CREDENTIALS, companyDb: "SBO_MAL", password: "la-correcta" }],
    clock: time.clock,
  });
  sent = [];
  cookies = [];
  beforeSend = () => {};
  waits = [];
  const fetchSpy: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const cookie = new Headers(init?.headers).get("cookie");
    sent.push(`${init?.method ?? "GET"} ${url}`);
    cookies.push(cookie);
    const stubbed = beforeSend(url, cookie);
    return stubbed instanceof Response ? stubbed : fetch(input, init);
  };
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  client = createServiceLayerClient(
    { url: sim.url, timeoutMs: 5_000, fetch: fetchSpy, clock: time.clock, sleep },
    (companyDb) =>
      companyDb === BD
        ? CREDENTIALS
        : companyDb === "SBO_MAL"
          ? { ...CREDENTIALS, companyDb, password: "x" }
          : undefined,
  );
});

afterEach(async () => {
  await sim.close();
});

describe("Service Layer simulator: login and session", () => {
  it("answers the manual's Login: B1SESSION (HttpOnly) and ROUTEID cookies, SessionId, Version, SessionTimeout", async () => {
    const response = await fetch(`${sim.url}Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ CompanyDB: BD, UserName: "manager", Password: "clave-sap" }),
    });
    expect(response.status).toBe(200);
    const setCookies = response.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith("B1SESSION="));
    expect(session).toMatch(/HttpOnly/i);
    expect(setCookies).toContain("ROUTEID=.node1; path=/b1s");
    const body = (await response.json()) as { SessionId: string; Version: string; SessionTimeout: number };
    expect(session?.split(";")[0]).toBe(`B1SESSION=${body.SessionId}`);
    expect(body.SessionTimeout).toBe(30);
    expect(typeof body.Version).toBe("string");

    const without = await fetch(`${sim.url}PurchaseOrders`);
    expect(without.status).toBe(401);
    // v2 (OData v4) dialect: string code and plain message (MAN p176); the client reads v1's shape too.
    expect(await without.json()).toEqual({
      error: { code: "301", message: "Invalid session or session already timeout." },
    });

    const cookie = `B1SESSION=${body.SessionId}; ROUTEID=.node1`;
    const page = await fetch(`${sim.url}PurchaseOrders?$select=DocEntry`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const loggedOut = await fetch(`${sim.url}Logout`, { method: "POST", headers: { cookie } });
    expect(loggedOut.status).toBe(204);
    const after = await fetch(`${sim.url}PurchaseOrders?$select=DocEntry`, { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it("a wrong password answers 401 with SAP's error shape and code -304, an unknown company database -306", async () => {
    const login = (companyDb: string) =>
      fetch(`${sim.url}Login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ CompanyDB: companyDb, UserName: "manager", Password: "otra" }),
      });
    for (const [companyDb, code] of [
      [BD, -304],
      ["SBO_NO_EXISTE", -306],
    ] as const) {
      const response = await login(companyDb);
      expect(response.status).toBe(401);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(String(code));
      expect(body.error.message).toBe("Fail to NONE-SSO login from SLD.");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("Prefer: odata.maxpagesize is applied and announced, with a relative next link", async () => {
    const login = await fetch(`${sim.url}Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ CompanyDB: BD, UserName: "manager", Password: "clave-sap" }),
    });
    const { SessionId } = (await login.json()) as { SessionId: string };
    const response = await fetch(`${sim.url}PurchaseOrders?$select=DocEntry`, {
      headers: { cookie: `B1SESSION=${SessionId}; ROUTEID=.node1`, prefer: "odata.maxpagesize=3" },
    });
    expect(response.headers.get("preference-applied")).toBe("odata.maxpagesize=3");
    const page = (await response.json()) as { value: { DocEntry: number }[]; "@odata.nextLink": string };
    expect(page.value.map((r) => r.DocEntry)).toEqual(expected.slice(0, 3));
    expect(page["@odata.nextLink"]).toBe("PurchaseOrders?$select=DocEntry&$skip=3");
    const defaults = await fetch(`${sim.url}PurchaseOrders`, {
      headers: { cookie: `B1SESSION=${SessionId}; ROUTEID=.node1` },
    });
    expect(((await defaults.json()) as { value: unknown[] }).value).toHaveLength(Math.min(20, expected.length));
  });

  it("the client sends only name=value cookie pairs and logs out with 204", async () => {
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    expect(sent).toEqual([`POST ${sim.url}Login`, `GET ${sim.url}PurchaseOrders?$select=DocEntry`]);
    expect(cookies[0]).toBeNull();
    expect(cookies[1]).toMatch(/^B1SESSION=[0-9a-f-]{36}; ROUTEID=\.node1$/);
    await client.logout(BD);
    expect(sent.at(-1)).toBe(`POST ${sim.url}Logout`);
    expect(cookies.at(-1)).toBe(cookies[1]);
    // After logout the session is gone: the next read logs in again.
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry");
    expect(sim.loginCount()).toBe(2);
  });
});

describe("Service Layer client: paging", () => {
  it("collects every purchase order of the company database exactly once over small pages", async () => {
    expect(expected.length).toBeGreaterThan(3);
    const rows = await client.getAll<PurchaseOrderRow>(BD, "PurchaseOrders?$select=DocEntry,DocNum,CardCode", {
      maxPageSize: 2,
    });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["CardCode", "DocEntry", "DocNum"]);
    // One Login plus ceil(n/2) pages.
    expect(sent.filter((s) => s.startsWith("GET")).length).toBe(Math.ceil(expected.length / 2));
    expect(sim.loginCount()).toBe(1);
  });

  it("session expired in the middle of a paged read: one re-login, no duplicated or missing rows", async () => {
    let pages = 0;
    beforeSend = (url) => {
      if (url.includes("PurchaseOrders") && ++pages === 2) sim.expireAllSessions();
    };
    const rows = await client.getAll<PurchaseOrderRow>(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 2 });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(sim.loginCount()).toBe(2);
  });

  it.each(["absolute-path", "url"] as const)("follows %s next links too", async (form) => {
    sim.faults.nextLinkForm = form;
    const rows = await client.getAll<PurchaseOrderRow>(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 3 });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(sent.filter((s) => s.startsWith("GET"))[1]).toBe(`GET ${sim.url}PurchaseOrders?$select=DocEntry&$skip=3`);
  });

  it("a session refused again right after the re-login: an error, not a loop of logins", async () => {
    beforeSend = (url) => {
      if (url.includes("PurchaseOrders")) sim.expireAllSessions();
    };
    const error = await client.getAll(BD, "PurchaseOrders?$select=DocEntry").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect(Number((error as ServiceLayerError).sapCode)).toBe(301);
    expect((error as Error).message).toMatch(/^El ERP rechazó la solicitud \(código 301\)/);
    expect(sim.loginCount()).toBe(2);
  });

  it("the idle timeout (injected clock) ends the session; the client logs in again once", async () => {
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry");
    time.advance(31 * 60_000);
    const rows = await client.getAll<PurchaseOrderRow>(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(sim.loginCount()).toBe(2);
  });
});

describe("Service Layer client: failures", () => {
  it("a wrong SAP password: a Spanish error and exactly one login attempt", async () => {
    const error = await client.getAll("SBO_MAL", "PurchaseOrders").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect(Number((error as ServiceLayerError).sapCode)).toBe(-304);
    expect((error as Error).message).toBe(
      "El ERP rechazó el usuario o la contraseña de SAP de la base de datos SBO_MAL; revise la configuración de la sociedad.",
    );
    expect(sim.loginCount()).toBe(1);
    expect(sent).toEqual([`POST ${sim.url}Login`]);
  });

  it("an HTML 502 page from the balancer on every attempt: a Spanish error after two retries (~200 ms, ~800 ms)", async () => {
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry");
    sent = [];
    sim.faults.html502 = 3;
    const error = await client.getAll(BD, "PurchaseOrders?$select=DocEntry").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect((error as ServiceLayerError).status).toBe(502);
    expect((error as Error).message).toBe(
      "El ERP respondió con un error (502) sin el formato del Service Layer. El ERP no responde; intente en unos minutos.",
    );
    expect((error as ServiceLayerError).detail).toContain("Proxy Error");
    // One request and two retries, after waits with jitter around 200 ms and 800 ms. Two 5xx in a row dropped the
    // session (its node may be broken), so the last attempt began with a new login, which the balancer failed too.
    const get = `GET ${sim.url}PurchaseOrders?$select=DocEntry`;
    expect(sent).toEqual([get, get, `POST ${sim.url}Login`]);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(150);
    expect(waits[0]).toBeLessThanOrEqual(250);
    expect(waits[1]).toBeGreaterThanOrEqual(600);
    expect(waits[1]).toBeLessThanOrEqual(1000);
    // The fault is over: the next read logs in and works.
    sent = [];
    const rows = await client.getAll<PurchaseOrderRow>(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(sent).toEqual([`POST ${sim.url}Login`, `GET ${sim.url}PurchaseOrders?$select=DocEntry`]);
    expect(sim.loginCount()).toBe(2);
  });

  it("one HTML 502: the read is repeated once in the same session and succeeds", async () => {
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    sim.faults.html502 = 1;
    const rows = await client.getAll<PurchaseOrderRow>(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(waits).toHaveLength(1);
    expect(sim.loginCount()).toBe(1);
  });

  it("a refused or reset connection on a read is retried; on a write it is not", async () => {
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    let failures = 1;
    beforeSend = () => {
      if (failures-- > 0) throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
    };
    const rows = await client.getAll<PurchaseOrderRow>(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(waits).toHaveLength(1);

    sent = [];
    failures = 1;
    const error = await client.write(BD, "POST", "PurchaseInvoices", { CardCode: "X" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect((error as Error).message).toBe(
      "No fue posible comunicarse con el ERP: El ERP no responde; intente en unos minutos.",
    );
    expect((error as ServiceLayerError).detail).toContain("ECONNREFUSED");
    expect(sent).toEqual([`POST ${sim.url}PurchaseInvoices`]);
  });

  it("a write answered 502 is never retried (SAP may have committed it)", async () => {
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    sent = [];
    sim.faults.html502 = 1;
    const error = await client.write(BD, "POST", "PurchaseInvoices(1)/Cancel").catch((e: unknown) => e);
    expect((error as ServiceLayerError).status).toBe(502);
    expect(sent).toEqual([`POST ${sim.url}PurchaseInvoices(1)/Cancel`]);
    expect(waits).toEqual([]);
  });

  it("a broken node (500 code 407 on every request of its sessions): a new login after two, on another node", async () => {
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    const broken = cookies.at(-1);
    // Every request carrying the first session's cookies lands on the broken node.
    beforeSend = (_url, cookie) =>
      cookie === broken
        ? new Response(
            JSON.stringify({
              error: { code: 407, message: { lang: "en-us", value: "Table definition not found for '@X'" } },
            }),
            { status: 500, headers: { "content-type": "application/json" } },
          )
        : undefined;
    sent = [];
    const rows = await client.getAll<PurchaseOrderRow>(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    const get = `GET ${sim.url}PurchaseOrders?$select=DocEntry`;
    expect(sent).toEqual([get, get, `POST ${sim.url}Login`, get]);
    expect(sim.loginCount()).toBe(2);
    expect(cookies.at(-1)).not.toBe(broken);
  });

  it("a Service Layer slower than the timeout: a Spanish error within the bound, and a timeout is not retried", async () => {
    await client.getAll(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    const slow = createServiceLayerClient({ url: sim.url, timeoutMs: 50 }, () => CREDENTIALS);
    sim.faults.latencyMs = 3_000;
    const started = performance.now();
    const error = await slow.getAll(BD, "PurchaseOrders").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect((error as Error).message).toBe("El ERP no responde; intente en unos minutos.");
    // Cut by the timeout, not by the 3 s answer (room for a loaded machine).
    expect(performance.now() - started).toBeLessThan(1_500);

    // The same with a session already open: one GET, no retry after the timeout.
    const quick = createServiceLayerClient(
      {
        url: sim.url,
        timeoutMs: 300,
        fetch: (input, init) => {
          sent.push(String(input));
          return fetch(input, init);
        },
      },
      () => CREDENTIALS,
    );
    sim.faults.latencyMs = 0;
    await quick.getAll(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    sent = [];
    sim.faults.latencyMs = 1_000;
    const timedOut = await quick.getAll(BD, "PurchaseOrders?$select=DocEntry").catch((e: unknown) => e);
    expect((timedOut as ServiceLayerError).timedOut).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it("an unknown property in $select: SAP's -1000 as a Spanish error", async () => {
    const error = await client.getAll(BD, "PurchaseOrders?$select=NoExiste").catch((e: unknown) => e);
    expect(Number((error as ServiceLayerError).sapCode)).toBe(-1000);
    expect((error as Error).message).toMatch(/^El ERP rechazó la solicitud \(código -1000\)/);
  });
});

describe("Service Layer client: TLS against the Service Layer's own CA", () => {
  it("refuses a certificate it was not told to trust, and accepts it with the CA (verification never off)", async () => {
    // A CA and a server certificate for 127.0.0.1 made here, as an installer's self-signed server.crt would be.
    const dir = mkdtempSync(join(tmpdir(), "sl-ca-"));
    try {
      const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
      const newCa = (name: string, subject: string) =>
        run(
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-keyout",
          `${name}.key`,
          "-out",
          `${name}.crt`,
          "-days",
          "1",
          "-subj",
          subject,
        );
      newCa("ca", "/CN=Prueba CA");
      writeFileSync(join(dir, "san.ext"), "subjectAltName=IP:127.0.0.1\n");
      run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=sap");
      run(
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.crt",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "server.crt",
        "-days",
        "1",
        "-extfile",
        "san.ext",
      );
      const ca = readFileSync(join(dir, "ca.crt"), "utf8");
      // A tiny HTTPS Service Layer: Login as SAP answers it, and one collection.
      const server = createHttpsServer(
        { key: readFileSync(join(dir, "server.key")), cert: readFileSync(join(dir, "server.crt")) },
        (req, res) => {
          if (req.method === "POST" && req.url === "/b1s/v2/Login") {
            res.writeHead(200, {
              "content-type": "application/json",
              "set-cookie": ["B1SESSION=tls-session; path=/b1s/v2; HttpOnly", "ROUTEID=.node1; path=/b1s"],
            });
            res.end(JSON.stringify({ SessionId: "tls-session", Version: "1000190", SessionTimeout: 30 }));
            return;
          }
          const ok = req.headers.cookie === "B1SESSION=tls-session; ROUTEID=.node1";
          res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
          res.end(
            JSON.stringify(ok ? { value: [{ DocEntry: 7 }] } : { error: { code: 301, message: "Invalid session" } }),
          );
        },
      );
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/b1s/v2/`;
      try {
        const untrusted = createServiceLayerClient({ url, timeoutMs: 5_000 }, () => CREDENTIALS);
        const error = await untrusted.getAll(BD, "PurchaseOrders").catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ServiceLayerError);
        expect((error as Error).message).toBe(
          "No fue posible comunicarse con el ERP: El ERP no responde; intente en unos minutos.",
        );
        expect((error as ServiceLayerError).detail).toMatch(/certificate/i);

        const trusted = createServiceLayerClient({ url, timeoutMs: 5_000, ca }, () => CREDENTIALS);
        expect(await trusted.getAll(BD, "PurchaseOrders")).toEqual([{ DocEntry: 7 }]);
        await trusted.close();

        // Another CA is not enough: the pinned CA replaces the trust roots, it does not widen them.
        newCa("otra", "/CN=Otra CA");
        const other = createServiceLayerClient(
          { url, timeoutMs: 5_000, ca: readFileSync(join(dir, "otra.crt"), "utf8") },
          () => CREDENTIALS,
        );
        await expect(other.getAll(BD, "PurchaseOrders")).rejects.toBeInstanceOf(ServiceLayerError);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("User fields (UserFieldsMD): the portal's, created only when missing", () => {
  it("a Service Layer that already has them: each looked up, nothing created", async () => {
    const result = await ensureUserFields(client, BD);
    expect(result.created).toEqual([]);
    expect(result.existing).toEqual(PORTAL_USER_FIELDS.map((f) => `${f.table}.U_${f.name}`));
    expect(sent.filter((s) => s.startsWith("POST") && s.includes("UserFieldsMD"))).toEqual([]);
    expect(sent.filter((s) => s.startsWith("GET")).length).toBe(PORTAL_USER_FIELDS.length);
    expect(decodeURIComponent(sent[1] ?? "")).toContain(
      "UserFieldsMD?$select=TableName,Name,FieldID&$filter=TableName eq 'OPCH' and Name eq 'SYS_PMUUID'",
    );
  });

  it("`npm run sap -- campos`: creates the missing ones in every company database, then nothing on a second run", async () => {
    // A Service Layer without the portal's fields, accepting the sociedades' own SAP users.
    const credentials = (await tdb.db.select().from(schema.sociedades)).map((s) => ({
      companyDb: s.bdSap,
      userName: s.usuarioSap,
      password: decryptSecret(s.passSapCifrada, testKey),
    }));
    const bare = await startServiceLayerSimulator({ db: tdb.db, credentials, clock: time.clock, userFields: [] });
    try {
      const env = { NODE_ENV: "test", DATABASE_URL: tdb.url, APP_ENCRYPTION_KEY: TEST_KEY_B64, SAP_SL_URL: bare.url };
      const run = async (args: string[]) => {
        const lines: string[] = [];
        const errors: string[] = [];
        const code = await principal(args, env, { log: (l) => lines.push(l), error: (l) => errors.push(l) });
        return { code, lines, errors };
      };
      const first = await run(["campos"]);
      expect(first.errors).toEqual([]);
      expect(first.code).toBe(0);
      // Every company database reported; every field created (the simulator keeps one UserFieldsMD for all).
      for (const c of credentials) expect(first.lines).toContain(`${c.companyDb}:`);
      expect(new Set(first.lines.filter((l) => l.startsWith("  creado")))).toEqual(
        new Set(PORTAL_USER_FIELDS.map((f) => `  creado     ${f.table}.U_${f.name}`)),
      );
      expect(first.lines).toContain("  creado     OPCH.U_SYS_PMUUID");
      expect(first.lines.at(-1)).toMatch(/^Reinicie el Service Layer/);
      // What the Service Layer now has, as SAP describes it.
      const check = createServiceLayerClient({ url: bare.url }, (bd) => credentials.find((c) => c.companyDb === bd));
      const fields = await check.getAll<{ TableName: string; Name: string; Type: string; Size: number }>(
        BD,
        "UserFieldsMD?$select=TableName,Name,Type,Size",
      );
      expect(fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ TableName: "OPCH", Name: "SYS_PMUUID", Type: "db_Alpha", Size: 36 }),
          expect.objectContaining({ TableName: "OPCH", Name: "SYS_PORTALID", Type: "db_Numeric" }),
        ]),
      );
      await check.logoutAll();

      const second = await run(["campos", BD]);
      expect(second.code).toBe(0);
      expect(second.lines).toEqual([
        `${BD}:`,
        ...PORTAL_USER_FIELDS.map((f) => `  ya existe  ${f.table}.U_${f.name}`),
        "  No faltaba ningún campo.",
      ]);

      const unknown = await run(["campos", "SBO_NADIE"]);
      expect(unknown.code).toBe(1);
      expect(unknown.errors).toEqual(["Ninguna sociedad usa la base de datos SBO_NADIE."]);
      const withoutUrl: string[] = [];
      const noUrl = await principal(
        ["campos"],
        { ...env, SAP_SL_URL: "" },
        { log() {}, error: (l) => withoutUrl.push(l) },
      );
      expect(noUrl).toBe(1);
      expect(withoutUrl[0]).toMatch(/^Defina SAP_SL_URL/);
    } finally {
      await bare.close();
    }
  });
});
