import { CFDI_MSG } from "@portal/cfdi";
import { gif, HOSTILE_IMAGES, jpeg, png, pngText } from "@portal/cfdi/image-muestras";
import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facturaPrueba as factura, nuevaEntradaKemper, payloadFactura as payload } from "./factura-prueba";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 36, item 7: the receipt image ('Recepción') is read by its structure on both upload paths (postFactura and
 * patchfactura) — polyglots, huge headers, truncated files and trailing data are refused with their own Spanish
 * message and nothing is stored; real images are stored with the type read from their content.
 */
let t: TestApp;
let kemper = "";
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const call = (method: "POST" | "PATCH", url: string, body: object) =>
  t.app.inject(withToken(kemper, { method, url, payload: body }));
const facturasGuardadas = async () => (await t.tdb.db.select({ n: count() }).from(schema.facturas))[0]!.n;
const archivosGuardados = async () => (await t.tdb.db.select({ n: count() }).from(schema.archivos))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  kemper = await login(t.app, "EKU9003173C9", "Proveedor");
});
afterAll(async () => t?.close());

describe("postFactura: the receipt image", () => {
  it.each([
    ["PNG+HTML polyglot (the page in a tEXt chunk)", HOSTILE_IMAGES.pngHtmlTexto(), CFDI_MSG.imagenConCodigo("PNG")],
    ["PNG+HTML polyglot (the page compressed)", HOSTILE_IMAGES.pngHtmlComprimido(), CFDI_MSG.imagenConCodigo("PNG")],
    ["PNG followed by an HTML page", HOSTILE_IMAGES.pngHtmlAlFinal(), CFDI_MSG.imagenDatosFinales("PNG")],
    [
      "GIF/JavaScript polyglot (code after the trailer)",
      HOSTILE_IMAGES.gifJsAlFinal(),
      CFDI_MSG.imagenDatosFinales("GIF"),
    ],
    [
      "GIF/JavaScript polyglot (width '/*')",
      HOSTILE_IMAGES.gifJsAncho(),
      CFDI_MSG.imagenDimensiones("GIF", 10_799, 10, 10_000, 40_000_000),
    ],
    [
      "PNG of 100,000 × 100,000",
      HOSTILE_IMAGES.png100k(),
      CFDI_MSG.imagenDimensiones("PNG", 100_000, 100_000, 10_000, 40_000_000),
    ],
    ["PNG decompression bomb", HOSTILE_IMAGES.pngBomba(), CFDI_MSG.imagenPixelesDanados("PNG")],
    ["truncated PNG", HOSTILE_IMAGES.pngTruncada(), CFDI_MSG.imagenIncompleta("PNG")],
    ["JPEG with PHP in a comment", HOSTILE_IMAGES.jpegPhp(), CFDI_MSG.imagenConCodigo("JPEG")],
  ])("%s is refused with its message, nothing stored", async (_, bytes, mensaje) => {
    const docNum = await nuevaEntradaKemper(t.tdb.db);
    const [facturas, archivos] = [await facturasGuardadas(), await archivosGuardados()];
    const res = await call("POST", "/api/facturas/postFactura", {
      ...payload(issueTestFactura(factura({ folio: `IMG-${docNum}` })), docNum),
      Recepcion64: b64(bytes),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.split("\n")).toContain(mensaje);
    expect([await facturasGuardadas(), await archivosGuardados()]).toEqual([facturas, archivos]);
  });

  it.each([
    ["JPEG", jpeg({ width: 64, height: 48 }), "image/jpeg"],
    ["GIF", gif({ width: 32, height: 32 }), "image/gif"],
  ])("a real %s is registered and served with the type its content has", async (_, bytes, mime) => {
    const docNum = await nuevaEntradaKemper(t.tdb.db);
    const res = await call("POST", "/api/facturas/postFactura", {
      ...payload(issueTestFactura(factura({ folio: `IMG-${docNum}` })), docNum),
      Recepcion: `recepcion.${mime.slice(6)}`,
      Recepcion64: b64(bytes),
    });
    expect(res.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    const filas = (await call("POST", "/api/facturas/getFacturas", {})).json().data;
    const fila = filas.find((r: { Entrada: number }) => r.Entrada === docNum);
    const descarga = await t.app.inject(withToken(kemper, { method: "GET", url: fila.Recepcion }));
    expect(descarga.headers["content-type"]).toContain(mime);
    expect(new Uint8Array(descarga.rawPayload)).toEqual(bytes);
  });
});

describe("patchfactura: a new receipt image is checked the same way", () => {
  it("a polyglot is refused and the stored receipt stays", async () => {
    const docNum = await nuevaEntradaKemper(t.tdb.db);
    const xml = issueTestFactura(factura({ folio: `IMG-P-${docNum}` }));
    expect((await call("POST", "/api/facturas/postFactura", payload(xml, docNum))).statusCode).toBe(200);
    const fila = (await call("POST", "/api/facturas/getFacturas", {}))
      .json()
      .data.find((r: { Entrada: number }) => r.Entrada === docNum);
    const {
      PDF64: _p,
      XML64: _x,
      Recepcion64: _r,
      PDF: _pn,
      XML: _xn,
      Recepcion: _rn,
      ...campos
    } = payload(xml, docNum);
    const cambio = { ...campos, IdFactura: fila.IdFactura, BD: "SBO_MCI", Recepcion: "nueva.png" };
    const polyglot = await call("PATCH", "/api/facturas/patchfactura", {
      ...cambio,
      Recepcion64: b64(HOSTILE_IMAGES.pngHtmlTexto()),
    });
    expect(polyglot.statusCode).toBe(400);
    expect(polyglot.json().message).toBe(CFDI_MSG.imagenConCodigo("PNG"));
    const [guardada] = await t.tdb.db
      .select({ recepcion: schema.facturas.recepcionArchivoId })
      .from(schema.facturas)
      .where(eq(schema.facturas.id, fila.IdFactura));
    expect(String(guardada?.recepcion)).toBe(fila.Recepcion.split("/").pop());

    // A harmless text chunk is not code: the correction goes through.
    const ok = await call("PATCH", "/api/facturas/patchfactura", {
      ...cambio,
      Recepcion64: b64(png({ extra: [pngText("Comment", "Almacén central, entrada <4521>")] })),
    });
    expect(ok.statusCode).toBe(200);
  });
});
