import { randomUUID } from "node:crypto";
import { issueTestFactura } from "@portal/cfdi/sello";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { entornoApi } from "../bench/comun";
import { loadConfig } from "../src/config";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, login, TEST_KEY_B64, type TestApp, withToken } from "./helpers";

/**
 * Issue 22: postFactura stalled 5 s in one run of four of `npm run bench:facturas`. The bench started the API in
 * production mode, which points the SAT status client at the real SAT; on a machine where the SAT's host name does
 * not resolve, every upload waited for the resolver, and a lost DNS answer cost the resolver's 5 s timeout. The
 * benchmarks now start the API with the simulator in its own process, and a slow upload logs its phases.
 */
describe("los benchmarks", () => {
  it("start the API in production mode with the SAT simulator in its own process, never the real SAT", () => {
    // Even when the shell that runs the bench names a SAT address.
    vi.stubEnv("SAT_ESTADO_CFDI_URL", "https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc");
    try {
      const env = entornoApi({ databaseUrl: "postgres://postgres@127.0.0.1:5432/bench", clave: TEST_KEY_B64 }, 4321);
      const config = loadConfig(env);
      expect(config.isProduction).toBe(true);
      expect(config.SAT_SIMULADOR).toBe(true);
      // null = this process's own simulator, reached at the address it listens on (127.0.0.1, no name lookup).
      expect(config.SAT_ESTADO_CFDI_URL).toBeNull();
      expect(config.HOST).toBe("127.0.0.1");
      expect(config.PORT).toBe(4321);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("una carga lenta", () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { logLines });
  }, 60_000);
  afterAll(async () => t?.close());

  it("logs each phase's duration at warn, the SAT query's included, and nothing of the request", async () => {
    const uuid = randomUUID().toUpperCase();
    // The simulator answers this CFDI after 1.1 s: the upload takes longer than the 1 s threshold.
    await t.app.services.satSimulador.simulate(uuid, { demoraMs: 1100 });
    const docNum = await nuevaEntradaKemper(t.tdb.db);
    const token = await login(t.app, "EKU9003173C9", "Proveedor");
    const res = await t.app.inject(
      withToken(token, {
        method: "POST",
        url: "/api/facturas/postFactura",
        payload: payloadFactura(issueTestFactura(facturaPrueba({ uuid })), docNum),
      }),
    );
    expect(res.json().status).toBe("success");
    const lentas = logLines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.msg.startsWith("postFactura lenta"));
    expect(lentas).toHaveLength(1);
    const [linea] = lentas;
    expect(linea!.level).toBe(40);
    const m =
      /^postFactura lenta: (\d+) ms \(proveedor, sociedad y entrada \d+ ms · archivos, sellos y reglas \d+ ms · consulta al SAT (\d+) ms · transacción \d+ ms\)$/.exec(
        linea!.msg,
      );
    expect(m).not.toBeNull();
    expect(Number(m![2])).toBeGreaterThanOrEqual(1100);
    expect(Number(m![1])).toBeGreaterThanOrEqual(Number(m![2]));
    const texto = logLines.find((l) => l.includes("postFactura lenta"))!;
    for (const dato of [uuid, token, "EKU9003173C9"]) expect(texto).not.toContain(dato);
  });
});
