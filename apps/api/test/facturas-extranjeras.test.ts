import { issueTestFactura } from "@portal/cfdi/sello";
import { EXTRANJERO_MSG, estatusComplementoPago, isFacturaExtranjera, MSG, type PagoRow } from "@portal/contracts";
import { schema } from "@portal/db";
import { createErpEntrada, createProveedor } from "@portal/db/factories";
import { payFacturas } from "@portal/erp-sim";
import { PROVEEDOR_EXTRANJERO_DEMO } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseDocumentBody } from "../src/erp/service-layer/purchase-document";
import { facturaPrueba, PNG64, payloadFactura } from "./factura-prueba";
import { createTestApp, login, pdfBase64, type TestApp, withToken } from "./helpers";

/**
 * Issue 42 part 1 (decision 073): a foreign supplier (generic RFC, no CFDI) registers a PDF invoice in USD with its
 * data; it goes through the same review, becomes an A/P invoice without UUID (its number in NumAtCard), is paid in
 * the ERP and its payment needs no complement. A Mexican supplier cannot use that path, nor a foreign one the CFDI's.
 */
interface Fila {
  IdFactura: number;
  FolioFactura: string;
  EstatusFactura: string;
  RFC: string;
  CardName: string;
  UUID: string;
  XML: string;
  PDF: string;
  DocCur: string;
  Total: string;
  BD: string;
  Version: number;
  Entrada: number;
  FolioSAP: number | null;
  PaidToDate: string;
}

const P = PROVEEDOR_EXTRANJERO_DEMO;
let t: TestApp;
const tokens = { admin: "", kemper: "", acme: "" };

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.kemper = await login(t.app, "EKU9003173C9", "Proveedor");
  tokens.acme = await login(t.app, P.cardCode, "Proveedor");
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method: "POST", url, payload: payload as object }));
const postExtranjera = (token: string, body: object) => call(token, "/api/facturas/postFacturaExtranjera", body);
const lista = async (token: string, url = "/api/facturas/getFacturas"): Promise<Fila[]> => {
  const res = await call(token, url, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A new open USD receipt of the foreign supplier in KIJ: 1,000.00 + 160.00 = 1,160.00 USD. */
const nuevaEntrada = async () =>
  (
    await createErpEntrada(t.tdb.db, {
      bd: P.bd,
      cardCode: P.cardCode,
      cardName: P.cardName,
      docDate: "2026-11-12",
      groupNum: 30,
      docCur: "USD",
      docRate: "17.25",
    })
  ).docNum;

const cuerpo = (entrada: number, extra: Record<string, unknown> = {}) => ({
  RazonSocial: P.bd,
  EntradaMercancia: entrada,
  PDF: "INV-2026-118.pdf",
  PDF64: pdfBase64("Invoice INV-2026-118"),
  Recepcion: "recepcion.png",
  Recepcion64: PNG64,
  NumeroFactura: "INV-2026-118",
  FechaFactura: "2026-11-14",
  Moneda: "USD",
  Subtotal: "1000.00",
  Impuestos: "160.00",
  Total: "1160.00",
  ...extra,
});

describe("factura de un proveedor extranjero (sin CFDI)", () => {
  it("a USD PDF invoice is registered, reviewed, posted to SAP without a UUID, paid, and needs no complement", async () => {
    const res = await postExtranjera(tokens.acme, cuerpo(P.entradaDocNum));
    expect(res.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });

    const propia = (await lista(tokens.acme)).find((f) => f.FolioFactura === "INV-2026-118");
    expect(propia).toMatchObject({ UUID: "", XML: "", DocCur: "USD", Total: "1160.00", RFC: "XEXX010101000" });
    expect(isFacturaExtranjera(propia!)).toBe(true);
    expect(propia?.PDF).toMatch(/^\/api\/archivos\//);
    const pendiente = (await lista(tokens.admin, "/api/facturasPendientes/getFacturas")).find(
      (f) => f.IdFactura === propia?.IdFactura,
    );
    expect(pendiente).toMatchObject({ EstatusFactura: "P", UUID: "", CardName: P.cardName });
    // No SAT status is asked nor kept for it.
    const sat = await t.tdb.db
      .select()
      .from(schema.satEstadosCfdi)
      .where(and(eq(schema.satEstadosCfdi.tipo, "factura"), eq(schema.satEstadosCfdi.documentoId, propia!.IdFactura)));
    expect(sat).toHaveLength(0);

    const revision = await t.app.inject(
      withToken(tokens.admin, {
        method: "PATCH",
        url: "/api/facturasPendientes/patchfactura",
        payload: [
          {
            Factura: pendiente!.IdFactura,
            Estatus: "A",
            Comentarios: "Conforme",
            BD: P.bd,
            Version: pendiente!.Version,
          },
        ],
      }),
    );
    expect(revision.json()).toEqual({ status: "success", message: MSG.revisionExito });
    expect(await t.app.services.erpOutbox.flush()).toBe(1);

    const [ap] = await t.tdb.db
      .select()
      .from(schema.erpFacturas)
      .where(eq(schema.erpFacturas.portalId, propia!.IdFactura));
    expect(ap).toMatchObject({
      bd: P.bd,
      cardCode: P.cardCode,
      numAtCard: "INV-2026-118",
      uuid: "",
      docCur: "USD",
      docTotal: "1160.00",
      entradaDocNum: P.entradaDocNum,
    });
    expect(ap?.comments).toContain("sin CFDI");
    expect((await lista(tokens.acme)).find((f) => f.IdFactura === propia!.IdFactura)?.FolioSAP).toBe(ap!.docNum);

    // Paid in the ERP a month later (a CFDI's payment that late would owe a complement).
    const pago = await payFacturas(t.tdb.db, {
      bd: P.bd,
      fecha: "2026-12-20",
      moneda: "USD",
      tipoCambio: "17.40",
      facturas: [{ docNum: ap!.docNum }],
    });
    const pagos: PagoRow[] = (await call(tokens.acme, "/api/pagos/getPagos", {})).json().data;
    const fila = pagos.find((p) => p.DocNum === pago.docNum);
    expect(fila?.Detalle).toEqual([
      expect.objectContaining({ FolioFactura: "INV-2026-118", UUID: "", MetodoPago: "Sin CFDI" }),
    ]);
    expect(estatusComplementoPago(fila!)).toBe("No requiere complemento");
    expect(fila?.ComplementoVencido).toBe(false);
    // Employees read the same.
    const filaEmpleado = ((await call(tokens.admin, "/api/pagos/getPagos", {})).json().data as PagoRow[]).find(
      (p) => p.DocNum === pago.docNum && p.U_SYS_PMSNBD === P.bd,
    );
    expect(estatusComplementoPago(filaEmpleado!)).toBe("No requiere complemento");
    // And no complement can be uploaded for it.
    const complemento = await call(tokens.acme, "/api/pagos/postPago", {
      usuario: P.cardName,
      id: P.cardCode,
      operador: "Proveedor",
      PagoSAP: pago.docNum,
      BD: P.bd,
      PDF: "complemento.pdf",
      PDF64: pdfBase64("Complemento"),
      XML: "complemento.xml",
      XML64: Buffer.from("<cfdi:Comprobante/>").toString("base64"),
      FechaPago: "2026-12-20T12:00:00",
      Folio: "S/F",
      Total: fila!.DocTotal,
      RFCEmisor: "XEXX010101000",
      RFCReceptor: "KIJ0906199R1",
      NombreEmisor: P.cardName,
      NombreReceptor: "KIJ, S.A DE C.V.",
      UUID: "00000000-0000-4000-8000-000000000000",
      Detalle: [],
    });
    expect(complemento.statusCode).toBe(400);
    expect(complemento.json().message).toBe(EXTRANJERO_MSG.pagoSinComplemento(pago.docNum));

    // The number is the supplier's once among its pending and accepted invoices.
    const otra = await postExtranjera(tokens.acme, cuerpo(await nuevaEntrada()));
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toBe(EXTRANJERO_MSG.numeroFacturaRegistrado("INV-2026-118"));
  });

  it("a Mexican supplier cannot use the foreign path, nor a foreign supplier the CFDI's", async () => {
    const mexicano = await postExtranjera(tokens.kemper, { ...cuerpo(P.entradaDocNum), RazonSocial: "SBO_MCI" });
    expect(mexicano.statusCode).toBe(400);
    expect(mexicano.json().message).toBe(EXTRANJERO_MSG.soloProveedorExtranjero);

    const entrada = await nuevaEntrada();
    const cfdi = await call(
      tokens.acme,
      "/api/facturas/postFactura",
      payloadFactura(issueTestFactura(facturaPrueba()), entrada, { RazonSocial: P.bd }),
    );
    expect(cfdi.statusCode).toBe(400);
    expect(cfdi.json().message).toBe(EXTRANJERO_MSG.cfdiNoParaExtranjero);
    expect((await lista(tokens.acme)).some((f) => f.Entrada === entrada)).toBe(false);
  });

  it("bad data is refused with every Spanish message at once, nothing saved", async () => {
    const entrada = await nuevaEntrada();
    const res = await postExtranjera(
      tokens.acme,
      cuerpo(entrada, {
        NumeroFactura: "INV-MAL",
        Moneda: "EUR",
        Subtotal: "1000.00",
        Impuestos: "100.00",
        Total: "1150.00",
        FechaFactura: "2027-01-15",
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      [
        EXTRANJERO_MSG.totalNoSuma("1000.00", "100.00", "1150.00"),
        EXTRANJERO_MSG.monedaEntradas("EUR", "USD"),
        EXTRANJERO_MSG.totalEntradas("1160.00", "1150.00"),
        EXTRANJERO_MSG.fechaFutura,
      ].join("\n"),
    );
    const sinPdf = await postExtranjera(tokens.acme, cuerpo(entrada, { PDF: "", PDF64: "" }));
    expect(sinPdf.statusCode).toBe(400);
    expect(JSON.stringify(sinPdf.json().message)).toContain(MSG.pdfRequerido);
    const sinNumero = await postExtranjera(tokens.acme, cuerpo(entrada, { NumeroFactura: " " }));
    expect(sinNumero.statusCode).toBe(400);
    expect(JSON.stringify(sinNumero.json().message)).toContain("El campo NumeroFactura es obligatorio.");
    expect((await lista(tokens.acme)).some((f) => f.Entrada === entrada)).toBe(false);
  });

  it("foreign suppliers share the generic RFC and sign in with their CardCode; the generic RFC signs in no one", async () => {
    const otro = await createProveedor(t.tdb.db, {
      cardCode: "P09003",
      cardName: "BERLINER MASCHINENBAU GMBH",
      extranjero: { pais: "DEU", numRegIdTrib: "DE123456789" },
    });
    expect(otro?.rfc).toBe("XEXX010101000");
    const generico = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { usuario: "XEXX010101000", password: "Portal2026", operador: "Proveedor" },
    });
    expect(generico.statusCode).toBe(401);
    expect(await login(t.app, "p09003", "Proveedor")).not.toBe("");
    // A national supplier may not take the generic RFC (the database's check).
    await expect(createProveedor(t.tdb.db, { rfc: "XEXX010101000" })).rejects.toThrow();
  });

  it("an administrator makes a supplier foreign (country and tax id required, generic RFC) and national again", async () => {
    const p = await createProveedor(t.tdb.db, { cardCode: "P09004" });
    const update = (body: object) =>
      call(tokens.admin, "/api/proveedores/updateProveedor", { CardCode: "P09004", ...body });
    const sinPais = await update({ Tipo: "extranjero" });
    expect(sinPais.statusCode).toBe(400);
    expect(sinPais.json().message).toBe(
      [EXTRANJERO_MSG.paisRequerido, EXTRANJERO_MSG.numRegIdTribRequerido].join("\n"),
    );
    expect((await update({ Tipo: "extranjero", Pais: "CAN", NumRegIdTrib: "123456789RC0001" })).statusCode).toBe(200);
    const filas = (await call(tokens.admin, "/api/proveedores/rowProveedores", { tipo: "Lista" })).json().data as {
      CardCode: string;
      LicTradNum: string;
      Tipo: string;
      Pais: string;
      Lista69B?: unknown;
    }[];
    const fila = filas.find((f) => f.CardCode === "P09004");
    expect(fila).toMatchObject({ Tipo: "extranjero", Pais: "CAN", LicTradNum: "XEXX010101000" });
    expect(fila?.Lista69B).toBeNull();
    const generico = await update({ Tipo: "nacional" });
    expect(generico.statusCode).toBe(400);
    expect(generico.json().message).toBe(EXTRANJERO_MSG.rfcGenericoNacional("XEXX010101000"));
    expect((await update({ Tipo: "nacional", LicTradNum: p!.rfc })).statusCode).toBe(200);
  });

  it("the Service Layer's A/P invoice of an invoice without CFDI carries no UUID user field", () => {
    const input = {
      portalId: 7,
      cardCode: P.cardCode,
      numAtCard: "INV-2026-118",
      uuid: "",
      docDate: "2026-11-14",
      docTotal: "1160.00",
      docCur: "USD",
      docRate: "17.25",
      comments: "",
    };
    expect(purchaseDocumentBody(input, [])).not.toHaveProperty("U_SYS_PMUUID");
    expect(purchaseDocumentBody(input, [])).toMatchObject({ NumAtCard: "INV-2026-118", U_SYS_PORTALID: 7 });
    expect(purchaseDocumentBody({ ...input, uuid: "AB" }, [])).toMatchObject({ U_SYS_PMUUID: "AB" });
  });
});
