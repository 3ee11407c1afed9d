import { MSG, SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import { schema, totpCode, totpStep } from "@portal/db";
import { createEmpleado, DEMO_PASSWORD, DEMO_TOTP_SECRET } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, findSecrets, login, type TestApp, withToken } from "./helpers";

/** Issue 41 item 5 (decision 071): the second factor over HTTP, on the test clock. */
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { logLines });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: unknown, token?: string, remoteAddress = "10.0.0.1") =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(token ? { headers: { "x-access-token": token } } : {}),
  });
const signIn = async (usuario: string, ip = "10.0.0.1", password = DEMO_PASSWORD) =>
  post("/api/login", { usuario, password, operador: "Empleado" }, undefined, ip);
const codeAt = (secreto: string, offsetSteps = 0) => totpCode(secreto, totpStep(t.time.clock()) + offsetSteps);
const review = (token: string) =>
  post("/api/facturasPendientes/getFacturas", { usuario: "x", operador: "Empleado" }, token);
const nextStep = () => t.time.advance(30_000);

/** A new employee signed in up to its enrolment: its secret, its recovery codes and its full session. */
async function enrol(usuario: string, viDocPen: "Y" | "N" = "Y") {
  await createEmpleado(t.tdb.db, { usuario, viDocPen });
  const first = await signIn(usuario);
  expect(first.json().data.segundoFactor).toBe("inscribir");
  const token = first.json().data.token as string;
  const inicio = await post("/api/segundoFactor/inscripcion", undefined, token);
  expect(inicio.statusCode).toBe(200);
  const { secreto, uri } = inicio.json().data as { secreto: string; uri: string };
  expect(uri).toContain(`otpauth://totp/Portal%20de%20Proveedores:${usuario}?secret=${secreto}`);
  const confirm = await post("/api/segundoFactor/confirmar", { codigo: codeAt(secreto) }, token);
  expect(confirm.statusCode).toBe(200);
  const codigos = confirm.json().data.codigos as string[];
  expect(codigos).toHaveLength(10);
  return { secreto, codigos, token };
}

describe("who must have a second factor", () => {
  it("a required role without a second factor cannot review: the enrolment is all its session reaches", async () => {
    await createEmpleado(t.tdb.db, { usuario: "revisora", viDocPen: "Y" });
    const res = await signIn("revisora");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.segundoFactor).toBe("inscribir");
    const token = res.json().data.token as string;
    const refused = await review(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SEGUNDO_FACTOR_MSG.inscripcionPendiente);
    expect((await post("/api/sesion/renovar", undefined, token)).statusCode).toBe(403);
    const estado = await t.app.inject(withToken(token, { method: "GET", url: "/api/segundoFactor/estado" }));
    expect(estado.json().data).toEqual({ requerido: true, inscrito: false, paso: "inscribir", codigosRestantes: 0 });
    // Enrolled, the same session reviews.
    const inicio = await post("/api/segundoFactor/inscripcion", undefined, token);
    await post("/api/segundoFactor/confirmar", { codigo: codeAt(inicio.json().data.secreto) }, token);
    expect((await review(token)).statusCode).toBe(200);
  });

  it("an employee given VisuDocPen mid-session cannot review until it has a second factor", async () => {
    const e = await createEmpleado(t.tdb.db, { usuario: "ascendida", viDocPen: "N" });
    const res = await signIn("ascendida");
    expect(res.json().data.segundoFactor).toBeUndefined();
    const token = res.json().data.token as string;
    expect((await post("/api/sesion/renovar", undefined, token)).statusCode).toBe(200);
    await t.tdb.db.update(schema.empleados).set({ viDocPen: "Y" }).where(eq(schema.empleados.id, e!.id));
    expect((await review(token)).statusCode).toBe(403);
  });

  it("an employee who approves bank-account changes (ApruebaCuentas) must enrol before deciding one", async () => {
    await createEmpleado(t.tdb.db, { usuario: "aprobadora", apruebaCuentas: "Y" });
    const res = await signIn("aprobadora");
    expect(res.json().data.segundoFactor).toBe("inscribir");
    const token = res.json().data.token as string;
    const aprobar = await post("/api/cuentasBancarias/aprobarSolicitud", { Solicitud: 1, Version: 1 }, token);
    expect(aprobar.statusCode).toBe(403);
    expect(aprobar.json().message).toBe(SEGUNDO_FACTOR_MSG.inscripcionPendiente);
    const estado = await t.app.inject({
      method: "GET",
      url: "/api/segundoFactor/estado",
      headers: { "x-access-token": token },
    });
    expect(estado.json().data).toMatchObject({ requerido: true, inscrito: false, paso: "inscribir" });
  });

  it("the demo administrator's password alone reaches nothing but the code step and logout", async () => {
    const res = await signIn("admin");
    expect(res.json().data.segundoFactor).toBe("verificar");
    const token = res.json().data.token as string;
    const refused = await post("/api/empleados/rowEmpleados", { usuario: "admin", operador: "Empleado" }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SEGUNDO_FACTOR_MSG.pasoPendiente);
    // A half-signed session cannot replace the account's secret (a stolen password must not move the phone).
    expect((await post("/api/segundoFactor/inscripcion", undefined, token)).statusCode).toBe(403);
    expect((await post("/api/logout", undefined, token)).statusCode).toBe(200);
  });
});

describe("codes", () => {
  it("a TOTP code completes the sign-in once: the same code again is refused (replay)", async () => {
    nextStep();
    const codigo = codeAt(DEMO_TOTP_SECRET);
    const a = (await signIn("admin")).json().data.token as string;
    expect((await post("/api/segundoFactor/verificar", { codigo }, a)).statusCode).toBe(200);
    expect((await review(a)).statusCode).toBe(200);
    const b = (await signIn("admin")).json().data.token as string;
    const replay = await post("/api/segundoFactor/verificar", { codigo }, b);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(SEGUNDO_FACTOR_MSG.codigoIncorrecto);
    // The next step's code is within the window; two steps ahead is not.
    expect((await post("/api/segundoFactor/verificar", { codigo: codeAt(DEMO_TOTP_SECRET, 2) }, b)).statusCode).toBe(
      400,
    );
    expect((await post("/api/segundoFactor/verificar", { codigo: codeAt(DEMO_TOTP_SECRET, 1) }, b)).statusCode).toBe(
      200,
    );
  });

  it("a wrong code counts toward the same lockout as a wrong password", async () => {
    const ip = "10.7.7.7";
    nextStep();
    nextStep();
    const token = (await signIn("admin", ip)).json().data.token as string;
    for (let i = 0; i < 10; i++) {
      const res = await post("/api/segundoFactor/verificar", { codigo: "000000" }, token, ip);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await post("/api/segundoFactor/verificar", { codigo: codeAt(DEMO_TOTP_SECRET) }, token, ip);
    expect(blocked.statusCode).toBe(429);
    // The password is locked too, and signing in again did not reset the count of wrong codes.
    const password = await signIn("admin", ip);
    expect(password.statusCode).toBe(429);
    expect(password.json().message).toBe(MSG.demasiadosIntentos);
    t.time.advance(15 * 60_000 + 1);
    const again = (await signIn("admin", ip)).json().data.token as string;
    expect(
      (await post("/api/segundoFactor/verificar", { codigo: codeAt(DEMO_TOTP_SECRET) }, again, ip)).statusCode,
    ).toBe(200);
  });

  it("wrong passwords and wrong codes are counted together: re-entering the password does not clear them", async () => {
    const ip = "10.7.7.8";
    for (let i = 0; i < 5; i++) {
      expect((await signIn("admin", ip, `Mala${i}`)).statusCode).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      const token = (await signIn("admin", ip)).json().data.token as string;
      expect((await post("/api/segundoFactor/verificar", { codigo: "999999" }, token, ip)).statusCode).toBe(400);
    }
    // 10 counted (5 wrong passwords, 5 wrong codes; the right passwords between them cleared nothing): the 11th is
    // refused.
    expect((await signIn("admin", ip)).statusCode).toBe(429);
  });

  it("a recovery code works once; two sessions using the same one at once: one wins", async () => {
    const { codigos } = await enrol("recupera");
    const first = (await signIn("recupera")).json().data.token as string;
    expect((await post("/api/segundoFactor/verificar", { codigo: codigos[0]!.toLowerCase() }, first)).statusCode).toBe(
      200,
    );
    expect((await review(first)).statusCode).toBe(200);
    const second = (await signIn("recupera")).json().data.token as string;
    const reused = await post("/api/segundoFactor/verificar", { codigo: codigos[0] }, second);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(SEGUNDO_FACTOR_MSG.codigoIncorrecto);
    const tokens = [
      (await signIn("recupera")).json().data.token as string,
      (await signIn("recupera")).json().data.token as string,
    ];
    const both = await Promise.all(
      tokens.map((tk) => post("/api/segundoFactor/verificar", { codigo: codigos[1] }, tk)),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const estado = await t.app.inject(withToken(first, { method: "GET", url: "/api/segundoFactor/estado" }));
    expect(estado.json().data).toMatchObject({ requerido: true, inscrito: true, paso: null, codigosRestantes: 8 });
  });

  it("new recovery codes replace the old ones", async () => {
    const { codigos, token } = await enrol("regenera");
    const res = await post("/api/segundoFactor/codigosRecuperacion", undefined, token);
    expect(res.statusCode).toBe(200);
    const nuevos = res.json().data.codigos as string[];
    expect(nuevos).not.toContain(codigos[0]);
    const session = (await signIn("regenera")).json().data.token as string;
    expect((await post("/api/segundoFactor/verificar", { codigo: codigos[0] }, session)).statusCode).toBe(400);
    expect((await post("/api/segundoFactor/verificar", { codigo: nuevos[0] }, session)).statusCode).toBe(200);
  });

  it("refuses malformed codes with a Spanish message naming the field (400, never 500)", async () => {
    const token = (await signIn("admin", "10.0.0.9")).json().data.token as string;
    for (const codigo of ["12345", "abcdef", "", "1234567", 123456]) {
      const res = await post("/api/segundoFactor/verificar", { codigo }, token);
      expect(res.statusCode, String(codigo)).toBe(400);
      expect(res.json().message).toMatch(/código/);
    }
  });
});

describe("an administrator's reset (a lost phone)", () => {
  it("removes the employee's second factor, ends its sessions, is audited; the next sign-in enrols again", async () => {
    const { token: session } = await enrol("perdida");
    const admin = await login(t.app, "admin", "Empleado");
    const res = await post("/api/empleados/restablecerSegundoFactor", { Usuario: "perdida" }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SEGUNDO_FACTOR_MSG.restablecido);
    expect((await post("/api/sesion/renovar", undefined, session)).statusCode).toBe(401);
    expect((await signIn("perdida")).json().data.segundoFactor).toBe("inscribir");
    const [e] = await t.tdb.db.select().from(schema.empleados).where(eq(schema.empleados.usuario, "perdida"));
    const audit = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidadId, String(e!.id)), eq(schema.auditoria.campo, "segundo_factor")));
    expect(audit.map((a) => a.valorNuevo)).toEqual(["inscrito", "restablecido"]);
    // Again: nothing to reset (409); a general employee may not reset anyone.
    expect((await post("/api/empleados/restablecerSegundoFactor", { Usuario: "perdida" }, admin)).statusCode).toBe(409);
    const consulta = await login(t.app, "consulta", "Empleado");
    expect((await post("/api/empleados/restablecerSegundoFactor", { Usuario: "admin" }, consulta)).statusCode).toBe(
      403,
    );
  });

  it("a supplier may enrol from its profile; then its sign-in asks for the code", async () => {
    const kemper = await login(t.app, "EKU9003173C9", "Proveedor");
    const estado = await t.app.inject(withToken(kemper, { method: "GET", url: "/api/segundoFactor/estado" }));
    expect(estado.json().data).toMatchObject({ requerido: false, inscrito: false, paso: null });
    const inicio = await post("/api/segundoFactor/inscripcion", undefined, kemper);
    const secreto = inicio.json().data.secreto as string;
    expect((await post("/api/segundoFactor/confirmar", { codigo: codeAt(secreto) }, kemper)).statusCode).toBe(200);
    nextStep();
    const res = await post("/api/login", { usuario: "EKU9003173C9", password: DEMO_PASSWORD, operador: "Proveedor" });
    expect(res.json().data.segundoFactor).toBe("verificar");
    const token = res.json().data.token as string;
    expect((await post("/api/segundoFactor/verificar", { codigo: codeAt(secreto) }, token)).statusCode).toBe(200);

    // Optional for a supplier: it may turn it off again, with a current code (not the one just used, not a wrong one).
    nextStep();
    const wrong = await post("/api/segundoFactor/desactivar", { codigo: "000000" }, token);
    expect(wrong.json().message).toBe(SEGUNDO_FACTOR_MSG.codigoIncorrecto);
    const off = await post("/api/segundoFactor/desactivar", { codigo: codeAt(secreto) }, token);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(SEGUNDO_FACTOR_MSG.desactivado);
    const again = await post("/api/login", { usuario: "EKU9003173C9", password: DEMO_PASSWORD, operador: "Proveedor" });
    expect(again.json().data.segundoFactor).toBeUndefined();
    const audit = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "proveedor"), eq(schema.auditoria.campo, "segundo_factor")));
    expect(audit.map((a) => a.valorNuevo)).toEqual(["inscrito", "desactivado"]);
    // Nothing left to turn off.
    const none = await post("/api/segundoFactor/desactivar", { codigo: codeAt(secreto, 1) }, again.json().data.token);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(SEGUNDO_FACTOR_MSG.noInscrito);
  });

  it("a role that requires a second factor cannot turn it off, even with a right code", async () => {
    const { secreto, token } = await enrol("obligada");
    nextStep();
    const res = await post("/api/segundoFactor/desactivar", { codigo: codeAt(secreto) }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SEGUNDO_FACTOR_MSG.noSePuedeDesactivar);
    const estado = await t.app.inject(withToken(token, { method: "GET", url: "/api/segundoFactor/estado" }));
    expect(estado.json().data).toMatchObject({ requerido: true, inscrito: true });
  });
});

describe("secrets", () => {
  it("no answer but the enrolment's carries a secret; the log carries none", async () => {
    const enrolment = t.answers.filter((a) => a.includes("otpauth://"));
    expect(enrolment.length).toBeGreaterThan(0);
    const others = t.answers.filter((a) => !a.includes("otpauth://"));
    expect(others.some((a) => a.includes(DEMO_TOTP_SECRET))).toBe(false);
    expect(findSecrets(t.answers)).toEqual([]);
    const stored = await t.tdb.db.select().from(schema.segundosFactores);
    for (const row of stored) expect(row.secreto ?? "").toMatch(/^v1\./);
    expect(logLines.some((l) => l.includes(DEMO_TOTP_SECRET) || l.includes("otpauth"))).toBe(false);
  });
});
