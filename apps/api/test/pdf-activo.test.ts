import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CFDI_MSG } from "@portal/cfdi";
import { PDF_LIMITS } from "@portal/cfdi/pdf";
import { PROGRAMA_WINDOWS, paginaSimple, pdf, pdfConAdjunto, pdfsHostiles } from "@portal/cfdi/pdf-muestras";
import { issueTestFactura } from "@portal/cfdi/sello";
import { type ComplementoEsperado, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { createSimplePdf } from "@portal/seed";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complementoDesdeEsperado } from "./documentos-prueba";
import { facturaPrueba, KEMPER, MCI, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 22: every PDF upload path of the API runs the same check. Each hostile file of the issue (JavaScript in
 * an object stream under each encoding, a dictionary longer than the old byte window, an object after 17 MB of
 * padding, XFA <script>, an HTML page with a PDF's first and last bytes) is refused with its message on each
 * path, nothing is saved, and a clean PDF, the project's demo PDF and PDFs written by qpdf are accepted.
 */
let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
const call = (token: string, method: "POST" | "PATCH", url: string, body: object) =>
  t.app.inject(withToken(token, { method, url, payload: body }));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

const HOSTILES = pdfsHostiles();
/** What the server answers for each hostile file. */
const esperado = (label: string) =>
  label.includes("17 MB")
    ? CFDI_MSG.pdfDemasiadoComplejo(CFDI_MSG.pdfLimiteFlujo(PDF_LIMITS.streamBytes))
    : label.includes("HTML")
      ? CFDI_MSG.pdfSinEstructura
      : CFDI_MSG.pdfConContenidoActivo;

const QPDF_DIR = join(__dirname, "..", "..", "..", "packages", "cfdi", "test", "fixtures", "pdf");
const REALES: [string, Uint8Array][] = [
  ["createSimplePdf (demo)", createSimplePdf("Constancia de situación fiscal", ["RFC EKU9003173C9"])],
  ...readdirSync(QPDF_DIR)
    .filter((f) => f.endsWith(".pdf") && !f.startsWith("qpdf-js-") && f !== "qpdf-con-clave.pdf")
    .map((f): [string, Uint8Array] => [f, new Uint8Array(readFileSync(join(QPDF_DIR, f)))]),
];

interface Ruta {
  nombre: string;
  /** Sends `bytes` as this path's PDF; a different `variante` keeps each accepted upload's other data unique. */
  send(bytes: Uint8Array, variante: number): Promise<LightMyRequestResponse>;
}

const sociedad = (bd: string, bytes: Uint8Array) => ({
  RazonSocial: `SOCIEDAD ${bd}, S.A. DE C.V.`,
  RFC: "DPA100512MX3",
  RegimenFiscal: "601",
  CodigoPostal: "80000",
  Estatus: "A",
  UsuarioSAP: "manager",
  ContraseñaSAP: "Sap#12345",
  BDSAP: bd,
  CartaSituacionFiscal: b64(bytes),
  CartaSituacionFiscalNombre: "constancia.pdf",
});

let entradaNueva = 0;
let facturaExistente = { IdFactura: 0, campos: {} as Record<string, unknown> };
let sociedadExistente = 0;
let pagoProveedor: { fila: Record<string, unknown>; esperado: ComplementoEsperado } | null = null;
let pagoEmpleado: Record<string, unknown> = {};

const rutas: Ruta[] = [
  {
    nombre: "updateProveedor (documentos del perfil)",
    send: (bytes) =>
      call(tokens.kemper, "POST", "/api/proveedores/updateProveedor", {
        CardCode: "P00001",
        CedulaFiscal: { Archivo: "cedula.pdf", Archivo64: b64(bytes) },
      }),
  },
  {
    nombre: "createSociedad (constancia)",
    send: (bytes, v) => call(tokens.admin, "POST", "/api/sociedades/createSociedad", sociedad(`SBO_PDF${v}`, bytes)),
  },
  {
    nombre: "updateSociedad (constancia)",
    send: (bytes) =>
      call(tokens.admin, "POST", "/api/sociedades/updateSociedad", {
        ...sociedad("SBO_PDFBASE", bytes),
        Numero: sociedadExistente,
      }),
  },
  {
    nombre: "postFactura (PDF de la factura)",
    send: (bytes) =>
      call(tokens.kemper, "POST", "/api/facturas/postFactura", {
        ...payloadFactura(issueTestFactura(facturaPrueba()), entradaNueva),
        PDF64: b64(bytes),
      }),
  },
  {
    nombre: "patchfactura (PDF de la factura)",
    send: (bytes) =>
      call(tokens.kemper, "PATCH", "/api/facturas/patchfactura", {
        ...facturaExistente.campos,
        IdFactura: facturaExistente.IdFactura,
        BD: "SBO_MCI",
        PDF: "nueva.pdf",
        PDF64: b64(bytes),
      }),
  },
  {
    nombre: "postPago del proveedor (PDF del complemento)",
    send: (bytes) => {
      const { fila, esperado: e } = pagoProveedor!;
      const { uuid, xml } = complementoDesdeEsperado(e);
      return call(tokens.kemper, "POST", "/api/pagos/postPago", {
        usuario: "ESCUELA KEMPER URGATE",
        id: "P00001",
        operador: "Proveedor",
        PagoSAP: fila.DocNum,
        BD: fila.U_SYS_PMSNBD,
        PDF: "complemento.pdf",
        PDF64: b64(bytes),
        XML: "complemento.xml",
        XML64: Buffer.from(xml).toString("base64"),
        FechaPago: "2026-11-10T12:00:00",
        Folio: "S/F",
        Total: fila.DocTotal,
        RFCEmisor: KEMPER.rfc,
        RFCReceptor: MCI.rfc,
        NombreEmisor: KEMPER.nombre,
        NombreReceptor: MCI.nombre,
        UUID: uuid,
        Detalle: fila.Detalle,
      });
    },
  },
  {
    nombre: "postPago del empleado (comprobante)",
    send: (bytes) =>
      call(tokens.admin, "POST", "/api/pagos/postPago", {
        usuario: "Administrador",
        id: "admin",
        operador: "Empleado",
        PagoSAP: pagoEmpleado.DocNum,
        BD: pagoEmpleado.U_SYS_PMSNBD,
        Complemento: "comprobante.pdf",
        Complemento64: b64(bytes),
        PDF: "No",
        XML: "No",
        UUID: "No",
        FechaPago: "No",
      }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
  const limpio = pdf(paginaSimple("Base"));
  // An invoice to update, a company to update, a payment of each kind.
  entradaNueva = await nuevaEntradaKemper(t.tdb.db);
  const otraEntrada = await nuevaEntradaKemper(t.tdb.db);
  const xml = issueTestFactura(facturaPrueba({ folio: "PDF-1" }));
  const alta = await call(tokens.kemper, "POST", "/api/facturas/postFactura", payloadFactura(xml, otraEntrada));
  expect(alta.statusCode).toBe(200);
  const filas = (await call(tokens.kemper, "POST", "/api/facturas/getFacturas", {})).json().data;
  const fila = filas.find((r: { Entrada: number }) => r.Entrada === otraEntrada);
  const {
    PDF64: _p,
    XML64: _x,
    Recepcion64: _r,
    PDF: _a,
    XML: _b,
    Recepcion: _c,
    ...campos
  } = payloadFactura(xml, otraEntrada);
  facturaExistente = { IdFactura: fila.IdFactura, campos };
  expect((await rutas[1]!.send(limpio, 0)).statusCode).toBe(200);
  const [creada] = await t.tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_PDF0"));
  sociedadExistente = creada!.id;
  await call(tokens.admin, "POST", "/api/sociedades/updateSociedad", {
    ...sociedad("SBO_PDFBASE", limpio),
    Numero: sociedadExistente,
  });
  const pagos = (await call(tokens.kemper, "POST", "/api/pagos/getPagos", {})).json().data;
  const demo = pagos.find((p: { Detalle: { FolioFactura: string }[] }) =>
    p.Detalle.some((d) => d.FolioFactura === "1192"),
  );
  const e = (
    await call(tokens.kemper, "POST", "/api/pagos/getComplementoEsperado", {
      BD: demo.U_SYS_PMSNBD,
      PagoSAP: demo.DocNum,
    })
  ).json().data;
  pagoProveedor = { fila: demo, esperado: e };
  const todos = (await call(tokens.admin, "POST", "/api/pagos/getPagos", {})).json().data;
  pagoEmpleado = todos.find(
    (p: { CardName: string; CANCELED: string }) => p.CardName === "BERENICE XIMO QUEZADA" && p.CANCELED === "N",
  );
}, 60_000);
afterAll(async () => t?.close());

describe.each(rutas)("$nombre", (ruta) => {
  it.each(Object.keys(HOSTILES))("refuses %s with its message", async (label) => {
    const res = await ruta.send(HOSTILES[label]!, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(esperado(label));
  });

  it("refuses a PDF with an embedded program (issue 36)", async () => {
    const res = await ruta.send(pdfConAdjunto("factura.exe", PROGRAMA_WINDOWS), 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(CFDI_MSG.pdfConEjecutable("factura.exe"));
  });

  it("accepts a clean PDF", async () => {
    const res = await ruta.send(pdf(paginaSimple("Documento limpio")), 2);
    expect(res.json()).toMatchObject({ status: "success" });
    expect(res.statusCode).toBe(200);
  });
});

describe("real-world PDFs pass the server's check on an upload path", () => {
  it.each(REALES)("%s", async (_nombre, bytes) => {
    const res = await rutas[0]!.send(bytes, 3);
    expect(res.json()).toEqual({ status: "success", message: MSG.proveedorActualizado });
  });

  it("a PDF/A-3 invoice with its CFDI XML embedded (issue 36: attachments that are not programs pass)", async () => {
    const xml = issueTestFactura(facturaPrueba({ folio: "PDFA3-1" }));
    const res = await rutas[0]!.send(pdfConAdjunto("factura.xml", xml, { lugar: "af", subtipo: "text#2Fxml" }), 3);
    expect(res.json()).toEqual({ status: "success", message: MSG.proveedorActualizado });
  });

  it("JavaScript in an encrypted object stream is found; a file that needs a password is refused", async () => {
    const read = (f: string) => new Uint8Array(readFileSync(join(QPDF_DIR, f)));
    const js = await rutas[0]!.send(read("qpdf-js-cifrado-aes256-objstm.pdf"), 4);
    expect(js.json().message).toContain(CFDI_MSG.pdfConContenidoActivo);
    const clave = await rutas[0]!.send(read("qpdf-con-clave.pdf"), 4);
    expect(clave.json().message).toContain(CFDI_MSG.pdfCifrado);
  });
});
