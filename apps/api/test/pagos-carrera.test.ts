import { type ComplementoEsperado, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGO_MSG } from "../src/modules/pagos/reglas";
import { complementoDesdeEsperado, createPagoFixture } from "./documentos-prueba";
import { KEMPER, MCI } from "./factura-prueba";
import { createTestApp, loginTodos, pdfBase64, type TestApp, withToken } from "./helpers";
import { startSatCompuerta } from "./sat-compuerta";

/**
 * Issue 22, payment complements: the same flaw as invoices. postPago reads the record, verifies the seals and asks
 * the SAT outside any transaction, then wrote unconditionally, so a re-upload in flight undid a reviewer's
 * decision made meanwhile (an accepted complement back to Pendiente with another XML). The SAT is a gate the test
 * holds (sat-compuerta.ts), reached by the real client; exactly one writer wins and an accepted complement stays
 * accepted.
 */
interface Fila {
  IdPago: number | null;
  DocNum: number;
  DocEntry: number;
  DocTotal: string;
  U_SYS_PMSNBD: string;
  U_SYS_PMESPA: string;
  U_SYS_PMUUID: string;
  U_SYS_PMMERR?: string;
  Version?: number;
  Detalle: { FolioSAP: number; FolioFactura: string; UUID: string; FechaFactura: string; Total: string }[];
}

let t: TestApp;
let sat: Awaited<ReturnType<typeof startSatCompuerta>>;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  sat = await startSatCompuerta();
  t = await createTestApp({ SAT_ESTADO_CFDI_URL: sat.url });
  Object.assign(tokens, await loginTodos(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sat?.close();
});

const call = (token: string, method: "POST" | "PATCH", url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const pendientes = async (): Promise<Fila[]> =>
  (await call(tokens.admin, "POST", "/api/pagosPendientes/getPagos", {})).json().data;
const enRevision = async (docNum: number) => (await pendientes()).find((p) => p.DocNum === docNum);
/** One reviewer's decision on one row, with the Version that reviewer's list showed. */
const decide = (p: Fila, Estatus: "P" | "A" | "R" | "V", Comentarios = "") =>
  call(tokens.admin, "PATCH", "/api/pagosPendientes/patchPagos", [
    { Pago: p.IdPago, PagoSAP: p.DocNum, BD: p.U_SYS_PMSNBD, Estatus, Comentarios, Version: p.Version },
  ]);
const exito = { status: "success", message: MSG.revisionExito };
const audited = async (id: number) =>
  (
    await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "pago"), eq(schema.auditoria.entidadId, String(id))))
      .orderBy(schema.auditoria.id)
  ).map((a) => `${a.campo}:${a.valorNuevo.slice(0, 1)}`);

/**
 * A new ERP payment that owes a complement: a PPD invoice of Kemper paid in full in the ERP (the payment
 * fixture). Returns the payment's row and the complement owed.
 */
async function nuevoPago(): Promise<{ pago: Fila; esperado: ComplementoEsperado }> {
  const pagado = await createPagoFixture(t.tdb.db);
  const pago = ((await call(tokens.kemper, "POST", "/api/pagos/getPagos", {})).json().data as Fila[]).find(
    (p) => p.DocNum === pagado.docNum && p.U_SYS_PMSNBD === "SBO_MCI",
  )!;
  const esperado = (
    await call(tokens.kemper, "POST", "/api/pagos/getComplementoEsperado", { BD: "SBO_MCI", PagoSAP: pago.DocNum })
  ).json().data as ComplementoEsperado;
  expect(esperado.Documentos).toHaveLength(1);
  return { pago, esperado };
}

/**
 * The supplier uploads a complement for the payment (a new UUID each time), issued as getComplementoEsperado says.
 * Not awaited: while the SAT gate is closed the call waits there, after every read and check.
 */
function uploadComplemento(pago: Fila, e: ComplementoEsperado) {
  const { uuid, xml } = complementoDesdeEsperado(e, { dia: "2026-11-20" });
  const respuesta = call(tokens.kemper, "POST", "/api/pagos/postPago", {
    usuario: KEMPER.nombre,
    id: "P00001",
    operador: "Proveedor",
    PagoSAP: pago.DocNum,
    BD: pago.U_SYS_PMSNBD,
    PDF: "complemento.pdf",
    PDF64: pdfBase64(`Complemento ${pago.DocNum} ${uuid}`),
    XML: "complemento.xml",
    XML64: Buffer.from(xml).toString("base64"),
    FechaPago: e.FechaPago,
    Folio: "S/F",
    Total: pago.DocTotal,
    RFCEmisor: KEMPER.rfc,
    RFCReceptor: MCI.rfc,
    NombreEmisor: KEMPER.nombre,
    NombreReceptor: MCI.nombre,
    UUID: uuid,
    Detalle: pago.Detalle,
  });
  return { uuid, respuesta };
}
const agregado = { status: "success", message: MSG.documentosAgregados };

describe("aceptar mientras el proveedor vuelve a cargar su complemento", () => {
  it("the acceptance lands while the re-upload waits for the SAT: the acceptance stands, the re-upload is refused", async () => {
    const { pago, esperado } = await nuevoPago();
    const primero = uploadComplemento(pago, esperado);
    expect((await primero.respuesta).json()).toEqual(agregado);
    const pendiente = (await enRevision(pago.DocNum))!;
    expect(pendiente).toMatchObject({ U_SYS_PMESPA: "P", U_SYS_PMUUID: primero.uuid });

    sat.shut();
    const segundo = uploadComplemento(pago, esperado);
    expect(await sat.retenida()).toBe(segundo.uuid);
    expect((await decide(pendiente, "A", "Conforme")).json()).toEqual(exito);
    sat.open();
    const res = await segundo.respuesta;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: "error", message: PAGO_MSG.complementoDesactualizado(pago.DocNum) });

    // Accepted with the complement the reviewer saw; nothing of the re-upload was kept.
    expect(await enRevision(pago.DocNum)).toMatchObject({ U_SYS_PMESPA: "A", U_SYS_PMUUID: primero.uuid });
    expect(await audited(pendiente.IdPago!)).toEqual(["registro:P", "estatus:A"]);
    const estados = await t.tdb.db
      .select()
      .from(schema.satEstadosCfdi)
      .where(and(eq(schema.satEstadosCfdi.tipo, "pago"), eq(schema.satEstadosCfdi.documentoId, pendiente.IdPago!)));
    expect(estados.map((e) => e.uuid)).toEqual([primero.uuid]);
    // Locked from now on.
    const tarde = await uploadComplemento(pago, esperado).respuesta;
    expect(tarde.json().message).toContain(PAGO_MSG.complementoAceptado(pago.DocNum));
  });

  it("the re-upload commits first: the acceptance of the version the reviewer loaded is refused", async () => {
    const { pago, esperado } = await nuevoPago();
    const primero = uploadComplemento(pago, esperado);
    expect((await primero.respuesta).json()).toEqual(agregado);
    sat.shut();
    const segundo = uploadComplemento(pago, esperado);
    await sat.retenida();
    // The reviewer's list, loaded while the re-upload is in flight, shows the first complement.
    const vista = (await enRevision(pago.DocNum))!;
    expect(vista).toMatchObject({ U_SYS_PMESPA: "P", U_SYS_PMUUID: primero.uuid });
    sat.open();
    expect((await segundo.respuesta).json()).toEqual(agregado);
    const res = await decide(vista, "A", "Conforme");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe([MSG.revisionError, PAGO_MSG.revisionDesactualizada(pago.DocNum)].join("\n"));
    const ahora = (await enRevision(pago.DocNum))!;
    expect(ahora).toMatchObject({ U_SYS_PMESPA: "P", U_SYS_PMUUID: segundo.uuid });
    // Reloaded, the reviewer decides on what the supplier sent last.
    expect((await decide(ahora, "A", "Conforme")).json()).toEqual(exito);
    expect(await enRevision(pago.DocNum)).toMatchObject({ U_SYS_PMESPA: "A", U_SYS_PMUUID: segundo.uuid });
  });

  it("a rejected complement's replacement is refused when a reviewer decided meanwhile; an acceptance then locks it", async () => {
    const { pago, esperado } = await nuevoPago();
    expect((await uploadComplemento(pago, esperado).respuesta).json()).toEqual(agregado);
    expect((await decide((await enRevision(pago.DocNum))!, "R", "Falta el número de operación")).json()).toEqual(exito);
    const rechazado = (await enRevision(pago.DocNum))!;
    sat.shut();
    const reemplazo = uploadComplemento(pago, esperado);
    await sat.retenida();
    // Meanwhile the reviewer, checking with treasury, moves it to Validación.
    expect((await decide(rechazado, "V", "En validación con tesorería")).json()).toEqual(exito);
    sat.open();
    expect((await reemplazo.respuesta).json()).toEqual({
      status: "error",
      message: PAGO_MSG.complementoDesactualizado(pago.DocNum),
    });
    const enValidacion = (await enRevision(pago.DocNum))!;
    expect(enValidacion).toMatchObject({ U_SYS_PMESPA: "V", U_SYS_PMUUID: rechazado.U_SYS_PMUUID });
    // Two reviewers loaded it in Validación: one accepts; the other's rejection is refused (A is locked), before
    // and after reloading.
    expect((await decide(enValidacion, "A", "Conforme")).json()).toEqual(exito);
    const bloqueado = [MSG.revisionError, PAGO_MSG.revisionBloqueada(pago.DocNum)].join("\n");
    expect((await decide(enValidacion, "R", "No cuadra")).json().message).toBe(bloqueado);
    expect((await decide((await enRevision(pago.DocNum))!, "R", "No cuadra")).json().message).toBe(bloqueado);
    // A review row must say which version it decides on.
    const { Version: _visto, ...sinVersion } = enValidacion;
    const res = await decide(sinVersion, "R", "No cuadra");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Version");
    expect(await enRevision(pago.DocNum)).toMatchObject({ U_SYS_PMESPA: "A", U_SYS_PMUUID: rechazado.U_SYS_PMUUID });
  });
});
