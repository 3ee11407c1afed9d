import { readFileSync } from "node:fs";
import { DESCARGA_MSG, ETIQUETAS_CONCILIACION, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FALLAS_NINGUNA } from "../src/sat/descarga-masiva/simulador";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/**
 * The simulator invents, per month, one CFDI from each active national supplier of the portal (the demo's Kemper and
 * Berenice) and one from an issuer that is none: three a month for the demo's SBO_EKU, which has no invoice of its own.
 */
const POR_MES = 3;
/**
 * Issue 43 items 1-3 (decision 075): the sociedad's e.firma and the daily download of the metadata of the CFDI it
 * received, through the real client (@nodecfdi/sat-ws-descarga-masiva) over HTTP against the simulator mounted in
 * the test app. The e.firma is the SAT's public test FIEL of EKU9003173C9 (demo/efirma/LEEME.md), the RFC of the
 * demo's sociedad SBO_EKU; the seed stores that FIEL on it, which these tests remove first to upload it themselves.
 * The test clock starts 2026-11-21T12:00:00Z (06:00 in Mexico City).
 */
const efirmaDir = new URL("../../../demo/efirma/", import.meta.url);
const certsDir = new URL("../../../packages/cfdi/sat/certs/", import.meta.url);
const b64 = (dir: URL, name: string) => readFileSync(new URL(name, dir)).toString("base64");
const FIEL = { cer: b64(efirmaDir, "EKU9003173C9_FIEL.cer"), key: b64(efirmaDir, "EKU9003173C9_FIEL.key") };
const FIEL_VENCIDA = {
  cer: b64(efirmaDir, "KIJ0906199R1_FIEL_vencida.cer"),
  key: b64(efirmaDir, "KIJ0906199R1_FIEL_vencida.key"),
};
const CSD = { cer: b64(certsDir, "EKU9003173C9.cer"), key: b64(certsDir, "EKU9003173C9.key") };
const PASSWORD = "12345678a";

const HORA = 3_600_000;
const logLines: string[] = [];
let t: TestApp;
let sociedadId: number;
let kijId: number;

beforeAll(async () => {
  t = await createTestApp({}, { logLines });
  // The seeded sociedad of the test FIEL, without the FIEL the seed gave it (decision 075: the demo's e.firma).
  const [s] = await t.tdb.db
    .update(schema.sociedades)
    .set({ efirmaCifrada: null, efirmaVence: null, efirmaCertificado: null })
    .where(eq(schema.sociedades.bdSap, "SBO_EKU"))
    .returning({ id: schema.sociedades.id, rfc: schema.sociedades.rfc });
  expect(s?.rfc).toBe("EKU9003173C9");
  sociedadId = s?.id ?? 0;
  const [kij] = await t.tdb.db
    .select({ id: schema.sociedades.id })
    .from(schema.sociedades)
    .where(eq(schema.sociedades.rfc, "KIJ0906199R1"));
  kijId = kij?.id ?? 0;
}, 60_000);
afterAll(async () => t?.close());

const admin = () => login(t.app, "admin", "Empleado");
const upload = async (numero: number, f: { cer: string; key: string }, password = PASSWORD, token?: string) =>
  t.app.inject(
    withToken(token ?? (await admin()), {
      method: "POST",
      url: "/api/sociedades/uploadEfirma",
      payload: { Numero: numero, Certificado: f.cer, Llave: f.key, Contraseña: password },
    }),
  );
const knobs = () => t.app.services.descargaSimulador;
const calls = () => ({ ...knobs().llamadas });
const run = () => t.app.services.descargaSat.run(t.time.clock());
const descargas = () =>
  t.tdb.db
    .select()
    .from(schema.satDescargas)
    .where(eq(schema.satDescargas.sociedadId, sociedadId))
    .orderBy(asc(schema.satDescargas.id));
const recibidos = () =>
  t.tdb.db
    .select()
    .from(schema.satCfdiRecibidos)
    .where(eq(schema.satCfdiRecibidos.sociedadId, sociedadId))
    .orderBy(asc(schema.satCfdiRecibidos.uuid));
const last = async () => (await descargas()).at(-1);
/** To the next day's slot for a new request (12:00 UTC), plus a minute. */
async function nextDay() {
  const now = t.time.clock();
  const slot = new Date(now);
  slot.setUTCHours(12, 1, 0, 0);
  if (slot <= now) slot.setUTCDate(slot.getUTCDate() + 1);
  t.time.advance(slot.getTime() - now.getTime());
}

describe("the sociedad's e.firma (issue 43 §1)", () => {
  it("refuses a CSD instead of a FIEL, another RFC's, an expired one and a wrong password, each in Spanish", async () => {
    const csd = await upload(sociedadId, CSD);
    expect(csd.statusCode).toBe(400);
    expect(csd.json().message).toBe(DESCARGA_MSG.efirmaNoEsFiel);
    const otra = await upload(kijId, FIEL);
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toBe(DESCARGA_MSG.efirmaDeOtroRfcDetalle("EKU9003173C9", "KIJ0906199R1"));
    const vencida = await upload(kijId, FIEL_VENCIDA);
    expect(vencida.statusCode).toBe(400);
    expect(vencida.json().message).toBe(DESCARGA_MSG.efirmaVencida("2023-06-13"));
    const mala = await upload(sociedadId, FIEL, "otra-contraseña");
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toBe(DESCARGA_MSG.efirmaIlegible);
    const ajena = await upload(sociedadId, { cer: FIEL.cer, key: FIEL_VENCIDA.key });
    expect(ajena.json().message).toBe(DESCARGA_MSG.efirmaNoCorresponde);
    const [s] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.id, sociedadId));
    expect(s?.efirmaCifrada).toBeNull();
  });

  it("only an administrator uploads it", async () => {
    const r = await upload(sociedadId, FIEL, PASSWORD, await login(t.app, "consulta", "Empleado"));
    expect(r.statusCode).toBe(403);
  });

  it("stores it encrypted with its expiry; the key and password never appear in an answer or the log", async () => {
    const r = await upload(sociedadId, FIEL);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      message: DESCARGA_MSG.efirmaGuardada("2027-05-17"),
      data: { Vence: "2027-05-17T04:37:14.000Z", NumeroCertificado: "30001000000500003415" },
    });
    const [s] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.id, sociedadId));
    expect(s?.efirmaVence?.toISOString()).toBe("2027-05-17T04:37:14.000Z");
    expect(s?.efirmaCifrada).toMatch(/^v1\./);
    expect(s?.efirmaCifrada).not.toContain(FIEL.key.slice(0, 40));
    const rows = await t.app.inject(
      withToken(await admin(), { method: "POST", url: "/api/sociedades/rowSociedades", payload: {} }),
    );
    expect(rows.statusCode).toBe(200);
    // The catalogue shows only its expiry and certificate number (the sociedades screen's e.firma section).
    const fila = rows.json().data.find((row: { IdSociedad: number }) => row.IdSociedad === sociedadId);
    expect(fila).toMatchObject({ EfirmaVence: "2027-05-17", EfirmaCertificado: "30001000000500003415" });
    for (const text of [...t.answers, ...logLines]) {
      expect(text).not.toContain(FIEL.key.slice(0, 40));
      expect(text).not.toContain(s?.efirmaCifrada ?? "-");
      expect(text).not.toContain(PASSWORD);
    }
  });
});

describe("the daily download of the metadata (issue 43 §2, against the simulator of §3)", () => {
  beforeEach(() => {
    Object.assign(knobs().fallas, FALLAS_NINGUNA);
  });

  it("is a registered scheduled job", () => {
    expect(t.app.services.tareas.registered().map((j) => j.name)).toContain("sat-descarga-masiva");
  });

  it("a request, two verification polls, one package, the metadata read and kept", async () => {
    const antes = calls();
    expect(await run()).toBe(DESCARGA_MSG.tareaResumen(1, 0));
    expect(calls().solicita - antes.solicita).toBe(1);
    expect(calls().verifica - antes.verifica).toBe(1);
    expect(await last()).toMatchObject({
      estado: "solicitada",
      desde: "2026-10-01 00:00:00",
      hasta: "2026-11-21 06:00:00",
      motivo: DESCARGA_MSG.enProceso,
    });
    t.time.advance(HORA / 4);
    expect(await run()).toBe(DESCARGA_MSG.tareaResumen(1, 2 * POR_MES));
    expect(calls().solicita - antes.solicita).toBe(1);
    expect(calls().verifica - antes.verifica).toBe(2);
    expect(calls().descarga - antes.descarga).toBe(1);
    expect(await last()).toMatchObject({ estado: "terminada", cfdi: 2 * POR_MES, motivo: "" });
    const filas = await recibidos();
    expect(filas.map((f) => [f.rfcEmisor, f.fechaEmision, f.estatus, f.efecto])).toEqual(
      expect.arrayContaining([
        ["AAA010101AAA", "2026-10-15T12:00:00", "vigente", "I"],
        ["AAA010101AAA", "2026-11-15T12:00:00", "vigente", "I"],
      ]),
    );
    expect(filas.every((f) => /^[0-9A-F-]{36}$/.test(f.uuid) && Number(f.monto) > 0)).toBe(true);
  });

  it("run again the same day asks nothing; the next day asks again and duplicates nothing", async () => {
    const antes = calls();
    t.time.advance(HORA);
    await run();
    expect(calls().solicita).toBe(antes.solicita);
    await nextDay();
    await run();
    t.time.advance(HORA / 4);
    await run();
    expect(calls().solicita - antes.solicita).toBe(1);
    expect(await last()).toMatchObject({ estado: "terminada", cfdi: 2 * POR_MES });
    expect(await recibidos()).toHaveLength(2 * POR_MES);
    expect((await descargas()).filter((d) => d.estado === "terminada")).toHaveLength(2);
  });

  it("a 5002 answer waits for the next day, not looped", async () => {
    await nextDay();
    knobs().fallas.solicitudRechazada = 5002;
    const antes = calls();
    await run();
    const fila = await last();
    expect(fila).toMatchObject({ estado: "reintentar", motivo: DESCARGA_MSG.solicitudAgotada });
    expect(fila?.siguienteAt.getTime()).toBeGreaterThan(t.time.clock().getTime() + 20 * HORA);
    // The reconciliation answers the job's state and reason for the sociedad (the screen shows it).
    const estado = await t.app.inject(
      withToken(await admin(), {
        method: "POST",
        url: "/api/conciliacionSat/getConciliacion",
        payload: { Sociedad: sociedadId, Periodo: "2026-11" },
      }),
    );
    expect(estado.json().data.Descarga).toMatchObject({
      Estado: "reintentar",
      Motivo: DESCARGA_MSG.solicitudAgotada,
      Siguiente: fila?.siguienteAt.toISOString(),
    });
    for (let i = 0; i < 4; i++) {
      t.time.advance(HORA);
      await run();
    }
    expect(calls().solicita - antes.solicita).toBe(1);
    knobs().fallas.solicitudRechazada = null;
    await nextDay();
    await run();
    expect(calls().solicita - antes.solicita).toBe(2);
    expect(await last()).toMatchObject({ estado: "solicitada" });
    t.time.advance(HORA / 4);
    await run();
    expect(await last()).toMatchObject({ estado: "terminada" });
  });

  it("a refused token is a failure with a Spanish reason, retried with backoff", async () => {
    await nextDay();
    knobs().fallas.tokenRechazado = true;
    await run();
    const fila = await last();
    expect(fila?.estado).toBe("reintentar");
    expect(fila?.motivo).toMatch(/^El servicio de descarga masiva del SAT no respondió como se esperaba: /);
    expect(fila?.fallas).toBe(1);
    expect(fila?.siguienteAt.getTime()).toBe(t.time.clock().getTime() + 5 * 60_000);
    t.time.advance(5 * 60_000);
    await run();
    expect((await last())?.fallas).toBe(2);
    expect((await last())?.siguienteAt.getTime()).toBe(t.time.clock().getTime() + 10 * 60_000);
    knobs().fallas.tokenRechazado = false;
    t.time.advance(10 * 60_000);
    await run();
    expect(await last()).toMatchObject({ estado: "solicitada", fallas: 0 });
    t.time.advance(HORA / 4);
    await run();
    expect(await last()).toMatchObject({ estado: "terminada" });
  });

  it("a malformed package keeps the request and retries; an expired one asks again", async () => {
    await nextDay();
    knobs().fallas.paqueteMalformado = true;
    await run();
    t.time.advance(HORA / 4);
    await run();
    expect(await last()).toMatchObject({ estado: "solicitada", motivo: DESCARGA_MSG.paqueteIlegible, fallas: 1 });
    knobs().fallas.paqueteMalformado = false;
    knobs().fallas.paqueteVencido = true;
    t.time.advance(HORA / 4);
    await run();
    expect(await last()).toMatchObject({ estado: "reintentar", motivo: DESCARGA_MSG.paqueteVencido });
    knobs().fallas.paqueteVencido = false;
    await run();
    expect(await last()).toMatchObject({ estado: "solicitada" });
    expect(await recibidos()).toHaveLength(2 * POR_MES);
  });

  it("the scheduled run and an administrator's at once leave one request in force, followed to its end", async () => {
    await run(); // ends the request the test before left in force
    expect(await last()).toMatchObject({ estado: "terminada" });
    await nextDay();
    await Promise.all([run(), t.app.services.descargaSat.runNow()]);
    expect((await descargas()).filter((d) => d.estado === "solicitada")).toHaveLength(1);
    t.time.advance(HORA / 4);
    await run();
    expect((await descargas()).filter((d) => d.estado === "solicitada")).toHaveLength(0);
    expect(await recibidos()).toHaveLength(2 * POR_MES);
  });

  it("an administrator runs it on demand, the same day as the scheduled run", async () => {
    knobs().fallas.verificacionesEnProceso = 0;
    const antes = calls();
    const r = await t.app.inject(
      withToken(await admin(), { method: "POST", url: "/api/descargaSat/ejecutar", payload: {} }),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe(DESCARGA_MSG.tareaResumen(1, 2 * POR_MES));
    expect(calls().solicita - antes.solicita).toBe(1);
    expect(await last()).toMatchObject({ estado: "terminada" });
    const consulta = await t.app.inject(
      withToken(await login(t.app, "consulta", "Empleado"), {
        method: "POST",
        url: "/api/descargaSat/ejecutar",
        payload: {},
      }),
    );
    expect(consulta.statusCode).toBe(403);
    expect(consulta.json().message).toBe(MSG.sinPermiso);
  });
});

describe("the simulator's CFDI (issue 43 §3)", () => {
  it("are the portal's own invoices to the RFC, cancelled as the status simulator says, plus some never received", async () => {
    const propias = await t.tdb.db
      .select({ uuid: schema.facturas.uuid, rfcEmisor: schema.facturas.rfcEmisor, total: schema.facturas.total })
      .from(schema.facturas)
      .where(eq(schema.facturas.rfcReceptor, "MCI7306249Y1"));
    expect(propias.length).toBeGreaterThan(0);
    const [cancelada] = propias;
    await t.app.services.satSimulador.simulate(cancelada?.uuid ?? "", { estado: "Cancelado" });
    const filas = await t.app.services.descargaSatSimulados.recibidos(
      "MCI7306249Y1",
      "2000-01-01 00:00:00",
      "2026-11-30 23:59:59",
    );
    for (const p of propias) {
      const fila = filas.find((f) => f.uuid === p.uuid.toUpperCase());
      expect(fila?.monto).toBe(Number(p.total).toFixed(2));
      expect(fila?.estatus).toBe(p === cancelada ? "0" : "1");
    }
    const ajenas = filas.filter((f) => !propias.some((p) => p.uuid.toUpperCase() === f.uuid));
    expect(ajenas.some((f) => f.rfcEmisor === "AAA010101AAA")).toBe(true);
    expect(ajenas.some((f) => propias.some((p) => p.rfcEmisor === f.rfcEmisor))).toBe(true);
    expect(
      await t.app.services.descargaSatSimulados.recibidos("MCI7306249Y1", "2000-01-01 00:00:00", "2026-11-30 23:59:59"),
    ).toEqual(filas);
  });
});

describe("the reconciliation (issue 43 §4)", () => {
  const conciliacion = async (body: Record<string, unknown>, url = "/api/conciliacionSat/getConciliacion") =>
    t.app.inject(withToken(await admin(), { method: "POST", url, payload: body }));
  const uuidOf = (n: number) => `00000000-0000-4000-A000-${String(n).padStart(12, "0")}`;

  it("labels each CFDI, lists other issuers apart, totals by currency, and mails a supplier exactly its missing ones", async () => {
    // A month of a demo sociedad with at least three invoices, one of them accepted.
    const facturas = await t.tdb.db.select().from(schema.facturas).orderBy(asc(schema.facturas.id));
    const grupos = new Map<string, typeof facturas>();
    for (const f of facturas) {
      const k = `${f.sociedadId}|${f.fechaCfdi.slice(0, 7)}`;
      grupos.set(k, [...(grupos.get(k) ?? []), f]);
    }
    const grupo = [...grupos.values()].find((g) => g.length >= 3 && g.some((f) => f.estatus === "A")) ?? [];
    expect(grupo.length).toBeGreaterThanOrEqual(3);
    const aceptada = grupo.find((f) => f.estatus === "A")!;
    const [otraTotal, soloPortal] = grupo.filter((f) => f !== aceptada);
    const sociedad = aceptada.sociedadId;
    const periodo = aceptada.fechaCfdi.slice(0, 7);
    const provs = await t.tdb.db.select().from(schema.proveedores).orderBy(asc(schema.proveedores.cardCode));
    const proveedor = provs.find((p) => p.cardCode === aceptada.cardCode)!;
    const otro = provs.find((p) => p.cardCode !== aceptada.cardCode)!;
    const now = t.time.clock();
    const sat = (uuid: string, rfcEmisor: string, monto: string, estatus = "vigente") => ({
      sociedadId: sociedad,
      uuid: uuid.toUpperCase(),
      rfcEmisor,
      nombreEmisor: rfcEmisor,
      efecto: "I",
      monto,
      fechaEmision: `${periodo}-10T10:00:00`,
      fechaCertificacion: `${periodo}-10T10:01:00`,
      estatus,
      createdAt: now,
      updatedAt: now,
    });
    await t.tdb.db
      .insert(schema.satCfdiRecibidos)
      .values([
        sat(aceptada.uuid, aceptada.rfcEmisor, aceptada.total, "cancelado"),
        sat(otraTotal!.uuid, otraTotal!.rfcEmisor, (Number(otraTotal!.total) + 10).toFixed(2)),
        sat(uuidOf(1), proveedor.rfc, "1160.00"),
        sat(uuidOf(2), proveedor.rfc, "580.50"),
        sat(uuidOf(3), otro.rfc, "99.00"),
        sat(uuidOf(4), "AAA010101AAA", "10.00"),
      ]);
    const r = await conciliacion({ Sociedad: sociedad, Periodo: periodo });
    expect(r.statusCode).toBe(200);
    const { Filas, Ajenos, Totales } = r.json().data as {
      Filas: { UUID: string; Etiqueta: string; CardCode: string | null; EstatusPortal: string | null }[];
      Ajenos: { UUID: string }[];
      Totales: { Moneda: string; Cantidad: number }[];
    };
    const etiqueta = (uuid: string) => Filas.find((f) => f.UUID === uuid.toUpperCase())?.Etiqueta;
    expect(etiqueta(aceptada.uuid)).toBe(ETIQUETAS_CONCILIACION.canceladoTrasAceptar);
    expect(etiqueta(otraTotal!.uuid)).toBe(ETIQUETAS_CONCILIACION.totalDistinto);
    expect(etiqueta(soloPortal!.uuid)).toBe(ETIQUETAS_CONCILIACION.noEnSat);
    expect(etiqueta(uuidOf(1))).toBe(ETIQUETAS_CONCILIACION.faltaPortal);
    expect(etiqueta(uuidOf(3))).toBe(ETIQUETAS_CONCILIACION.faltaPortal);
    expect(Filas.find((f) => f.UUID === aceptada.uuid.toUpperCase())?.EstatusPortal).toBe("Aceptada");
    expect(Ajenos.map((a) => a.UUID)).toEqual([uuidOf(4)]);
    expect(Totales.reduce((n, x) => n + x.Cantidad, 0)).toBe(Filas.length);
    expect(Totales.find((x) => x.Moneda === "Sin moneda")?.Cantidad).toBe(3);

    const aviso = await conciliacion(
      { Sociedad: sociedad, Periodo: periodo, CardCode: proveedor.cardCode },
      "/api/conciliacionSat/avisarProveedor",
    );
    expect(aviso.statusCode).toBe(200);
    expect(aviso.json().message).toBe(DESCARGA_MSG.conciliacionAvisoEnviado(proveedor.cardCode, 2));
    const correos = await t.tdb.db.select().from(schema.correoOutbox).orderBy(asc(schema.correoOutbox.id));
    const correo = correos.at(-1);
    expect(correo?.para).toContain(proveedor.email.split(",")[0]?.trim() ?? "-");
    expect(correo?.texto).toContain("El SAT registra estos CFDI emitidos a ");
    expect(correo?.texto.match(/UUID [0-9A-F-]{36}/g)).toEqual([`UUID ${uuidOf(1)}`, `UUID ${uuidOf(2)}`]);
    const sinFaltantes = await conciliacion(
      { Sociedad: sociedad, Periodo: "2001-01", CardCode: proveedor.cardCode },
      "/api/conciliacionSat/avisarProveedor",
    );
    expect(sinFaltantes.statusCode).toBe(400);
    expect(sinFaltantes.json().message).toBe(DESCARGA_MSG.conciliacionSinFaltantes);
    const proveedorNoPuede = await t.app.inject(
      withToken(await login(t.app, "EKU9003173C9", "Proveedor"), {
        method: "POST",
        url: "/api/conciliacionSat/getConciliacion",
        payload: { Sociedad: sociedad, Periodo: periodo },
      }),
    );
    expect(proveedorNoPuede.statusCode).toBe(403);
  });
});

describe("the e.firma's expiry reminders (issue 43 §1)", () => {
  const avisos = async () =>
    (await t.tdb.db.select().from(schema.correoOutbox)).filter((c) =>
      c.asunto.includes("la e.firma de ESCUELA KEMPER"),
    );
  const runAvisos = async () => {
    const job = t.app.services.tareas.registered().find((j) => j.name === "efirma-avisos");
    return job?.execute(t.time.clock());
  };
  const to = (iso: string) => t.time.advance(new Date(iso).getTime() - t.time.clock().getTime());

  it("mails every active administrator once at 30, 15 and 7 days before it expires", async () => {
    const admins = await t.tdb.db
      .select({ email: schema.empleados.email })
      .from(schema.empleados)
      .where(eq(schema.empleados.perfil, "A"));
    const conCorreo = admins.filter((a) => a.email !== "").length;
    expect(conCorreo).toBeGreaterThan(0);
    await runAvisos();
    expect(await avisos()).toHaveLength(0);
    to("2027-04-17T12:00:00Z");
    expect(await runAvisos()).toBe(DESCARGA_MSG.efirmaAvisosResumen(1));
    expect(await runAvisos()).toBe(DESCARGA_MSG.efirmaAvisosResumen(0));
    const primeros = await avisos();
    expect(primeros).toHaveLength(conCorreo);
    expect(primeros[0]?.asunto).toBe(DESCARGA_MSG.efirmaAvisoAsunto("ESCUELA KEMPER URGATE SA DE CV", 29));
    expect(primeros[0]?.texto).toBe(
      DESCARGA_MSG.efirmaAvisoCuerpo("ESCUELA KEMPER URGATE SA DE CV", "EKU9003173C9", "2027-05-17"),
    );
    to("2027-05-02T12:00:00Z");
    await runAvisos();
    to("2027-05-10T12:00:00Z");
    await runAvisos();
    await runAvisos();
    expect(await avisos()).toHaveLength(3 * conCorreo);
  });
});
