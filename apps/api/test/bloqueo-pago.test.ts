import { BLOQUEO_PAGO_MSG, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { payFacturas } from "@portal/erp-sim";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { erpBackoffMs } from "../src/modules/erp-outbox/service";
import { bloqueoPrueba } from "./bloqueo-pago-prueba";
import { createTestApp, type TestApp, withToken } from "./helpers";

/**
 * Issue 27 (decision 036) with the mock adapter: an accepted CFDI the SAT cancelled blocks its A/P invoice's
 * payment through the ERP outbox, exactly once whatever is retried; the block waits for an A/P invoice not created
 * yet. Issue 36 (decision 038): only the replacement that takes its place (same receipts, total and currency:
 * sustituta.test.ts) lifts it; any other CFDI naming it with TipoRelacion 04 — another receipt, another supplier —
 * lifts nothing and does not prevent the block, in either order, and the reviewers see a warning on it; accounts
 * payable lifts a block by hand with a reason.
 */

/** The ERP behind a network the test controls (setPaymentBlock and createFacturaProveedor). */
const red = {
  /** setPaymentBlock reaches the ERP, which sets it, and the answer is lost this many times. */
  bloqueoPerdido: 0,
  /** createFacturaProveedor fails before reaching the ERP this many times. */
  creacionFalla: 0,
  /** setPaymentBlock calls that reached the ERP, by value. */
  escrituras: [] as boolean[],
};
const wrap = (real: ErpAdapter): ErpAdapter => ({
  ...real,
  async setPaymentBlock(bd, docEntry, blocked) {
    await real.setPaymentBlock(bd, docEntry, blocked);
    red.escrituras.push(blocked);
    if (red.bloqueoPerdido > 0) {
      red.bloqueoPerdido--;
      throw new Error("La operación excedió el tiempo de espera (60 s)");
    }
  },
  async createFacturaProveedor(input) {
    if (red.creacionFalla > 0) {
      red.creacionFalla--;
      throw new Error("connect ECONNREFUSED 10.0.0.5:50000");
    }
    return real.createFacturaProveedor(input);
  },
});

let t: TestApp;
const p = bloqueoPrueba(() => t);
beforeAll(async () => {
  t = await createTestApp({}, { erp: wrap });
}, 60_000);
afterAll(async () => t?.close());

describe("a CFDI cancelled after acceptance holds its payment (mock adapter)", () => {
  let cancelada = "";
  let canceladaId = 0;

  it("blocks the A/P invoice's payment once, whatever is retried, and the ERP then refuses to pay it", async () => {
    cancelada = await p.register();
    canceladaId = await p.accept(cancelada);
    await t.app.services.erpOutbox.flush();
    const ap = await p.apDe(canceladaId);
    expect(ap).toMatchObject({ payBlock: "N", canceled: "N" });

    await p.cancelAtSat(cancelada);
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "bloqueado", sustitutaId: null });
    expect(await p.trabajos(canceladaId, "bloquear_pago")).toMatchObject([{ estado: "pendiente", intentos: 0 }]);
    expect(await p.fila(cancelada)).toMatchObject({ BloqueoPago: "bloqueado", EstadoBloqueoERP: "pendiente" });

    // The ERP sets it, but the answer is lost: the job retries and finds it set, so it is written once.
    red.bloqueoPerdido = 1;
    red.escrituras = [];
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(canceladaId)).toMatchObject({ payBlock: "Y" });
    const esperando = (await p.trabajos(canceladaId, "bloquear_pago"))[0]!;
    expect(esperando).toMatchObject({ estado: "pendiente", intentos: 1 });
    expect(await p.fila(cancelada)).toMatchObject({
      BloqueoPago: "bloqueado",
      EstadoBloqueoERP: "pendiente",
      ErrorBloqueoERP: "La operación excedió el tiempo de espera (60 s)",
    });
    t.time.advance(erpBackoffMs(1));
    await t.app.services.erpOutbox.flush();
    expect(await p.trabajos(canceladaId, "bloquear_pago")).toMatchObject([{ estado: "hecho", intentos: 2 }]);
    expect(red.escrituras).toEqual([true]);

    // The SAT's finding again (a re-check repeated): no second job, no second audit entry.
    await p.findCancelledAgain(cancelada);
    await t.app.services.erpOutbox.flush();
    expect(await p.trabajos(canceladaId, "bloquear_pago")).toMatchObject([{ estado: "hecho", intentos: 2 }]);
    expect(red.escrituras).toEqual([true]);
    const entradas = await p.auditoria(canceladaId);
    expect(entradas).toHaveLength(1);
    expect(entradas[0]).toMatchObject({
      valorAnterior: "",
      valorNuevo: "bloqueado",
      comentario: BLOQUEO_PAGO_MSG.bloqueado,
    });
    expect(await p.fila(cancelada)).toMatchObject({
      BloqueoPago: "bloqueado",
      EstadoBloqueoERP: "hecho",
      ErrorBloqueoERP: "",
    });

    // The accountants cannot pay it while blocked.
    await expect(
      payFacturas(t.tdb.db, {
        bd: "SBO_MCI",
        fecha: "2026-11-25",
        formaPago: "03",
        moneda: "MXN",
        facturas: [{ docNum: ap!.docNum }],
      }),
    ).rejects.toThrow(/bloqueo de pago/);
  });

  it("another supplier's replacement naming the cancelled CFDI lifts nothing", async () => {
    // Berenice's CFDI in the same sociedad naming Kemper's cancelled UUID with TipoRelacion 04.
    const ajena = await p.register();
    const ajenaRow = await p.factura(ajena);
    await t.tdb.db
      .update(schema.facturas)
      .set({ cardCode: "P00002", uuidsSustituidos: [cancelada] })
      .where(eq(schema.facturas.id, ajenaRow.id));
    await p.accept(ajena);
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "bloqueado", sustitutaId: null });
    expect(await p.trabajos(canceladaId, "desbloquear_pago")).toEqual([]);
    expect(await p.apDe(canceladaId)).toMatchObject({ payBlock: "Y" });
  });

  it("a CFDI of the same supplier naming it (TipoRelacion 04) but not taking its place lifts nothing; reviewers are warned", async () => {
    // Issue 36 (decision 038): another receipt, so no takeover (decision 036); its acceptance used to lift the block.
    const otra = await p.register({ sustituye: cancelada });
    const otraRow = await p.factura(otra);
    expect(otraRow).toMatchObject({ uuidsSustituidos: [cancelada], sustituyeAId: null });
    const aviso = MSG.sustituyeFacturaBloqueada((await p.factura(cancelada)).folio);
    expect(aviso).toBe(
      `Este CFDI dice sustituir a la factura ${(await p.factura(cancelada)).folio}, cuyo pago está bloqueado.`,
    );
    // The review list and the employees' list (whose row the invoice detail shows) carry the warning; a supplier's
    // list does not, nor the blocked invoice's own row.
    expect(await p.fila(otra)).toMatchObject({ AvisoSustitucion: aviso });
    expect(await p.filaDeLista(otra)).toMatchObject({ AvisoSustitucion: aviso });
    expect((await p.filaDeLista(otra, await p.kemper()))?.AvisoSustitucion).toBeUndefined();
    expect(await p.fila(cancelada)).toMatchObject({ AvisoSustitucion: "" });

    await p.accept(otra);
    red.escrituras = [];
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "bloqueado", sustitutaId: null });
    expect(await p.trabajos(canceladaId, "desbloquear_pago")).toEqual([]);
    expect(await p.apDe(canceladaId)).toMatchObject({ payBlock: "Y" });
    expect(red.escrituras).toEqual([]);
    // It got its own A/P invoice, and still says what it claims.
    expect(await p.apDe(otraRow.id)).toMatchObject({ payBlock: "N", canceled: "N" });
    expect(await p.fila(otra)).toMatchObject({ EstatusFactura: "A", AvisoSustitucion: aviso });
    expect((await p.auditoria(canceladaId)).map((e) => e.valorNuevo)).toEqual(["bloqueado"]);
  });

  it("accounts payable lifts it by hand: a reason is required, only the pendientes access, one of two at once wins", async () => {
    const otra = (await p.fila(cancelada)).FolioFactura;
    // Without a reason (absent, empty or blank): refused in Spanish, nothing changes.
    for (const motivo of [undefined, "", "   "]) {
      const res = await p.liftBlock(cancelada, motivo === undefined ? {} : { motivo });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: "error", message: "El campo Motivo es obligatorio." });
    }
    // A general employee (no ViDocPen) and a supplier may not.
    for (const token of [await p.consulta(), await p.kemper()]) {
      const res = await p.liftBlock(cancelada, { motivo: "Pago urgente", token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.sinPermiso);
    }
    // A stale version is told to reload.
    const vista = (await p.factura(cancelada)).version;
    const vieja = await p.liftBlock(cancelada, { motivo: "Pago urgente", version: vista - 1 });
    expect(vieja.statusCode).toBe(400);
    expect(vieja.json().message).toBe(MSG.bloqueoPagoDesactualizado(otra));
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "bloqueado", version: vista });

    // Two reviewers lift it at once, both from the version they saw: one wins, the other is told.
    await t.tdb.db.update(schema.empleados).set({ viDocPen: "Y" }).where(eq(schema.empleados.usuario, "consulta"));
    const motivos = ["El proveedor entregó la carta de no cancelación", "Autorizado por la contraloría"];
    const respuestas = await Promise.all([
      p.liftBlock(cancelada, { motivo: motivos[0], version: vista }),
      p.liftBlock(cancelada, { motivo: motivos[1], version: vista, token: await p.consulta() }),
    ]);
    const ganadoras = respuestas.filter((r) => r.statusCode === 200);
    expect(ganadoras).toHaveLength(1);
    expect(ganadoras[0]!.json()).toEqual({ status: "success", message: MSG.bloqueoPagoQuitado(otra) });
    const perdedora = respuestas.find((r) => r.statusCode !== 200)!;
    expect(perdedora.statusCode).toBe(400);
    expect(perdedora.json()).toEqual({ status: "error", message: MSG.bloqueoPagoYaQuitado(otra) });
    const gano = respuestas.indexOf(ganadoras[0]!);

    // Audited once, with who and why, like the employees' other decisions.
    const entradas = await p.auditoria(canceladaId);
    expect(entradas.map((e) => e.valorNuevo)).toEqual(["bloqueado", "liberado"]);
    const [admin] = await t.tdb.db.select().from(schema.empleados).where(eq(schema.empleados.usuario, "admin"));
    const [consulta] = await t.tdb.db.select().from(schema.empleados).where(eq(schema.empleados.usuario, "consulta"));
    expect(entradas[1]).toMatchObject({
      valorAnterior: "bloqueado",
      valorNuevo: "liberado",
      comentario: motivos[gano],
      operador: "Empleado",
      usuarioRef: String((gano === 0 ? admin : consulta)!.id),
    });
    const historial = await t.app.inject(
      withToken(await p.admin(), {
        method: "POST",
        url: "/api/facturas/getHistorial",
        payload: { IdFactura: canceladaId },
      }),
    );
    expect(historial.json().data.at(-1)).toMatchObject({
      Campo: "bloqueoPago",
      De: "bloqueado",
      A: "liberado",
      Comentario: motivos[gano],
      Operador: "Empleado",
    });

    // The ERP job PATCHes the block off, once.
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "liberado", sustitutaId: null });
    expect(await p.trabajos(canceladaId, "desbloquear_pago")).toMatchObject([{ estado: "pendiente" }]);
    red.escrituras = [];
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(canceladaId)).toMatchObject({ payBlock: "N" });
    expect(await p.trabajos(canceladaId, "desbloquear_pago")).toMatchObject([{ estado: "hecho" }]);
    expect(red.escrituras).toEqual([false]);
    expect(await p.fila(cancelada)).toMatchObject({
      BloqueoPago: "liberado",
      SustitutoUUID: "",
      EstadoBloqueoERP: "hecho",
    });
    // The CFDI that named it no longer warns (the payment is not blocked any more).
    const otras = (
      await t.app.inject(
        withToken(await p.admin(), { method: "POST", url: "/api/facturasPendientes/getFacturas", payload: {} }),
      )
    )
      .json()
      .data.filter((r: { AvisoSustitucion?: string }) => r.AvisoSustitucion);
    expect(otras).toEqual([]);

    // Lifting it again, or an invoice without a block, is refused in words; the SAT's finding again blocks nothing.
    const otraVez = await p.liftBlock(cancelada, { motivo: "Otra vez" });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().message).toBe(MSG.bloqueoPagoYaQuitado(otra));
    const sinBloqueo = await p.register();
    await p.accept(sinBloqueo);
    await t.app.services.erpOutbox.flush();
    const nada = await p.liftBlock(sinBloqueo, { motivo: "Por si acaso" });
    expect(nada.statusCode).toBe(400);
    expect(nada.json().message).toBe(MSG.bloqueoPagoSinBloqueo((await p.factura(sinBloqueo)).folio));
    await p.findCancelledAgain(cancelada);
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "liberado" });
    await t.tdb.db.update(schema.empleados).set({ viDocPen: "N" }).where(eq(schema.empleados.usuario, "consulta"));
  });

  it("found cancelled before its A/P invoice exists: the block is applied once the A/P invoice is created", async () => {
    const uuid = await p.register();
    // The ERP is not reached on the creation's first two attempts.
    red.creacionFalla = 2;
    const id = await p.accept(uuid);
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(id)).toBeUndefined();
    await p.cancelAtSat(uuid);
    red.escrituras = [];
    // The creation fails again and the block job finds no A/P invoice: nothing to do yet.
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(id)).toBeUndefined();
    expect(await p.trabajos(id, "bloquear_pago")).toMatchObject([{ estado: "hecho" }]);
    expect(red.escrituras).toEqual([]);
    // The creation's retry makes the A/P invoice and queues the block again, which runs in the same pass.
    t.time.advance(erpBackoffMs(2));
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(id)).toMatchObject({ payBlock: "Y" });
    expect(await p.trabajos(id, "bloquear_pago")).toMatchObject([{ estado: "hecho" }]);
    expect(red.escrituras).toEqual([true]);
  });

  it("a CFDI naming it (TipoRelacion 04) accepted before the cancellation is found does not prevent the block", async () => {
    // Issue 36 (decision 038): another receipt, so it does not take its place; it used to record itself as the
    // replacement and leave the payment unblocked.
    const original = await p.register();
    const originalId = await p.accept(original);
    const otra = await p.register({ sustituye: original });
    await p.accept(otra);
    await t.app.services.erpOutbox.flush();
    expect(await p.fila(otra)).toMatchObject({ AvisoSustitucion: "" });
    await p.cancelAtSat(original);
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(original)).toMatchObject({ bloqueoPago: "bloqueado", sustitutaId: null });
    expect(await p.trabajos(originalId, "bloquear_pago")).toMatchObject([{ estado: "hecho" }]);
    expect(await p.apDe(originalId)).toMatchObject({ payBlock: "Y" });
    expect(await p.fila(original)).toMatchObject({ BloqueoPago: "bloqueado", SustitutoUUID: "" });
    // Now that the payment is blocked, the CFDI that named it warns the reviewers.
    expect(await p.fila(otra)).toMatchObject({
      AvisoSustitucion: MSG.sustituyeFacturaBloqueada((await p.factura(original)).folio),
    });
  });
});
