import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGO_MSG } from "../src/modules/pagos/reglas";
import { createTestApp, login, pdfBase64, type TestApp, withToken } from "./helpers";

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
  Detalle: { FolioSAP: number; FolioFactura: string; UUID: string; FechaFactura: string; Total: string }[];
}

let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.consulta = await login(t.app, "consulta", "Empleado");
  tokens.kemper = await login(t.app, "EKU9003173C9", "Proveedor");
  tokens.berenice = await login(t.app, "XIQB891116QE4", "Proveedor");
});
afterAll(async () => t?.close());

const call = (token: string, method: "POST" | "PATCH", url: string, body: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: body as object }));
const pagos = async (token: string): Promise<Fila[]> =>
  (await call(token, "POST", "/api/pagos/getPagos", {})).json().data;
const fixture = (file: string) =>
  readFileSync(join(__dirname, "..", "..", "..", "..", "shared", "fixtures", "cfdi", file), "utf8");

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
    const bajar = (token: string) => t.app.inject(withToken(token, { method: "GET", url: fila.U_SYS_PMCOMC }));
    expect((await bajar(tokens.berenice)).statusCode).toBe(200);
    expect((await bajar(tokens.kemper)).statusCode).toBe(404);
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
