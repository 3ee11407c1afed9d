import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { createProveedor, createSociedad, DEMO_PASSWORD, DOCUMENTOS_PROVEEDOR_SEMILLA } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createSmtpTransport } from "../src/modules/correo/service";
import { createTestApp, findSecrets, login, pdfBase64, type TestApp, testKey, withToken } from "./helpers";
import { startSmtpServer, unusedPort } from "./smtp";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpPort = 0;
const tokens = { admin: "", kemper: "", berenice: "" };

beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpPort = await unusedPort(); // the SMTP server starts "down"
  t = await createTestApp(
    {},
    {
      // A real SMTP transport whose port the tests switch, to simulate an outage and its recovery.
      mailTransport: (message) =>
        createSmtpTransport(loadConfig({ NODE_ENV: "test", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtpPort) }))!(
          message,
        ),
    },
  );
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.kemper = await login(t.app, "EKU9003173C9", "Proveedor");
  tokens.berenice = await login(t.app, "XIQB891116QE4", "Proveedor");
  // The demo seed gives her every document (issue 40); these tests need one required document missing.
  await t.tdb.db
    .update(schema.proveedorDocumentos)
    .set({ archivoId: null, nombre: "", fecha: null })
    .where(
      and(
        eq(schema.proveedorDocumentos.cardCode, "P00002"),
        eq(schema.proveedorDocumentos.clave, "OpinionCumplimiento"),
      ),
    );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: object, token: string) =>
  t.app.inject(withToken(token, { method: "POST", url, payload }));
const perfil = async (token: string) =>
  (await post("/api/proveedores/rowProveedores", { tipo: "Perfil" }, token)).json().data[0];

describe("supplier rows", () => {
  it("carry documents as Val/Dias/Fecha/Archivo groups and companies, never content", async () => {
    const kemper = await perfil(tokens.kemper);
    expect(kemper).toMatchObject({
      CardCode: "P00001",
      U_SYS_PMTYPE: "M",
      LicTradNum: "EKU9003173C9",
      U_SYS_PMPASS: "",
      U_SYS_PMESPR: "C",
      U_SYS_PMESRE: "A",
    });
    expect(kemper.OpinionCumplimiento).toMatchObject({ Val: "Y", Dias: 30 });
    expect(kemper.OpinionCumplimiento.Archivo).toMatch(/^\/api\/archivos\//);
    expect(kemper.ActaConstitutiva).toMatchObject({ Val: "Y", Dias: null });
    expect(kemper.CaratulaBancaria.Val).toBeUndefined();
    expect(kemper.sociedades.map((s: { RFC: string }) => s.RFC)).toEqual(["MCI7306249Y1", "KIJ0906199R1"]);
    const berenice = await perfil(tokens.berenice);
    expect(berenice.ActaConstitutiva.Val).toBe("N"); // Moral-only document, persona física
    expect(berenice.OpinionCumplimiento).toMatchObject({ Val: "Y", Archivo: "", Fecha: null, Dias: null });
  });

  it("count days remaining down with the clock", async () => {
    t.time.advance(10 * 86_400_000);
    const later = await login(t.app, "EKU9003173C9", "Proveedor"); // sessions idle for 10 days have expired
    expect((await perfil(later)).OpinionCumplimiento.Dias).toBe(20);
    t.time.advance(-10 * 86_400_000);
  });

  it("let a supplier open its own document and nobody else's", async () => {
    const url = (await perfil(tokens.kemper)).OpinionCumplimiento.Archivo;
    expect((await t.app.inject(withToken(tokens.kemper, { method: "GET", url }))).statusCode).toBe(200);
    expect((await t.app.inject(withToken(tokens.admin, { method: "GET", url }))).statusCode).toBe(200);
    expect((await t.app.inject(withToken(tokens.berenice, { method: "GET", url }))).statusCode).toBe(404);
  });
});

describe("supplier profile update", () => {
  it("is blocked with the spec's message while a required document is missing", async () => {
    const res = await post(
      "/api/proveedores/updateProveedor",
      { CardCode: "P00002", Phone1: "33 1111 2222" },
      tokens.berenice,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.documentoOpinionCumplimiento);
    const [row] = await t.tdb.db.select().from(schema.proveedores).where(eq(schema.proveedores.cardCode, "P00002"));
    expect(row!.telefono).toBe("33 3615 9876"); // nothing saved
  });

  it("refuses a non-PDF upload by content and saves nothing", async () => {
    const res = await post(
      "/api/proveedores/updateProveedor",
      {
        CardCode: "P00002",
        OpinionCumplimiento: { Archivo: "opinion.pdf", Archivo64: Buffer.from("GIF89a....").toString("base64") },
      },
      tokens.berenice,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no es un pdf/i);
    expect((await perfil(tokens.berenice)).OpinionCumplimiento.Archivo).toBe("");
  });

  it("uploads the missing PDF, after which the document reads as loaded and dated today", async () => {
    const res = await post(
      "/api/proveedores/updateProveedor",
      {
        CardCode: "P00002",
        Phone1: "33 1111 2222",
        // A supplier cannot change its record status nor its required flags, whatever it sends.
        U_SYS_PMESPR: "R",
        MOTRECHAZO: "yo mismo",
        OpinionCumplimiento: { Val: "N", Archivo: "opinion-2026.pdf", Archivo64: pdfBase64("Opinión positiva") },
      },
      tokens.berenice,
    );
    expect(res.json()).toEqual({ status: "success", message: MSG.proveedorActualizado });
    const after = await perfil(tokens.berenice);
    expect(after).toMatchObject({ Phone1: "33 1111 2222", U_SYS_PMESPR: "C", MOTRECHAZO: "" });
    expect(after.OpinionCumplimiento).toMatchObject({ Val: "Y", Fecha: "2026-11-21", Dias: 30 });
    expect(after.OpinionCumplimiento.Archivo).toMatch(/^\/api\/archivos\//);
  });

  it("lets the administrator reject a supplier with a reason, recorded in the audit trail", async () => {
    // A supplier of its own (registration complete), so the demo suppliers keep their state.
    const { cardCode } = (await createProveedor(t.tdb.db, { estatusRegistro: "C" }))!;
    const sinMotivo = await post(
      "/api/proveedores/updateProveedor",
      { CardCode: cardCode, U_SYS_PMESPR: "R" },
      tokens.admin,
    );
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().message).toBe("Indique el motivo de rechazo del registro.");
    const res = await post(
      "/api/proveedores/updateProveedor",
      { CardCode: cardCode, U_SYS_PMESPR: "R", MOTRECHAZO: "El comprobante de domicilio es ilegible." },
      tokens.admin,
    );
    expect(res.json().message).toBe(MSG.proveedorActualizado);
    const row = (await post("/api/proveedores/rowProveedores", { tipo: "Lista" }, tokens.admin))
      .json()
      .data.find((r: { CardCode: string }) => r.CardCode === cardCode);
    expect(row).toMatchObject({ U_SYS_PMESPR: "R", MOTRECHAZO: "El comprobante de domicilio es ilegible." });
    const audit = await t.tdb.db.select().from(schema.auditoria).where(eq(schema.auditoria.entidadId, cardCode));
    expect(audit).toEqual([
      expect.objectContaining({ campo: "estatus_registro", valorAnterior: "C", valorNuevo: "R", usuarioRef: "1" }),
    ]);
    // Another change that leaves the status alone keeps the reason and adds nothing to the trail.
    await post("/api/proveedores/updateProveedor", { CardCode: cardCode, Phone1: "55 1111 2222" }, tokens.admin);
    const despues = (await post("/api/proveedores/rowProveedores", { tipo: "Lista" }, tokens.admin))
      .json()
      .data.find((r: { CardCode: string }) => r.CardCode === cardCode);
    expect(despues).toMatchObject({ U_SYS_PMESPR: "R", MOTRECHAZO: "El comprobante de domicilio es ilegible." });
    expect(await t.tdb.db.select().from(schema.auditoria).where(eq(schema.auditoria.entidadId, cardCode))).toHaveLength(
      1,
    );
  });
});

describe("a supplier's password follows the employees' rule (4 to 30 letters and digits)", () => {
  const documentos = { cargados: Object.keys(DOCUMENTOS_PROVEEDOR_SEMILLA), fecha: "2026-11-20" };
  const signIn = (rfc: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/login", payload: { usuario: rfc, password, operador: "Proveedor" } });

  it("is refused at 1 character in its own profile and in an administrator's reset, with the spec's message", async () => {
    const proveedor = (await createProveedor(t.tdb.db, { documentos }))!;
    const propio = await login(t.app, proveedor.rfc, "Proveedor");
    for (const [nueva, token] of [
      ["x", propio],
      ["x", tokens.admin],
      ["abc", tokens.admin],
      ["con espacio", propio],
      ["a".repeat(31), tokens.admin],
    ] as const) {
      const res = await post(
        "/api/proveedores/updateProveedor",
        { CardCode: proveedor.cardCode, U_SYS_PMPASS: nueva, ContraseñaActual: DEMO_PASSWORD },
        token,
      );
      expect(res.statusCode, nueva).toBe(400);
      expect(res.json()).toEqual({ status: "error", message: MSG.passwordEmpleado });
    }
    expect((await signIn(proveedor.rfc, "x")).statusCode).toBe(401);
    expect((await signIn(proveedor.rfc, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("a valid one is accepted from both", async () => {
    const proveedor = (await createProveedor(t.tdb.db, { documentos }))!;
    const propio = await login(t.app, proveedor.rfc, "Proveedor");
    const res = await post(
      "/api/proveedores/updateProveedor",
      { CardCode: proveedor.cardCode, U_SYS_PMPASS: "Prov2027", ContraseñaActual: DEMO_PASSWORD },
      propio,
    );
    expect(res.json()).toEqual({ status: "success", message: MSG.proveedorActualizado });
    expect((await signIn(proveedor.rfc, "Prov2027")).statusCode).toBe(200);
    const reset = await post(
      "/api/proveedores/updateProveedor",
      { CardCode: proveedor.cardCode, U_SYS_PMPASS: "Restablecida1" },
      tokens.admin,
    );
    expect(reset.json()).toEqual({ status: "success", message: MSG.proveedorActualizado });
    expect((await signIn(proveedor.rfc, "Restablecida1")).statusCode).toBe(200);
  });
});

describe("link a company", () => {
  it("links once with the spec's message, then answers a conflict", async () => {
    const sociedad = (await createSociedad(t.tdb.db, testKey))!;
    const proveedor = (await createProveedor(t.tdb.db))!;
    const token = await login(t.app, proveedor.rfc, "Proveedor");
    expect((await perfil(token)).sociedades).toHaveLength(0);
    const vincular = { CardCode: proveedor.cardCode, IdSociedad: sociedad.id };
    const res = await post("/api/proveedores/addSociedad", vincular, tokens.admin);
    expect(res.json()).toEqual({ status: "success", message: MSG.sociedadVinculada });
    expect((await perfil(token)).sociedades).toEqual([expect.objectContaining({ IdSociedad: sociedad.id, Fila: 1 })]);
    const again = await post("/api/proveedores/addSociedad", vincular, tokens.admin);
    expect(again.statusCode).toBe(409);
    const missing = await post(
      "/api/proveedores/addSociedad",
      { CardCode: "P99999", IdSociedad: sociedad.id },
      tokens.admin,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe("sentCorreo through the outbox", () => {
  const aviso = {
    Correo: "alguien@otro-dominio.com",
    Tipo: "Proveedor",
    Usuario: "ESCUELA KEMPER URGATE",
    EstatusRegistro: "R",
    Estatus: "A",
    Observaciones: "El comprobante de domicilio es ilegible.",
  };

  it("keeps the message while SMTP is down and delivers it, to the supplier's own addresses, once it is up", async () => {
    const res = await post("/api/proveedores/sentCorreo", aviso, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(await t.app.services.correo.flush()).toBe(0);
    const [pendiente] = await t.tdb.db.select().from(schema.correoOutbox);
    expect(pendiente).toMatchObject({ estado: "pendiente", intentos: 1 });
    expect(pendiente!.ultimoError).not.toBe("");

    smtpPort = smtp.port; // the server comes back
    expect(await t.app.services.correo.flush()).toBe(0); // backoff: not due yet
    t.time.advance(31_000);
    expect(await t.app.services.correo.flush()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to.sort()).toEqual(["cobranza@kemper.edu.mx", "facturacion@kemper.edu.mx"]);
    expect(mail.to).not.toContain("alguien@otro-dominio.com");
    expect(mail.raw).toContain("Rechazado");
    expect(mail.raw).toContain("ilegible");
    const [enviado] = await t.tdb.db.select().from(schema.correoOutbox);
    expect(enviado).toMatchObject({ estado: "enviado", intentos: 2 });
  });

  it("answers 404 for an unknown supplier name", async () => {
    const res = await post("/api/proveedores/sentCorreo", { ...aviso, Usuario: "NADIE, S.A." }, tokens.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe("error");
  });

  it("never answers a secret", () => {
    expect(findSecrets(t.answers)).toEqual([]);
  });
});
