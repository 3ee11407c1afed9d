import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { createShutdown, MSG_CERRANDO } from "../src/lib/shutdown";
import { createTestApp, login, type TestApp } from "./helpers";

/**
 * Issue 25: a portal process stopped with SIGTERM behind a load balancer leaves the pool first (the health check
 * answers 503 at once while every other request is still served, for DRAIN_MS), then closes: it finishes the
 * requests under way, answers what still arrives with the portal's 503, stops its workers and exits 0. A second
 * signal during all this exits at once. The shutdown is server.ts's own function (lib/shutdown.ts), on a real
 * HTTP server, with the process's exit replaced by a recorder.
 */

interface LogLine {
  level: number;
  msg?: string;
  solicitudes?: number;
}

describe("SIGTERM: drain, close, exit", () => {
  let t: TestApp;
  const logLines: string[] = [];
  const logs = () => logLines.map((l) => JSON.parse(l) as LogLine);
  let release: () => void = () => {};
  let entered: () => void = () => {};
  const inErp = new Promise<void>((r) => {
    entered = r;
  });
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let held = false;
  /** The first orders list waits in the ERP until the test releases it: a request under way during the stop. */
  const slowErp = (real: ErpAdapter): ErpAdapter => ({
    ...real,
    async listPedidoVersions(scope) {
      if (!held) {
        held = true;
        entered();
        await gate;
      }
      return real.listPedidoVersions(scope);
    },
  });

  beforeAll(async () => {
    t = await createTestApp({}, { erp: slowErp, logLines });
  }, 60_000);
  afterAll(async () => {
    release();
    await t?.app.close();
    await t?.tdb.drop();
  });

  it("answers the health check 503 while it still serves, finishes the request under way, then exits 0", async () => {
    const token = await login(t.app, "EKU9003173C9", "Proveedor");
    const { port } = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const call = (path: string, body?: object) =>
      fetch(`${base}${path}`, {
        method: body ? "POST" : "GET",
        headers: { "x-access-token": token, "content-type": "application/json", "accept-encoding": "identity" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await call("/api/health")).status).toBe(200);

    // A request under way when the signal comes: the supplier's orders, waiting in the ERP.
    const busy = call("/api/pedidos/getPedidos", {});
    await inErp;

    const codes: number[] = [];
    // 3 s of drain: ample room for the calls below on a loaded machine.
    const shutdown = createShutdown(t.app, { drainMs: 3_000, timeoutMs: 60_000, exit: (code) => codes.push(code) });
    shutdown.signal("SIGTERM");

    // Out of the balancer at once: the health check is a 503 in Spanish and tells the client to reconnect elsewhere.
    const health = await call("/api/health");
    expect(health.status).toBe(503);
    expect(health.headers.get("connection")).toBe("close");
    expect(await health.json()).toEqual({ status: "error", message: MSG_CERRANDO });
    // Everything else is still served during the drain (the balancer may send a few more before it notices).
    const home = await call("/api/home/getSociedades", { dato: "SN" });
    expect(home.status).toBe(200);
    expect(((await home.json()) as { status: string }).status).toBe("success");
    expect(codes).toEqual([]);

    // After the drain the server stops listening; the request under way is still waiting in the ERP.
    for (let i = 0; i < 1000 && t.app.server.listening; i++) await new Promise((r) => setTimeout(r, 10));
    expect(t.app.server.listening).toBe(false);
    expect(codes).toEqual([]);

    // It finishes normally, then the process exits 0.
    release();
    const finished = await busy;
    expect(finished.status).toBe(200);
    expect(((await finished.json()) as { status: string }).status).toBe("success");
    await shutdown.done;
    expect(codes).toEqual([0]);

    const messages = logs().map((l) => l.msg);
    expect(messages).toContain("SIGTERM: fuera del balanceador, drenando 3000 ms");
    const closed = logs().find((l) => l.msg?.startsWith("cerrado: "));
    // The health check, the home call and the orders list at least.
    expect(closed?.solicitudes).toBeGreaterThanOrEqual(3);
    expect(closed?.msg).toBe(`cerrado: ${closed?.solicitudes} solicitudes terminadas`);
    expect(logs().filter((l) => l.level >= 50)).toEqual([]);
  }, 60_000);
});

describe("a second signal during the drain", () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { logLines });
  }, 60_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.tdb.drop();
  });

  it("exits 1 at once, without waiting for the drain", async () => {
    const codes: number[] = [];
    const shutdown = createShutdown(t.app, { drainMs: 600_000, timeoutMs: 60_000, exit: (code) => codes.push(code) });
    shutdown.signal("SIGTERM");
    expect(t.app.lifecycle.draining).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    shutdown.signal("SIGINT");
    await shutdown.done;
    expect(codes).toEqual([1]);
    expect(logLines.join("\n")).toContain("SIGINT durante el cierre: el proceso termina de inmediato");
  });
});

describe("one Ctrl+C delivered several times (the process group, npm and the supervisor)", () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { logLines });
  }, 60_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.tdb.drop();
  });

  it("drains once and exits 0 when the same signal repeats within the window, and exits 1 on a later one", async () => {
    let clockMs = 0;
    const codes: number[] = [];
    const first = createShutdown(t.app, {
      drainMs: 50,
      timeoutMs: 60_000,
      exit: (code) => codes.push(code),
      monotonicMs: () => clockMs,
      duplicateWindowMs: 1000,
    });
    first.signal("SIGINT");
    clockMs = 5;
    first.signal("SIGINT");
    clockMs = 999;
    first.signal("SIGINT");
    await first.done;
    expect(codes).toEqual([0]);
    expect(logLines.join("\n")).not.toContain("durante el cierre");
    expect(logLines.join("\n")).toContain("SIGINT: fuera del balanceador, drenando 50 ms");
  });

  it("takes the same signal after the window as a second Ctrl+C", async () => {
    let clockMs = 0;
    const codes: number[] = [];
    const shutdown = createShutdown(t.app, {
      drainMs: 600_000,
      timeoutMs: 60_000,
      exit: (code) => codes.push(code),
      monotonicMs: () => clockMs,
    });
    shutdown.signal("SIGINT");
    clockMs = 1000;
    shutdown.signal("SIGINT");
    await shutdown.done;
    expect(codes).toEqual([1]);
    expect(logLines.join("\n")).toContain("SIGINT durante el cierre: el proceso termina de inmediato");
  });
});

describe("a worker's claimed job during the stop", () => {
  let t: TestApp;
  let release: () => void = () => {};
  let sending: () => void = () => {};
  const inSmtp = new Promise<void>((r) => {
    sending = r;
  });
  const smtpGate = new Promise<void>((r) => {
    release = r;
  });
  const delivered: string[] = [];
  beforeAll(async () => {
    // The mail worker runs on its timer, as in production; the SMTP server holds the first message.
    t = await createTestApp(
      { MAIL_POLL_MS: "50" },
      {
        mailWorker: true,
        mailTransport: async (message) => {
          sending();
          await smtpGate;
          delivered.push(message.subject);
        },
      },
    );
  }, 60_000);
  afterAll(async () => {
    release();
    await t?.tdb.drop();
  });

  it("is finished and recorded before the process exits", async () => {
    const id = await t.app.services.correo.enqueue({
      para: "prueba@kemper.edu.mx",
      asunto: "Durante el cierre",
      texto: "x",
    });
    await inSmtp;
    const codes: number[] = [];
    const shutdown = createShutdown(t.app, { drainMs: 0, timeoutMs: 60_000, exit: (code) => codes.push(code) });
    shutdown.signal("SIGTERM");
    // The close waits for the worker's pass: the message is in the SMTP server's hands.
    await new Promise((r) => setTimeout(r, 300));
    expect(codes).toEqual([]);
    release();
    await shutdown.done;
    expect(codes).toEqual([0]);
    expect(delivered).toEqual(["Durante el cierre"]);
    const [row] = await t.tdb.db.select().from(schema.correoOutbox).where(eq(schema.correoOutbox.id, id));
    expect(row?.estado).toBe("enviado");
  }, 60_000);
});
