import { createDatabase, type DatabaseHandle, schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { CORREO_LEASE_MS, createSmtpTransport, type MailTransport } from "../src/modules/correo/service";
import { createTestApp, createTestAppOn, login, type TestApp, withToken } from "./helpers";
import { startSmtpServer } from "./smtp";

/**
 * Issue 22: with two portal processes on one database, every message of the mail outbox reaches the SMTP server
 * exactly once (it used to go twice: both processes read the same due rows). Each app has its own connection pool,
 * as two processes would, and both deliver to a real SMTP server at the same time.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: TestApp;
let b: TestApp;
let secondPool: DatabaseHandle;
/** Transports the tests may swap per app (a process that hangs mid-send). */
const transports: Record<"a" | "b", MailTransport | null> = { a: null, b: null };
let smtpTransport: MailTransport;
let admin = "";

beforeAll(async () => {
  // A slow server (20 ms per message): the two processes' sends overlap.
  smtp = await startSmtpServer({ delayMs: 20 });
  smtpTransport = createSmtpTransport(
    loadConfig({ NODE_ENV: "test", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) }),
  )!;
  const via =
    (app: "a" | "b"): MailTransport =>
    (message) =>
      (transports[app] ?? smtpTransport)(message);
  a = await createTestApp({}, { mailTransport: via("a") });
  secondPool = await createDatabase({ url: a.tdb.url, maxConnections: 5 });
  b = await createTestAppOn({ ...a.tdb, ...secondPool }, a.time, {}, { mailTransport: via("b") });
  admin = await login(a.app, "admin", "Empleado");
}, 60_000);
afterAll(async () => {
  await b?.close();
  await secondPool?.close();
  await a?.close();
  await smtp?.close();
});

/** An employee's notice to the supplier (sentCorreo): one message to its two stored addresses. */
const notify = (marca: string) =>
  a.app.inject(
    withToken(admin, {
      method: "POST",
      url: "/api/proveedores/sentCorreo",
      payload: {
        Correo: "facturacion@kemper.edu.mx",
        Tipo: "Proveedor",
        Usuario: "ESCUELA KEMPER URGATE",
        EstatusRegistro: "R",
        Estatus: "A",
        Observaciones: `Revise el documento ${marca}.`,
      },
    }),
  );

/** Which marks the SMTP server received, and how many times each (quoted-printable soft breaks joined). */
const receivedCounts = (marcas: string[]) => {
  const textos = smtp.received.map((m) => m.raw.replace(/=\r?\n/g, ""));
  return Object.fromEntries(marcas.map((m) => [m, textos.filter((t) => t.includes(`documento ${m}.`)).length]));
};

const outbox = () => a.tdb.db.select().from(schema.correoOutbox);

describe("the mail outbox with two portal processes on one database", () => {
  it("delivers each of many messages exactly once while both processes send at the same time", async () => {
    const marcas = Array.from({ length: 40 }, (_, i) => `AV-${String(i + 1).padStart(3, "0")}`);
    for (const marca of marcas) expect((await notify(marca)).statusCode).toBe(200);
    expect((await outbox()).filter((c) => c.estado === "pendiente")).toHaveLength(40);

    // Both processes deliver at once, several passes each, until neither finds anything.
    let enviados = 0;
    for (let ronda = 0; ronda < 10; ronda++) {
      const pasadas = await Promise.all([
        a.app.services.correo.flush(),
        b.app.services.correo.flush(),
        b.app.services.correo.flush(),
      ]);
      // b's two calls are one pass (never two at once in a process): counted once.
      const enEstaRonda = pasadas[0]! + pasadas[1]!;
      enviados += enEstaRonda;
      if (enEstaRonda === 0) break;
    }

    expect(enviados).toBe(40);
    expect(smtp.received).toHaveLength(40);
    expect(receivedCounts(marcas)).toEqual(Object.fromEntries(marcas.map((m) => [m, 1])));
    for (const mail of smtp.received) {
      expect(mail.to.sort()).toEqual(["cobranza@kemper.edu.mx", "facturacion@kemper.edu.mx"]);
    }
    const filas = await outbox();
    expect(filas.every((c) => c.estado === "enviado" && c.intentos === 1 && c.bloqueadoHasta === null)).toBe(true);
  }, 60_000);

  it("a process that dies mid-send keeps its message until the lease runs out; then the other sends it", async () => {
    const antes = smtp.received.length;
    const [marca] = ["AV-MUERE"];
    expect((await notify(marca!)).statusCode).toBe(200);
    const [fila] = await a.tdb.db.select().from(schema.correoOutbox).where(eq(schema.correoOutbox.estado, "pendiente"));

    // Process a takes the message and never finishes (it hangs, or dies, after the SMTP server has it or not).
    let taken: () => void = () => {};
    const enEnvio = new Promise<void>((resolve) => {
      taken = resolve;
    });
    let primerId: string | undefined;
    transports.a = (m) => {
      primerId = m.messageId;
      taken();
      return new Promise<void>(() => {});
    };
    void a.app.services.correo.flush();
    await enEnvio;
    const enCurso = (await a.tdb.db.select().from(schema.correoOutbox).where(eq(schema.correoOutbox.id, fila!.id)))[0]!;
    expect(enCurso).toMatchObject({ estado: "pendiente", intentos: 1 });
    expect(enCurso.bloqueadoHasta?.getTime()).toBe(a.time.clock().getTime() + CORREO_LEASE_MS);

    // Process b leaves it alone while the lease holds…
    expect(await b.app.services.correo.flush()).toBe(0);
    a.time.advance(CORREO_LEASE_MS - 1000);
    expect(await b.app.services.correo.flush()).toBe(0);
    expect(smtp.received.length).toBe(antes);

    // …and sends it once the lease has run out (at least once: a may have handed it over before hanging).
    a.time.advance(2000);
    expect(await b.app.services.correo.flush()).toBe(1);
    expect(receivedCounts([marca!])).toEqual({ [marca!]: 1 });
    // The same Message-ID as a's attempt: had a handed it over before dying, mail systems would show it once.
    expect(primerId).toBe(`<correo-${fila!.id}.portal@${primerId?.split("@")[1]}`);
    const reenviado = smtp.received.find((r) => r.raw.includes(marca!));
    expect(reenviado?.raw).toMatch(
      new RegExp(`^Message-ID: ${primerId!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\r?$`, "mi"),
    );
    const enviado = (await a.tdb.db.select().from(schema.correoOutbox).where(eq(schema.correoOutbox.id, fila!.id)))[0]!;
    expect(enviado).toMatchObject({ estado: "enviado", intentos: 2, bloqueadoHasta: null });
  }, 30_000);

  it("two processes running their mail workers deliver each message once, and stop cleanly on close", async () => {
    const antes = smtp.received.length;
    const env = { MAIL_POLL_MS: "25" };
    const pools = [
      await createDatabase({ url: a.tdb.url, maxConnections: 3 }),
      await createDatabase({ url: a.tdb.url, maxConnections: 3 }),
    ];
    const procesos = await Promise.all(
      pools.map((pool) =>
        createTestAppOn({ ...a.tdb, ...pool }, a.time, env, { mailTransport: smtpTransport, mailWorker: true }),
      ),
    );
    try {
      const marcas = Array.from({ length: 20 }, (_, i) => `TR-${String(i + 1).padStart(3, "0")}`);
      for (const marca of marcas) expect((await notify(marca)).statusCode).toBe(200);
      const pendientes = async () => (await outbox()).filter((c) => c.estado === "pendiente").length;
      for (let i = 0; i < 600 && (await pendientes()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await pendientes()).toBe(0);
      expect(smtp.received.length - antes).toBe(20);
      expect(receivedCounts(marcas)).toEqual(Object.fromEntries(marcas.map((m) => [m, 1])));
    } finally {
      // close() waits for a pass under way and leaves no timer: the pools can close right after.
      for (const p of procesos) await p.close();
      for (const pool of pools) await pool.close();
    }
  }, 60_000);
});
