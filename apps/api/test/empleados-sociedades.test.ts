import { MSG } from "@portal/contracts";
import { decryptSecret, schema } from "@portal/db";
import { createEmpleado } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, findSecrets, login, pdfBase64, type TestApp, testKey, withToken } from "./helpers";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, "admin", "Empleado");
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, token = admin) =>
  t.app.inject(withToken(token, { method: "POST", url, payload }));

const nuevoEmpleado = {
  Usuario: "rgarcia",
  RolEmpleado: "G",
  Nombre: "Rocío",
  Apellidos: "García Peña",
  Correo: "rgarcia@empresa.com.mx",
  Area: 1,
  Estatus: "A",
  Contraseña: "Compras2026",
  ViDocPen: "Y",
};

describe("empleados", () => {
  it("lists areas and employees without any password", async () => {
    const areas = (await t.app.inject(withToken(admin, { method: "GET", url: "/api/empleados/getAreas" }))).json().data;
    expect(areas.map((a: { Nombre: string }) => a.Nombre)).toEqual(
      expect.arrayContaining(["Compras", "Cuentas por pagar", "Sistemas"]),
    );
    const rows = (await post("/api/empleados/rowEmpleados", { tipo: "Lista" })).json().data;
    expect(rows.find((r: { IdEmpleado: string }) => r.IdEmpleado === "admin")).toMatchObject({
      Perfil: "A",
      VisuDocPen: "Y",
      Pass: "",
      Area: "Sistemas",
      Estatus: "A",
    });
  });

  it("creates an employee who can then sign in, with the spec's message", async () => {
    const res = await post("/api/empleados/createEmpleado", nuevoEmpleado);
    expect(res.json()).toEqual({ status: "success", message: MSG.empleadoCreado });
    const token = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { usuario: "rgarcia", password: "Compras2026", operador: "Empleado" },
    });
    expect(token.json().data).toMatchObject({ perfil: "G", VisuDocPen: "Y", nombre: "Rocío García Peña" });
    const again = await post("/api/empleados/createEmpleado", nuevoEmpleado);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Ya existe un empleado con el usuario rgarcia.");
  });

  it("applies the password rule with the spec's message, on create and on update", async () => {
    for (const bad of ["abc", "con espacio", "x".repeat(31), "ñandú2026"]) {
      const res = await post("/api/empleados/createEmpleado", { ...nuevoEmpleado, Usuario: "otro", Contraseña: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.passwordEmpleado);
    }
    const upd = await post("/api/empleados/updateEmpleado", { ...nuevoEmpleado, Contraseña: "no!" });
    expect(upd.json().message).toBe(MSG.passwordEmpleado);
  });

  it("updates without touching the password when it is blank, and keeps the status locked", async () => {
    // Spec §4: the status is locked after creation; a change is refused with a message pointing to the action.
    const cambio = await post("/api/empleados/updateEmpleado", { ...nuevoEmpleado, Nombre: "Otro", Estatus: "I" });
    expect(cambio.statusCode).toBe(400);
    expect(cambio.json()).toEqual({ status: "error", message: MSG.estatusEmpleadoEnOtraAccion });
    const res = await post("/api/empleados/updateEmpleado", {
      ...nuevoEmpleado,
      Nombre: "Rocío Elena",
      Estatus: "A",
      Contraseña: "",
    });
    expect(res.json()).toEqual({ status: "success", message: MSG.empleadoActualizado });
    const [row] = await t.tdb.db.select().from(schema.empleados).where(eq(schema.empleados.usuario, "rgarcia"));
    expect(row).toMatchObject({ nombre: "Rocío Elena", estatus: "A" });
    const still = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { usuario: "rgarcia", password: "Compras2026", operador: "Empleado" },
    });
    expect(still.statusCode).toBe(200);
  });

  it("Desactivar: the employee cannot sign in and its open session ends at once; Activar lets it back in", async () => {
    const empleado = (await createEmpleado(t.tdb.db, { usuario: "pdesactivar", password: "Inicio2026" }))!;
    const signIn = () =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { usuario: "pdesactivar", password: "Inicio2026", operador: "Empleado" },
      });
    const sesion = (await signIn()).json().data.token as string;
    const areas = (token: string) => t.app.inject(withToken(token, { method: "GET", url: "/api/empleados/getAreas" }));
    expect((await areas(sesion)).statusCode).toBe(200);

    const desactivar = await post("/api/empleados/updateEstatusEmpleado", { Usuario: "pdesactivar", Estatus: "I" });
    expect(desactivar.json()).toEqual({ status: "success", message: MSG.empleadoDesactivado });
    const llamada = await areas(sesion);
    expect(llamada.statusCode).toBe(401);
    expect(llamada.json()).toEqual({ status: "error", message: MSG.sesionRequerida });
    const intento = await signIn();
    expect(intento.statusCode).toBe(401);
    expect(intento.json().message).toBe(MSG.credencialesInvalidas);
    const rows = (await post("/api/empleados/rowEmpleados", { tipo: "Lista" })).json().data;
    expect(rows.find((r: { IdEmpleado: string }) => r.IdEmpleado === "pdesactivar").Estatus).toBe("I");
    // Repeating it says so; the administrator's own session is untouched.
    const otraVez = await post("/api/empleados/updateEstatusEmpleado", { Usuario: "pdesactivar", Estatus: "I" });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe(MSG.empleadoYaInactivo);

    const activar = await post("/api/empleados/updateEstatusEmpleado", { Usuario: "pdesactivar", Estatus: "A" });
    expect(activar.json()).toEqual({ status: "success", message: MSG.empleadoActivado });
    expect((await signIn()).statusCode).toBe(200);
    // The session that ended stays ended.
    expect((await areas(sesion)).statusCode).toBe(401);

    // Both changes are in the audit trail: who, when, from, to.
    const auditoria = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "empleado"), eq(schema.auditoria.entidadId, String(empleado.id))));
    const [admin] = await t.tdb.db.select().from(schema.empleados).where(eq(schema.empleados.usuario, "admin"));
    expect(auditoria.map((a) => [a.campo, a.valorAnterior, a.valorNuevo, a.operador, a.usuarioRef])).toEqual([
      ["estatus", "A", "I", "Empleado", String(admin!.id)],
      ["estatus", "I", "A", "Empleado", String(admin!.id)],
    ]);
    expect(auditoria.every((a) => a.at.getTime() === t.time.clock().getTime())).toBe(true);
  });

  it("Desactivar is refused for oneself and for an unknown user", async () => {
    const propio = await post("/api/empleados/updateEstatusEmpleado", { Usuario: "admin", Estatus: "I" });
    expect(propio.statusCode).toBe(400);
    expect(propio.json().message).toBe(MSG.empleadoNoDesactivarseASiMismo);
    const nadie = await post("/api/empleados/updateEstatusEmpleado", { Usuario: "nadie", Estatus: "I" });
    expect(nadie.statusCode).toBe(404);
    const malo = await post("/api/empleados/updateEstatusEmpleado", { Usuario: "consulta", Estatus: "X" });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toBe("El campo Estatus debe ser A (Activo) o I (Inactivo).");
  });

  it("updateEstatusEmpleado is for administrators only: a general employee and a supplier get 403", async () => {
    await createEmpleado(t.tdb.db, { usuario: "psinpermiso" });
    const cuerpo = { Usuario: "psinpermiso", Estatus: "I" };
    for (const [usuario, operador] of [
      ["consulta", "Empleado"],
      ["EKU9003173C9", "Proveedor"],
    ] as const) {
      const res = await post("/api/empleados/updateEstatusEmpleado", cuerpo, await login(t.app, usuario, operador));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: "error", message: MSG.sinPermiso });
    }
    const sinSesion = await t.app.inject({
      method: "POST",
      url: "/api/empleados/updateEstatusEmpleado",
      payload: cuerpo,
    });
    expect(sinSesion.statusCode).toBe(401);
    const [row] = await t.tdb.db.select().from(schema.empleados).where(eq(schema.empleados.usuario, "psinpermiso"));
    expect(row!.estatus).toBe("A");
    const auditoria = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "empleado"), eq(schema.auditoria.entidadId, String(row!.id))));
    expect(auditoria).toEqual([]);
  });

  it("names the missing field in Spanish and rejects an unknown area", async () => {
    const { Nombre: _n, ...sinNombre } = nuevoEmpleado;
    const res = await post("/api/empleados/createEmpleado", { ...sinNombre, Usuario: "x1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Nombre");
    const area = await post("/api/empleados/createEmpleado", { ...nuevoEmpleado, Usuario: "x2", Area: 999 });
    expect(area.statusCode).toBe(400);
    expect(area.json().message).toBe("El campo Area no corresponde a un área existente.");
  });
});

const nuevaSociedad = {
  RazonSocial: "DISTRIBUIDORA DEL PACIFICO, S.A. DE C.V.",
  RFC: "DPA100512MX3",
  RegimenFiscal: "601",
  CodigoPostal: "80000",
  Estatus: "A",
  UsuarioSAP: "manager",
  ContraseñaSAP: "SapPacifico#1",
  BDSAP: "SBO_DPA",
  CartaSituacionFiscal: pdfBase64("Constancia DPA"),
  CartaSituacionFiscalNombre: "constancia-dpa.pdf",
};

describe("sociedades", () => {
  it("creates a company with its PDF; the SAP password is stored encrypted and never returned", async () => {
    const res = await post("/api/sociedades/createSociedad", nuevaSociedad);
    expect(res.json()).toEqual({ status: "success", message: MSG.sociedadCreada });
    const [row] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_DPA"));
    expect(row!.passSapCifrada).not.toContain("SapPacifico");
    expect(decryptSecret(row!.passSapCifrada, testKey)).toBe("SapPacifico#1");
    const list = (await post("/api/sociedades/rowSociedades", {})).json().data;
    const dpa = list.find((s: { BDSAP: string }) => s.BDSAP === "SBO_DPA");
    expect(dpa).toMatchObject({ NomSociedad: nuevaSociedad.RazonSocial, PassSAP: "", UsuarioSAP: "manager" });
    const pdf = await t.app.inject(withToken(admin, { method: "GET", url: dpa.Constancia }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
  });

  it("requires the tax-status PDF with the spec's message", async () => {
    const { CartaSituacionFiscal: _c, CartaSituacionFiscalNombre: _n, ...sinPdf } = nuevaSociedad;
    const res = await post("/api/sociedades/createSociedad", { ...sinPdf, BDSAP: "SBO_X1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.cartaSituacionFiscal);
  });

  it("checks the PDF by content, not by name, and saves nothing when refused", async () => {
    const fake = Buffer.from("<html>no soy un pdf</html>").toString("base64");
    const res = await post("/api/sociedades/createSociedad", {
      ...nuevaSociedad,
      BDSAP: "SBO_X2",
      CartaSituacionFiscal: fake,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/pdf/i);
    const rows = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_X2"));
    expect(rows).toHaveLength(0);
  });

  it("refuses a file over the size limit with a clear message", async () => {
    // Just over 5 MB: the call's body limit (issue 36: what its one file can carry) lets it through to the contract.
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(5 * 1024 * 1024, 32)]).toString("base64");
    const res = await post("/api/sociedades/createSociedad", {
      ...nuevaSociedad,
      BDSAP: "SBO_X3",
      CartaSituacionFiscal: big,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/tamaño|MB/);
    // 6 MB is beyond what the call can carry: refused unread, with the Spanish 413.
    const huge = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(6 * 1024 * 1024, 32)]).toString("base64");
    const res413 = await post("/api/sociedades/createSociedad", {
      ...nuevaSociedad,
      BDSAP: "SBO_X3",
      CartaSituacionFiscal: huge,
    });
    expect(res413.statusCode).toBe(413);
    expect(res413.json()).toEqual({ status: "error", message: MSG.cuerpoDemasiadoGrande });
  });

  it("updates keeping the password and PDF when left blank; BDSAP stays unique", async () => {
    const [before] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_DPA"));
    const { ContraseñaSAP: _p, CartaSituacionFiscal: _c, CartaSituacionFiscalNombre: _n, ...rest } = nuevaSociedad;
    const res = await post("/api/sociedades/updateSociedad", { ...rest, Numero: before!.id, Estatus: "I" });
    expect(res.json()).toEqual({ status: "success", message: MSG.sociedadActualizada });
    const [after] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.id, before!.id));
    expect(after).toMatchObject({ estatus: "I", constanciaArchivoId: before!.constanciaArchivoId });
    expect(decryptSecret(after!.passSapCifrada, testKey)).toBe("SapPacifico#1");
    const dup = await post("/api/sociedades/updateSociedad", { ...rest, Numero: before!.id, BDSAP: "SBO_KIJ" });
    expect(dup.statusCode).toBe(409);
  });

  it("the posting-date rule (decision 047): 'primer_dia_abierto' by default, set by the form, refused otherwise", async () => {
    const [before] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_DPA"));
    const fila = async () =>
      (await post("/api/sociedades/rowSociedades", {}))
        .json()
        .data.find((s: { BDSAP: string }) => s.BDSAP === "SBO_DPA");
    expect((await fila()).ReglaFechaContable).toBe("primer_dia_abierto");
    const { ContraseñaSAP: _p, CartaSituacionFiscal: _c, CartaSituacionFiscalNombre: _n, ...rest } = nuevaSociedad;
    const res = await post("/api/sociedades/updateSociedad", {
      ...rest,
      Numero: before!.id,
      ReglaFechaContable: "rechazar",
    });
    expect(res.json()).toEqual({ status: "success", message: MSG.sociedadActualizada });
    expect((await fila()).ReglaFechaContable).toBe("rechazar");
    // Left out: kept.
    await post("/api/sociedades/updateSociedad", { ...rest, Numero: before!.id });
    expect((await fila()).ReglaFechaContable).toBe("rechazar");
    const bad = await post("/api/sociedades/updateSociedad", {
      ...rest,
      Numero: before!.id,
      ReglaFechaContable: "hoy",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("El campo ReglaFechaContable debe ser primer_dia_abierto o rechazar.");

    // Issue 37 (decision 045): the company database's currency codes that are not ISO, stored as SAP code → ISO.
    expect((await fila()).MonedasSap).toEqual([]);
    const monedas = await post("/api/sociedades/updateSociedad", {
      ...rest,
      Numero: before!.id,
      MonedasSap: [
        { Codigo: "US$", Moneda: "USD" },
        { Codigo: "MXP", Moneda: "MXN" },
      ],
    });
    expect(monedas.json()).toEqual({ status: "success", message: MSG.sociedadActualizada });
    expect((await fila()).MonedasSap).toEqual([
      { Codigo: "MXP", Moneda: "MXN" },
      { Codigo: "US$", Moneda: "USD" },
    ]);
    const [stored] = await t.tdb.db
      .select({ monedas: schema.sociedades.monedasSap })
      .from(schema.sociedades)
      .where(eq(schema.sociedades.id, before!.id));
    expect(stored?.monedas).toEqual({ MXP: "MXN", US$: "USD" });
    const repetido = await post("/api/sociedades/updateSociedad", {
      ...rest,
      Numero: before!.id,
      MonedasSap: [
        { Codigo: "MXP", Moneda: "MXN" },
        { Codigo: "MXP", Moneda: "USD" },
      ],
    });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().message).toContain("El campo MonedasSap repite un código de SAP.");
  });

  it("never answers a secret", () => {
    expect(findSecrets(t.answers)).toEqual([]);
    for (const a of t.answers) expect(a).not.toContain("SapPacifico");
  });
});
