import { INVITACION_MSG } from "@portal/contracts";
import { decryptSecret, schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient } from "../src/erp/service-layer/client";
import { ErpRechazoError } from "../src/erp/types";
import { createTestAppOn, type createTestClock, type TestApp, testKey } from "./helpers";
import { invitacionPrueba } from "./invitacion-prueba";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 41 item 3 (decision 070) with ERP_ADAPTER=service-layer: approval looks the RFC up with
 * `GET BusinessPartners?$filter=CardType eq 'cSupplier' and FederalTaxID eq '…'` and, when SAP has none, creates it
 * with `POST BusinessPartners`, which the simulator answers as SAP does (201; -10 for a CardCode already assigned).
 */
let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let t: TestApp;
let usuario = { userName: "", password: "" };
const p = invitacionPrueba(() => t);

beforeAll(async () => {
  ({ time, tdb, sim } = await demoWithServiceLayer());
  t = await createTestAppOn(tdb, time, {
    ERP_ADAPTER: "service-layer",
    SAP_SL_URL: sim.url,
    SAP_SL_TIMEOUT_MS: "2000",
    PUBLIC_URL: "https://portal.ejemplo.mx",
  });
  const [s] = await tdb.db.select().from(schema.sociedades).where(eq(schema.sociedades.bdSap, "SBO_MCI"));
  usuario = { userName: s!.usuarioSap, password: decryptSecret(s!.passSapCifrada, testKey) };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await tdb?.drop();
});

/** The Service Layer adapter over its own client (as the app builds it), for calls the app makes only on approval. */
async function withAdapter<T>(work: (adapter: ReturnType<typeof createServiceLayerErpAdapter>) => Promise<T>) {
  const client = createServiceLayerClient({ url: sim.url, timeoutMs: 5_000, clock: time.clock }, (companyDb) => ({
    companyDb,
    ...usuario,
  }));
  try {
    return await work(createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock }));
  } finally {
    await client.close();
  }
}

/** Plain HTTP to the simulator, signed in as SBO_MCI's SAP user. */
async function sl(method: string, path: string, body?: unknown) {
  const login = await fetch(`${sim.url}Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ CompanyDB: "SBO_MCI", UserName: usuario.userName, Password: usuario.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return fetch(new URL(path, sim.url), {
    method,
    headers: { cookie, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe("ERP_ADAPTER=service-layer: an approved registration's business partner", () => {
  it("is created through POST BusinessPartners once, approved twice at once", async () => {
    const cardCode = await p.approvedOnce("MEGR8001136HA", "Rodrigo Mendoza García", "rodrigo@mendoza.mx");
    const res = await sl("GET", `BusinessPartners('${cardCode}')?$select=CardCode,CardType,FederalTaxID,EmailAddress`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      CardCode: cardCode,
      CardType: "cSupplier",
      FederalTaxID: "MEGR8001136HA",
      EmailAddress: "rodrigo@mendoza.mx",
    });
  });

  it("is SAP's own when SAP already has the RFC: the invitation takes its CardCode and approval links it", async () => {
    await tdb.db.insert(schema.erpSocios).values({
      bd: "SBO_MCI",
      cardCode: "P90001",
      cardName: "Empaques del Bajío, S.A. de C.V.",
      licTradNum: "EBA1203157K2",
    });
    const { token } = await p.invite("EBA1203157K2", "Empaques del Bajío", "compras@empaques.mx");
    expect((await p.invitacion("EBA1203157K2")).cardCode).toBe("P90001");
    expect((await p.register(token, "EBA1203157K2")).statusCode).toBe(200);
    const res = await p.decide("approve", "EBA1203157K2");
    expect(res.json().message).toBe(INVITACION_MSG.registroAprobado("P90001", false));
    expect(await p.sociosSap("SBO_MCI", "EBA1203157K2")).toHaveLength(1);
  });

  it("is found again after a lost answer (a retry creates nothing), and a CardCode of another RFC is SAP's refusal", async () => {
    const socio = { cardCode: "PNOR990101AB2", rfc: "NOR990101AB2", cardName: "Norteña de Cartón", email: "a@b.mx" };
    await withAdapter(async (adapter) => {
      expect(await adapter.ensureSupplierBusinessPartner("SBO_MCI", socio)).toEqual({
        cardCode: "PNOR990101AB2",
        created: true,
      });
      expect(await adapter.ensureSupplierBusinessPartner("SBO_MCI", socio)).toEqual({
        cardCode: "PNOR990101AB2",
        created: false,
      });
      const otro = { ...socio, rfc: "TAL0101017A1" };
      const refusal = await adapter.ensureSupplierBusinessPartner("SBO_MCI", otro).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(ErpRechazoError);
      expect((refusal as Error).message).toMatch(/already assigned/);
    });
    expect(await p.sociosSap("SBO_MCI", "NOR990101AB2")).toHaveLength(1);
  });

  it("the simulator answers POST BusinessPartners as SAP does", async () => {
    const body = {
      CardCode: "PCAS0504049T7",
      CardName: "Casa Solar",
      CardType: "cSupplier",
      FederalTaxID: "CAS0504049T7",
    };
    const created = await sl("POST", "BusinessPartners", body);
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toMatch(/BusinessPartners\('PCAS0504049T7'\)$/);
    const again = await sl("POST", "BusinessPartners", body);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: "-10",
      message: "1320000140 - Business partner code 'PCAS0504049T7' already assigned to a business partner",
    });
    const filtered = await sl(
      "GET",
      `BusinessPartners?$select=CardCode&$filter=${encodeURIComponent("CardType eq 'cSupplier' and FederalTaxID eq 'CAS0504049T7'")}`,
    );
    expect(((await filtered.json()) as { value: unknown[] }).value).toEqual([{ CardCode: "PCAS0504049T7" }]);
    const sinCodigo = await sl("POST", "BusinessPartners", { ...body, CardCode: undefined });
    expect(sinCodigo.status).toBe(400);
    const largo = await sl("POST", "BusinessPartners", { ...body, CardCode: "P1234567890123456" });
    expect(largo.status).toBe(400);
  });
});
