import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { issueTestFactura } from "@portal/cfdi/sello";
import { type ComplementoEsperado, MSG, rowProveedoresAnswerSchema } from "@portal/contracts";
import { schema } from "@portal/db";
import { archivoLista69b, type FilaMuestra69b, MUESTRA_69B } from "@portal/db/testing";
import { createProveedor } from "@portal/seed";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACTURA_MSG } from "../src/modules/facturas/reglas";
import { PAGO_MSG } from "../src/modules/pagos/reglas";
import { complementoDesdeEsperado } from "./documentos-prueba";
import { facturaPrueba, KEMPER, MCI, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, createTestAppOn, loginTodos, pdfBase64, type TestApp, withToken } from "./helpers";

/**
 * Issue 15, the SAT's 69-B list: imports through the service (the CLI is tested in packages/db), the traffic
 * light of every situation in the supplier catalogue, the upload rules for invoices and complements, the
 * reviewers' flag, and the scheduled download from SAT_69B_URL.
 */
let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
  // One supplier per remaining situation, and one not on the list.
  await createProveedor(t.tdb.db, { cardCode: "P69B01", rfc: "DES160606CD2" });
  await createProveedor(t.tdb.db, { cardCode: "P69B02", rfc: "SFA170707EF3" });
  await createProveedor(t.tdb.db, { cardCode: "P69B03", rfc: "LIM0101019A1" });
});
afterAll(async () => t?.close());

const call = (token: string, method: "POST" | "PATCH", url: string, body: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: body as object }));
const runImport = (filas: readonly FilaMuestra69b[], origen = "Listado_completo_69-B.csv") =>
  t.app.services.lista69b.runImport(archivoLista69b(filas), origen, t.time.clock());
const conKemper = (situacion: string) => [
  ...MUESTRA_69B.filter((f) => f.rfc !== "EKU9003173C9"),
  { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", situacion },
];
const catalogo = async (token = tokens.admin) => {
  const res = await call(token, "POST", "/api/proveedores/rowProveedores", { tipo: "Lista" });
  return rowProveedoresAnswerSchema.parse(res.json()).data;
};
const luz = async (cardCode: string) => (await catalogo()).find((p) => p.CardCode === cardCode)?.Lista69B;

describe("the supplier catalogue's traffic light", () => {
  it("is null for everyone before any list was imported", async () => {
    const proveedores = await catalogo();
    expect(proveedores.length).toBeGreaterThan(2);
    expect(proveedores.map((p) => p.Lista69B)).toEqual(proveedores.map(() => null));
  });

  it("shows each situation's light with the publication data of its stage after an import", async () => {
    const r = await runImport(MUESTRA_69B);
    expect(r.ok).toBe(true);
    expect(r.importacion).toMatchObject({ rfcs: 10, proveedoresRojo: 1, proveedoresAmbar: 1 });
    expect(await luz("P00001")).toEqual({
      Semaforo: "rojo",
      Situacion: "Definitivo",
      Nombre: "ESCUELA KEMPER URGATE",
      Oficio: "500-05-2025-20014 de fecha 6 de junio de 2025",
      PublicacionSAT: "07/07/2025",
      PublicacionDOF: "08/08/2025",
      ListaAl: "2026-11-21",
    });
    expect(await luz("P00002")).toMatchObject({
      Semaforo: "ambar",
      Situacion: "Presunto",
      Oficio: "500-05-2024-10015 de fecha 3 de marzo de 2024",
      PublicacionSAT: "04/04/2024",
      PublicacionDOF: "05/05/2024",
    });
    expect(await luz("P69B01")).toMatchObject({ Semaforo: "verde", Situacion: "Desvirtuado" });
    expect(await luz("P69B02")).toMatchObject({ Semaforo: "verde", Situacion: "Sentencia Favorable" });
    expect(await luz("P69B03")).toEqual({
      Semaforo: "verde",
      Situacion: null,
      Nombre: "",
      Oficio: "",
      PublicacionSAT: "",
      PublicacionDOF: "",
      ListaAl: "2026-11-21",
    });
  });

  it("screens a supplier created after the import, and a supplier's own profile row carries it too", async () => {
    await createProveedor(t.tdb.db, { cardCode: "P69B04", rfc: "MIN210202MN7" });
    expect(await luz("P69B04")).toMatchObject({ Semaforo: "ambar", Situacion: "Presunto", Nombre: "MINERA SAN JOSÉ" });
    const perfil = await call(tokens.kemper, "POST", "/api/proveedores/rowProveedores", { tipo: "Perfil" });
    expect(rowProveedoresAnswerSchema.parse(perfil.json()).data[0]?.Lista69B?.Semaforo).toBe("rojo");
  });

  it("a failed import leaves the list in force; the next good one replaces it whole", async () => {
    const malo = await t.app.services.lista69b.runImport(
      new TextEncoder().encode("RFC\r\nEKU9003173C9\r\n"),
      "malo.csv",
      t.time.clock(),
    );
    expect(malo.ok).toBe(false);
    expect(await luz("P00001")).toMatchObject({ Semaforo: "rojo" });
    const fallidas = await t.tdb.db
      .select({ n: count() })
      .from(schema.lista69bImportaciones)
      .where(eq(schema.lista69bImportaciones.ok, false));
    expect(fallidas[0]?.n).toBe(1);
    await runImport([{ rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", situacion: "Desvirtuado" }]);
    expect(await luz("P00001")).toMatchObject({ Semaforo: "verde", Situacion: null });
    expect(await luz("P00002")).toMatchObject({ Semaforo: "verde", Situacion: "Desvirtuado" });
  });
});

describe("invoices from issuers on the list", () => {
  const post = (body: object) => call(tokens.kemper, "POST", "/api/facturas/postFactura", body);

  it("a Definitivo issuer's invoice is refused with the message naming the list, and nothing is saved", async () => {
    await runImport(conKemper("Definitivo"));
    const antes = (await t.tdb.db.select({ n: count() }).from(schema.facturas))[0]!.n;
    const docNum = await nuevaEntradaKemper(t.tdb.db);
    const res = await post(payloadFactura(issueTestFactura(facturaPrueba()), docNum));
    expect(res.statusCode).toBe(400);
    expect(res.json().message.split("\n")).toEqual([FACTURA_MSG.emisorDefinitivo69b("EKU9003173C9")]);
    expect(FACTURA_MSG.emisorDefinitivo69b("EKU9003173C9")).toBe(
      "El emisor EKU9003173C9 está en la lista definitiva del artículo 69-B del CFF (operaciones simuladas) " +
        "publicada por el SAT; no se puede registrar su CFDI.",
    );
    expect((await t.tdb.db.select({ n: count() }).from(schema.facturas))[0]!.n).toBe(antes);
  });

  it("a Presunto issuer's invoice is registered and flagged to reviewers; the correction is refused once Definitivo", async () => {
    // Kemper Presunto; Berenice (Presunto in the sample) left off this list, so the reviewers see both kinds of rows.
    await runImport(conKemper("Presunto").filter((f) => f.rfc !== "XIQB891116QE4"));
    const docNum = await nuevaEntradaKemper(t.tdb.db);
    const xml = issueTestFactura(facturaPrueba({ folio: "P-69" }));
    const res = await post(payloadFactura(xml, docNum));
    expect(res.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    const pendientes = (await call(tokens.admin, "POST", "/api/facturasPendientes/getFacturas", {})).json().data;
    const fila = pendientes.find((f: { Entrada: number }) => f.Entrada === docNum);
    expect(fila.Lista69B).toMatchObject({ Semaforo: "ambar", Situacion: "Presunto", Nombre: "ESCUELA KEMPER URGATE" });
    // Every row of a listed issuer is flagged; the others (Berenice's, off this list) are not.
    const filas = pendientes as { RFC: string; Lista69B: { Situacion: string } | null }[];
    const listadas = filas.filter((f) => f.RFC === KEMPER.rfc);
    const otras = filas.filter((f) => f.RFC !== KEMPER.rfc);
    expect(listadas.length).toBeGreaterThan(1);
    expect(listadas.map((f) => f.Lista69B?.Situacion)).toEqual(listadas.map(() => "Presunto"));
    expect(otras.some((f) => f.RFC === "XIQB891116QE4")).toBe(true);
    expect(otras.map((f) => f.Lista69B)).toEqual(otras.map(() => null));
    // The supplier's own list does not carry the reviewers' flag.
    const propias = (await call(tokens.kemper, "POST", "/api/facturas/getFacturas", {})).json().data;
    expect(propias.find((f: { Entrada: number }) => f.Entrada === docNum)).not.toHaveProperty("Lista69B");

    await runImport(conKemper("Definitivo"));
    const {
      PDF64: _p,
      XML64: _x,
      Recepcion64: _r,
      PDF: _pn,
      XML: _xn,
      Recepcion: _rn,
      ...campos
    } = payloadFactura(xml, docNum);
    const cambio = await call(tokens.kemper, "PATCH", "/api/facturas/patchfactura", {
      ...campos,
      IdFactura: fila.IdFactura,
      BD: "SBO_MCI",
      PDF: "nueva.pdf",
      PDF64: pdfBase64("Nueva versión"),
    });
    expect(cambio.json()).toEqual({ status: "error", message: FACTURA_MSG.emisorDefinitivo69b("EKU9003173C9") });
  });
});

describe("complements from issuers on the list", () => {
  interface Fila {
    DocNum: number;
    DocTotal: string;
    U_SYS_PMSNBD: string;
    IdPago: number | null;
    Detalle: { FolioFactura: string }[];
    Lista69B?: unknown;
  }
  const pagoDemo = async (): Promise<Fila> =>
    (await call(tokens.kemper, "POST", "/api/pagos/getPagos", {}))
      .json()
      .data.find((p: Fila) => p.Detalle.some((d) => d.FolioFactura === "1192"));
  async function upload(p: Fila) {
    const e: ComplementoEsperado = (
      await call(tokens.kemper, "POST", "/api/pagos/getComplementoEsperado", { BD: p.U_SYS_PMSNBD, PagoSAP: p.DocNum })
    ).json().data;
    const { uuid, xml } = complementoDesdeEsperado(e);
    return call(tokens.kemper, "POST", "/api/pagos/postPago", {
      usuario: "ESCUELA KEMPER URGATE",
      id: "P00001",
      operador: "Proveedor",
      PagoSAP: p.DocNum,
      BD: p.U_SYS_PMSNBD,
      PDF: "complemento.pdf",
      PDF64: pdfBase64(`Complemento ${p.DocNum}`),
      XML: "complemento.xml",
      XML64: Buffer.from(xml).toString("base64"),
      FechaPago: "2026-11-10T12:00:00",
      Folio: "S/F",
      Total: p.DocTotal,
      RFCEmisor: "EKU9003173C9",
      RFCReceptor: MCI.rfc,
      NombreEmisor: "ESCUELA KEMPER URGATE",
      NombreReceptor: MCI.nombre,
      UUID: uuid,
      Detalle: p.Detalle,
    });
  }

  it("a Definitivo issuer's complement is refused with the message naming the list", async () => {
    await runImport(conKemper("Definitivo"));
    const p = await pagoDemo();
    const res = await upload(p);
    expect(res.json()).toEqual({ status: "error", message: PAGO_MSG.emisorDefinitivo69b("EKU9003173C9") });
    expect((await pagoDemo()).IdPago).toBeNull();
  });

  it("a Presunto issuer's complement is accepted and flagged in /Pagos-Pendientes", async () => {
    await runImport(conKemper("Presunto"));
    const p = await pagoDemo();
    expect((await upload(p)).json()).toEqual({ status: "success", message: MSG.documentosAgregados });
    const pendientes = (await call(tokens.admin, "POST", "/api/pagosPendientes/getPagos", {})).json().data;
    const fila = pendientes.find((f: Fila) => f.DocNum === p.DocNum && f.U_SYS_PMSNBD === p.U_SYS_PMSNBD);
    expect(fila.Lista69B).toMatchObject({ Semaforo: "ambar", Situacion: "Presunto" });
  });
});

describe("the scheduled download (descargar69b)", () => {
  let server: Server;
  let respuesta: { status: number; body: Uint8Array } = { status: 200, body: new Uint8Array() };
  let base = "";
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(respuesta.status, { "content-type": "text/csv; charset=windows-1252" });
      res.end(Buffer.from(respuesta.body));
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((ok) => server.close(() => ok())));

  it("is disabled without SAT_69B_URL", async () => {
    expect(await t.app.services.lista69b.download69b(t.time.clock())).toMatchObject({ ok: false, desactivada: true });
  });

  it("imports the list from the URL, dated by the scheduler's now; an HTTP error or an unreachable server keeps it", async () => {
    const url = `${base}/Listado_Completo_69-B.csv`;
    const otra = await createTestAppOn(t.tdb, t.time, { SAT_69B_URL: url });
    try {
      respuesta = { status: 200, body: archivoLista69b(conKemper("Presunto")) };
      const ahora = new Date("2026-11-22T07:00:00Z");
      const r = await otra.app.services.lista69b.download69b(ahora);
      expect(r.ok).toBe(true);
      expect("importacion" in r && r.importacion).toMatchObject({ origen: url, at: ahora, rfcs: 10 });
      expect(await luz("P00001")).toMatchObject({ Semaforo: "ambar", ListaAl: "2026-11-22" });

      respuesta = { status: 503, body: new TextEncoder().encode("mantenimiento") };
      const caida = await otra.app.services.lista69b.download69b(ahora);
      expect(caida).toMatchObject({
        ok: false,
        error: `No se pudo descargar la lista 69-B de ${url}: el servidor respondió HTTP 503.`,
      });
      respuesta = { status: 200, body: new TextEncoder().encode("<html>Página en mantenimiento</html>") };
      expect(await otra.app.services.lista69b.download69b(ahora)).toMatchObject({ ok: false });
      expect(await luz("P00001")).toMatchObject({ Semaforo: "ambar" });
    } finally {
      await otra.close();
    }
    const inalcanzable = await createTestAppOn(t.tdb, t.time, { SAT_69B_URL: "http://127.0.0.1:9/lista.csv" });
    try {
      const r = await inalcanzable.app.services.lista69b.download69b(t.time.clock());
      expect(r).toMatchObject({ ok: false });
      expect(!r.ok && r.error).toMatch(/^No se pudo descargar la lista 69-B de http:\/\/127\.0\.0\.1:9\/lista\.csv: /);
      expect(await luz("P00001")).toMatchObject({ Semaforo: "ambar" });
    } finally {
      await inalcanzable.close();
    }
  });
});
