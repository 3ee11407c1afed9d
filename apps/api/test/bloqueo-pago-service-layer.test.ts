import { MSG } from "@portal/contracts";
import { decryptSecret, schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient } from "../src/erp/service-layer/client";
import { ErpRechazoError } from "../src/erp/types";
import { erpBackoffMs } from "../src/modules/erp-outbox/service";
import { bloqueoPrueba } from "./bloqueo-pago-prueba";
import { createTestAppOn, type createTestClock, type TestApp, testKey } from "./helpers";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 27 (decision 036) with ERP_ADAPTER=service-layer: the payment block travels as SAP's
 * `PATCH PurchaseInvoices(n) {"PaymentBlock":"tYES"}` (with the company's PaymentBlockEntry) to the simulator,
 * which stores it and answers it on PurchaseInvoices, refuses what SAP refuses, and the outbox writes it once even
 * when the answer to the PATCH is lost; the takeover's acceptance, or an employee's lift by hand (issue 36, decision
 * 038), sends tNO.
 */
let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let t: TestApp;
let cookie = "";
let usuario = { userName: "", password: "" };
const p = bloqueoPrueba(() => t);

/** Signs in to the simulator as SBO_MCI's own SAP user (plain HTTP, not the portal's client). */
async function slLogin() {
  const [s] = await tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_MCI"));
  usuario = { userName: s!.usuarioSap, password: decryptSecret(s!.passSapCifrada, testKey) };
  const res = await fetch(`${sim.url}Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ CompanyDB: "SBO_MCI", UserName: usuario.userName, Password: usuario.password }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
const sl = (method: string, path: string, body?: unknown) =>
  fetch(new URL(path, sim.url), {
    method,
    headers: { cookie, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
async function invoice(docEntry: number) {
  const res = await sl(
    "GET",
    `PurchaseInvoices(${docEntry})?$select=DocEntry,PaymentBlock,PaymentBlockEntry,Cancelled`,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { PaymentBlock: string; PaymentBlockEntry: number | null; Cancelled: string };
}
async function expectRefusal(res: Response, status: number, message: RegExp) {
  expect(res.status).toBe(status);
  expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
}

beforeAll(async () => {
  ({ time, tdb, sim } = await demoWithServiceLayer());
  t = await createTestAppOn(tdb, time, {
    ERP_ADAPTER: "service-layer",
    SAP_SL_URL: sim.url,
    SAP_SL_TIMEOUT_MS: "2000",
    SAP_SL_PAYMENT_BLOCK_ENTRY: "1",
  });
  await slLogin();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await tdb?.drop();
});

describe("ERP_ADAPTER=service-layer: the payment block through the Service Layer", () => {
  it("blocks once (the PATCH's answer lost on the way back), shows tYES on PurchaseInvoices; a CFDI only naming it leaves it, accounts payable lifts it", async () => {
    const cancelada = await p.register();
    const id = await p.accept(cancelada);
    await t.app.services.erpOutbox.flush();
    const ap = (await p.apDe(id))!;
    expect(await invoice(ap.docEntry)).toMatchObject({ PaymentBlock: "tNO", PaymentBlockEntry: null });

    await p.cancelAtSat(cancelada);
    sim.faults.commitThenDropPatch = 1;
    await t.app.services.erpOutbox.flush();
    expect(sim.faults.commitThenDropPatch).toBe(0);
    // SAP committed it; the portal did not hear so and retries later.
    expect(await invoice(ap.docEntry)).toMatchObject({ PaymentBlock: "tYES", PaymentBlockEntry: 1 });
    expect(await p.trabajos(id, "bloquear_pago")).toMatchObject([{ estado: "pendiente", intentos: 1 }]);
    const version = (await p.apDe(id))!.version;
    t.time.advance(erpBackoffMs(1));
    await t.app.services.erpOutbox.flush();
    expect(await p.trabajos(id, "bloquear_pago")).toMatchObject([{ estado: "hecho", intentos: 2 }]);
    // The retry read the block and wrote nothing (a PATCH would give the A/P invoice a new version).
    expect((await p.apDe(id))!.version).toBe(version);
    expect(await invoice(ap.docEntry)).toMatchObject({ PaymentBlock: "tYES", PaymentBlockEntry: 1 });
    expect(await p.fila(cancelada)).toMatchObject({ BloqueoPago: "bloqueado", EstadoBloqueoERP: "hecho" });

    // Issue 36 (decision 038): a CFDI naming it on another receipt does not take its place and lifts nothing.
    const otra = await p.register({ sustituye: cancelada });
    const otraId = await p.accept(otra);
    await t.app.services.erpOutbox.flush();
    expect(await invoice(ap.docEntry)).toMatchObject({ PaymentBlock: "tYES", PaymentBlockEntry: 1 });
    expect(await p.trabajos(id, "desbloquear_pago")).toEqual([]);
    expect(await p.apDe(otraId)).toMatchObject({ payBlock: "N", canceled: "N" });
    expect(await p.fila(otra)).toMatchObject({
      AvisoSustitucion: MSG.sustituyeFacturaBloqueada((await p.factura(cancelada)).folio),
    });

    // Accounts payable lifts it by hand: the job sends tNO (the PATCH's answer lost once: written once).
    const res = await p.liftBlock(cancelada, { motivo: "Autorizado por la contraloría" });
    expect(res.json()).toEqual({
      status: "success",
      message: MSG.bloqueoPagoQuitado((await p.factura(cancelada)).folio),
    });
    sim.faults.commitThenDropPatch = 1;
    await t.app.services.erpOutbox.flush();
    expect(sim.faults.commitThenDropPatch).toBe(0);
    expect(await invoice(ap.docEntry)).toMatchObject({ PaymentBlock: "tNO", PaymentBlockEntry: null });
    const liberada = (await p.apDe(id))!.version;
    t.time.advance(erpBackoffMs(1));
    await t.app.services.erpOutbox.flush();
    expect(await p.trabajos(id, "desbloquear_pago")).toMatchObject([{ estado: "hecho", intentos: 2 }]);
    expect((await p.apDe(id))!.version).toBe(liberada);
    expect(await p.fila(cancelada)).toMatchObject({
      BloqueoPago: "liberado",
      SustitutoUUID: "",
      EstadoBloqueoERP: "hecho",
    });
  });

  it("a replacement for the same receipt takes over the A/P invoice: one PATCH of UUID, folio, portal id and block", async () => {
    const vieja = await p.register();
    const viejaId = await p.accept(vieja);
    await t.app.services.erpOutbox.flush();
    const ap = (await p.apDe(viejaId))!;
    const entrada = (await p.factura(vieja)).entradaDocNum;
    await p.cancelAtSat(vieja);
    await t.app.services.erpOutbox.flush();
    expect(await invoice(ap.docEntry)).toMatchObject({ PaymentBlock: "tYES" });

    const sustituta = await p.register({ sustituye: vieja, entrada });
    const id = await p.accept(sustituta);
    // The PATCH commits but its answer is lost: the retry finds the A/P invoice by the new portal id.
    sim.faults.commitThenDropPatch = 1;
    await t.app.services.erpOutbox.flush();
    expect(sim.faults.commitThenDropPatch).toBe(0);
    t.time.advance(erpBackoffMs(1));
    await t.app.services.erpOutbox.flush();
    expect(await p.trabajos(id, "sustituir_cfdi")).toMatchObject([{ estado: "hecho", intentos: 2 }]);
    const res = await sl(
      "GET",
      `PurchaseInvoices?$select=DocEntry,DocNum,NumAtCard,U_SYS_PMUUID,U_SYS_PORTALID,PaymentBlock&$filter=U_SYS_PORTALID eq ${id} or U_SYS_PORTALID eq ${viejaId}`,
    );
    const filas = ((await res.json()) as { value: Record<string, unknown>[] }).value;
    expect(filas).toHaveLength(1);
    const s = await p.factura(sustituta);
    expect(filas[0]).toMatchObject({
      DocEntry: ap.docEntry,
      NumAtCard: s.folio,
      U_SYS_PMUUID: sustituta,
      U_SYS_PORTALID: id,
      PaymentBlock: "tNO",
    });
    expect(s).toMatchObject({ erpDocEntry: ap.docEntry, erpDocNum: ap.docNum });
    // SAP has no uniqueness on a user field (fidelity F7, decision 048): another A/P invoice may take the same portal
    // id, and the portal then reports the duplicate instead of picking one.
    const otra = await p.register();
    const otraId = await p.accept(otra);
    await t.app.services.erpOutbox.flush();
    const patched = await sl("PATCH", `PurchaseInvoices(${(await p.apDe(otraId))!.docEntry})`, { U_SYS_PORTALID: id });
    expect(patched.status).toBe(204);
    const client = createServiceLayerClient({ url: sim.url, timeoutMs: 5_000, clock: time.clock }, (companyDb) => ({
      companyDb,
      ...usuario,
    }));
    try {
      const adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
      t.time.advance(60_000);
      await expect(adapter.findFacturaProveedor(ap.bd, id)).rejects.toThrow(/tiene 2 facturas de proveedor/);
    } finally {
      await client.close();
    }
  });

  it("the simulator stores PaymentBlock faithfully and refuses what SAP refuses", async () => {
    const uuid = await p.register();
    const id = await p.accept(uuid);
    await t.app.services.erpOutbox.flush();
    const { docEntry } = (await p.apDe(id))!;
    // Idempotent: the same value twice is 204 both times.
    for (let i = 0; i < 2; i++)
      expect((await sl("PATCH", `PurchaseInvoices(${docEntry})`, { PaymentBlock: "tYES" })).status).toBe(204);
    expect(await invoice(docEntry)).toMatchObject({ PaymentBlock: "tYES", PaymentBlockEntry: null });
    const filtradas = await sl(
      "GET",
      `PurchaseInvoices?$select=DocEntry&$filter=PaymentBlock eq 'tYES' and DocEntry eq ${docEntry}`,
    );
    expect(((await filtradas.json()) as { value: unknown[] }).value).toHaveLength(1);
    await expectRefusal(
      await sl("PATCH", `PurchaseInvoices(${docEntry})`, { PaymentBlock: "Si" }),
      400,
      /PaymentBlock/,
    );
    await expectRefusal(
      await sl("PATCH", `PurchaseInvoices(${docEntry})`, { PaymentBlock: "tYES", PaymentBlockEntry: 99 }),
      400,
      /PaymentBlockEntry/,
    );
    expect((await sl("PATCH", `PurchaseInvoices(${docEntry})`, { PaymentBlock: "tNO" })).status).toBe(204);
    expect(await invoice(docEntry)).toMatchObject({ PaymentBlock: "tNO" });
    // A cancelled A/P invoice cannot take a payment block.
    expect((await sl("POST", `PurchaseInvoices(${docEntry})/Cancel`)).status).toBe(204);
    await expectRefusal(
      await sl("PATCH", `PurchaseInvoices(${docEntry})`, { PaymentBlock: "tYES" }),
      400,
      /closed or cancelled/,
    );
    expect(await invoice(docEntry)).toMatchObject({ PaymentBlock: "tNO", Cancelled: "tYES" });
    // Through the adapter, SAP's refusal is the ERP's refusal (not retried).
    const client = createServiceLayerClient({ url: sim.url, timeoutMs: 5_000, clock: time.clock }, (companyDb) => ({
      companyDb,
      ...usuario,
    }));
    try {
      const adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
      const refusal = await adapter.setPaymentBlock("SBO_MCI", docEntry, true).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(ErpRechazoError);
      expect((refusal as Error).message).toMatch(/bloqueo de pago/);
      const missing = await adapter.setPaymentBlock("SBO_MCI", 999_999, true).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(ErpRechazoError);
    } finally {
      await client.close();
    }
  });
});
