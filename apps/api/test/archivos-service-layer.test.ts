import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFound } from "../src/lib/errors";
import type { SessionUser } from "../src/lib/session-user";
import type { ArchivosRepository } from "../src/modules/archivos/repository";
import { type ArchivoPolicy, createArchivosService } from "../src/modules/archivos/service";
import { createTestAppOn, type createTestClock, login, type TestApp, withToken } from "./helpers";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * GET /api/archivos/:id with ERP_ADAPTER=service-layer: the order PDFs a list offers are copied from the Service
 * Layer (Attachments2(n)/$value) only when someone allowed to see the order downloads one; a list asks for none.
 */

const UNKNOWN = "/api/archivos/00000000-0000-4000-8000-000000000000";

let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let t: TestApp;
let tokens: Record<"admin" | "kemper" | "berenice", string>;

const download = (token: string, url: string) =>
  t.app.inject({ method: "GET", url, headers: { "x-access-token": token } });
const pdfUrls = async (token: string) => {
  const res = await t.app.inject(withToken(token, { method: "POST", url: "/api/pedidos/getPedidos", payload: {} }));
  expect(res.statusCode).toBe(200);
  return (res.json().data as { U_SYS_PMDPDF: string }[]).map((r) => r.U_SYS_PMDPDF).filter((u) => u !== "");
};
const attachmentRequests = () => sim.requestCount("Attachments2");

beforeAll(async () => {
  ({ time, tdb, sim } = await demoWithServiceLayer());
  t = await createTestAppOn(tdb, time, {
    ERP_ADAPTER: "service-layer",
    SAP_SL_URL: sim.url,
    SAP_SL_TIMEOUT_MS: "2000",
  });
  tokens = {
    admin: await login(t.app, "admin", "Empleado"),
    kemper: await login(t.app, "EKU9003173C9", "Proveedor"),
    berenice: await login(t.app, "XIQB891116QE4", "Proveedor"),
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
  await tdb?.drop();
});

describe("GET /api/archivos/:id of a Service Layer PDF", () => {
  it("a list offers PDFs without asking for them; the first download copies one, the next ones are served from archivos", async () => {
    sim.resetCounts();
    const urls = await pdfUrls(tokens.admin);
    expect(urls.length).toBeGreaterThan(1);
    expect(await pdfUrls(tokens.kemper)).not.toEqual([]);
    expect(attachmentRequests()).toBe(0);

    const url = (await pdfUrls(tokens.kemper))[0] as string;
    const first = await download(tokens.kemper, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.headers["content-disposition"]).toMatch(/filename="Pedido-SBO_[A-Z]+-\d+\.pdf"/);
    expect(first.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(attachmentRequests()).toBe(1);
    const [row] = await tdb.db
      .select()
      .from(schema.erpSlAdjuntos)
      .where(eq(schema.erpSlAdjuntos.archivoId, url.slice("/api/archivos/".length)));
    expect(row?.copiadoEn).toEqual(time.clock());
    expect(row?.contenidoId).not.toBeNull();

    const again = await download(tokens.admin, url);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(attachmentRequests()).toBe(1);
  });

  it("another supplier gets the 404 of an unknown file and makes the portal ask the Service Layer nothing", async () => {
    const url = (await pdfUrls(tokens.kemper)).at(-1) as string;
    sim.resetCounts();
    const foreign = await download(tokens.berenice, url);
    const unknown = await download(tokens.berenice, UNKNOWN);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect((await download(tokens.admin, UNKNOWN)).body).toBe(unknown.body);
    expect(sim.requestCount()).toBe(0);
  });

  it("the Service Layer failing during the copy: 503 with its Spanish message; the download works once it recovers", async () => {
    const urls = await pdfUrls(tokens.admin);
    // A PDF nobody downloaded yet.
    const notCopied: string[] = [];
    for (const u of urls) {
      const [r] = await tdb.db
        .select({ contenidoId: schema.erpSlAdjuntos.contenidoId })
        .from(schema.erpSlAdjuntos)
        .where(eq(schema.erpSlAdjuntos.archivoId, u.slice("/api/archivos/".length)));
      if (r && r.contenidoId === null) notCopied.push(u);
    }
    expect(notCopied.length).toBeGreaterThan(0);
    const target = notCopied[0] as string;
    sim.faults.html502 = 1_000;
    const failing = await download(tokens.admin, target);
    sim.faults.html502 = 0;
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toEqual({
      status: "error",
      message:
        "El ERP respondió con un error (502) sin el formato del Service Layer. El ERP no responde; intente en unos minutos.",
    });
    const recovered = await download(tokens.admin, target);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

describe("the archivos service: a policy may grant an id archivos has no row for", () => {
  const user: SessionUser = {
    sessionId: 1,
    operador: "Empleado",
    id: "1",
    nombre: "E",
    perfil: "A",
    viDocPen: "Y",
    apruebaCuentas: "N",
    conciliaSat: "N",
    secondFactor: "done",
  };
  const stored = "11111111-1111-4111-8111-111111111111";
  const offered = "22222222-2222-4222-8222-222222222222";
  const nowhere = "33333333-3333-4333-8333-333333333333";
  const repo = {
    findMeta: async (id: string) => (id === stored ? { mime: "application/pdf", size: 5 } : undefined),
    findContent: async (id: string) => (id === stored ? new Uint8Array(Buffer.from("%PDF-")) : undefined),
  } as unknown as ArchivosRepository;

  it("serves the row the grant names, under the grant's name; a grant naming no row is the same 404", async () => {
    const asked: string[] = [];
    const policy: ArchivoPolicy = async (_user, id) => {
      asked.push(id);
      if (id === offered) return { nombre: "Pedido-SBO_X-1.pdf", archivoId: stored };
      if (id === nowhere) return { nombre: "x.pdf", archivoId: nowhere };
      return null;
    };
    const service = createArchivosService({ repo, policies: [policy] });
    const file = await service.download(user, offered);
    expect(file).toMatchObject({ nombre: "Pedido-SBO_X-1.pdf", mime: "application/pdf", size: 5 });
    expect(Buffer.from(file.contenido).toString("latin1")).toBe("%PDF-");
    // The id had no archivos row and was still offered to the policy.
    expect(asked).toEqual([offered]);
    const missing = await service.download(user, nowhere).catch((e: unknown) => e);
    const unknown = await service.download(user, "44444444-4444-4444-8444-444444444444").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFound);
    expect(unknown).toBeInstanceOf(NotFound);
    expect((missing as Error).message).toBe((unknown as Error).message);
  });
});
