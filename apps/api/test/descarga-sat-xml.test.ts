import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { DESCARGA_MSG, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDescargaMasivaClient, readMetadatos, readXmls } from "../src/sat/descarga-masiva/cliente";
import { SIMULADOR_DESCARGA_PATH } from "../src/sat/descarga-masiva/simulador";
import { createTestApp, createTestAppOn, login, type TestApp, withToken } from "./helpers";

/**
 * The simulator invents, per month, one CFDI from each active national supplier of the portal (the demo's Kemper and
 * Berenice) and one from an issuer that is none: three a month for the demo's SBO_EKU, which has no invoice of its own.
 */
const POR_MES = 3;
/**
 * Issue 43's remaining pieces (decision 075, amendment 2): the 'ConciliaSat' permission of an employee, the XML of a
 * month only when an administrator asks (stored as files, linked to each received CFDI, offered for download), the
 * demo sociedad SBO_EKU with the SAT's test FIEL stored by the seed, and the simulator's requests in the database so
 * that two API processes answer the steps of one request. Test clock: 2026-11-21T12:00:00Z.
 */
const efirmaDir = new URL("../../../demo/efirma/", import.meta.url);
const FIEL = {
  certificado: readFileSync(new URL("EKU9003173C9_FIEL.cer", efirmaDir)),
  llave: readFileSync(new URL("EKU9003173C9_FIEL.key", efirmaDir)),
  password: "12345678a",
};
const HORA = 3_600_000;

let t: TestApp;
let otro: TestApp;
let eku: number;

beforeAll(async () => {
  t = await createTestApp();
  // A second API process on the same database (the cluster behind HAProxy), with its own simulator in memory.
  otro = await createTestAppOn(t.tdb, t.time);
  const [s] = await t.tdb.db
    .select({ id: schema.sociedades.id })
    .from(schema.sociedades)
    .where(eq(schema.sociedades.bdSap, "SBO_EKU"));
  eku = s?.id ?? 0;
}, 90_000);
afterAll(async () => {
  await otro?.close();
  await t?.close();
});

const call = async (token: string, url: string, payload: Record<string, unknown>) =>
  t.app.inject(withToken(token, { method: "POST", url, payload }));
const simulador = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${SIMULADOR_DESCARGA_PATH}`;

describe("the demo's sociedad of the test FIEL (issue 43, README)", () => {
  it("is seeded with the FIEL stored encrypted, so 'Ejecutar ahora' works without an upload", async () => {
    const [s] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.id, eku));
    expect(s).toMatchObject({ rfc: "EKU9003173C9", efirmaCertificado: "30001000000500003415" });
    expect(s?.efirmaCifrada).toMatch(/^v1\./);
    t.app.services.descargaSimulador.fallas.verificacionesEnProceso = 0;
    const r = await call(await login(t.app, "admin", "Empleado"), "/api/descargaSat/ejecutar", {});
    t.app.services.descargaSimulador.fallas.verificacionesEnProceso = 1;
    expect(r.statusCode).toBe(200);
    const recibidos = await t.tdb.db
      .select()
      .from(schema.satCfdiRecibidos)
      .where(eq(schema.satCfdiRecibidos.sociedadId, eku));
    // October and November: the simulator's invented CFDI, from the demo's suppliers and from an issuer that is none.
    expect(recibidos.map((f) => f.fechaEmision.slice(0, 7)).sort()).toEqual([
      ...Array(POR_MES).fill("2026-10"),
      ...Array(POR_MES).fill("2026-11"),
    ]);
    expect(recibidos.every((f) => f.xmlArchivoId === null && f.moneda === null)).toBe(true);
  });
});

describe("the permission 'ConciliaSat' (issue 43 §4)", () => {
  const periodo = { Sociedad: 1, Periodo: "2026-11" };

  it("admits administrators and employees who hold it; refuses other employees and suppliers", async () => {
    const [admin, tesoreria, consulta, proveedor] = [
      await login(t.app, "admin", "Empleado"),
      await login(t.app, "tesoreria", "Empleado"),
      await login(t.app, "consulta", "Empleado"),
      await login(t.app, "EKU9003173C9", "Proveedor"),
    ];
    expect((await call(admin, "/api/conciliacionSat/getConciliacion", periodo)).statusCode).toBe(200);
    expect((await call(tesoreria, "/api/conciliacionSat/getConciliacion", periodo)).statusCode).toBe(200);
    for (const token of [consulta, proveedor]) {
      const r = await call(token, "/api/conciliacionSat/getConciliacion", periodo);
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(MSG.sinPermiso);
      const aviso = await call(token, "/api/conciliacionSat/avisarProveedor", { ...periodo, CardCode: "P00001" });
      expect(aviso.statusCode).toBe(403);
    }
    // Talking to the SAT with the sociedad's e.firma stays the administrators'.
    expect((await call(tesoreria, "/api/descargaSat/ejecutar", {})).statusCode).toBe(403);
    const xml = await call(tesoreria, "/api/descargaSat/descargarXml", { Sociedad: eku, Periodo: "2026-10" });
    expect(xml.statusCode).toBe(403);
  });

  it("is set by an administrator in the employee catalogue and takes effect on the next call", async () => {
    const admin = await login(t.app, "admin", "Empleado");
    const consulta = await login(t.app, "consulta", "Empleado");
    const rows = (await call(admin, "/api/empleados/rowEmpleados", { tipo: "Lista" })).json().data;
    const fila = rows.find((r: { IdEmpleado: string }) => r.IdEmpleado === "consulta");
    expect(fila).toMatchObject({ ConciliaSat: "N" });
    expect(rows.find((r: { IdEmpleado: string }) => r.IdEmpleado === "tesoreria")).toMatchObject({ ConciliaSat: "Y" });
    const cambio = {
      Usuario: "consulta",
      RolEmpleado: "G",
      Nombre: fila.Nombre,
      Apellidos: fila.Apellidos,
      Correo: fila.Email,
      Area: fila.IdArea,
      ConciliaSat: "Y",
    };
    // Only an administrator sets it: the employee cannot give it to itself.
    expect((await call(consulta, "/api/empleados/updateEmpleado", cambio)).statusCode).toBe(403);
    expect((await call(admin, "/api/empleados/updateEmpleado", cambio)).statusCode).toBe(200);
    expect((await call(consulta, "/api/conciliacionSat/getConciliacion", periodo)).statusCode).toBe(200);
    // The sign-in tells the web (its menu entry).
    const login2 = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { usuario: "consulta", password: "Portal2026", operador: "Empleado" },
    });
    expect(login2.json().data).toMatchObject({ ConciliaSat: "Y", VisuDocPen: "N" });
    await call(admin, "/api/empleados/updateEmpleado", { ...cambio, ConciliaSat: "N" });
    expect((await call(consulta, "/api/conciliacionSat/getConciliacion", periodo)).statusCode).toBe(403);
  });
});

describe("the XML of a month, when an administrator asks (decision 075, amendment 2)", () => {
  const requestXml = async (periodo = "2026-10") =>
    call(await login(t.app, "admin", "Empleado"), "/api/descargaSat/descargarXml", {
      Sociedad: eku,
      Periodo: periodo,
    });
  const conXml = () =>
    t.tdb.db
      .select()
      .from(schema.satCfdiRecibidos)
      .where(and(eq(schema.satCfdiRecibidos.sociedadId, eku), isNotNull(schema.satCfdiRecibidos.xmlArchivoId)))
      .orderBy(asc(schema.satCfdiRecibidos.uuid));

  it("asks the SAT, follows the request, stores each XML as a file linked to its CFDI, offers it for download", async () => {
    const primera = await requestXml();
    expect(primera.statusCode).toBe(200);
    expect(primera.json().message).toBe(DESCARGA_MSG.xmlSolicitado("2026-10-01 00:00:00", "2026-10-31 23:59:59"));
    expect(await conXml()).toHaveLength(0);
    t.time.advance(HORA / 4);
    const segunda = await requestXml();
    expect(segunda.json().message).toBe(
      DESCARGA_MSG.xmlGuardado(POR_MES, "2026-10-01 00:00:00", "2026-10-31 23:59:59"),
    );
    const fila = (await conXml()).find((f) => f.rfcEmisor === "AAA010101AAA");
    expect(fila).toMatchObject({ rfcEmisor: "AAA010101AAA", moneda: "MXN", fechaEmision: "2026-10-15T12:00:00" });

    const admin = await login(t.app, "admin", "Empleado");
    const conciliacion = (
      await call(admin, "/api/conciliacionSat/getConciliacion", { Sociedad: eku, Periodo: "2026-10" })
    ).json().data;
    const ajeno = conciliacion.Ajenos.find((a: { UUID: string }) => a.UUID === fila?.uuid);
    expect(ajeno.XmlSat).toBe(`/api/archivos/${fila?.xmlArchivoId}`);
    expect(ajeno.Moneda).toBe("MXN");

    const download = async (token: string) =>
      t.app.inject(withToken(token, { method: "GET", url: ajeno.XmlSat as string }));
    const bajada = await download(await login(t.app, "tesoreria", "Empleado"));
    expect(bajada.statusCode).toBe(200);
    expect(bajada.headers["content-disposition"]).toContain(`${fila?.uuid}.xml`);
    expect(bajada.body).toContain(`UUID="${fila?.uuid}"`);
    expect(bajada.body).toContain("simulador");
    // Without the permission: the answer of a missing file (nothing says it exists).
    expect((await download(await login(t.app, "consulta", "Empleado"))).statusCode).toBe(404);
    expect((await download(await login(t.app, "EKU9003173C9", "Proveedor"))).statusCode).toBe(404);
  });

  it("is idempotent: the same month again within 72 hours is the SAT's 5005, later it stores the same files", async () => {
    const antes = await conXml();
    const repetida = await requestXml();
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().message).toBe(
      DESCARGA_MSG.xmlRechazado(DESCARGA_MSG.xmlSolicitudRechazada(5005, "Solicitud duplicada")),
    );
    t.time.advance(73 * HORA);
    t.app.services.descargaSimulador.fallas.verificacionesEnProceso = 0;
    const otra = await requestXml();
    t.app.services.descargaSimulador.fallas.verificacionesEnProceso = 1;
    expect(otra.json().message).toBe(DESCARGA_MSG.xmlGuardado(POR_MES, "2026-10-01 00:00:00", "2026-10-31 23:59:59"));
    expect(await conXml()).toEqual(
      antes.map((f) => ({ ...f, descargaId: expect.any(Number), updatedAt: expect.any(Date) })),
    );
  });

  it("a request in force is followed by the scheduled job; a month not begun is refused in Spanish", async () => {
    const primera = await requestXml("2026-11");
    expect(primera.json().message).toMatch(/^Se solicitó al SAT el XML/);
    t.time.advance(HORA / 4);
    await t.app.services.descargaSat.run(t.time.clock());
    const [xml] = await t.tdb.db
      .select()
      .from(schema.satDescargas)
      .where(and(eq(schema.satDescargas.sociedadId, eku), eq(schema.satDescargas.tipo, "xml")))
      .orderBy(asc(schema.satDescargas.id))
      .then((rows) => rows.slice(-1));
    expect(xml).toMatchObject({ estado: "terminada", cfdi: POR_MES });
    const futuro = await requestXml("2027-01");
    expect(futuro.statusCode).toBe(400);
    expect(futuro.json().message).toBe(DESCARGA_MSG.xmlPeriodoFuturo);
  });
});

describe("the simulator behind the cluster (issue 43 §3): its requests live in the database", () => {
  it("one process accepts the request, the other verifies it, the first hands the package", async () => {
    const [a, b] = [t.app, otro.app];
    const [ca, cb] = [{ ...a.services.descargaSimulador.llamadas }, { ...b.services.descargaSimulador.llamadas }];
    const cliente = (solicitud: string, paquetes: string) =>
      createDescargaMasivaClient({ endpoints: () => ({ solicitud, paquetes }), timeoutMs: 10_000 }).open(FIEL);
    const enA = cliente(simulador(a), simulador(a));
    const enB = cliente(simulador(b), simulador(a));
    const desde = "2026-09-01 00:00:00";
    const hasta = "2026-11-20 23:59:59";
    for (const requestAt of [enA.requestMetadata, enA.requestXml]) {
      const r = await requestAt("EKU9003173C9", desde, hasta);
      expect(r.codigo).toBe(5000);
      // The same parameters at the other process: the SAT's 5005, it knows the request.
      expect(
        (await (requestAt === enA.requestXml ? enB.requestXml : enB.requestMetadata)("EKU9003173C9", desde, hasta))
          .codigo,
      ).toBe(5005);
      expect((await enB.verify(r.idSolicitud)).estado).toBe(2);
      const v = await enB.verify(r.idSolicitud);
      expect(v).toMatchObject({ estado: 3, codigoSolicitud: 5000 });
      const paquete = await enB.download(v.paquetes[0] ?? "");
      expect(paquete.codigo).toBe(5000);
      if (requestAt === enA.requestXml) {
        const xmls = await readXmls(paquete.paquete);
        expect(xmls.map((x) => x.uuid)).toHaveLength(3 * POR_MES);
        expect(xmls.every((x) => x.xml.includes("<cfdi:Comprobante"))).toBe(true);
      } else {
        expect((await readMetadatos(paquete.paquete)).map((m) => m.fechaEmision.slice(0, 7))).toEqual(
          ["2026-09", "2026-10", "2026-11"].flatMap((mes) => Array(POR_MES).fill(mes)),
        );
      }
    }
    const [da, db] = [a.services.descargaSimulador.llamadas, b.services.descargaSimulador.llamadas];
    expect([da.solicita - ca.solicita, da.verifica - ca.verifica, da.descarga - ca.descarga]).toEqual([2, 0, 2]);
    expect([db.solicita - cb.solicita, db.verifica - cb.verifica, db.descarga - cb.descarga]).toEqual([2, 4, 0]);
  });
});
