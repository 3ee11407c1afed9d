import { connect } from "node:net";
import { MSG } from "@portal/contracts";
import { createDatabase, type DatabaseHandle, schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { RETRY_AFTER_SECONDS } from "../src/lib/database-outage";
import { BASE_SECURITY_HEADERS } from "../src/plugins/security";
import {
  createDemoTestDatabase,
  createTestApp,
  createTestAppOn,
  createTestClock,
  login,
  type TestApp,
  withToken,
} from "./helpers";
import { startTcpProxy } from "./tcp-proxy";

/**
 * Issue 22: a database outage answers 503 with Retry-After and the portal's Spanish message (not 500, not 401 for
 * a session check), is logged once per burst, and the app recovers without a restart when the database is back;
 * a graceful shutdown answers the portal's own 503 too. The outage is real: the app's pool connects through a TCP
 * proxy in front of the test PostgreSQL, which the test cuts and restores.
 */

const OUTAGE_START = "la base de datos no responde; se responde 503 hasta que vuelva";
const OUTAGE_END = "la base de datos respondió de nuevo";

interface LogLine {
  level: number;
  msg?: string;
  err?: { type: string; code?: string; message: string };
  fallas?: number;
}

const expectPortal503 = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ status: "error", message: MSG.servicioNoDisponible });
  expect(res.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["cache-control"]).toBe("no-store");
};

describe("the database goes away and comes back", () => {
  let tdb: TestDatabase;
  let viaProxy: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let t: TestApp;
  const logLines: string[] = [];
  const logs = () => logLines.map((line) => JSON.parse(line) as LogLine);
  const time = createTestClock();

  beforeAll(async () => {
    tdb = await createDemoTestDatabase(time);
    const server = new URL(tdb.url);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const url = new URL(tdb.url);
    url.port = String(proxy.port);
    // The app's own pool, as production opens it (createDatabase), connected through the proxy.
    viaProxy = await createDatabase({ url: url.toString(), maxConnections: 4 });
    // Its mail worker runs too, every 20 ms: its failing passes during the outage add no log line either.
    t = await createTestAppOn({ ...tdb, ...viaProxy }, time, { MAIL_POLL_MS: "20" }, { logLines, mailWorker: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await viaProxy?.close();
    await proxy?.close();
    await tdb?.drop();
  });

  it("answers 503 with Retry-After while it is down, logs the burst once, and answers again once it is back", async () => {
    const admin = await login(t.app, "admin", "Empleado");
    const kemper = await login(t.app, "EKU9003173C9", "Proveedor");
    const proveedores: InjectOptions = {
      method: "POST",
      url: "/api/proveedores/rowProveedores",
      payload: { tipo: "Lista" },
    };
    expect((await t.app.inject(withToken(admin, proveedores))).statusCode).toBe(200);
    expect(proxy.connections).toBeGreaterThan(0);
    // The mail worker is running: a message enqueued now is sent by its loop.
    const id = await t.app.services.correo.enqueue({ para: "prueba@kemper.edu.mx", asunto: "Antes", texto: "x" });
    const estado = async () =>
      (await tdb.db.select().from(schema.correoOutbox).where(eq(schema.correoOutbox.id, id)))[0]?.estado;
    for (let i = 0; i < 200 && (await estado()) !== "enviado"; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await estado()).toBe("enviado");

    await proxy.cut();
    const calls: InjectOptions[] = [
      // The session check itself reads the database: an outage there is a 503, never "your session expired".
      withToken(admin, proveedores),
      withToken(kemper, { method: "POST", url: "/api/home/getSociedades", payload: { dato: "SN" } }),
      // A token of the issued shape (43 base64url characters) that no session has: only the database can say so.
      withToken("x".repeat(43), proveedores),
      // A public call that reads the database.
      { method: "POST", url: "/api/login", payload: { usuario: "admin", password: "x", operador: "Empleado" } },
    ];
    // Long enough for several of the mail worker's passes to fail (20 ms, then backing off).
    await new Promise((r) => setTimeout(r, 300));
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 10; i++) answers.push(...(await Promise.all(calls.map((c) => t.app.inject(c)))));
    expect(answers).toHaveLength(40);
    for (const res of answers) expectPortal503(res);

    // One error line for the whole burst (its type and code, no query, no stack per request); nothing else.
    const errors = logs().filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual([OUTAGE_START]);
    expect(errors[0]!.err?.type).toBeTruthy();
    expect(logLines.join("\n")).not.toContain("error no controlado");
    expect(logLines.join("\n")).not.toContain("error del trabajador de correo");
    expect(logs().filter((l) => l.msg === OUTAGE_END)).toEqual([]);

    // Back: the same app answers without a restart, and says once that the database answers again.
    await proxy.restore();
    const res = await t.app.inject(withToken(admin, proveedores));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("success");
    const ends = logs().filter((l) => l.msg === OUTAGE_END);
    expect(ends).toHaveLength(1);
    expect(ends[0]!.level).toBe(30);
    expect(ends[0]!.fallas).toBeGreaterThanOrEqual(40);

    // A second outage is a second burst: one more line when it starts, one more when it ends.
    await proxy.cut();
    for (let i = 0; i < 5; i++) expectPortal503(await t.app.inject(withToken(admin, proveedores)));
    expect(
      logs()
        .filter((l) => l.level >= 50)
        .map((l) => l.msg),
    ).toEqual([OUTAGE_START, OUTAGE_START]);
    await proxy.restore();
    expect((await t.app.inject(withToken(admin, proveedores))).statusCode).toBe(200);
    expect(logs().filter((l) => l.msg === OUTAGE_END)).toHaveLength(2);
  });

  it("still answers a broken query 500 (an outage is only what cannot reach the database)", async () => {
    const admin = await login(t.app, "admin", "Empleado");
    await tdb.db.execute("alter table proveedor_sociedades rename to proveedor_sociedades_x" as never);
    try {
      const res = await t.app.inject(
        withToken(admin, { method: "POST", url: "/api/proveedores/rowProveedores", payload: { tipo: "Lista" } }),
      );
      expect(res.statusCode).toBe(500);
      expect(res.headers["retry-after"]).toBeUndefined();
    } finally {
      await tdb.db.execute("alter table proveedor_sociedades_x rename to proveedor_sociedades" as never);
    }
  });
});

/** Raw HTTP/1.1 answers read from one socket, in order (bodies by content-length or chunked). */
function parseResponses(raw: Buffer) {
  const out: { status: number; headers: Record<string, string>; body: string }[] = [];
  let at = 0;
  while (at < raw.length) {
    const headEnd = raw.indexOf("\r\n\r\n", at);
    if (headEnd < 0) throw new Error("respuesta incompleta");
    const [statusLine, ...headerLines] = raw.subarray(at, headEnd).toString("latin1").split("\r\n");
    const headers = Object.fromEntries(
      headerLines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
    );
    at = headEnd + 4;
    const parts: Buffer[] = [];
    if (headers["transfer-encoding"] === "chunked") {
      for (;;) {
        const lineEnd = raw.indexOf("\r\n", at);
        const size = Number.parseInt(raw.subarray(at, lineEnd).toString("latin1"), 16);
        at = lineEnd + 2;
        if (size === 0) {
          at += 2;
          break;
        }
        parts.push(raw.subarray(at, at + size));
        at += size + 2;
      }
    } else {
      const length = Number(headers["content-length"] ?? 0);
      parts.push(raw.subarray(at, at + length));
      at += length;
    }
    out.push({ status: Number(statusLine!.split(" ")[1]), headers, body: Buffer.concat(parts).toString("utf8") });
  }
  return out;
}

describe("graceful shutdown", () => {
  let t: TestApp;
  let release: () => void = () => {};
  let entered: () => void = () => {};
  const inErp = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  /** The orders list waits in the ERP until the test releases it: a request under way when the app closes. */
  const slowErp = (real: ErpAdapter): ErpAdapter => ({
    ...real,
    async listPedidoVersions(scope) {
      entered();
      await gate;
      return real.listPedidoVersions(scope);
    },
    async listPedidos(scope) {
      entered();
      await gate;
      return real.listPedidos(scope);
    },
  });

  beforeAll(async () => {
    t = await createTestApp({}, { erp: slowErp });
  }, 60_000);
  afterAll(async () => {
    release();
    await t?.tdb.drop();
  });

  it("a request on a kept-alive connection during close gets the portal's Spanish 503 with its headers", async () => {
    const token = await login(t.app, "EKU9003173C9", "Proveedor");
    const { port } = t.app.server.address() as { port: number };
    const open = async () => {
      const socket = connect(port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      const chunks: Buffer[] = [];
      socket.on("data", (c: Buffer) => chunks.push(c));
      const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      return { socket, ended, answers: () => parseResponses(Buffer.concat(chunks)) };
    };

    // A request under way when the process is told to stop: the orders list, waiting in the ERP.
    const busy = await open();
    const body = "{}";
    busy.socket.write(
      "POST /api/pedidos/getPedidos HTTP/1.1\r\nHost: portal\r\nConnection: keep-alive\r\n" +
        `x-access-token: ${token}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n` +
        "accept-encoding: identity\r\n\r\n" +
        body,
    );
    await inErp;

    // A kept-alive connection: one answer already, and the client is sending its next request when the close comes.
    const kept = await open();
    kept.socket.write("GET /api/health HTTP/1.1\r\nHost: portal\r\nConnection: keep-alive\r\n\r\n");
    for (let i = 0; i < 200 && kept.answers().length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(kept.answers()[0]).toMatchObject({ status: 200, headers: { connection: "keep-alive" } });
    kept.socket.write("GET /api/health HTTP/1.1\r\nHost: portal\r\n");
    // Time for the server to read the first bytes: a connection whose next request has begun is not idle.
    await new Promise((r) => setTimeout(r, 100));

    // server.ts: SIGTERM -> app.close(). The server stops listening; the request then arrives in full.
    const closing = t.app.close();
    for (let i = 0; i < 200 && t.app.server.listening; i++) await new Promise((r) => setTimeout(r, 5));
    expect(t.app.server.listening).toBe(false);
    kept.socket.write("Connection: keep-alive\r\n\r\n");
    await kept.ended;

    const [, during] = kept.answers();
    // The portal's Spanish JSON with Retry-After and the security headers, not Fastify's English text.
    expect(during?.status).toBe(503);
    expect(JSON.parse(during!.body)).toEqual({ status: "error", message: MSG.servicioNoDisponible });
    expect(during!.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(during!.headers["content-type"]).toMatch(/^application\/json/);
    expect(during!.headers.connection).toBe("close");
    for (const name of ["x-content-type-options", "x-frame-options", "referrer-policy", "cache-control"]) {
      expect(during!.headers[name], name).toBe(BASE_SECURITY_HEADERS[name]);
    }
    expect(during!.headers["content-security-policy"]).toContain("default-src 'self'");

    // The request under way finishes normally and tells its client to reconnect (to a process that is up), so
    // the close does not wait for that kept-alive connection to time out.
    release();
    await busy.ended;
    await closing;
    const [finished] = busy.answers();
    expect(finished?.status).toBe(200);
    expect(JSON.parse(finished!.body).status).toBe("success");
    expect(finished!.headers.connection).toBe("close");
  });
});
