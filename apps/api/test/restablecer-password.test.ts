import { CALLS, MSG, RESTABLECER_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { DEMO_PASSWORD } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createSmtpTransport, withoutLinkTokens } from "../src/modules/correo/service";
import { createTestApp, findSecrets, type TestApp, withToken } from "./helpers";
import { startSmtpServer } from "./smtp";

/**
 * Issue 41 item 4 (decision 067): password reset by e-mail on real PostgreSQL, with a real SMTP server receiving
 * what the outbox sends. One answer whether or not the account exists; a link valid once and for 30 minutes of the
 * injected clock; every session of the account ends; rate limited like sign-in; the token never in a log or answer.
 */

const PUBLIC_URL = "https://portal.ejemplo.mx";
const NUEVA = "Tlacuache7Verde42";
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logLines: string[] = [];
/** Every token a test read from a mail: none may appear in a log line or an answer. */
const tokensVistos: string[] = [];
let nextIp = 1;
/** Each test from its own address, so the per-address limits of one test do not reach another. */
const freshIp = () => `10.41.0.${nextIp++}`;

const post = (path: string, payload: object, ip: string) =>
  t.app.inject({ method: "POST", url: path, payload, remoteAddress: ip });
const solicitar = (operador: "Empleado" | "Proveedor", usuario: string, ip: string) =>
  post(CALLS.solicitarRestablecimiento.path, { operador, usuario }, ip);
const restablecer = (token: string, password: string, ip: string) =>
  post(CALLS.restablecerPassword.path, { token, password }, ip);
const signIn = (usuario: string, password: string, operador: "Empleado" | "Proveedor") =>
  post("/api/login", { usuario, password, operador }, "10.41.9.9");

const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** Sends what the outbox holds and answers the mails that arrived, decoded, with the token of each link. */
async function mailsSent() {
  const before = smtp.received.length;
  await t.app.services.correo.flush();
  return smtp.received.slice(before).map((mail) => {
    const text = decodeQuotedPrintable(mail.raw);
    const link = /https:\/\/portal\.ejemplo\.mx\/RestablecerPassword\?token=([A-Za-z0-9_-]+)/.exec(text);
    if (link) tokensVistos.push(link[1]!);
    return { to: mail.to, text, token: link?.[1] ?? null };
  });
}

async function tokenFor(operador: "Empleado" | "Proveedor", usuario: string, ip = freshIp()) {
  expect((await solicitar(operador, usuario, ip)).statusCode).toBe(200);
  const [mail] = await mailsSent();
  expect(mail?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return mail!.token!;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { PUBLIC_URL },
    {
      logLines,
      mailTransport: createSmtpTransport(
        loadConfig({ NODE_ENV: "test", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) }),
      )!,
    },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("asking for a reset link", () => {
  it("answers an unknown account exactly as a known one, and sends nothing for it", async () => {
    const ip = freshIp();
    const unknown = await solicitar("Empleado", "nadie", ip);
    const unknownMail = await solicitar("Proveedor", "nadie@ningun-lado.mx", ip);
    expect(await mailsSent()).toEqual([]);
    const known = await solicitar("Empleado", "consulta", ip);
    for (const res of [unknown, unknownMail, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "success", message: RESTABLECER_MSG.solicitudRecibida });
    }
    expect(unknown.body).toBe(known.body);
    const mails = await mailsSent();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["consulta@empresa.com.mx"]);
  });

  it("mails one link to the account's registered address, built on PUBLIC_URL, and stores only its hash", async () => {
    const ip = freshIp();
    await solicitar("Empleado", "ADMIN", ip);
    const mails = await mailsSent();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(["admin@empresa.com.mx"]);
    expect(mail!.text).toMatch(/^Subject: =\?UTF-8\?Q\?Portal_de_Proveedores:_restablecer_su_/m);
    expect(mail!.text).toContain("la cuenta admin en el Portal de Proveedores");
    expect(mail!.text).toContain("Vence en 30 minutos y solo puede usarse una vez");
    expect(mail!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.tdb.db
      .select()
      .from(schema.restablecimientosPassword)
      .where(eq(schema.restablecimientosPassword.usuarioRef, "1"));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(rows)).not.toContain(mail!.token!);
    const ultimo = rows.at(-1)!;
    expect(ultimo.expiresAt.getTime() - ultimo.createdAt.getTime()).toBe(30 * 60_000);
    expect(ultimo.createdAt.toISOString()).toBe(t.time.clock().toISOString());
  });

  it("finds a supplier by its RFC or by any of its addresses, and mails all its registered addresses", async () => {
    const ip = freshIp();
    await solicitar("Proveedor", "eku9003173c9", ip);
    await solicitar("Proveedor", "COBRANZA@kemper.edu.mx", ip);
    const mails = await mailsSent();
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.to.sort()).toEqual(["cobranza@kemper.edu.mx", "facturacion@kemper.edu.mx"]);
      expect(mail.text).toContain("Estimado proveedor ESCUELA KEMPER URGATE:");
      expect(mail.text).toContain("la cuenta EKU9003173C9");
    }
    // An employee's address does not find a supplier (the operador says whose accounts are searched).
    await solicitar("Proveedor", "admin@empresa.com.mx", ip);
    expect(await mailsSent()).toEqual([]);
  });

  it("records the request in the audit log, without the token", async () => {
    const rows = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "empleado"), eq(schema.auditoria.campo, "password_restablecimiento")));
    expect(rows.some((r) => r.valorNuevo === "enlace_enviado" && r.operador === "Sistema")).toBe(true);
    for (const token of tokensVistos) expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe("choosing the new password through the link", () => {
  it("works once, ends every session of the account and lets it sign in with the new password only", async () => {
    const s1 = (await signIn("XIQB891116QE4", DEMO_PASSWORD, "Proveedor")).json().data.token as string;
    const s2 = (await signIn("XIQB891116QE4", DEMO_PASSWORD, "Proveedor")).json().data.token as string;
    const token = await tokenFor("Proveedor", "XIQB891116QE4");
    const ip = freshIp();
    const ok = await restablecer(token, NUEVA, ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: "success", message: RESTABLECER_MSG.passwordRestablecida });
    for (const session of [s1, s2]) {
      const res = await t.app.inject(withToken(session, { method: "POST", url: "/api/sesion/renovar" }));
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn("XIQB891116QE4", DEMO_PASSWORD, "Proveedor")).statusCode).toBe(401);
    expect((await signIn("xiqb891116qe4", NUEVA, "Proveedor")).statusCode).toBe(200);
    const again = await restablecer(token, "OtraClaveLarga93x", ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESTABLECER_MSG.enlaceUsado);
    const audit = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidadId, "P00002"), eq(schema.auditoria.valorNuevo, "password_restablecida")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entidad: "proveedor", operador: "Proveedor", usuarioRef: "P00002" });
  });

  it("lets an account locked out by failed sign-ins sign in with the new password at once", async () => {
    const ip = "10.41.8.8";
    const attempt = (password: string) =>
      post("/api/login", { usuario: "consulta", password, operador: "Empleado" }, ip);
    for (let i = 0; i < 10; i++) expect((await attempt("Equivocada1")).statusCode).toBe(401);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(429);
    const token = await tokenFor("Empleado", "consulta");
    expect((await restablecer(token, "Ocelote5Azul81", freshIp())).statusCode).toBe(200);
    expect((await attempt("Ocelote5Azul81")).statusCode).toBe(200);
  });

  it("a newer password voids the account's other links", async () => {
    const first = await tokenFor("Empleado", "consulta");
    const second = await tokenFor("Empleado", "consulta@empresa.com.mx");
    const ip = freshIp();
    expect((await restablecer(second, NUEVA, ip)).statusCode).toBe(200);
    const old = await restablecer(first, "OtraClaveLarga93x", ip);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(RESTABLECER_MSG.enlaceUsado);
  });

  it("expires 30 minutes after the request by the injected clock", async () => {
    // Two accounts: a new password voids the account's other links, which would hide the expiry.
    const vigente = await tokenFor("Empleado", "admin");
    const vencido = await tokenFor("Empleado", "consulta");
    t.time.advance(30 * 60_000 - 1);
    const ip = freshIp();
    expect((await restablecer(vigente, NUEVA, ip)).statusCode).toBe(200);
    // The other link is now exactly 30 minutes old.
    t.time.advance(1);
    const res = await restablecer(vencido, "OtraClaveLarga93x", ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RESTABLECER_MSG.enlaceVencido);
  });

  it("refuses a weak password with every failing check in Spanish and keeps the link usable", async () => {
    const token = await tokenFor("Proveedor", "EKU9003173C9");
    const ip = freshIp();
    const corta = await restablecer(token, "Portal2026", ip);
    expect(corta.statusCode).toBe(400);
    expect(corta.json().message).toContain(RESTABLECER_MSG.passwordCorta);
    const comun = await restablecer(token, "Proveedor20262026", ip);
    expect(comun.json().message).toContain(RESTABLECER_MSG.passwordComun);
    const simbolos = await restablecer(token, "Tlacuache-Verde-42", ip);
    expect(simbolos.json().message).toContain(MSG.passwordEmpleado);
    const conRfc = await restablecer(token, "xq7EKU9003173C9", ip);
    expect(conRfc.statusCode).toBe(400);
    expect(conRfc.json().message).toBe(RESTABLECER_MSG.passwordConIdentidad);
    const conNombre = await restablecer(token, "Zq7Kemper4kw2xy", ip);
    expect(conNombre.json().message).toBe(RESTABLECER_MSG.passwordConIdentidad);
    expect((await restablecer(token, NUEVA, ip)).statusCode).toBe(200);
    expect((await signIn("EKU9003173C9", NUEVA, "Proveedor")).statusCode).toBe(200);
  });

  it("answers a wrong or malformed link in Spanish", async () => {
    const ip = freshIp();
    const wrong = await restablecer("A".repeat(43), NUEVA, ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: "error", message: RESTABLECER_MSG.enlaceInvalido });
    const malformed = await restablecer("abc", NUEVA, ip);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(RESTABLECER_MSG.enlaceInvalido);
  });
});

describe("rate limits like sign-in's", () => {
  it("answers 429 after 10 requests for one name from one address, but not from another address", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await solicitar("Empleado", "nadie-mas", ip)).statusCode).toBe(200);
    const blocked = await solicitar("Empleado", "nadie-mas", ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(RESTABLECER_MSG.demasiadasSolicitudes);
    expect((await solicitar("Empleado", "nadie-mas", freshIp())).statusCode).toBe(200);
    // The same for a known account: the limit tells nothing about whether it exists.
    const ip2 = freshIp();
    for (let i = 0; i < 10; i++) expect((await solicitar("Empleado", "admin", ip2)).statusCode).toBe(200);
    expect((await solicitar("Empleado", "admin", ip2)).statusCode).toBe(429);
    await mailsSent();
    // Recovers when the window passes.
    t.time.advance(15 * 60_000 + 1);
    expect((await solicitar("Empleado", "nadie-mas", ip)).statusCode).toBe(200);
  });

  it("answers 429 after 10 wrong links from one address, before looking at the eleventh", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await restablecer(`${"B".repeat(42)}${i}`, NUEVA, ip)).statusCode).toBe(400);
    const token = await tokenFor("Empleado", "admin");
    const blocked = await restablecer(token, "OtraClaveLarga93x", ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(RESTABLECER_MSG.demasiadasSolicitudes);
    // The link was not spent: from another address it still works.
    expect((await restablecer(token, "OtraClaveLarga93x", freshIp())).statusCode).toBe(200);
  });
});

describe("secrets", () => {
  it("never writes a token in a log line or an answer", () => {
    expect(tokensVistos.length).toBeGreaterThan(5);
    const all = [...logLines, ...t.answers];
    for (const token of tokensVistos) expect(all.filter((line) => line.includes(token))).toEqual([]);
    expect(findSecrets(t.answers)).toEqual([]);
  });

  it("hides a link's token when mail goes to the log (no SMTP configured)", () => {
    expect(withoutLinkTokens(`Abra https://x.mx/RestablecerPassword?token=${"C".repeat(43)} ya`)).toBe(
      "Abra https://x.mx/RestablecerPassword?token=[oculto] ya",
    );
  });
});
