import { MSG, REVISION_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGO_MSG } from "../src/modules/pagos/reglas";
import { createRepositories } from "../src/repositories";
import { createComplementoFixture, createFacturaFixture, createPagoFixture } from "./documentos-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 26: both reviews through the one review kit, each state built by the review fixtures (documentos-prueba)
 * rather than found in the demo seed: P/A/R/V, a stale version, a cancelled payment, a record without complement.
 */
let t: TestApp;
let admin = "";
let kemper = "";

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, kemper } = await loginTodos(t.app));
});
afterAll(async () => t?.close());

const patch = (url: string, filas: object[]) =>
  t.app.inject(withToken(admin, { method: "PATCH", url, payload: filas }));
const reviewFacturas = (filas: object[]) => patch("/api/facturasPendientes/patchfactura", filas);
const reviewPagos = (filas: object[]) => patch("/api/pagosPendientes/patchPagos", filas);
type Factura = Awaited<ReturnType<typeof createFacturaFixture>>;
type Complemento = Awaited<ReturnType<typeof createComplementoFixture>>;
const filaFactura = (f: Factura, Estatus: string, Comentarios = "") => ({
  Factura: f.id,
  Estatus,
  Comentarios,
  BD: f.bd,
  Version: f.versionVista,
});
const filaPago = (c: Complemento, Estatus: string, Comentarios = "") => ({
  Pago: c.id,
  PagoSAP: c.pagoDocNum,
  BD: c.bd,
  Estatus,
  Comentarios,
  Version: c.versionVista,
});
const estatusFactura = async (id: number) =>
  (await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.id, id)))[0]!.estatus;
const estatusPago = async (id: number) =>
  (await t.tdb.db.select().from(schema.complementosPago).where(eq(schema.complementosPago.id, id)))[0]!.estatus;

describe("facturas en cada estado", () => {
  it("P -> A and R -> P decide together; the accepted invoice owes the ERP a job", async () => {
    const p = await createFacturaFixture(t.tdb.db);
    const r = await createFacturaFixture(t.tdb.db, { estatus: "R", comentarios: "Falta sello" });
    const res = await reviewFacturas([filaFactura(p, "A"), filaFactura(r, "P")]);
    expect(res.json()).toEqual({ status: "success", message: MSG.revisionExito });
    expect([await estatusFactura(p.id), await estatusFactura(r.id)]).toEqual(["A", "P"]);
    const trabajos = await t.tdb.db.select().from(schema.erpTrabajos).where(eq(schema.erpTrabajos.facturaId, p.id));
    expect(trabajos.map((j) => j.tipo)).toEqual(["crear_factura"]);
  });

  it("an accepted invoice, a rejection without reason and a stale version refuse the whole call, in row order", async () => {
    const a = await createFacturaFixture(t.tdb.db, { estatus: "A" });
    const p = await createFacturaFixture(t.tdb.db);
    const vieja = await createFacturaFixture(t.tdb.db, { cambios: 1 });
    const res = await reviewFacturas([
      filaFactura(p, "R", " "),
      filaFactura(a, "R", "x"),
      filaFactura(vieja, "A"),
      { ...filaFactura(p, "A"), Factura: 999_999 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      [
        MSG.revisionError,
        REVISION_MSG.factura.sinComentario(p.folio),
        REVISION_MSG.factura.bloqueada(a.folio),
        REVISION_MSG.factura.desactualizada(vieja.folio),
        REVISION_MSG.factura.noExiste(999_999),
      ].join("\n"),
    );
    expect([await estatusFactura(p.id), await estatusFactura(vieja.id)]).toEqual(["P", "P"]);
  });
});

describe("complementos en cada estado", () => {
  it("V -> A and P -> R (with its reason) decide together", async () => {
    const v = await createComplementoFixture(t.tdb.db, { estatus: "V" });
    const p = await createComplementoFixture(t.tdb.db);
    const res = await reviewPagos([filaPago(v, "A"), filaPago(p, "R", "Falta el número de operación")]);
    expect(res.json()).toEqual({ status: "success", message: MSG.revisionExito });
    expect([await estatusPago(v.id), await estatusPago(p.id)]).toEqual(["A", "R"]);
  });

  it("accepted, cancelled payment, no complement, no reason and a stale version refuse the whole call", async () => {
    const a = await createComplementoFixture(t.tdb.db, { estatus: "A" });
    const cancelado = await createComplementoFixture(t.tdb.db, { cancelado: true });
    const sinComplemento = await createComplementoFixture(t.tdb.db, { sinComplemento: true });
    const r = await createComplementoFixture(t.tdb.db, { estatus: "R" });
    const viejo = await createComplementoFixture(t.tdb.db, { estatus: "V", cambios: 2 });
    const res = await reviewPagos([
      filaPago(a, "R", "x"),
      filaPago(cancelado, "A"),
      filaPago(sinComplemento, "A"),
      filaPago(r, "R"),
      filaPago(viejo, "A"),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      [
        MSG.revisionError,
        REVISION_MSG.pago.bloqueada(a.pagoDocNum),
        PAGO_MSG.revisionPagoCancelado(cancelado.pagoDocNum),
        PAGO_MSG.sinComplemento(sinComplemento.pagoDocNum),
        REVISION_MSG.pago.sinComentario(r.pagoDocNum),
        REVISION_MSG.pago.desactualizada(viejo.pagoDocNum),
      ].join("\n"),
    );
    expect([await estatusPago(r.id), await estatusPago(viejo.id)]).toEqual(["R", "V"]);
  });
});

describe("las consultas comunes de los documentos (document-queries)", () => {
  it("name each stored file of its document, for its supplier and for employees only", async () => {
    const repos = createRepositories(t.tdb.db);
    const f = await createFacturaFixture(t.tdb.db);
    const c = await createComplementoFixture(t.tdb.db);
    const sinComplemento = await createComplementoFixture(t.tdb.db, { sinComplemento: true });
    expect(
      await Promise.all(
        [f.pdfArchivoId, f.xmlArchivoId!, f.recepcionArchivoId].map((id) => repos.facturas.archivoNombre(id, "P00001")),
      ),
    ).toEqual(["factura.pdf", "factura.xml", "recepcion.pdf"]);
    expect(await repos.facturas.archivoNombre(f.xmlArchivoId!, null)).toBe("factura.xml");
    expect(await repos.facturas.archivoNombre(f.xmlArchivoId!, "P00002")).toBeUndefined();
    expect(await repos.facturas.archivoNombre(c.xmlArchivoId!, null)).toBeUndefined();
    expect(await repos.pagos.archivoNombre(c.xmlArchivoId!, "P00001")).toBe("complemento.xml");
    expect(await repos.pagos.archivoNombre(sinComplemento.comprobanteArchivoId!, null)).toBe("comprobante.pdf");
    expect(await repos.pagos.uuidTaken(c.uuid!)).toBe(true);
    expect(await repos.pagos.uuidTaken(c.uuid!, c.id)).toBe(false);
    expect(await repos.facturas.uuidTaken(f.uuid, f.id)).toBe(false);
    expect((await repos.facturas.findByIds([f.id, 999_999])).map((x) => x.id)).toEqual([f.id]);
    expect(await repos.pagos.findByIds([])).toEqual([]);
  });
});

describe("los documentos de prueba (documentos-prueba)", () => {
  it("Berenice's invoice is hers, in SBO_KIJ, on an open receipt of her own", async () => {
    const f = await createFacturaFixture(t.tdb.db, { proveedor: "berenice" });
    expect(f).toMatchObject({
      cardCode: "P00002",
      bd: "SBO_KIJ",
      rfcEmisor: "XIQB891116QE4",
      rfcReceptor: "KIJ0906199R1",
      estatus: "P",
    });
    const [entrada] = await t.tdb.db
      .select()
      .from(schema.erpEntradas)
      .where(and(eq(schema.erpEntradas.bd, "SBO_KIJ"), eq(schema.erpEntradas.docNum, f.entradaDocNum)));
    expect(entrada).toMatchObject({ cardCode: "P00002", docStatus: "O" });
  });

  it("a payment without documents is PPD by default, PUE on request, cancelled on request", async () => {
    const ppd = await createPagoFixture(t.tdb.db);
    const pue = await createPagoFixture(t.tdb.db, { metodoPago: "PUE" });
    const cancelado = await createPagoFixture(t.tdb.db, { cancelado: true });
    const filas: { DocEntry: number; U_SYS_PMSNBD: string }[] = (
      await t.app.inject(withToken(kemper, { method: "POST", url: "/api/pagos/getPagos", payload: {} }))
    ).json().data;
    const fila = (p: { docEntry: number; bd: string }) =>
      filas.find((x) => x.DocEntry === p.docEntry && x.U_SYS_PMSNBD === p.bd);
    const sinDocumentos = { IdPago: null, U_SYS_PMESPA: "" };
    expect(fila(ppd)).toMatchObject({ ...sinDocumentos, CANCELED: "N", Detalle: [{ MetodoPago: "PPD" }] });
    expect(fila(pue)).toMatchObject({ ...sinDocumentos, CANCELED: "N", Detalle: [{ MetodoPago: "PUE" }] });
    expect(fila(cancelado)).toMatchObject({ ...sinDocumentos, CANCELED: "Y" });
  });
});
