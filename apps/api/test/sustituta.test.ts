import { BLOQUEO_PAGO_MSG, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErpAdapter } from "../src/erp/types";
import { erpBackoffMs } from "../src/modules/erp-outbox/service";
import { FACTURA_MSG } from "../src/modules/facturas/reglas";
import { bloqueoPrueba } from "./bloqueo-pago-prueba";
import { createTestApp, type TestApp, withToken } from "./helpers";

/**
 * Issue 27 (decision 036, "La sustituta toma la factura de proveedor") with the mock adapter: a replacement CFDI
 * (TipoRelacion 04) for the same receipts, total and currency as an accepted invoice registers although that invoice
 * holds the receipts, and once accepted takes over its A/P invoice (UUID, folio, portal id, block lifted) instead of
 * creating a second one, exactly once whatever is retried or accepted at the same time.
 */

/**
 * repointFacturaProveedor reaches the ERP, which writes it, and the answer is lost this many times; while
 * `creacionCaida`, every A/P invoice's creation fails.
 */
const red = { respuestaPerdida: 0, escrituras: 0, creacionCaida: false };
const wrap = (real: ErpAdapter): ErpAdapter => ({
  ...real,
  async createFacturaProveedor(doc) {
    if (red.creacionCaida) throw new Error("El ERP no respondió");
    return real.createFacturaProveedor(doc);
  },
  async repointFacturaProveedor(bd, docEntry, to) {
    await real.repointFacturaProveedor(bd, docEntry, to);
    red.escrituras++;
    if (red.respuestaPerdida > 0) {
      red.respuestaPerdida--;
      throw new Error("La operación excedió el tiempo de espera (60 s)");
    }
  },
});

let t: TestApp;
const p = bloqueoPrueba(() => t);
beforeAll(async () => {
  t = await createTestApp({}, { erp: wrap });
}, 60_000);
afterAll(async () => t?.close());

/** The A/P invoices of the simulated ERP based on Kemper's receipt `docNum` of SBO_MCI. */
const apsDeEntrada = (docNum: number) =>
  t.tdb.db
    .select()
    .from(schema.erpFacturas)
    .where(and(eq(schema.erpFacturas.bd, "SBO_MCI"), eq(schema.erpFacturas.entradaDocNum, docNum)));
const activas = async (facturaId: number) =>
  (await t.tdb.db.select().from(schema.facturaEntradas).where(eq(schema.facturaEntradas.facturaId, facturaId))).map(
    (r) => r.activa,
  );

/** An accepted invoice of Kemper with its A/P invoice made (the receipt closed by it in the ERP). */
async function aceptadaEnErp() {
  const uuid = await p.register();
  const id = await p.accept(uuid);
  await t.app.services.erpOutbox.flush();
  const f = await p.factura(uuid);
  expect(f.erpDocNum).not.toBeNull();
  return { uuid, id, entrada: f.entradaDocNum };
}

async function decide(facturaId: number, estatus: "A" | "R") {
  const f = (await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.id, facturaId)))[0]!;
  return t.app.inject(
    withToken(await p.admin(), {
      method: "PATCH",
      url: "/api/facturasPendientes/patchfactura",
      payload: [{ Factura: f.id, Estatus: estatus, Comentarios: "Conforme", BD: f.bd, Version: f.version }],
    }),
  );
}

describe("the replacement takes over the A/P invoice (mock adapter)", () => {
  it("registers before the cancellation is found, takes over the A/P invoice once (lost answer retried)", async () => {
    const vieja = await aceptadaEnErp();
    const [ap] = await apsDeEntrada(vieja.entrada);
    const sustituta = await p.register({ sustituye: vieja.uuid, entrada: vieja.entrada });
    const s = await p.factura(sustituta);
    expect(s).toMatchObject({ sustituyeAId: vieja.id, estatus: "P" });
    // While Pendiente the replaced invoice still holds the receipt.
    expect(await activas(s.id)).toEqual([false]);
    expect(await activas(vieja.id)).toEqual([true]);
    expect(await p.fila(sustituta)).toMatchObject({ SustituyeA: expect.stringContaining(vieja.uuid) });

    await p.accept(sustituta);
    expect(await activas(s.id)).toEqual([true]);
    expect(await activas(vieja.id)).toEqual([false]);
    expect(await p.factura(vieja.uuid)).toMatchObject({ sustituidaPorId: s.id, estatus: "A" });
    expect(await p.trabajos(s.id, "crear_factura")).toEqual([]);
    expect(await p.trabajos(s.id, "sustituir_cfdi")).toMatchObject([{ estado: "pendiente" }]);

    red.respuestaPerdida = 1;
    red.escrituras = 0;
    await t.app.services.erpOutbox.flush();
    expect(await p.trabajos(s.id, "sustituir_cfdi")).toMatchObject([{ estado: "pendiente", intentos: 1 }]);
    t.time.advance(erpBackoffMs(1));
    await t.app.services.erpOutbox.flush();
    expect(await p.trabajos(s.id, "sustituir_cfdi")).toMatchObject([{ estado: "hecho", intentos: 2 }]);
    expect(red.escrituras).toBe(1);

    // ONE A/P invoice: the old one, now the replacement's.
    const aps = await apsDeEntrada(vieja.entrada);
    expect(aps).toHaveLength(1);
    expect(aps[0]).toMatchObject({
      docEntry: ap!.docEntry,
      portalId: s.id,
      uuid: sustituta,
      numAtCard: s.folio,
      payBlock: "N",
      canceled: "N",
    });
    expect(await p.factura(sustituta)).toMatchObject({ erpDocEntry: ap!.docEntry, erpDocNum: ap!.docNum });
    expect(await p.fila(sustituta)).toMatchObject({ EstadoERP: "creada", FolioSAP: ap!.docNum });
    expect(await p.fila(vieja.uuid)).toMatchObject({
      EstatusFactura: "A",
      SustituidaPor: `${s.folio} (UUID ${sustituta})`,
    });
    const historial = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidadId, String(vieja.id)), eq(schema.auditoria.campo, "sustitucion")));
    expect(historial.map((h) => h.valorNuevo)).toEqual([FACTURA_MSG.sustituidaPor(s.folio, sustituta)]);

    // The old CFDI found Cancelado later (motivo 01): nothing is blocked.
    await p.cancelAtSat(vieja.uuid);
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(vieja.uuid)).toMatchObject({ bloqueoPago: "", sustitutaId: s.id });
    expect((await apsDeEntrada(vieja.entrada))[0]).toMatchObject({ payBlock: "N", portalId: s.id });
  });

  it("issue 36: the takeover waits for the replaced invoice's A/P invoice without spending attempts", async () => {
    // The replaced invoice is accepted, but its A/P invoice cannot be created for hours.
    red.creacionCaida = true;
    const vieja = await p.register();
    const viejaId = await p.accept(vieja);
    const entrada = (await p.factura(vieja)).entradaDocNum;
    const sustituta = await p.register({ sustituye: vieja, entrada });
    const id = await p.accept(sustituta);
    for (let i = 0; i < 8; i++) {
      await t.app.services.erpOutbox.flush();
      t.time.advance(30 * 60_000);
    }
    expect((await p.trabajos(viejaId, "crear_factura"))[0]?.intentos).toBeGreaterThan(3);
    expect(await p.trabajos(id, "sustituir_cfdi")).toMatchObject([{ estado: "pendiente", intentos: 0 }]);
    // 'Reintentar' has nothing to run yet: it says why and spends nothing.
    const f = await p.factura(sustituta);
    const ahoraNo = await t.app.inject(
      withToken(await p.admin(), {
        method: "POST",
        url: "/api/facturasPendientes/reintentarErp",
        payload: { Factura: f.id },
      }),
    );
    expect(ahoraNo.statusCode, ahoraNo.body).toBe(409);
    expect(ahoraNo.json().message).toContain("La factura sustituida aún no tiene factura de proveedor en el ERP");
    expect(await p.trabajos(id, "sustituir_cfdi")).toMatchObject([{ estado: "pendiente", intentos: 0 }]);

    // The ERP creates A/P invoices again: the replaced invoice's, then — in the same pass — the takeover.
    red.creacionCaida = false;
    t.time.advance(7 * 3_600_000);
    await t.app.services.erpOutbox.flush();
    expect(await p.trabajos(id, "sustituir_cfdi")).toMatchObject([{ estado: "hecho", intentos: 1 }]);
    const aps = await apsDeEntrada(entrada);
    expect(aps).toHaveLength(1);
    expect(aps[0]).toMatchObject({ portalId: id, uuid: sustituta });
    expect(await p.factura(sustituta)).toMatchObject({ erpDocEntry: aps[0]!.docEntry });
  });

  it("registers after the cancellation blocked the payment; its acceptance lifts the block on the same A/P invoice", async () => {
    const vieja = await aceptadaEnErp();
    await p.cancelAtSat(vieja.uuid);
    await t.app.services.erpOutbox.flush();
    expect((await apsDeEntrada(vieja.entrada))[0]).toMatchObject({ payBlock: "Y", portalId: vieja.id });

    const sustituta = await p.register({ sustituye: vieja.uuid, entrada: vieja.entrada });
    const id = await p.accept(sustituta);
    await t.app.services.erpOutbox.flush();
    const aps = await apsDeEntrada(vieja.entrada);
    expect(aps).toHaveLength(1);
    expect(aps[0]).toMatchObject({ portalId: id, uuid: sustituta, payBlock: "N" });
    expect(await p.factura(vieja.uuid)).toMatchObject({
      bloqueoPago: "liberado",
      sustitutaId: id,
      sustituidaPorId: id,
    });
    expect(await p.trabajos(id, "sustituir_cfdi")).toMatchObject([{ estado: "hecho" }]);
  });

  it("issue 36, found cancelled first: a CFDI only naming it lifts nothing; the replacement taking its place lifts it", async () => {
    const vieja = await aceptadaEnErp();
    const folioVieja = (await p.factura(vieja.uuid)).folio;
    await p.cancelAtSat(vieja.uuid);
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(vieja.uuid)).toMatchObject({ bloqueoPago: "bloqueado" });

    // Another receipt: not a takeover. Accepted, it lifts nothing and the reviewers are warned.
    const otra = await p.register({ sustituye: vieja.uuid });
    const otraId = await p.accept(otra);
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(vieja.uuid)).toMatchObject({ bloqueoPago: "bloqueado", sustitutaId: null });
    expect(await p.trabajos(vieja.id, "desbloquear_pago")).toEqual([]);
    expect((await apsDeEntrada(vieja.entrada))[0]).toMatchObject({ payBlock: "Y", portalId: vieja.id });
    expect(await p.fila(otra)).toMatchObject({ AvisoSustitucion: MSG.sustituyeFacturaBloqueada(folioVieja) });

    // The takeover (same receipt, total and currency) carries no warning: accepting it lifts the block.
    const sustituta = await p.register({ sustituye: vieja.uuid, entrada: vieja.entrada });
    expect(await p.fila(sustituta)).toMatchObject({ AvisoSustitucion: "" });
    const id = await p.accept(sustituta);
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(vieja.uuid)).toMatchObject({
      bloqueoPago: "liberado",
      sustitutaId: id,
      sustituidaPorId: id,
    });
    const entradas = await t.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidadId, String(vieja.id)), eq(schema.auditoria.campo, "bloqueoPago")));
    expect(entradas.map((e) => [e.valorNuevo, e.comentario])).toEqual([
      ["bloqueado", BLOQUEO_PAGO_MSG.bloqueado],
      ["liberado", BLOQUEO_PAGO_MSG.liberado(sustituta)],
    ]);
    expect(await apsDeEntrada(vieja.entrada)).toMatchObject([{ portalId: id, payBlock: "N" }]);
    expect(await p.apDe(otraId)).toMatchObject({ payBlock: "N" });
    // The other CFDI no longer warns: nothing is blocked.
    expect(await p.fila(otra)).toMatchObject({ AvisoSustitucion: "" });
  });

  it("issue 36, replaced first: a CFDI only naming it does not stand in; the takeover does, so there is nothing to block", async () => {
    const vieja = await aceptadaEnErp();
    // Accepted first (the lower id): it names the old CFDI but bills another receipt.
    const otra = await p.register({ sustituye: vieja.uuid });
    await p.accept(otra);
    const sustituta = await p.register({ sustituye: vieja.uuid, entrada: vieja.entrada });
    const id = await p.accept(sustituta);
    await t.app.services.erpOutbox.flush();
    await p.cancelAtSat(vieja.uuid);
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(vieja.uuid)).toMatchObject({ bloqueoPago: "", sustitutaId: id, sustituidaPorId: id });
    expect(await p.trabajos(vieja.id, "bloquear_pago")).toEqual([]);
    expect(await apsDeEntrada(vieja.entrada)).toMatchObject([{ portalId: id, payBlock: "N" }]);
    expect(await p.fila(vieja.uuid)).toMatchObject({ BloqueoPago: "", SustitutoUUID: sustituta });
    expect(await p.fila(otra)).toMatchObject({ AvisoSustitucion: "" });
  });

  it("a replacement with another total is refused with the reason; another supplier's UUID takes nothing over", async () => {
    const vieja = await aceptadaEnErp();
    const distinta = await p.post({ sustituye: vieja.uuid, entrada: vieja.entrada, subtotal: "900.00", iva: "144.00" });
    expect(distinta.res.statusCode).toBe(400);
    expect(distinta.res.json().message).toContain(
      FACTURA_MSG.sustitutaDistinta(
        `BP-${vieja.entrada}-${vieja.uuid.slice(0, 4)}`,
        vieja.uuid,
        [vieja.entrada],
        "1160.00",
        "MXN",
      ),
    );

    // The same invoice, but another supplier's: Kemper's replacement naming it takes nothing over.
    const ajena = await aceptadaEnErp();
    await t.tdb.db.update(schema.facturas).set({ cardCode: "P00002" }).where(eq(schema.facturas.id, ajena.id));
    const intento = await p.post({ sustituye: ajena.uuid, entrada: ajena.entrada });
    expect(intento.res.statusCode).toBe(400);
    expect(intento.res.json().message).toContain(FACTURA_MSG.entradaConFactura(ajena.entrada));
    expect(await apsDeEntrada(ajena.entrada)).toMatchObject([{ portalId: ajena.id, uuid: ajena.uuid }]);
  });

  it("two replacements accepted at once: exactly one takes over; rejecting the other changes nothing", async () => {
    const vieja = await aceptadaEnErp();
    const una = await p.register({ sustituye: vieja.uuid, entrada: vieja.entrada });
    const otra = await p.register({ sustituye: vieja.uuid, entrada: vieja.entrada });
    const [idUna, idOtra] = [(await p.factura(una)).id, (await p.factura(otra)).id];
    const respuestas = await Promise.all([decide(idUna, "A"), decide(idOtra, "A")]);
    const exito = respuestas.filter((r) => r.json().status === "success");
    expect(exito).toHaveLength(1);
    const perdedora = respuestas.find((r) => r.json().status !== "success")!;
    expect(perdedora.statusCode).toBe(400);
    const ganadora = respuestas[0] === exito[0] ? idUna : idOtra;
    const otraId = ganadora === idUna ? idOtra : idUna;
    expect(await p.factura(vieja.uuid)).toMatchObject({ sustituidaPorId: ganadora });

    // The loser rejected: the replaced invoice and the winner keep everything.
    expect((await decide(otraId, "R")).json()).toEqual({ status: "success", message: MSG.revisionExito });
    await t.app.services.erpOutbox.flush();
    expect(await p.factura(vieja.uuid)).toMatchObject({ sustituidaPorId: ganadora, estatus: "A" });
    expect(await activas(ganadora)).toEqual([true]);
    expect(await activas(otraId)).toEqual([false]);
    const aps = await apsDeEntrada(vieja.entrada);
    expect(aps).toHaveLength(1);
    expect(aps[0]).toMatchObject({ portalId: ganadora });
    // Accepting the loser later is refused in words.
    const tarde = await decide(otraId, "A");
    expect(tarde.statusCode).toBe(400);
    expect(tarde.json().message).toContain(FACTURA_MSG.yaSustituida(`BP-${vieja.entrada}-${vieja.uuid.slice(0, 4)}`));
  });
});
