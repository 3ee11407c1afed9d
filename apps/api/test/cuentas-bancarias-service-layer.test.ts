import { SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import { decryptSecret, schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { CLABE_DEMO_APROBADA, CLABE_DEMO_SOLICITADA } from "@portal/seed";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient } from "../src/erp/service-layer/client";
import { ErpRechazoError } from "../src/erp/types";
import { bloqueoPrueba } from "./bloqueo-pago-prueba";
import { captureMails, cuentasPrueba, KEMPER } from "./cuentas-bancarias-prueba";
import { createTestAppOn, type createTestClock, type TestApp, testKey } from "./helpers";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 41 (decision 069) with ERP_ADAPTER=service-layer: an approved account travels as SAP's
 * `PATCH BusinessPartners('P00001') {"BPBankAccounts":[…]}` to the simulator, which — as SAP — adds every line
 * without InternalKey; the adapter reads the partner's accounts first, so the approval's job writes the line once
 * whatever is retried, and the cooling-off block reaches PurchaseInvoices' PaymentBlock.
 */
let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let t: TestApp;
let cookie = "";
const mails = captureMails();
const c = cuentasPrueba(() => t, mails.sent);
const p = bloqueoPrueba(() => t);

async function slLogin() {
  const [s] = await tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_MCI"));
  const res = await fetch(`${sim.url}Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      CompanyDB: "SBO_MCI",
      UserName: s!.usuarioSap,
      Password: decryptSecret(s!.passSapCifrada, testKey),
    }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((x) => x.split(";")[0])
    .join("; ");
}
const sl = (method: string, path: string, body?: unknown) =>
  fetch(new URL(path, sim.url), {
    method,
    headers: { cookie, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
/** The partner's BPBankAccounts as the simulator answers them. */
async function bankAccounts(cardCode = KEMPER) {
  const res = await sl("GET", `BusinessPartners('${cardCode}')?$select=CardCode,BPBankAccounts`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { BPBankAccounts: { AccountNo: string; InternalKey: number; BankCode: string }[] })
    .BPBankAccounts;
}

beforeAll(async () => {
  ({ time, tdb, sim } = await demoWithServiceLayer());
  t = await createTestAppOn(
    tdb,
    time,
    { ERP_ADAPTER: "service-layer", SAP_SL_URL: sim.url, SAP_SL_TIMEOUT_MS: "2000" },
    { mailTransport: mails.transport },
  );
  await slLogin();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await tdb?.drop();
});

describe("the simulator's BPBankAccounts, as SAP's", () => {
  it("answers the partner's accounts with their SAP fields, and a PATCH line without InternalKey is added, every time", async () => {
    expect(await bankAccounts()).toMatchObject([{ AccountNo: CLABE_DEMO_APROBADA, BankCode: "032", InternalKey: 1 }]);
    const line = { Country: "US", BankCode: "CHAS", AccountNo: "000123456789", ABARoutingNumber: "021000021" };
    expect((await sl("PATCH", "BusinessPartners('P00001')", { BPBankAccounts: [line] })).status).toBe(204);
    expect((await sl("PATCH", "BusinessPartners('P00001')", { BPBankAccounts: [line] })).status).toBe(204);
    const lines = (await bankAccounts()).filter((l) => l.AccountNo === "000123456789");
    expect(lines).toHaveLength(2);
    // A line with its InternalKey updates that line; an unknown property is refused as SAP refuses it.
    expect(
      (
        await sl("PATCH", "BusinessPartners('P00001')", {
          BPBankAccounts: [{ InternalKey: lines[1]!.InternalKey, AccountName: "Duplicada" }],
        })
      ).status,
    ).toBe(204);
    expect((await sl("PATCH", "BusinessPartners('P00001')", { BPBankAccounts: [{ Cuenta: "1" }] })).status).toBe(400);
    expect((await sl("PATCH", "BusinessPartners('NOEXISTE')", { BPBankAccounts: [line] })).status).toBe(404);
    // Clean up the lines this test added directly.
    await tdb.db.delete(schema.erpSocioCuentas).where(eq(schema.erpSocioCuentas.accountNo, "000123456789"));
  });

  it("the adapter reads first: upsertBankAccount adds once, and refuses an unknown partner", async () => {
    const [s] = await tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_KIJ"));
    const client = createServiceLayerClient(
      { url: sim.url, timeoutMs: 5000, pageSize: 100, clock: time.clock },
      () => ({ companyDb: "SBO_KIJ", userName: s!.usuarioSap, password: decryptSecret(s!.passSapCifrada, testKey) }),
    );
    const adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
    const account = {
      country: "DE",
      bankCode: "DEUT",
      accountNo: "DE89370400440532013000",
      iban: "DE89370400440532013000",
      bicSwiftCode: "DEUTDEFF",
      abaRoutingNumber: "",
      accountName: "KEMPER",
      branch: "",
      controlKey: "",
    };
    const first = await adapter.upsertBankAccount("SBO_KIJ", KEMPER, account);
    const second = await adapter.upsertBankAccount("SBO_KIJ", KEMPER, account);
    expect(first.added).toBe(true);
    expect(second).toEqual({ internalKey: first.internalKey, added: false });
    expect((await adapter.listBankAccounts("SBO_KIJ", KEMPER)).filter((l) => l.iban === account.iban)).toHaveLength(1);
    await expect(adapter.upsertBankAccount("SBO_KIJ", "NOEXISTE", account)).rejects.toBeInstanceOf(ErpRechazoError);
    await tdb.db.delete(schema.erpSocioCuentas).where(eq(schema.erpSocioCuentas.iban, account.iban));
    await client.close();
  });
});

describe("ERP_ADAPTER=service-layer: an approved change reaches SAP once and blocks the open A/P invoices", () => {
  it("two concurrent approvals write BPBankAccounts once; the payment block goes on and comes off", async () => {
    const facturaId = await p.accept(await p.register());
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(facturaId)).toMatchObject({ payBlock: "N" });
    const seeded = (await c.seeded())!;
    await c.grantFlag("admin");
    const [a, b] = await Promise.all([
      c.approve(await c.token("tesoreria"), seeded.id),
      c.approve(await c.token("admin"), seeded.id),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    await t.app.services.erpOutbox.flush();
    expect((await bankAccounts()).filter((l) => l.AccountNo === CLABE_DEMO_SOLICITADA)).toHaveLength(1);
    expect(await p.apDe(facturaId)).toMatchObject({ payBlock: "Y" });
    // The job again (a lost answer's retry): the adapter finds the line and adds none.
    await tdb.db
      .update(schema.erpTrabajos)
      .set({ estado: "pendiente", siguienteIntento: time.clock() })
      .where(eq(schema.erpTrabajos.solicitudCuentaId, seeded.id));
    await t.app.services.erpOutbox.flush();
    expect((await bankAccounts()).filter((l) => l.AccountNo === CLABE_DEMO_SOLICITADA)).toHaveLength(1);

    const tarea = t.app.services.tareas.registered().find((x) => x.name === "bloqueos-cuenta-bancaria")!;
    time.advance(6 * 86_400_000);
    expect(await tarea.execute(time.clock())).not.toBe(SOLICITUD_CUENTA_MSG.tarea.ninguno);
    await t.app.services.erpOutbox.flush();
    expect(await p.apDe(facturaId)).toMatchObject({ payBlock: "N" });
  });
});
