import { randomUUID } from "node:crypto";
import { readPaymentComplement } from "@portal/cfdi";
import { type ComplementoPrueba, complementoPruebaSinSellar, csdPrueba, sealCfdi, stampCfdi } from "@portal/cfdi/sello";
import { type ComplementoEsperado, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { cancelPago } from "@portal/erp-sim";
import { COMPLEMENTOS_DEMO, complementoEsperadoDelPago } from "@portal/seed";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGO_MSG } from "../src/modules/pagos/reglas";
import { cfdiFixture as fixture } from "./cfdi-fixtures";
import { complementoDesdeEsperado, createComplementoFixture, createPagoFixture } from "./documentos-prueba";
import { KEMPER, MCI } from "./factura-prueba";
import { createTestApp, loginTodos, pdfBase64, type TestApp, withToken } from "./helpers";

/**
 * Issue 14, server: the ERP's payments for each user, the supplier's complement (REP) and the employee's proof,
 * every rule with its exact message, scope by session, and the review of complements.
 */
interface Fila {
  Fila: number;
  IdPago: number | null;
  DocNum: number;
  DocEntry: number;
  DocTotal: string;
  DocCur: string;
  CardName: string;
  NomSociedad: string;
  U_SYS_PMSNBD: string;
  U_SYS_PMESPA: string;
  U_SYS_PMCOMC: string;
  U_SYS_PMPDFC: string;
  U_SYS_PMXMLC: string;
  U_SYS_PMUUID: string;
  CANCELED: string;
  RFCEmisor: string;
  Version?: number;
  Detalle: {
    FolioSAP: number;
    FolioFactura: string;
    UUID: string;
    FechaFactura: string;
    Total: string;
    MetodoPago?: string;
  }[];
}

let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
});
afterAll(async () => t?.close());

const call = (token: string, method: "POST" | "PATCH", url: string, body: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: body as object }));
const pagos = async (token: string): Promise<Fila[]> =>
  (await call(token, "POST", "/api/pagos/getPagos", {})).json().data;

/** The demo's PPD payment: 5,000.00 MXN on 2026-11-10 of Kemper's invoice 1192 (11,020.00) in SBO_MCI. */
const pagoDemo = async () =>
  (await pagos(tokens.kemper)).find((p) => p.Detalle.some((d) => d.FolioFactura === "1192"))!;

/** The body a supplier's browser builds for a complement: fields it read from the XML, PDF and XML. */
function cuerpoProveedor(p: Fila, xml: string, extra: Record<string, unknown> = {}) {
  return {
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
    RFCReceptor: "MCI7306249Y1",
    NombreEmisor: "ESCUELA KEMPER URGATE",
    NombreReceptor: "MUNICIPIO DE CUAUTITLAN IZCALLI",
    UUID: "00000000-0000-4000-8000-000000000000",
    Detalle: p.Detalle,
    ...extra,
  };
}
const cuerpoEmpleado = (p: Fila, extra: Record<string, unknown> = {}) => ({
  usuario: "Administrador",
  id: "admin",
  operador: "Empleado",
  PagoSAP: p.DocNum,
  BD: p.U_SYS_PMSNBD,
  Complemento: "comprobante.pdf",
  Complemento64: pdfBase64(`Comprobante ${p.DocNum}`),
  PDF: "No",
  XML: "No",
  UUID: "No",
  FechaPago: "No",
  ...extra,
});
const postPago = (token: string, body: object) => call(token, "POST", "/api/pagos/postPago", body);

describe("getPagos", () => {
  it("a supplier sees only its own payments, with the invoices each settles; employees see all", async () => {
    const kemper = await pagos(tokens.kemper);
    const berenice = await pagos(tokens.berenice);
    const todos = await pagos(tokens.admin);
    expect(kemper.length).toBeGreaterThan(0);
    expect(berenice.length).toBeGreaterThan(0);
    expect(kemper.every((p) => p.CardName === "ESCUELA KEMPER URGATE" && p.RFCEmisor === "EKU9003173C9")).toBe(true);
    expect(berenice.every((p) => p.CardName === "BERENICE XIMO QUEZADA")).toBe(true);
    expect(todos.length).toBeGreaterThanOrEqual(kemper.length + berenice.length);
    expect(kemper.map((p) => p.Fila)).toEqual(kemper.map((_, i) => i + 1));
    // The body's usuario/operador change nothing.
    const forjado = (
      await call(tokens.kemper, "POST", "/api/pagos/getPagos", { usuario: "P00002", operador: "Empleado" })
    ).json();
    expect(forjado.data.map((p: Fila) => p.DocEntry)).toEqual(kemper.map((p) => p.DocEntry));
    const demo = await pagoDemo();
    expect(demo).toMatchObject({ DocTotal: "5000.00", DocCur: "MXN", IdPago: null, U_SYS_PMESPA: "", CANCELED: "N" });
    expect(demo.Detalle).toEqual([
      expect.objectContaining({ FolioFactura: "1192", UUID: "9D3C5E72-8A4B-4C01-A2E3-4B5C6D7E8F93", Total: "5000.00" }),
    ]);
    expect((await t.app.inject({ method: "POST", url: "/api/pagos/getPagos", payload: {} })).statusCode).toBe(401);
  });
});

describe("postPago del empleado: el comprobante", () => {
  it("is stored, shown in the Comprobante column, audited; a supplier cannot download another's", async () => {
    const p = (await pagos(tokens.admin)).find((x) => x.CardName === "BERENICE XIMO QUEZADA" && x.CANCELED === "N")!;
    const falta = await postPago(tokens.admin, cuerpoEmpleado(p, { Complemento64: "" }));
    expect(falta.statusCode).toBe(400);
    expect(falta.json().message).toContain(MSG.pagoComplementoRequerido);
    const noPdf = await postPago(
      tokens.admin,
      cuerpoEmpleado(p, { Complemento64: Buffer.from("hola").toString("base64") }),
    );
    expect(noPdf.statusCode).toBe(400);
    const res = await postPago(tokens.admin, cuerpoEmpleado(p));
    expect(res.json()).toEqual({ status: "success", message: MSG.documentosAgregados });
    const fila = (await pagos(tokens.admin)).find(
      (x) => x.DocEntry === p.DocEntry && x.U_SYS_PMSNBD === p.U_SYS_PMSNBD,
    )!;
    expect(fila.U_SYS_PMCOMC).toMatch(/^\/api\/archivos\/[0-9a-f-]{36}$/);
    expect(fila.IdPago).not.toBeNull();
    // Berenice downloads her payment's proof; Kemper cannot.
    const download = (token: string) => t.app.inject(withToken(token, { method: "GET", url: fila.U_SYS_PMCOMC }));
    expect((await download(tokens.berenice)).statusCode).toBe(200);
    expect((await download(tokens.kemper)).statusCode).toBe(404);
    const auditoria = await t.tdb.db.select().from(schema.auditoria).where(eq(schema.auditoria.entidad, "pago"));
    expect(auditoria.some((a) => a.campo === "comprobante" && a.valorNuevo === "comprobante.pdf")).toBe(true);
  });

  it("the operador must be the session's: a supplier cannot send the employee's form, nor the reverse", async () => {
    const p = await pagoDemo();
    expect((await postPago(tokens.kemper, cuerpoEmpleado(p))).statusCode).toBe(403);
    expect(
      (await postPago(tokens.admin, cuerpoProveedor(p, fixture("satcfdi__cfdv40-pagos20-min.xml")))).statusCode,
    ).toBe(403);
  });
});

describe("postPago del proveedor: alcance y reglas", () => {
  it("another supplier's payment is as good as missing, whatever the body says", async () => {
    const ajeno = (await pagos(tokens.berenice))[0]!;
    const res = await postPago(tokens.kemper, cuerpoProveedor(ajeno, fixture("satcfdi__cfdv40-pagos20-min.xml")));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAGO_MSG.pagoNoExiste(ajeno.DocNum));
  });

  it("PDF and XML are required, with the spec's messages", async () => {
    const p = await pagoDemo();
    const sinPdf = await postPago(tokens.kemper, cuerpoProveedor(p, "<x/>", { PDF64: "" }));
    expect(sinPdf.statusCode).toBe(400);
    expect(sinPdf.json().message).toContain(MSG.pdfRequerido);
    const sinXml = await postPago(tokens.kemper, cuerpoProveedor(p, "", { XML64: "" }));
    expect(sinXml.statusCode).toBe(400);
    expect(sinXml.json().message).toContain(MSG.pagoXmlRequerido);
  });

  it.each([
    ["satcfdi__pago_hande951128469_ingreso_iva16.xml"],
    ["cfdiutils__created-cfdi40-pago20-valid.xml"],
    ["satcfdi__cfdv40-pagos20-min.xml"],
    ["satcfdi__cfdv33-pagos10.xml"],
    ["cfdiutils__cfdi40-real.xml"],
  ])("a real published complement that is not this payment's (%s) is refused with its reasons", async (file) => {
    const p = await pagoDemo();
    const res = await postPago(tokens.kemper, cuerpoProveedor(p, fixture(file)));
    expect(res.statusCode).toBe(400);
    const mensaje: string = res.json().message;
    expect(mensaje.length).toBeGreaterThan(20);
    expect(mensaje).not.toContain("undefined");
    expect((await pagoDemo()).IdPago).toBeNull();
  });

  it("the §5 messages for a real Pagos 2.0 complement of other parties", async () => {
    const p = await pagoDemo();
    const xml = fixture("satcfdi__pago_hande951128469_ingreso_iva16.xml");
    const res = await postPago(tokens.kemper, cuerpoProveedor(p, xml));
    const mensaje: string = res.json().message;
    expect(mensaje).toContain(MSG.nombreProveedorPago);
    expect(mensaje).toContain(MSG.nombreSociedadPago);
    expect(mensaje).toContain(MSG.totalPago);
    expect(mensaje).toMatch(
      /El UUID del documento relacionado del XML: [0-9A-F-]{36} No existe en las facturas registradas/,
    );
  });
});

const esperado = async (p: Fila, token = tokens.kemper) =>
  (await call(token, "POST", "/api/pagos/getComplementoEsperado", { BD: p.U_SYS_PMSNBD, PagoSAP: p.DocNum })).json();

/** The complement a supplier issues for `e` (what getComplementoEsperado says), sealed and stamped for real. */
const complemento = (e: ComplementoEsperado, cambios: Partial<ComplementoPrueba> = {}, uuid?: string) =>
  complementoDesdeEsperado(e, { cambios, uuid });
/** A complement edited before it is sealed and stamped (what the emitter refuses to write, e.g. a negative balance). */
function complementoEditado(e: ComplementoEsperado, editar: (xml: string) => string) {
  const uuid = randomUUID().toUpperCase();
  const base = complemento(e, {}, uuid);
  const datos = {
    emisor: KEMPER,
    receptor: { rfc: MCI.rfc, nombre: MCI.nombre, cp: MCI.cp, regimen: MCI.regimen },
    lugarExpedicion: "86000",
    fecha: "2026-11-12T10:00:00",
    pagos: [{ ...e, Documentos: e.Documentos }],
    uuid,
    fechaTimbrado: "2026-11-12T10:01:00",
  };
  const sellado = sealCfdi(editar(complementoPruebaSinSellar(datos)), csdPrueba(KEMPER.rfc));
  return { ...base, xml: stampCfdi(sellado, { uuid, fechaTimbrado: datos.fechaTimbrado }) };
}

/** The body the browser builds from a complement it read. */
const cuerpo = (p: Fila, c: { uuid: string; xml: string }, extra: Record<string, unknown> = {}) =>
  cuerpoProveedor(p, c.xml, { UUID: c.uuid, FechaPago: "2026-11-10T12:00:00", ...extra });
const pendientes = async (token = tokens.admin): Promise<(Fila & { U_SYS_PMMERR: string })[]> =>
  (await call(token, "POST", "/api/pagosPendientes/getPagos", {})).json().data;
const reviewBatch = (filas: object[], token = tokens.admin) =>
  call(token, "PATCH", "/api/pagosPendientes/patchPagos", filas);
const filaRevision = (p: Fila, Estatus: string, Comentarios = "", extra: object = {}) => ({
  Pago: p.IdPago,
  PagoSAP: p.DocNum,
  BD: p.U_SYS_PMSNBD,
  Estatus,
  Comentarios,
  Version: p.Version,
  Correo: "alguien@otro-dominio.com",
  ...extra,
});

describe("el complemento esperado", () => {
  it("is computed from the ERP: the PPD invoice's parcialidad, balances and the legal deadline", async () => {
    const p = await pagoDemo();
    const res = await esperado(p);
    expect(res.status).toBe("success");
    expect(res.data).toEqual({
      FechaPago: "2026-11-10T12:00:00",
      FormaDePagoP: "03",
      MonedaP: "MXN",
      TipoCambioP: "1",
      Monto: "5000.00",
      FechaLimite: "2026-12-05",
      Documentos: [
        {
          IdDocumento: "9D3C5E72-8A4B-4C01-A2E3-4B5C6D7E8F93",
          Serie: "",
          Folio: "1192",
          MonedaDR: "MXN",
          EquivalenciaDR: "1",
          NumParcialidad: 1,
          ImpSaldoAnt: "11020.00",
          ImpPagado: "5000.00",
          ImpSaldoInsoluto: "6020.00",
          // Issue 23: the payment's share of the invoice's IVA 16 % (base 9500 of 11020: 5000 × 9500 ÷ 11020).
          ObjetoImpDR: "02",
          TrasladosDR: [
            {
              BaseDR: "4310.34",
              ImpuestoDR: "002",
              TipoFactorDR: "Tasa",
              TasaOCuotaDR: "0.160000",
              ImporteDR: "689.65",
            },
          ],
        },
      ],
      TrasladosP: [
        {
          BaseP: "4310.340000",
          ImpuestoP: "002",
          TipoFactorP: "Tasa",
          TasaOCuotaP: "0.160000",
          ImporteP: "689.650000",
        },
      ],
      Totales: {
        TotalTrasladosBaseIVA16: "4310.34",
        TotalTrasladosImpuestoIVA16: "689.65",
        MontoTotalPagos: "5000.00",
      },
    });
    // Another supplier's payment is as good as missing.
    const ajena = await esperado(p, tokens.berenice);
    expect(ajena).toEqual({ status: "error", message: PAGO_MSG.pagoNoExiste(p.DocNum) });
    // Employees see it too.
    expect((await esperado(p, tokens.admin)).data).toEqual(res.data);
  });

  it("the demo's complements (seed) say what the API computes for their payments, each shown in its state", async () => {
    const filas = await pagos(tokens.kemper);
    const registros = await t.tdb.db
      .select()
      .from(schema.complementosPago)
      .where(
        inArray(
          schema.complementosPago.uuid,
          COMPLEMENTOS_DEMO.map((c) => c.uuid),
        ),
      );
    expect(registros.map((r) => r.estatus).sort()).toEqual(["A", "P", "R", "V"]);
    for (const r of registros) {
      const fila = filas.find((p) => p.U_SYS_PMSNBD === r.bd && p.DocEntry === r.pagoDocEntry)!;
      expect(fila).toMatchObject({ IdPago: r.id, U_SYS_PMESPA: r.estatus, U_SYS_PMUUID: r.uuid, CANCELED: "N" });
      const e: ComplementoEsperado | null = (await esperado(fila)).data;
      // Accepted: nothing owed any more. Otherwise the REP in the portal is the one the API asks for.
      if (r.estatus === "A") {
        expect(e).toBeNull();
        continue;
      }
      const [xml] = await t.tdb.db.select().from(schema.archivos).where(eq(schema.archivos.id, r.xmlArchivoId!));
      const leido = readPaymentComplement(xml!.contenido);
      expect(leido.ok).toBe(true);
      expect(e, `pago ${r.pagoDocNum}`).not.toBeNull();
      if (!leido.ok || !e) throw new Error(`pago ${r.pagoDocNum}: sin XML legible o sin complemento esperado`);
      expect(leido.data.Pagos).toEqual([
        {
          FechaPago: e.FechaPago,
          FormaDePagoP: e.FormaDePagoP,
          MonedaP: e.MonedaP,
          TipoCambioP: e.TipoCambioP,
          Monto: e.Monto,
        },
      ]);
      expect(leido.data.Detalle).toEqual(
        e.Documentos.map((d) => ({
          UUID: d.IdDocumento,
          Folio: d.Folio,
          MonedaDR: d.MonedaDR,
          EquivalenciaDR: d.EquivalenciaDR,
          NumParcialidad: String(d.NumParcialidad),
          ImpSaldoAnt: d.ImpSaldoAnt,
          ImpPagado: d.ImpPagado,
          ImpSaldoInsoluto: d.ImpSaldoInsoluto,
        })),
      );
    }
    // The seed computes it like the API, for the payments still owing one too (1196's second parcialidad).
    const demo = filas.filter((f) => f.U_SYS_PMSNBD === "SBO_MCI" && f.DocNum >= 2064 && f.DocNum <= 2069);
    expect(demo.map((p) => p.DocNum).sort()).toEqual([2064, 2065, 2066, 2067, 2068, 2069]);
    for (const p of demo) {
      const api = (await esperado(p)).data;
      const registro = registros.find((r) => r.pagoDocEntry === p.DocEntry);
      expect(api, String(p.DocNum)).toEqual(
        registro?.estatus === "A" ? null : await complementoEsperadoDelPago(t.tdb.db, "SBO_MCI", p.DocEntry),
      );
    }
    const segunda = filas.find((f) => f.Detalle.some((d) => d.FolioFactura === "1196") && f.IdPago === null)!;
    expect((await esperado(segunda)).data.Documentos).toEqual([
      expect.objectContaining({
        NumParcialidad: 2,
        ImpSaldoAnt: "5976.00",
        ImpPagado: "5976.00",
        ImpSaldoInsoluto: "0.00",
      }),
    ]);
  });

  it("a payment with a PPD invoice and no complement is marked once its deadline has passed", async () => {
    const p = await pagoDemo();
    expect((await pagos(tokens.kemper)).find((x) => x.DocEntry === p.DocEntry)).toMatchObject({
      ComplementoVencido: false,
    });
    t.time.advance(16 * 86_400_000); // 2026-12-07
    Object.assign(tokens, await loginTodos(t.app));
    expect((await pagos(tokens.kemper)).find((x) => x.DocEntry === p.DocEntry)).toMatchObject({
      ComplementoVencido: true,
    });
  });
});

describe("el proveedor carga su complemento y un empleado lo revisa", () => {
  it("each of the portal's own refusals, with its message, and nothing saved", async () => {
    const p = await pagoDemo();
    const e: ComplementoEsperado = (await esperado(p)).data;
    const doc = e.Documentos[0]!;
    const casos: [string, { uuid: string; xml: string }, string[], Record<string, unknown>?][] = [
      [
        "ImpPagado",
        complemento({
          ...e,
          Monto: "4000.00",
          Documentos: [{ ...doc, ImpPagado: "4000.00", ImpSaldoInsoluto: "7020.00" }],
        }),
        [MSG.totalPago, PAGO_MSG.impPagado(doc.IdDocumento, "4000.00", "5000.00", "MXN")],
      ],
      [
        "ImpSaldoInsoluto",
        complemento({ ...e, Documentos: [{ ...doc, ImpSaldoInsoluto: "6000.00" }] }),
        [PAGO_MSG.saldoInsoluto(doc.IdDocumento)],
      ],
      // Issue 39: a chain that holds (10,020.00 − 5,000.00 = 5,020.00) but does not start from the invoice's
      // balance just before the payment (11,020.00) is refused: the check and the expected complement agree.
      [
        "ImpSaldoAnt",
        complemento({ ...e, Documentos: [{ ...doc, ImpSaldoAnt: "10020.00", ImpSaldoInsoluto: "5020.00" }] }),
        [PAGO_MSG.saldoAnterior(doc.IdDocumento, "10020.00", "11020.00", "MXN")],
      ],
      [
        "receptor",
        complemento(e, {
          receptor: { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601" },
        }),
        [MSG.nombreSociedadPago, PAGO_MSG.rfcReceptor("KIJ0906199R1", "MCI7306249Y1")],
        { RFCReceptor: "KIJ0906199R1", NombreReceptor: "KIJ, S.A DE C.V." },
      ],
      [
        "emisor",
        complemento(e, { emisor: { ...KEMPER, nombre: "OTRA ESCUELA" } }),
        [MSG.nombreProveedorPago],
        { NombreEmisor: "OTRA ESCUELA" },
      ],
      [
        "moneda del pago",
        complemento({
          ...e,
          MonedaP: "USD",
          TipoCambioP: "20",
          Monto: "250.00",
          Documentos: [{ ...doc, EquivalenciaDR: "20" }],
        }),
        [PAGO_MSG.monedaP("USD", "MXN"), PAGO_MSG.tipoCambioP("20", "1"), MSG.totalPago],
        { Total: "250.00" },
      ],
      // A negative balance is not even a Pagos 2.0 document (the XSD's t_Importe): the structure message.
      [
        "saldo negativo",
        complementoEditado(
          { ...e, Documentos: [{ ...doc, ImpSaldoAnt: "4000.00", ImpSaldoInsoluto: "1000.00" }] },
          (xml) => xml.replace('ImpSaldoInsoluto="1000.00"', 'ImpSaldoInsoluto="-1000.00"'),
        ),
        [MSG.xmlSinTimbre],
      ],
      [
        "documento ajeno",
        complemento({ ...e, Documentos: [{ ...doc, IdDocumento: "11111111-2222-4333-8444-555555555555" }] }),
        [MSG.uuidRelacionadoInexistente("11111111-2222-4333-8444-555555555555")],
        { Detalle: [{ ...p.Detalle[0], UUID: "11111111-2222-4333-8444-555555555555" }] },
      ],
    ];
    for (const [nombre, c, mensajes, extra] of casos) {
      const res = await postPago(tokens.kemper, cuerpo(p, c, extra));
      expect(res.statusCode, nombre).toBe(400);
      for (const m of mensajes) expect(res.json().message, nombre).toContain(m);
    }
    // A field the browser sends that is not the XML's.
    const bueno = complemento(e);
    const distinto = await postPago(tokens.kemper, cuerpo(p, bueno, { Total: "5001.00" }));
    expect(distinto.json().message).toContain(PAGO_MSG.noCoincide("Total", "5001.00", "5000.00"));
    expect((await pagoDemo()).IdPago).toBeNull();
  });

  it("registers, is reviewed (R needs a reason, then A), is replaced while not accepted, and locks once accepted", async () => {
    const filaDe = async (pago: { docEntry: number; bd: string }) =>
      (await pagos(tokens.kemper)).find((x) => x.DocEntry === pago.docEntry && x.U_SYS_PMSNBD === pago.bd)!;
    const p = await filaDe(await createPagoFixture(t.tdb.db));
    const e: ComplementoEsperado = (await esperado(p)).data;
    const primero = complemento(e);
    const res = await postPago(tokens.kemper, cuerpo(p, primero));
    expect(res.json()).toEqual({ status: "success", message: MSG.documentosAgregados });
    let fila = (await pagos(tokens.kemper)).find((x) => x.DocEntry === p.DocEntry)!;
    expect(fila).toMatchObject({ U_SYS_PMUUID: primero.uuid, U_SYS_PMESPA: "P", ComplementoVencido: true });
    expect(fila.U_SYS_PMPDFC).toMatch(/^\/api\/archivos\//);
    expect(fila.U_SYS_PMXMLC).toMatch(/^\/api\/archivos\//);
    const download = (token: string) => t.app.inject(withToken(token, { method: "GET", url: fila.U_SYS_PMXMLC }));
    expect((await download(tokens.kemper)).body).toBe(primero.xml);
    expect((await download(tokens.berenice)).statusCode).toBe(404);
    expect((await download(tokens.admin)).statusCode).toBe(200);
    // The same UUID on another payment is refused.
    const otro = await filaDe(await createPagoFixture(t.tdb.db));
    const repetido = await postPago(tokens.kemper, cuerpo(otro, primero));
    expect(repetido.json().message).toContain(PAGO_MSG.uuidRegistrado(primero.uuid));

    // Review: only employees with ViDocPen Y.
    for (const token of [tokens.consulta, tokens.kemper, tokens.berenice]) {
      expect((await call(token, "POST", "/api/pagosPendientes/getPagos", {})).statusCode).toBe(403);
      expect((await reviewBatch([filaRevision(fila, "A")], token)).statusCode).toBe(403);
    }
    let pendiente = (await pendientes()).find((x) => x.DocEntry === p.DocEntry)!;
    expect(pendiente).toMatchObject({ U_SYS_PMESPA: "P", U_SYS_PMMERR: "" });
    // A rejection needs its reason; a stale version refuses the whole call.
    const sinMotivo = await reviewBatch([filaRevision(pendiente, "R")]);
    expect(sinMotivo.json()).toEqual({
      status: "error",
      message: [MSG.revisionError, MSG.rechazoSinComentarioPago(p.DocNum)].join("\n"),
    });
    const viejo = await reviewBatch([filaRevision(pendiente, "V", "", { Version: (pendiente.Version ?? 0) - 1 })]);
    expect(viejo.json().message).toContain(PAGO_MSG.revisionDesactualizada(p.DocNum));
    expect(await reviewBatch([filaRevision(pendiente, "R", "Falta el número de operación")])).toMatchObject({
      statusCode: 200,
    });
    pendiente = (await pendientes()).find((x) => x.DocEntry === p.DocEntry)!;
    expect(pendiente).toMatchObject({ U_SYS_PMESPA: "R", U_SYS_PMMERR: "Falta el número de operación" });
    const correos = await t.tdb.db.select().from(schema.correoOutbox);
    const rechazo = correos.find((c) => c.asunto.includes(`pago ${p.DocNum}`) && c.asunto.includes("rechazado"));
    expect(rechazo?.para).toBe("facturacion@kemper.edu.mx, cobranza@kemper.edu.mx");
    expect(rechazo?.texto).toContain("Falta el número de operación");
    // Issue 23: the supplier reads the reviewer's comment in the portal too.
    expect((await pagos(tokens.kemper)).find((x) => x.DocEntry === p.DocEntry)).toMatchObject({
      U_SYS_PMESPA: "R",
      Comentarios: "Falta el número de operación",
    });

    // The supplier replaces the rejected complement: Pendiente again, with the new UUID.
    const segundo = complemento(e, { folio: "REP-2" });
    expect((await postPago(tokens.kemper, cuerpo(p, segundo, { Folio: "REP-2" }))).statusCode).toBe(200);
    pendiente = (await pendientes()).find((x) => x.DocEntry === p.DocEntry)!;
    expect(pendiente).toMatchObject({ U_SYS_PMESPA: "P", U_SYS_PMUUID: segundo.uuid });
    // Validación, then Aceptada.
    expect((await reviewBatch([filaRevision(pendiente, "V", "En validación con tesorería")])).statusCode).toBe(200);
    pendiente = (await pendientes()).find((x) => x.DocEntry === p.DocEntry)!;
    expect(pendiente.U_SYS_PMESPA).toBe("V");
    expect((await pagos(tokens.kemper)).find((x) => x.DocEntry === p.DocEntry)).toMatchObject({
      Comentarios: "En validación con tesorería",
    });
    expect((await reviewBatch([filaRevision(pendiente, "A", "Conforme")])).statusCode).toBe(200);
    fila = (await pagos(tokens.kemper)).find((x) => x.DocEntry === p.DocEntry)!;
    expect(fila).toMatchObject({ U_SYS_PMESPA: "A", ComplementoVencido: false });
    // Locked: no new documents, no new decision, no complement owed any more.
    const tarde = await postPago(tokens.kemper, cuerpo(p, complemento(e)));
    expect(tarde.json().message).toContain(PAGO_MSG.complementoAceptado(p.DocNum));
    const empleado = await postPago(tokens.admin, cuerpoEmpleado(p));
    expect(empleado.json().message).toContain(PAGO_MSG.complementoAceptado(p.DocNum));
    pendiente = (await pendientes()).find((x) => x.DocEntry === p.DocEntry)!;
    const bloqueada = await reviewBatch([filaRevision(pendiente, "R", "Otra vez")]);
    expect(bloqueada.json().message).toContain(PAGO_MSG.revisionBloqueada(p.DocNum));
    expect((await esperado(p)).data).toBeNull();
    const auditoria = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "pago"), eq(schema.auditoria.entidadId, String(fila.IdPago))));
    expect(auditoria.map((a) => `${a.campo}:${a.valorNuevo.slice(0, 1)}`)).toEqual([
      "registro:P",
      "estatus:R",
      "correccion:P",
      "estatus:V",
      "estatus:A",
    ]);
    // Issue 23: its Historial for the owner and employees; another supplier gets 404.
    const historial = (token: string) =>
      call(token, "POST", "/api/pagos/getHistorial", { IdPago: fila.IdPago as number });
    const movimientos = (await historial(tokens.kemper)).json().data;
    expect(movimientos.map((m: { Campo: string; A: string }) => `${m.Campo}:${m.A.slice(0, 1)}`)).toEqual([
      "registro:P",
      "estatus:R",
      "correccion:P",
      "estatus:V",
      "estatus:A",
    ]);
    expect(movimientos[1]).toMatchObject({ Operador: "Empleado", Comentario: "Falta el número de operación" });
    expect(movimientos[0]).toMatchObject({ Operador: "Proveedor", Quien: "ESCUELA KEMPER URGATE" });
    expect((await historial(tokens.admin)).statusCode).toBe(200);
    expect((await historial(tokens.berenice)).statusCode).toBe(404);
  });

  it("a payment cancelled in the ERP takes no documents and leaves the review list", async () => {
    // A complement awaiting a decision: in the review list, and counted by the tile.
    const mosaico = async () =>
      (await call(tokens.admin, "POST", "/api/home/RowDocuments", { dato: "Pagos pendientes" })).json().data.Registro;
    const porDecidir = (filas: Fila[]) => filas.filter((x) => x.U_SYS_PMESPA === "P" || x.U_SYS_PMESPA === "V");
    const complemento = await createComplementoFixture(t.tdb.db);
    const antes = await pendientes();
    const enLista = porDecidir(antes).find((x) => x.IdPago === complemento.id);
    expect(enLista?.IdPago).toEqual(expect.any(Number));
    const p = enLista as Fila;
    expect(await mosaico()).toBe(porDecidir(antes).length);
    // Issue 23: the complements to decide come first, then the decided ones.
    expect(antes.slice(0, porDecidir(antes).length)).toEqual(porDecidir(antes));
    // The ERP cancels its payment: it leaves the list, and the tile agrees.
    await cancelPago(t.tdb.db, p.U_SYS_PMSNBD, p.DocNum);
    const despues = await pendientes();
    expect(despues.some((x) => x.IdPago === p.IdPago)).toBe(false);
    expect(despues.every((x) => x.CANCELED === "N")).toBe(true);
    expect(await mosaico()).toBe(porDecidir(antes).length - 1);
    expect(await mosaico()).toBe(porDecidir(despues).length);
    // A decision on it, from the list loaded before, is refused and changes nothing.
    const decision = await reviewBatch([filaRevision(p, "A", "Conforme")]);
    expect(decision.json()).toEqual({
      status: "error",
      message: [MSG.revisionError, PAGO_MSG.revisionPagoCancelado(p.DocNum)].join("\n"),
    });
    const [registro] = await t.tdb.db
      .select()
      .from(schema.complementosPago)
      .where(eq(schema.complementosPago.id, p.IdPago!));
    expect(registro?.estatus).toBe(p.U_SYS_PMESPA);
    expect((await postPago(tokens.admin, cuerpoEmpleado(p))).json().message).toContain(
      PAGO_MSG.pagoCancelado(p.DocNum),
    );

    // A payment without documents, cancelled: refused too, shown Cancelado, no complement owed.
    const pago = await createPagoFixture(t.tdb.db);
    const sin = (await pagos(tokens.kemper)).find(
      (x) => x.DocEntry === pago.docEntry && x.U_SYS_PMSNBD === pago.bd && x.CANCELED === "N" && x.IdPago === null,
    )!;
    await cancelPago(t.tdb.db, sin.U_SYS_PMSNBD, sin.DocNum);
    const res = await postPago(tokens.admin, cuerpoEmpleado(sin));
    expect(res.json().message).toContain(PAGO_MSG.pagoCancelado(sin.DocNum));
    expect(
      (await pagos(tokens.kemper)).find((x) => x.DocEntry === sin.DocEntry && x.U_SYS_PMSNBD === sin.U_SYS_PMSNBD)
        ?.CANCELED,
    ).toBe("Y");
    expect((await esperado(sin)).data).toBeNull();
  });
});

describe("pagos que no requieren complemento (issue 23)", () => {
  const mosaico = async () =>
    (await call(tokens.admin, "POST", "/api/home/RowDocuments", { dato: "Pagos pendientes" })).json().data.Registro;
  const soloPue = (filas: Fila[]) =>
    filas.find((p) => p.CANCELED === "N" && p.Detalle.length > 0 && p.Detalle.every((d) => d.MetodoPago === "PUE"));

  it("each invoice of a row carries its method; a PUE-only payment refuses a complement with a Spanish message", async () => {
    const filas = await pagos(tokens.kemper);
    expect((await pagoDemo()).Detalle).toEqual([expect.objectContaining({ FolioFactura: "1192", MetodoPago: "PPD" })]);
    expect(filas.every((p) => p.Detalle.every((d) => d.MetodoPago === "PUE" || d.MetodoPago === "PPD"))).toBe(true);
    const pue = soloPue(filas);
    expect(pue).toBeDefined();
    const p = pue as Fila;
    const res = await postPago(tokens.kemper, cuerpoProveedor(p, "<cfdi:Comprobante/>"));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAGO_MSG.noRequiereComplemento(p.DocNum));
    expect((await pagos(tokens.kemper)).find((x) => x.DocEntry === p.DocEntry)).toMatchObject({
      IdPago: null,
      ComplementoVencido: false,
    });
  });

  it("a complement stored for a PUE-only payment is left out of the review list and its tile", async () => {
    const antes = await mosaico();
    const c = await createComplementoFixture(t.tdb.db, { metodoPago: "PUE" });
    const p = soloPue(
      (await pagos(tokens.kemper)).filter((x) => x.DocEntry === c.pagoDocEntry && x.U_SYS_PMSNBD === c.bd),
    ) as Fila;
    expect((await pendientes()).some((x) => x.DocEntry === p.DocEntry && x.U_SYS_PMSNBD === p.U_SYS_PMSNBD)).toBe(
      false,
    );
    expect(await mosaico()).toBe(antes);
  });
});
