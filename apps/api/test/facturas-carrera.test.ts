import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { FACTURA_MSG } from "../src/modules/facturas/reglas";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";
import { startSatCompuerta } from "./sat-compuerta";

/**
 * Issue 22, invoices: what an outside probe found. A supplier's correction reads the invoice, verifies the seals
 * and asks the SAT outside any transaction, then writes; a reviewer who decided meanwhile used to be silently
 * undone (the invoice back to Pendiente with the corrected XML while the ERP already had the A/P invoice of the
 * original UUID). The SAT here is a gate the test holds (sat-compuerta.ts), reached by the real client: a
 * correction waiting at it has read everything, so the race is the same every run. Exactly one writer wins; an
 * accepted invoice stays accepted; nothing is created in the ERP for an invoice that is not accepted, and an A/P
 * invoice the ERP has for one is cancelled through the outbox.
 */
interface Fila {
  IdFactura: number;
  FolioFactura: string;
  EstatusFactura: string;
  Comentarios: string;
  BD: string;
  Version: number;
  UUID: string;
  XML: string;
  Entrada: number;
  CANCELED: string;
  FolioSAP: number | null;
  EstadoERP: string;
}

/** The ERP behind a network the test controls: a creation whose answer is lost, cancellations that fail. */
const red = { respuestasPerdidas: 0, cancelacionesFallidas: 0, cancelaciones: 0 };
const wrap = (real: ErpAdapter): ErpAdapter => ({
  ...real,
  async createFacturaProveedor(input) {
    const creada = await real.createFacturaProveedor(input);
    if (red.respuestasPerdidas > 0) {
      red.respuestasPerdidas--;
      throw new Error("La operación excedió el tiempo de espera (60 s)");
    }
    return creada;
  },
  async cancelFacturaProveedor(bd, docEntry) {
    red.cancelaciones++;
    if (red.cancelacionesFallidas > 0) {
      red.cancelacionesFallidas--;
      throw new Error("connect ECONNREFUSED 10.0.0.5:50000");
    }
    return real.cancelFacturaProveedor(bd, docEntry);
  },
});

let t: TestApp;
let sat: Awaited<ReturnType<typeof startSatCompuerta>>;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  sat = await startSatCompuerta();
  t = await createTestApp({ SAT_ESTADO_CFDI_URL: sat.url }, { erp: wrap });
  Object.assign(tokens, await loginTodos(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sat?.close();
});

const call = (token: string, method: "POST" | "PATCH", url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const pendientes = async (): Promise<Fila[]> =>
  (await call(tokens.admin, "POST", "/api/facturasPendientes/getFacturas", {})).json().data;
const enRevision = async (id: number) => (await pendientes()).find((f) => f.IdFactura === id);
const delProveedor = async (id: number): Promise<Fila | undefined> =>
  ((await call(tokens.kemper, "POST", "/api/facturas/getFacturas", {})).json().data as Fila[]).find(
    (f) => f.IdFactura === id,
  );
/** One reviewer's decision on one row, with the Version that reviewer's list showed. */
const decide = (f: Fila, Estatus: "P" | "A" | "R", Comentarios = "") =>
  call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
    { Factura: f.IdFactura, Estatus, Comentarios, BD: f.BD, Version: f.Version },
  ]);
const exito = { status: "success", message: MSG.revisionExito };
const flush = () => t.app.services.erpOutbox.flush();
/** The A/P invoices the ERP has for a portal invoice. */
/** The A/P invoices of a portal id, without SAP's cancellation documents (CANCELED 'C', decision 048). */
const apDe = (portalId: number) =>
  t.tdb.db
    .select()
    .from(schema.erpFacturas)
    .where(and(eq(schema.erpFacturas.portalId, portalId), ne(schema.erpFacturas.canceled, "C")));
const trabajo = async (facturaId: number, tipo: "crear_factura" | "cancelar_factura") =>
  (
    await t.tdb.db
      .select()
      .from(schema.erpTrabajos)
      .where(and(eq(schema.erpTrabajos.facturaId, facturaId), eq(schema.erpTrabajos.tipo, tipo)))
  )[0];
const audited = async (id: number) =>
  (
    await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "factura"), eq(schema.auditoria.entidadId, String(id))))
      .orderBy(schema.auditoria.id)
  ).map((a) => `${a.campo}:${a.valorNuevo.slice(0, 1)}`);
const entradaAbierta = async (docNum: number) =>
  (
    await t.tdb.db
      .select({ docStatus: schema.erpEntradas.docStatus })
      .from(schema.erpEntradas)
      .where(and(eq(schema.erpEntradas.bd, "SBO_MCI"), eq(schema.erpEntradas.docNum, docNum)))
  )[0]?.docStatus === "O";
/** What an invoice looked like after the probe: a state no call can reach any more, written by hand. */
const estatusAMano = (id: number, estatus: "P" | "R") =>
  t.tdb.db.update(schema.facturas).set({ estatus }).where(eq(schema.facturas.id, id));

/** A new Pendiente invoice of Kemper on a new receipt of its own, as the review list shows it. */
async function register(folio: string) {
  const docNum = await nuevaEntradaKemper(t.tdb.db);
  const xml = issueTestFactura(facturaPrueba({ folio }));
  const res = await call(tokens.kemper, "POST", "/api/facturas/postFactura", payloadFactura(xml, docNum));
  expect(res.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
  const fila = (await pendientes()).find((f) => f.Entrada === docNum)!;
  expect(fila).toMatchObject({ EstatusFactura: "P", FolioFactura: folio });
  return { fila, docNum };
}

/**
 * The supplier corrects the invoice with a new XML (same folio and receipt, a new UUID) and its files. Not awaited:
 * while the SAT gate is closed the call waits there, after every read and check.
 */
function correct(f: Fila, docNum: number) {
  const uuid = randomUUID().toUpperCase();
  const xml = issueTestFactura(facturaPrueba({ folio: f.FolioFactura, uuid }));
  const respuesta = call(tokens.kemper, "PATCH", "/api/facturas/patchfactura", {
    ...payloadFactura(xml, docNum),
    IdFactura: f.IdFactura,
    BD: f.BD,
  });
  return { uuid, respuesta };
}

describe("aceptar mientras el proveedor corrige", () => {
  it("the acceptance lands while the correction waits for the SAT: the acceptance stands, the correction is refused, the ERP gets the original", async () => {
    const { fila, docNum } = await register("CA-1");
    sat.shut();
    const correccion = correct(fila, docNum);
    expect(await sat.retenida()).toBe(correccion.uuid);
    expect((await decide(fila, "A", "Conforme")).json()).toEqual(exito);
    sat.open();
    const res = await correccion.respuesta;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: FACTURA_MSG.correccionDesactualizada("CA-1") });

    // Accepted with the XML the reviewer saw; nothing of the correction was kept (files, audit, SAT status).
    expect(await enRevision(fila.IdFactura)).toMatchObject({ EstatusFactura: "A", UUID: fila.UUID, XML: fila.XML });
    expect(await audited(fila.IdFactura)).toEqual(["registro:P", "estatus:A"]);
    const estadosSat = await t.tdb.db
      .select()
      .from(schema.satEstadosCfdi)
      .where(and(eq(schema.satEstadosCfdi.tipo, "factura"), eq(schema.satEstadosCfdi.documentoId, fila.IdFactura)));
    expect(estadosSat.map((e) => e.uuid)).toEqual([fila.UUID]);
    // One mail, 'aceptada', and one A/P invoice in the ERP, with the accepted invoice's UUID.
    const correos = await t.tdb.db.select().from(schema.correoOutbox);
    expect(correos.filter((c) => c.asunto.includes("CA-1")).map((c) => c.asunto)).toEqual([
      "Portal de Proveedores: su factura CA-1 fue aceptada",
    ]);
    expect(await flush()).toBe(1);
    const ap = await apDe(fila.IdFactura);
    expect(ap.map((a) => [a.uuid, a.canceled])).toEqual([[fila.UUID, "N"]]);
    expect(await delProveedor(fila.IdFactura)).toMatchObject({ EstatusFactura: "A", UUID: fila.UUID });
  });

  it("the correction commits first: the acceptance of the version the reviewer loaded is refused, nothing reaches the ERP", async () => {
    const { fila, docNum } = await register("CB-1");
    sat.shut();
    const correccion = correct(fila, docNum);
    await sat.retenida();
    // The reviewer's list, loaded while the correction is in flight, still shows the original.
    const vista = (await enRevision(fila.IdFactura))!;
    expect(vista).toMatchObject({ UUID: fila.UUID, Version: fila.Version });
    sat.open();
    expect((await correccion.respuesta).json()).toEqual({ status: "success", message: MSG.facturaActualizada("CB-1") });
    const res = await decide(vista, "A", "Conforme");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe([MSG.revisionError, FACTURA_MSG.revisionDesactualizada("CB-1")].join("\n"));

    expect(await enRevision(fila.IdFactura)).toMatchObject({ EstatusFactura: "P", UUID: correccion.uuid });
    expect(await trabajo(fila.IdFactura, "crear_factura")).toBeUndefined();
    expect(await flush()).toBe(0);
    expect(await apDe(fila.IdFactura)).toEqual([]);
    // Reloaded, the reviewer decides on what the supplier sent.
    expect((await decide((await enRevision(fila.IdFactura))!, "A", "Conforme")).json()).toEqual(exito);
    expect(await flush()).toBe(1);
    expect((await apDe(fila.IdFactura)).map((a) => a.uuid)).toEqual([correccion.uuid]);
  });
});

describe("una factura aceptada no vuelve atrás", () => {
  it("a rejection after an acceptance is refused (A is locked), from a list loaded before it or after", async () => {
    const { fila } = await register("CC-1");
    // Two reviewers loaded the same list; the first accepts, the second rejects.
    expect((await decide(fila, "A", "Conforme")).json()).toEqual(exito);
    const bloqueada = {
      status: "error",
      message: [MSG.revisionError, FACTURA_MSG.revisionBloqueada("CC-1")].join("\n"),
    };
    expect((await decide(fila, "R", "Falta la orden de compra")).json()).toEqual(bloqueada);
    const recargada = (await enRevision(fila.IdFactura))!;
    expect(recargada.EstatusFactura).toBe("A");
    expect((await decide(recargada, "R", "Falta la orden de compra")).json()).toEqual(bloqueada);
    expect((await decide(recargada, "P")).json()).toEqual(bloqueada);
    // A review row must say which version it decides on.
    const sinVersion = await call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
      { Factura: fila.IdFactura, Estatus: "R", Comentarios: "x", BD: fila.BD },
    ]);
    expect(sinVersion.statusCode).toBe(400);
    expect(sinVersion.json().message).toContain("Version");
    // Nor can the supplier correct it.
    const docNum = recargada.Entrada;
    const correccion = await correct(recargada, docNum).respuesta;
    expect(correccion.json()).toEqual({ status: "error", message: FACTURA_MSG.facturaAceptada("CC-1") });
    expect(await flush()).toBe(1);
    expect((await apDe(fila.IdFactura)).map((a) => a.canceled)).toEqual(["N"]);
    expect(await trabajo(fila.IdFactura, "cancelar_factura")).toBeUndefined();
    expect(await audited(fila.IdFactura)).toEqual(["registro:P", "estatus:A"]);
  });

  it("a corrected Rechazada goes back to Pendiente only if nobody decided meanwhile", async () => {
    const { fila, docNum } = await register("CD-1");
    expect((await decide(fila, "R", "Falta la orden de compra")).json()).toEqual(exito);
    let rechazada = (await enRevision(fila.IdFactura))!;
    sat.shut();
    const primera = correct(rechazada, docNum);
    await sat.retenida();
    // Meanwhile the reviewer rewrites the reason.
    expect((await decide(rechazada, "R", "Falta también la recepción firmada")).json()).toEqual(exito);
    sat.open();
    expect((await primera.respuesta).json()).toEqual({
      status: "error",
      message: FACTURA_MSG.correccionDesactualizada("CD-1"),
    });
    rechazada = (await enRevision(fila.IdFactura))!;
    expect(rechazada).toMatchObject({
      EstatusFactura: "R",
      Comentarios: "Falta también la recepción firmada",
      UUID: fila.UUID,
    });
    // Reloaded, the supplier corrects again; nobody decides meanwhile: Pendiente, with the new XML.
    const segunda = correct(rechazada, docNum);
    expect((await segunda.respuesta).json()).toEqual({ status: "success", message: MSG.facturaActualizada("CD-1") });
    expect(await enRevision(fila.IdFactura)).toMatchObject({ EstatusFactura: "P", UUID: segunda.uuid });
    expect(await audited(fila.IdFactura)).toEqual([
      "registro:P",
      "estatus:R",
      "estatus:R",
      "pdf:f",
      "recepcion:r",
      "xml:f",
      "estatus:P",
    ]);
  });
});

describe("el ERP solo conserva facturas de proveedor de facturas aceptadas", () => {
  it("a creation job for an invoice no longer accepted creates nothing, and cancels what an earlier attempt created", async () => {
    // The ERP creates the A/P invoice but its answer is lost: the job will try again.
    const { fila, docNum } = await register("CE-1");
    red.respuestasPerdidas = 1;
    expect((await decide(fila, "A", "Conforme")).json()).toEqual(exito);
    expect(await flush()).toBe(0);
    expect((await apDe(fila.IdFactura)).map((a) => a.canceled)).toEqual(["N"]);
    expect(await trabajo(fila.IdFactura, "crear_factura")).toMatchObject({ estado: "pendiente", intentos: 1 });
    // Meanwhile the invoice went back to Pendiente, as the probe left it before this issue (by hand here).
    await estatusAMano(fila.IdFactura, "P");
    t.time.advance(2 * 60_000);
    const antes = red.cancelaciones;
    expect(await flush()).toBe(0);
    // Nothing new in the ERP: the creation stopped, and the A/P invoice it had made is cancelled, its receipt open.
    expect(await trabajo(fila.IdFactura, "crear_factura")).toMatchObject({
      estado: "fallido",
      ultimoError: MSG.erpNoAceptada,
    });
    expect(await trabajo(fila.IdFactura, "cancelar_factura")).toMatchObject({ estado: "hecho" });
    expect(red.cancelaciones).toBe(antes + 1);
    expect((await apDe(fila.IdFactura)).map((a) => a.canceled)).toEqual(["Y"]);
    expect(await entradaAbierta(docNum)).toBe(true);
    // The supplier and the reviewers see a Pendiente invoice, not the ERP's 'Cancelado'.
    expect(await delProveedor(fila.IdFactura)).toMatchObject({
      EstatusFactura: "P",
      CANCELED: "N",
      FolioSAP: null,
      EstadoERP: "",
    });
    expect((await enRevision(fila.IdFactura))?.EstatusFactura).toBe("P");

    // An invoice whose job never reached the ERP: nothing is created, and there is nothing to cancel.
    const otra = await register("CE-2");
    expect((await decide(otra.fila, "A", "Conforme")).json()).toEqual(exito);
    await estatusAMano(otra.fila.IdFactura, "R");
    const cancelaciones = red.cancelaciones;
    expect(await flush()).toBe(0);
    expect(await apDe(otra.fila.IdFactura)).toEqual([]);
    expect(await trabajo(otra.fila.IdFactura, "cancelar_factura")).toMatchObject({ estado: "hecho" });
    expect(red.cancelaciones).toBe(cancelaciones);
    expect(await entradaAbierta(otra.docNum)).toBe(true);
  });

  it("an A/P invoice the ERP has for an invoice that is not accepted is cancelled through the outbox when it is rejected, retried like a creation", async () => {
    const { fila, docNum } = await register("CF-1");
    expect((await decide(fila, "A", "Conforme")).json()).toEqual(exito);
    expect(await flush()).toBe(1);
    expect(await entradaAbierta(docNum)).toBe(false);
    // The probe's end state: Pendiente again while the ERP has the A/P invoice (by hand here).
    await estatusAMano(fila.IdFactura, "P");
    const pendiente = (await enRevision(fila.IdFactura))!;
    expect(pendiente).toMatchObject({ EstatusFactura: "P", CANCELED: "N" });

    red.cancelacionesFallidas = 1;
    expect((await decide(pendiente, "R", "Se aceptó por error")).json()).toEqual(exito);
    // The cancellation was written with the decision; the ERP is down at the first attempt: retried later.
    expect(await trabajo(fila.IdFactura, "cancelar_factura")).toMatchObject({ estado: "pendiente", intentos: 0 });
    expect(await flush()).toBe(0);
    expect(await trabajo(fila.IdFactura, "cancelar_factura")).toMatchObject({
      estado: "pendiente",
      intentos: 1,
      ultimoError: "connect ECONNREFUSED 10.0.0.5:50000",
    });
    expect((await apDe(fila.IdFactura)).map((a) => a.canceled)).toEqual(["N"]);
    t.time.advance(2 * 60_000);
    expect(await flush()).toBe(0);
    expect(await trabajo(fila.IdFactura, "cancelar_factura")).toMatchObject({ estado: "hecho", intentos: 2 });
    expect((await apDe(fila.IdFactura)).map((a) => a.canceled)).toEqual(["Y"]);
    expect(await entradaAbierta(docNum)).toBe(true);
    // The supplier sees its invoice Rechazada (not 'Cancelado') and can correct it.
    expect(await delProveedor(fila.IdFactura)).toMatchObject({ EstatusFactura: "R", CANCELED: "N", FolioSAP: null });
    const rechazada = (await enRevision(fila.IdFactura))!;
    expect(rechazada).toMatchObject({ EstatusFactura: "R", Comentarios: "Se aceptó por error", EstadoERP: "" });
    const correccion = correct(rechazada, docNum);
    expect((await correccion.respuesta).json()).toEqual({ status: "success", message: MSG.facturaActualizada("CF-1") });
    expect((await enRevision(fila.IdFactura))?.EstatusFactura).toBe("P");
  });
});
