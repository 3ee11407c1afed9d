import { comentarioFacturaProveedor, facturaProveedorDe, schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { isUnknownCompany } from "../src/erp/service-layer/availability";
import { createServiceLayerClient, type ServiceLayerClient, ServiceLayerError } from "../src/erp/service-layer/client";
import { ensureUserFields } from "../src/erp/service-layer/user-fields";
import type { ErpAdapter, ErpEntrada, ErpFacturaProveedorNueva } from "../src/erp/types";
import { ErpRechazoError } from "../src/erp/types";
import { claseDeError } from "../src/modules/erp-outbox/service";
import { createSociedadesRepository } from "../src/modules/sociedades/repository";
import type { createTestClock } from "./helpers";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 37, fidelity findings F3 (posting periods), F10 (login refusal codes), F11 (EditSize) and F14 (lengths),
 * against the simulator: one demo database and one simulator for the whole file.
 */

let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let credentials: { companyDb: string; userName: string; password: string }[];
let client: ServiceLayerClient;
let adapter: ErpAdapter;
let bd: string;
/** The JSON bodies the client POSTed, by path (PurchaseInvoices, PurchaseCreditNotes…). */
let posted: { path: string; body: Record<string, unknown> }[];
/** A Service Layer answer given instead of the simulator's (a path → a response). */
let answerInstead: (url: string) => Response | undefined;

const OCTUBRE_BLOQUEADO = [
  { code: "2026-09", from: "2026-09-01", to: "2026-09-30", status: "ltUnlocked" as const },
  { code: "2026-10", from: "2026-10-01", to: "2026-10-31", status: "ltLocked" as const },
  { code: "2026-11", from: "2026-11-01", to: "2026-11-30", status: "ltUnlockedExceptSales" as const },
];

beforeAll(async () => {
  ({ tdb, time, sim, credentials } = await demoWithServiceLayer());
  bd = (credentials[0] as { companyDb: string }).companyDb;
  const spy: typeof fetch = async (input, init) => {
    const url = decodeURIComponent(String(input instanceof Request ? input.url : input));
    if (init?.method === "POST" && typeof init.body === "string") {
      posted.push({ path: url.slice(sim.url.length), body: JSON.parse(init.body) as Record<string, unknown> });
    }
    return answerInstead(url) ?? fetch(input, init);
  };
  client = createServiceLayerClient({ url: sim.url, timeoutMs: 15_000, fetch: spy, clock: time.clock }, (db) =>
    credentials.find((c) => c.companyDb === db),
  );
  adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
}, 120_000);

afterAll(async () => {
  await client?.logoutAll();
  await sim?.close();
  await tdb?.drop();
});

beforeEach(() => {
  posted = [];
  answerInstead = () => undefined;
  sim.setPostingPeriods(bd, OCTUBRE_BLOQUEADO);
});

/** Open receipts of `bd` not used yet by this file (each test invoices its own). */
const usadas = new Set<number>();
async function entradaAbierta(): Promise<ErpEntrada> {
  const e = (await adapter.listEntradas({ bds: [bd], cardCode: null })).find(
    (x) =>
      !usadas.has(x.docEntry) &&
      x.docStatus === "O" &&
      x.lineas.every((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
  );
  if (!e) throw new Error("no open receipt left in the demo data");
  usadas.add(e.docEntry);
  return e;
}

function facturaDe(e: ErpEntrada, portalId: number, docDate: string): ErpFacturaProveedorNueva {
  return {
    bd: e.bd,
    portalId,
    cardCode: e.cardCode,
    entradaDocNum: e.docNum,
    numAtCard: `F-${portalId}`,
    uuid: "5E6F7A8B-9C0D-4E1F-8A2B-3C4D5E6F7A8B",
    docDate,
    docTotal: e.docTotal,
    vatSum: e.vatSum,
    wtSum: e.wtSum,
    docCur: e.docCur,
    docRate: e.docRate,
    comments: "Prueba de periodos",
  };
}

const postedTo = (path: string) => posted.filter((p) => p.path === path).map((p) => p.body);

describe("posting periods (F3): the simulator", () => {
  it("serves the periods through CompanyService and refuses a DocDate in a locked period with -5002 10000156", async () => {
    const categories = await client.get<{ value: { AbsoluteEntry: number; PeriodCategory: string }[] }>(
      bd,
      "CompanyService_GetPeriods",
    );
    expect(categories.value).toEqual([{ AbsoluteEntry: 1, PeriodCategory: "2026" }]);
    const periods = await client.write(bd, "POST", "CompanyService_GetFinancePeriods", {
      PeriodCategoryParams: { AbsoluteEntry: 1 },
    });
    expect(
      (periods.body as { value: Record<string, unknown>[] }).value.map((p) => [
        p.PeriodCode,
        p.PostingDateFrom,
        p.PostingDateTo,
        p.PeriodStatus,
      ]),
    ).toEqual([
      ["2026-09", "2026-09-01", "2026-09-30", "ltUnlocked"],
      ["2026-10", "2026-10-01", "2026-10-31", "ltLocked"],
      ["2026-11", "2026-11-01", "2026-11-30", "ltUnlockedExceptSales"],
    ]);
    const e = await entradaAbierta();
    usadas.delete(e.docEntry); // nothing is written: the receipt stays open for another test
    for (const docDate of ["2026-10-15", "2025-12-31"]) {
      const error = await client
        .write(bd, "POST", "PurchaseInvoices", {
          CardCode: e.cardCode,
          DocDate: docDate,
          DocumentLines: [{ BaseType: 20, BaseEntry: e.docEntry, BaseLine: 0 }],
        })
        .catch((x: unknown) => x);
      expect(error).toBeInstanceOf(ServiceLayerError);
      expect((error as ServiceLayerError).status).toBe(400);
      expect(Number((error as ServiceLayerError).sapCode)).toBe(-5002);
      expect((error as ServiceLayerError).detail).toMatch(/^10000156 - Posting Date deviates from the defined range/);
    }
    expect((await adapter.findEntrada(bd, e.docNum))?.docStatus).toBe("O");
  });
});

describe("posting periods (F3): the adapter chooses the posting date by the sociedad's rule", () => {
  it("a CFDI dated in a closed period is posted on the first open date with TaxDate = the CFDI's date", async () => {
    const e = await entradaAbierta();
    const nueva = facturaDe(e, 930_000_001, "2026-10-15");
    const creada = await adapter.createFacturaProveedor(nueva);
    const [body] = postedTo("PurchaseInvoices");
    expect(body?.DocDate).toBe("2026-11-01");
    expect(body?.TaxDate).toBe("2026-10-15");
    expect((await adapter.findFacturaProveedor(bd, 930_000_001))?.docDate).toBe("2026-11-01");
    expect(creada.docNum).toBeGreaterThan(0);
    // What SAP keeps: the simulator answers the stored document with both dates.
    const stored = await client.get<Record<string, unknown>>(
      bd,
      `PurchaseInvoices(${creada.docEntry})?$select=DocEntry,DocDate,TaxDate`,
    );
    expect([String(stored.DocDate).slice(0, 10), String(stored.TaxDate).slice(0, 10)]).toEqual([
      "2026-11-01",
      "2026-10-15",
    ]);

    // Its period open: the CFDI's own date.
    posted = [];
    await adapter.createFacturaProveedor(facturaDe(await entradaAbierta(), 930_000_002, "2026-09-20"));
    expect(postedTo("PurchaseInvoices").map((b) => [b.DocDate, b.TaxDate])).toEqual([["2026-09-20", "2026-09-20"]]);
  });

  it("or refused with a clear reason naming the period when the sociedad's rule says so (no retry: a refusal)", async () => {
    const e = await entradaAbierta();
    const error = await adapter
      .createFacturaProveedor({ ...facturaDe(e, 930_000_003, "2026-10-15"), postingDateRule: "rechazar" })
      .catch((x: unknown) => x);
    expect(error).toBeInstanceOf(ErpRechazoError);
    expect((error as Error).message).toBe(
      `La fecha del CFDI (2026-10-15) cae en el periodo contable 2026-10 de la base de datos ${bd}, que está bloqueado en el ERP, y la sociedad pide contabilizar solo en la fecha del CFDI. Abra el periodo en SAP o cambie la regla de la sociedad y reintente.`,
    );
    // The job stops and waits for an employee (no backoff, no crash loop).
    expect(claseDeError(error)).toBe("rechazo");
    expect(postedTo("PurchaseInvoices")).toEqual([]);
    expect(await adapter.findFacturaProveedor(bd, 930_000_003)).toBeNull();
    usadas.delete(e.docEntry);
  });

  it("no open period after the CFDI's date: a refusal that says so", async () => {
    sim.setPostingPeriods(bd, [{ code: "2026-10", from: "2026-10-01", to: "2026-10-31", status: "ltPeriodClosing" }]);
    const e = await entradaAbierta();
    usadas.delete(e.docEntry);
    const error = await adapter.createFacturaProveedor(facturaDe(e, 930_000_004, "2026-10-15")).catch((x) => x);
    expect(error).toBeInstanceOf(ErpRechazoError);
    expect((error as Error).message).toBe(
      `No hay un periodo contable abierto en la base de datos ${bd} del ERP a partir de la fecha del CFDI (2026-10-15): el periodo 2026-10 está en cierre. Abra un periodo en SAP y reintente.`,
    );
    expect(postedTo("PurchaseInvoices")).toEqual([]);
  });

  it.each(["CompanyService_GetPeriods", "CompanyService_GetFinancePeriods"])(
    "periods the portal's SAP user may not read (%s refused): posted on the CFDI's date, SAP's -5002 10000156 told in Spanish",
    async (refusedPath) => {
      answerInstead = (url) =>
        url.endsWith(refusedPath)
          ? new Response(JSON.stringify({ error: { code: "-5006", message: "No authorization" } }), { status: 403 })
          : undefined;
      const e = await entradaAbierta();
      usadas.delete(e.docEntry);
      const error = await adapter.createFacturaProveedor(facturaDe(e, 930_000_005, "2026-10-15")).catch((x) => x);
      expect(postedTo("PurchaseInvoices").map((b) => b.DocDate)).toEqual(["2026-10-15"]);
      expect(error).toBeInstanceOf(ErpRechazoError);
      expect((error as Error).message).toBe(
        `El ERP no acepta la fecha de contabilización 2026-10-15 en la base de datos ${bd}: su periodo contable está cerrado o bloqueado (SAP 10000156). Abra el periodo en SAP o revise la regla de fecha de la sociedad y reintente.`,
      );
    },
  );

  it("an A/P credit memo dated in a closed period: posted on the first open date, TaxDate the CFDI's", async () => {
    const e = await entradaAbierta();
    const factura = await adapter.createFacturaProveedor(facturaDe(e, 930_000_006, "2026-11-05"));
    posted = [];
    const memo = await adapter.createNotaCreditoProveedor({
      bd,
      portalId: 930_000_007,
      cardCode: e.cardCode,
      numAtCard: "NC-1",
      uuid: "6F7A8B9C-0D1E-4F2A-8B3C-4D5E6F7A8B9C",
      docDate: "2026-10-20",
      docTotal: "10.00",
      docCur: e.docCur,
      docRate: e.docRate,
      comments: "Nota de prueba",
      facturas: [{ docEntry: factura.docEntry, importe: "10.00" }],
    });
    expect(memo.docNum).toBeGreaterThan(0);
    expect(postedTo("PurchaseCreditNotes").map((b) => [b.DocDate, b.TaxDate])).toEqual([["2026-11-01", "2026-10-20"]]);
    const stored = await client.get<Record<string, unknown>>(
      bd,
      `PurchaseCreditNotes(${memo.docEntry})?$select=DocEntry,DocDate,TaxDate`,
    );
    expect([String(stored.DocDate).slice(0, 10), String(stored.TaxDate).slice(0, 10)]).toEqual([
      "2026-11-01",
      "2026-10-20",
    ]);
  });

  it("the rule is the sociedad's column: 'primer_dia_abierto' by default, only the two values accepted", async () => {
    const repo = createSociedadesRepository(tdb.db);
    expect(await repo.reglaFechaContable(bd)).toBe("primer_dia_abierto");
    await tdb.db
      .update(schema.sociedades)
      .set({ reglaFechaContable: "rechazar" })
      .where(eq(schema.sociedades.bdSap, bd));
    expect(await repo.reglaFechaContable(bd)).toBe("rechazar");
    await tdb.db
      .update(schema.sociedades)
      .set({ reglaFechaContable: "primer_dia_abierto" })
      .where(eq(schema.sociedades.bdSap, bd));
    await expect(
      tdb.db.execute(sql`update sociedades set regla_fecha_contable = 'hoy' where bd_sap = ${bd}`),
    ).rejects.toThrow();
  });
});

describe("lengths (F14)", () => {
  it("an invoice of many receipts with a long folio: Comments fits SAP's 254 characters and SAP accepts it", async () => {
    const folio = "SERIE-LARGA-0000000000000000000000000042"; // 40 characters, CFDI 4.0's maximum
    const entradas = Array.from({ length: 40 }, (_, i) => 4_000_100 + i);
    const comentario = comentarioFacturaProveedor(folio, "5E6F7A8B-9C0D-4E1F-8A2B-3C4D5E6F7A8B", entradas);
    expect([...comentario].length).toBeLessThanOrEqual(254);
    expect(comentario).toMatch(
      /^Portal de Proveedores: factura SERIE-LARGA-0+42, UUID 5E6F7A8B-9C0D-4E1F-8A2B-3C4D5E6F7A8B, entradas 4000100, 4000101, .* y \d+ más \(lista completa en el portal\)\.$/,
    );
    const listadas = comentario.split(", entradas ")[1]?.match(/\d{7}/g) ?? [];
    const resto = Number(/y (\d+) más/.exec(comentario)?.[1]);
    expect(listadas.length + resto).toBe(40);
    // Few receipts: all named, as before.
    expect(comentarioFacturaProveedor("A1", "U", [7, 8])).toBe(
      "Portal de Proveedores: factura A1, UUID U, entradas 7, 8.",
    );
    // The worker's builder uses it.
    const fila = {
      bd,
      id: 1,
      cardCode: "P",
      folio,
      uuid: "U",
      fechaFactura: "2026-11-05",
      total: "1",
      subtotal: "1",
      descuento: "0",
      retenciones: "0",
      moneda: "MXN",
      tipoCambio: "1",
      entradaDocNum: entradas[0],
    };
    const nueva = facturaProveedorDe(fila as unknown as Parameters<typeof facturaProveedorDe>[0], entradas);
    expect([...nueva.comments].length).toBeLessThanOrEqual(254);

    const e = await entradaAbierta();
    await adapter.createFacturaProveedor({
      ...facturaDe(e, 930_000_010, "2026-11-05"),
      numAtCard: "N".repeat(120),
      comments: `${comentario} ${"x".repeat(100)}`,
    });
    const [body] = postedTo("PurchaseInvoices");
    expect([...String(body?.Comments)].length).toBe(254);
    expect(String(body?.NumAtCard)).toHaveLength(100);
    const leida = await adapter.findFacturaProveedor(bd, 930_000_010);
    expect(leida?.numAtCard).toBe("N".repeat(100));
  });

  it("the simulator refuses a longer Comments or NumAtCard as SAP does, writing nothing", async () => {
    const e = await entradaAbierta();
    usadas.delete(e.docEntry);
    for (const [property, value] of [
      ["Comments", "c".repeat(255)],
      ["NumAtCard", "n".repeat(101)],
    ] as const) {
      const error = await client
        .write(bd, "POST", "PurchaseInvoices", {
          CardCode: e.cardCode,
          DocDate: "2026-11-05",
          [property]: value,
          DocumentLines: [{ BaseType: 20, BaseEntry: e.docEntry, BaseLine: 0 }],
        })
        .catch((x: unknown) => x);
      expect((error as ServiceLayerError).status).toBe(400);
      expect(Number((error as ServiceLayerError).sapCode)).toBe(-1000);
      expect((error as ServiceLayerError).detail).toContain(`Value too long in property '${property}'`);
    }
    expect((await adapter.findEntrada(bd, e.docNum))?.docStatus).toBe("O");
  });
});

describe("login refusals (F10): tried once per credential change, whatever code SAP answers", () => {
  it.each(["fp2608", "9.3"] as const)("dialect %s", async (dialect) => {
    sim.faults.loginErrorDialect = dialect;
    try {
      let password = "equivocada";
      const wrong = createServiceLayerClient({ url: sim.url, timeoutMs: 15_000, clock: time.clock }, (db) => ({
        companyDb: db,
        userName: (credentials[0] as { userName: string }).userName,
        password,
      }));
      const before = sim.loginCount();
      const codes: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        const error = await wrong.getAll(bd, "PurchaseOrders?$select=DocEntry&$top=1").catch((x: unknown) => x);
        expect(error).toBeInstanceOf(ServiceLayerError);
        expect((error as Error).message).toBe(
          `El ERP rechazó el usuario o la contraseña de SAP de la base de datos ${bd}; revise la configuración de la sociedad.`,
        );
        codes.push(Number((error as ServiceLayerError).sapCode));
        time.advance(60 * 60_000); // an hour later: still not tried again
      }
      expect(codes).toEqual(dialect === "9.3" ? [100000027, 100000027, 100000027] : [-304, -304, -304]);
      expect(sim.loginCount() - before).toBe(1);
      // The sociedad's password changed: tried at once, and it works.
      password = (credentials[0] as { password: string }).password;
      await wrong.getAll(bd, "PurchaseOrders?$select=DocEntry&$top=1");
      expect(sim.loginCount() - before).toBe(2);
      // An unknown company database is recognised in both dialects.
      const unknown = await wrong.getAll("SBO_NO_EXISTE", "PurchaseOrders").catch((x: unknown) => x);
      expect(isUnknownCompany(unknown)).toBe(true);
      await wrong.logoutAll();
    } finally {
      sim.faults.loginErrorDialect = "fp2608";
    }
  });
});

describe("user fields (F11): EditSize, as SAP's SDK says", () => {
  it("the setup sends EditSize, never Size; SAP refuses a db_Numeric without EditSize", async () => {
    const bare = await startServiceLayerSimulator({ db: tdb.db, credentials, clock: time.clock, userFields: [] });
    const bodies: Record<string, unknown>[] = [];
    const spy: typeof fetch = (input, init) => {
      if (String(input).endsWith("UserFieldsMD") && typeof init?.body === "string") bodies.push(JSON.parse(init.body));
      return fetch(input, init);
    };
    const own = createServiceLayerClient({ url: bare.url, timeoutMs: 15_000, fetch: spy, clock: time.clock }, (db) =>
      credentials.find((c) => c.companyDb === db),
    );
    try {
      const refused = await own
        .write(bd, "POST", "UserFieldsMD", { TableName: "OPCH", Name: "SYS_NUM", Type: "db_Numeric", Size: 8 })
        .catch((x: unknown) => x);
      expect((refused as ServiceLayerError).status).toBe(400);
      expect(Number((refused as ServiceLayerError).sapCode)).toBe(-5002);
      expect((refused as ServiceLayerError).detail).toBe("Field size deviates from legal range [1..11]");

      bodies.length = 0;
      const result = await ensureUserFields(own, bd);
      expect(result.created).toContain("OPCH.U_SYS_PORTALID");
      expect(bodies.find((b) => b.Name === "SYS_PORTALID")).toEqual({
        Name: "SYS_PORTALID",
        Type: "db_Numeric",
        EditSize: 11,
        Description: "Factura del portal",
        SubType: "st_None",
        TableName: "OPCH",
      });
      expect(bodies.every((b) => !("Size" in b) && typeof b.EditSize === "number")).toBe(true);
      const fields = await own.getAll<{ Name: string; Type: string; Size: number; EditSize: number }>(
        bd,
        "UserFieldsMD?$select=Name,Type,Size,EditSize",
      );
      expect(fields.find((f) => f.Name === "SYS_PORTALID")).toEqual({
        Name: "SYS_PORTALID",
        Type: "db_Numeric",
        Size: 11,
        EditSize: 11,
      });
      expect(fields.find((f) => f.Name === "SYS_PMUUID")?.EditSize).toBe(36);
      // A db_Alpha with Size only is taken as its edit size (MAN p96).
      const alpha = await own.write(bd, "POST", "UserFieldsMD", {
        TableName: "OPCH",
        Name: "SYS_ALFA",
        Type: "db_Alpha",
        Size: 10,
      });
      expect(alpha.body).toMatchObject({ Size: 10, EditSize: 10 });
    } finally {
      await own.logoutAll();
      await bare.close();
    }
  });
});
