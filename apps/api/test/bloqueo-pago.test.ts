import { schema } from "@portal/db";
import { payFacturas } from "@portal/db/erp-mock";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { BLOQUEO_PAGO_MSG } from "../src/modules/bloqueo-pago/service";
import { erpBackoffMs } from "../src/modules/erp-facturas/service";
import { bloqueoPrueba } from "./bloqueo-pago-prueba";
import { createTestApp, type TestApp } from "./helpers";

/**
 * Issue 27 (decision 036) with the mock adapter: an accepted CFDI the SAT cancelled blocks its A/P invoice's
 * payment through the ERP outbox, exactly once whatever is retried; the block waits for an A/P invoice not created
 * yet; a replacement CFDI (TipoRelacion 04) of the same supplier lifts it when accepted; another supplier's does not.
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
    await t.app.services.erpFacturas.flush();
    const ap = await p.apDe(canceladaId);
    expect(ap).toMatchObject({ payBlock: "N", canceled: "N" });

    await p.cancelAtSat(cancelada);
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "bloqueado", sustitutaId: null });
    expect(await p.trabajos(canceladaId, "bloquear_pago")).toMatchObject([{ estado: "pendiente", intentos: 0 }]);
    expect(await p.fila(cancelada)).toMatchObject({ BloqueoPago: "bloqueado", EstadoBloqueoERP: "pendiente" });

    // The ERP sets it, but the answer is lost: the job retries and finds it set, so it is written once.
    red.bloqueoPerdido = 1;
    red.escrituras = [];
    await t.app.services.erpFacturas.flush();
    expect(await p.apDe(canceladaId)).toMatchObject({ payBlock: "Y" });
    const esperando = (await p.trabajos(canceladaId, "bloquear_pago"))[0]!;
    expect(esperando).toMatchObject({ estado: "pendiente", intentos: 1 });
    expect(await p.fila(cancelada)).toMatchObject({
      BloqueoPago: "bloqueado",
      EstadoBloqueoERP: "pendiente",
      ErrorBloqueoERP: "La operación excedió el tiempo de espera (60 s)",
    });
    t.time.advance(erpBackoffMs(1));
    await t.app.services.erpFacturas.flush();
    expect(await p.trabajos(canceladaId, "bloquear_pago")).toMatchObject([{ estado: "hecho", intentos: 2 }]);
    expect(red.escrituras).toEqual([true]);

    // The SAT's finding again (a re-check repeated): no second job, no second audit entry.
    await p.findCancelledAgain(cancelada);
    await t.app.services.erpFacturas.flush();
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
    await t.app.services.erpFacturas.flush();
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "bloqueado", sustitutaId: null });
    expect(await p.trabajos(canceladaId, "desbloquear_pago")).toEqual([]);
    expect(await p.apDe(canceladaId)).toMatchObject({ payBlock: "Y" });
  });

  it("the replacement's acceptance lifts the block; the replacement gets its own A/P invoice", async () => {
    const sustituta = await p.register({ sustituye: cancelada });
    expect(await p.factura(sustituta)).toMatchObject({ uuidsSustituidos: [cancelada] });
    // Registered is not enough: the block stays until the replacement is accepted.
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "bloqueado" });
    const sustitutaId = await p.accept(sustituta);
    expect(await p.factura(cancelada)).toMatchObject({ bloqueoPago: "liberado", sustitutaId });
    red.escrituras = [];
    await t.app.services.erpFacturas.flush();
    expect(await p.apDe(canceladaId)).toMatchObject({ payBlock: "N" });
    expect(await p.trabajos(canceladaId, "desbloquear_pago")).toMatchObject([{ estado: "hecho" }]);
    expect(red.escrituras).toEqual([false]);
    expect(await p.apDe(sustitutaId)).toMatchObject({ payBlock: "N", canceled: "N" });
    expect(await p.fila(cancelada)).toMatchObject({
      BloqueoPago: "liberado",
      SustitutoUUID: sustituta,
      EstadoBloqueoERP: "hecho",
    });
    const entradas = await p.auditoria(canceladaId);
    expect(entradas.map((e) => e.valorNuevo)).toEqual(["bloqueado", "liberado"]);
    expect(entradas[1]!.comentario).toBe(BLOQUEO_PAGO_MSG.liberado(sustituta));
  });

  it("found cancelled before its A/P invoice exists: the block is applied once the A/P invoice is created", async () => {
    const uuid = await p.register();
    // The ERP is not reached on the creation's first two attempts.
    red.creacionFalla = 2;
    const id = await p.accept(uuid);
    await t.app.services.erpFacturas.flush();
    expect(await p.apDe(id)).toBeUndefined();
    await p.cancelAtSat(uuid);
    red.escrituras = [];
    // The creation fails again and the block job finds no A/P invoice: nothing to do yet.
    await t.app.services.erpFacturas.flush();
    expect(await p.apDe(id)).toBeUndefined();
    expect(await p.trabajos(id, "bloquear_pago")).toMatchObject([{ estado: "hecho" }]);
    expect(red.escrituras).toEqual([]);
    // The creation's retry makes the A/P invoice and queues the block again, which runs in the same pass.
    t.time.advance(erpBackoffMs(2));
    await t.app.services.erpFacturas.flush();
    expect(await p.apDe(id)).toMatchObject({ payBlock: "Y" });
    expect(await p.trabajos(id, "bloquear_pago")).toMatchObject([{ estado: "hecho" }]);
    expect(red.escrituras).toEqual([true]);
  });

  it("a replacement accepted before the cancellation is found: no block at all", async () => {
    const original = await p.register();
    const originalId = await p.accept(original);
    const sustituta = await p.register({ sustituye: original });
    const sustitutaId = await p.accept(sustituta);
    await t.app.services.erpFacturas.flush();
    await p.cancelAtSat(original);
    await t.app.services.erpFacturas.flush();
    expect(await p.factura(original)).toMatchObject({ bloqueoPago: "", sustitutaId });
    expect(await p.trabajos(originalId, "bloquear_pago")).toEqual([]);
    expect(await p.apDe(originalId)).toMatchObject({ payBlock: "N" });
    expect(await p.fila(original)).toMatchObject({ BloqueoPago: "", SustitutoUUID: sustituta });
  });
});
