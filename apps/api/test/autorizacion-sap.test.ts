import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { autorizacionErpDe, ERP_AUTORIZACION_MSG, MSG } from "@portal/contracts";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ERP_ESPERA_AUTORIZACION_MS } from "../src/modules/erp-outbox/service";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestAppOn, type createTestClock, type TestApp } from "./helpers";
import { documentosErp, type FacturaFila } from "./reintentos-prueba";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 37 with ERP_ADAPTER=service-layer over the simulator: approval procedures of SAP Business One (fidelity
 * finding F2) and the totals SAP computes (F4), end to end — acceptance, the ERP outbox, the employees' screens.
 */
const BD = "SBO_MCI";
let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let t: TestApp;
let cookie = "";
const d = documentosErp(() => t);
const flush = () => t.app.services.erpOutbox.flush();

/** Drafts of `object` carrying portal id `portalId`, as SAP lists them. */
async function drafts(portalId: number, object: "oPurchaseInvoices" | "oPurchaseCreditNotes") {
  const filter = encodeURIComponent(`U_SYS_PORTALID eq ${portalId} and DocObjectCode eq '${object}'`);
  const res = await fetch(new URL(`Drafts?$select=DocEntry,AuthorizationStatus,DocTotal&$filter=${filter}`, sim.url), {
    headers: { cookie, prefer: "odata.maxpagesize=0" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { value: { DocEntry: number; AuthorizationStatus: string }[] }).value;
}
/** Every draft of BD (previews included). */
async function allDrafts() {
  const res = await fetch(new URL("Drafts?$select=DocEntry", sim.url), {
    headers: { cookie, prefer: "odata.maxpagesize=0" },
  });
  return ((await res.json()) as { value: unknown[] }).value.length;
}
const fila = async (id: number) => (await d.facturas()).find((f) => f.IdFactura === id) as FacturaFila;
/** The review list's row (facturasPendientes), where employees retry. */
const filaRevision = async (id: number): Promise<FacturaFila> =>
  (await d.call(d.tokens.admin, "/api/facturasPendientes/getFacturas", {}))
    .json()
    .data.find((f: FacturaFila) => f.IdFactura === id);
/** The clock moves past the wait for SAP's approvers; employees sign in again (their sessions idle out). */
async function esperaAutorizacion() {
  time.advance(ERP_ESPERA_AUTORIZACION_MS);
  await d.signIn();
}
const retry = (id: number) => d.call(d.tokens.admin, "/api/facturasPendientes/reintentarErp", { Factura: id });

beforeAll(async () => {
  let credentials: { companyDb: string; userName: string; password: string }[];
  ({ time, tdb, sim, credentials } = await demoWithServiceLayer());
  t = await createTestAppOn(tdb, time, {
    ERP_ADAPTER: "service-layer",
    SAP_SL_URL: sim.url,
    SAP_SL_TIMEOUT_MS: "2000",
  });
  const login = credentials.find((c) => c.companyDb === BD)!;
  const res = await fetch(`${sim.url}Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ CompanyDB: BD, UserName: login.userName, Password: login.password }),
  });
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await d.signIn();
}, 120_000);
afterEach(async () => {
  await d.signIn();
  sim.setApprovalFor([]);
  sim.setWithholding(BD, "P00001", []);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await tdb?.drop();
});

describe("approval procedures in SAP (F2)", () => {
  it("one acceptance → one draft → 'Esperando autorización en SAP'; three retries → still one draft; approved → the A/P invoice", async () => {
    sim.setApprovalFor(["PurchaseInvoices", "PurchaseCreditNotes"]);
    const f = await d.facturaAceptada();
    await flush();
    const [draft, ...more] = await drafts(f.IdFactura, "oPurchaseInvoices");
    expect(more).toEqual([]);
    expect(draft).toMatchObject({ AuthorizationStatus: "dasPending", DocTotal: 1160 });
    expect(await d.trabajoFactura(f.IdFactura)).toMatchObject({
      estado: "pendiente",
      claseError: "espera",
      intentos: 0,
    });
    for (const row of [await fila(f.IdFactura), await filaRevision(f.IdFactura)]) {
      expect(row.EstadoERP).toBe("pendiente");
      expect(autorizacionErpDe(row.ErrorERP)).toBe("pendiente");
      expect(row.ErrorERP).toContain(`borrador ${draft!.DocEntry}`);
    }
    for (let i = 0; i < 3; i++) {
      const res = await retry(f.IdFactura);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(new RegExp(`^${ERP_AUTORIZACION_MSG.pendiente}`));
    }
    await esperaAutorizacion();
    await flush();
    expect(await drafts(f.IdFactura, "oPurchaseInvoices")).toHaveLength(1);
    expect(await d.trabajoFactura(f.IdFactura)).toMatchObject({ estado: "pendiente", intentos: 0 });
    expect(await d.apDe(f.IdFactura)).toEqual([]);

    // The approvers approve; the job's next look adds the A/P invoice from the draft (SaveDraftToDocument).
    expect(await sim.approveDraft(BD, draft!.DocEntry)).toBeNull();
    await esperaAutorizacion();
    await flush();
    const [ap, ...otras] = await d.apDe(f.IdFactura);
    expect(otras).toEqual([]);
    expect(ap).toMatchObject({ docTotal: "1160.00" });
    // The portal added it: SAP marks the draft generated and closes it.
    expect(await drafts(f.IdFactura, "oPurchaseInvoices")).toMatchObject([{ AuthorizationStatus: "dasGenerated" }]);
    expect(await d.trabajoFactura(f.IdFactura)).toMatchObject({ estado: "hecho" });
    expect(await fila(f.IdFactura)).toMatchObject({ EstadoERP: "creada", FolioSAP: ap!.docNum });
  });

  it("rejected by the approvers: the employee reads 'Autorización rechazada en SAP'; a retry posts nothing", async () => {
    sim.setApprovalFor(["PurchaseInvoices"]);
    const f = await d.facturaAceptada();
    await flush();
    const [draft] = await drafts(f.IdFactura, "oPurchaseInvoices");
    sim.rejectDraft(BD, draft!.DocEntry);
    await esperaAutorizacion();
    await flush();
    expect(await d.trabajoFactura(f.IdFactura)).toMatchObject({ estado: "fallido", claseError: "rechazo" });
    const row = await filaRevision(f.IdFactura);
    expect(row.EstadoERP).toBe("fallido");
    expect(autorizacionErpDe(row.ErrorERP)).toBe("rechazada");
    const res = await retry(f.IdFactura);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(ERP_AUTORIZACION_MSG.rechazada);
    expect(await drafts(f.IdFactura, "oPurchaseInvoices")).toHaveLength(1);
    expect(await d.apDe(f.IdFactura)).toEqual([]);
  });

  it("a credit-note draft is never taken for an invoice's, nor an invoice's for a credit note's; the memo waits, then is created once", async () => {
    const f = await d.facturaAceptada();
    // Separate id sequences: a pending credit-note draft carrying this invoice's id stands for a credit note.
    sim.addDraft(BD, { DocObjectCode: "oPurchaseCreditNotes", CardCode: "P00001", U_SYS_PORTALID: f.IdFactura });
    await flush();
    expect(await d.apDe(f.IdFactura)).toHaveLength(1);
    expect(await d.trabajoFactura(f.IdFactura)).toMatchObject({ estado: "hecho" });

    sim.setApprovalFor(["PurchaseCreditNotes"]);
    const n = await d.notaAceptada(f);
    sim.addDraft(BD, { DocObjectCode: "oPurchaseInvoices", CardCode: "P00001", U_SYS_PORTALID: n.IdNotaCredito });
    await flush();
    const [memoDraft, ...more] = await drafts(n.IdNotaCredito, "oPurchaseCreditNotes");
    expect(more).toEqual([]);
    expect(memoDraft).toMatchObject({ AuthorizationStatus: "dasPending" });
    expect(await d.trabajoNota(n.IdNotaCredito)).toMatchObject({
      estado: "pendiente",
      claseError: "espera",
      intentos: 0,
    });
    const pendiente = (await d.notasPendientes()).find((x) => x.IdNotaCredito === n.IdNotaCredito);
    expect(autorizacionErpDe(pendiente?.ErrorERP)).toBe("pendiente");
    for (let i = 0; i < 3; i++) {
      const res = await d.call(d.tokens.admin, "/api/notasCreditoPendientes/reintentarErp", {
        NotaCredito: n.IdNotaCredito,
      });
      expect(res.statusCode).toBe(409);
    }
    expect(await drafts(n.IdNotaCredito, "oPurchaseCreditNotes")).toHaveLength(1);
    expect(await d.memosDe(n.IdNotaCredito)).toEqual([]);

    await sim.approveDraft(BD, memoDraft!.DocEntry);
    await esperaAutorizacion();
    await flush();
    const [memo, ...otros] = await d.memosDe(n.IdNotaCredito);
    expect(otros).toEqual([]);
    expect(memo).toMatchObject({ docTotal: "116.00" });
    expect((await d.notas()).find((x) => x.IdNotaCredito === n.IdNotaCredito)?.DocNumERP).toBe(memo!.docNum);
  });
});

/** Kemper registers an invoice for a new receipt (`entrada` extras) with these CFDI amounts; an employee accepts it. */
async function aceptada(o: { precio: string; subtotal: string; iva: string; retenciones: string }) {
  const docNum = await nuevaEntradaKemper(tdb.db, { lineas: [{ priceBefDi: o.precio }], retenciones: o.retenciones });
  const uuid = randomUUID().toUpperCase();
  const xml = issueTestFactura(
    facturaPrueba({ uuid, folio: `TS-${docNum}`, subtotal: o.subtotal, iva: o.iva, retenciones: o.retenciones }),
  );
  const res = await d.call(d.tokens.kemper, "/api/facturas/postFactura", payloadFactura(xml, docNum));
  expect(res.statusCode, res.body).toBe(200);
  const f = (await d.facturas()).find((x) => x.UUID === uuid) as FacturaFila;
  const review = await d.call(
    d.tokens.admin,
    "/api/facturasPendientes/patchfactura",
    [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "", BD: f.BD, Version: f.Version }],
    "PATCH",
  );
  expect(review.json()).toEqual({ status: "success", message: MSG.revisionExito });
  return f;
}

describe("totals SAP computes (F4)", () => {
  it("a RESICO withholding set on the supplier in SAP that the CFDI lacks: the reviewer reads why, no A/P invoice", async () => {
    sim.setWithholding(BD, "P00001", [{ code: "ISR-RESICO", rate: 1.25, base: "net" }]);
    const before = await allDrafts();
    const f = await d.facturaAceptada();
    await flush();
    expect(await d.apDe(f.IdFactura)).toEqual([]);
    expect(await d.trabajoFactura(f.IdFactura)).toMatchObject({ estado: "fallido", claseError: "rechazo" });
    const row = await filaRevision(f.IdFactura);
    expect(row.EstadoERP).toBe("fallido");
    expect(row.ErrorERP).toMatch(
      /^SAP calcula .* un total de 1147\.50 MXN \(IVA 160\.00, retenciones 12\.50\) y el CFDI dice 1160\.00 MXN/,
    );
    expect(row.ErrorERP).toContain("No se creó el documento en SAP");
    // The preview draft SAP computed it with is gone.
    expect(await allDrafts()).toBe(before);
  });

  it("SAP's rounding within the tolerance (ISR 12.51 against the CFDI's 12.50): posted with SAP's withholding and total", async () => {
    sim.setWithholding(BD, "P00001", [{ code: "ISR-RESICO", rate: 1.25, base: "net" }]);
    // 1,000.40 × 1.25 % = 12.505: SAP rounds it to 12.51; the supplier's CFDI says 12.50 (total 1,147.96).
    const f = await aceptada({ precio: "1000.40", subtotal: "1000.40", iva: "160.06", retenciones: "12.50" });
    await flush();
    const [ap, ...otras] = await d.apDe(f.IdFactura);
    expect(otras).toEqual([]);
    expect(ap).toMatchObject({ docTotal: "1147.95", wtSum: "12.51", vatSum: "160.06" });
    expect(await fila(f.IdFactura)).toMatchObject({ EstadoERP: "creada", FolioSAP: ap!.docNum });
  });
});
