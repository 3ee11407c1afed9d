/**
 * `npm run bench:service-layer` — figures for issue 24 (the Service Layer adapter), not a test.
 *
 * 1. Creates a scratch PostgreSQL database (server of TEST_DATABASE_URL or DATABASE_URL), migrates it and seeds the
 *    demo data at BENCH_SCALE (100: about 40,000 orders), dropped at the end.
 * 2. Starts the Service Layer simulator in this process over that data (a separate HTTP server, as a real Service
 *    Layer is) and has it read its sets once (`prepare`: its own first read of erp_mock builds change stamps and a
 *    header cache, work a running SAP does not do per request), and two API children: one with ERP_ADAPTER=mock, one with ERP_ADAPTER=service-layer pointed at the
 *    simulator (SAP_SL_URL).
 * 3. For the employee's order list and the supplier's lists: the first call (cold: the adapter's mirror and the row
 *    cache empty), a call after 1% of the scope's documents changed in the ERP, and warm calls (p50/p95), each with
 *    the number of Service Layer requests it made; the same warm calls on the mock adapter next to them.
 *
 * Targets (issue 24): warm p95 within 20% of the mock's; cold <= 3 s; supplier lists p95 <= 100 ms warm.
 * Environment: BENCH_SCALE (100), BENCH_WARM (employee calls, 10; supplier calls 30), BENCH_KEEP_DB=true.
 */
import { request } from "node:http";
import { createDatabase, decryptSecret, runMigrations, systemClock } from "@portal/db";
import { startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { seedDemo } from "@portal/seed";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import {
  type ApiEnPrueba,
  conCliente,
  createScratchDatabase,
  percentil,
  servidorConfigurado,
  sortedAsc,
  startApi,
  vacuumAnalyze,
} from "./comun";

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const escala = Number(env("BENCH_SCALE", "100"));
const calientes = Number(env("BENCH_WARM", "10"));
const TARGET = { frioMs: 3000, proveedorP95Ms: 100, margenSobreMock: 1.2 };

if (!servidorConfigurado) {
  console.error("Defina TEST_DATABASE_URL o DATABASE_URL (servidor PostgreSQL donde crear la base de prueba).");
  process.exit(1);
}

/** Time to the last byte of one POST with an empty body; rejects on any status but 200. */
function measure(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = request(
      url,
      { method: "POST", headers: { "content-type": "application/json", "x-access-token": token } },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end("{}");
  });
}

/** Touches one line of 1% of the scope's documents, as an ERP user editing them would. */
async function changeOnePercent(url: string, cardCode: string | null): Promise<number> {
  const filtro = cardCode === null ? "" : "and card_code = $1";
  const { rowCount } = await conCliente(url, (c) =>
    c.query(
      `update erp_mock.pedido_lineas l set open_qty = open_qty from (
         select bd, doc_entry from erp_mock.pedidos where doc_entry % 100 = 7 ${filtro}) d
       where l.bd = d.bd and l.doc_entry = d.doc_entry and l.line_num = 0`,
      cardCode === null ? [] : [cardCode],
    ),
  );
  return rowCount ?? 0;
}

const ms = (v: number) => `${Math.round(v)} ms`;

async function main() {
  const key = Buffer.alloc(32, 7).toString("base64");
  const bd = await createScratchDatabase(`bench_sl_${Date.now().toString(36)}`);
  const apis: ApiEnPrueba[] = [];
  let simulador: Awaited<ReturnType<typeof startServiceLayerSimulator>> | undefined;
  let pool: pg.Pool | undefined;
  try {
    console.log(`[bench] base de datos temporal ${bd.nombre}; sembrando escala ${escala} …`);
    const handle = await createDatabase({ url: bd.url, maxConnections: 4 });
    await runMigrations(handle);
    const { erp } = await seedDemo(handle.db, Buffer.from(key, "base64"), { clock: systemClock, erpEscala: escala });
    await handle.close();
    await vacuumAnalyze(bd.url);
    console.log(
      `[bench] ${erp.pedidos} pedidos (${erp.pedidoLineas} partidas), ${erp.entradas} entradas, ${erp.pagos} pagos`,
    );

    // The simulator, with the sociedades' SAP users as its accepted logins.
    pool = new pg.Pool({ connectionString: bd.url, max: 4 });
    const db = drizzle(pool, { casing: "snake_case" }) as never;
    const sociedades = await conCliente(bd.url, (c) =>
      c.query<{ bd_sap: string; usuario_sap: string; pass_sap_cifrada: string }>(
        "select bd_sap, usuario_sap, pass_sap_cifrada from sociedades",
      ),
    );
    simulador = await startServiceLayerSimulator({
      db,
      clock: systemClock,
      credentials: sociedades.rows.map((s) => ({
        companyDb: s.bd_sap,
        userName: s.usuario_sap,
        password: decryptSecret(s.pass_sap_cifrada, Buffer.from(key, "base64")),
      })),
    });
    // A Service Layer that has been running has its data at hand: the simulator's own first read of erp_mock (its
    // change stamps and header cache, which SAP does not have to build) is done before anything is measured.
    const preparado = performance.now();
    await simulador.prepare(sociedades.rows.map((s) => s.bd_sap));
    console.log(
      `[bench] simulador del Service Layer en ${simulador.url} (preparado en ${ms(performance.now() - preparado)})`,
    );

    const mock = await startApi({ databaseUrl: bd.url, clave: key, entorno: { ERP_ADAPTER: "mock" } });
    apis.push(mock);
    const sl = await startApi({
      databaseUrl: bd.url,
      clave: key,
      entorno: { ERP_ADAPTER: "service-layer", SAP_SL_URL: simulador.url },
    });
    apis.push(sl);

    const sim = simulador;
    /** One call and the Service Layer requests it caused. */
    const llamada = async (api: ApiEnPrueba, path: string, token: string) => {
      sim.resetCounts();
      const t = await measure(`${api.base}${path}`, token);
      return { ms: t, peticiones: sim.requestCount() };
    };
    const p = (xs: number[], q: number) => percentil(sortedAsc(xs), q);

    const lineas: string[] = [];
    let fallas = 0;
    const escenarios = [
      { nombre: "empleado getPedidos", quien: "empleado" as const, path: "/api/pedidos/getPedidos", cardCode: null },
      {
        nombre: "proveedor getPedidos",
        quien: "proveedor" as const,
        path: "/api/pedidos/getPedidos",
        cardCode: "P00001",
      },
      {
        nombre: "proveedor getEntradasMercancia",
        quien: "proveedor" as const,
        path: "/api/entradasMercancia/getEntradasMercancia",
        cardCode: "P00001",
      },
    ];
    const tokensMock = await mock.tokensDemo();
    const tokensSl = await sl.tokensDemo();
    for (const e of escenarios) {
      const n = e.quien === "empleado" ? calientes : calientes * 3;
      // Mock: first call (its row cache empty), then warm.
      const frioMock = await measure(`${mock.base}${e.path}`, tokensMock[e.quien]);
      const mockTiempos: number[] = [];
      for (let i = 0; i < n; i++) mockTiempos.push(await measure(`${mock.base}${e.path}`, tokensMock[e.quien]));
      // Service Layer: cold, warm, after 1% changed.
      const frio = await llamada(sl, e.path, tokensSl[e.quien]);
      const slTiempos: number[] = [];
      let peticionesCaliente = 0;
      for (let i = 0; i < n; i++) {
        const r = await llamada(sl, e.path, tokensSl[e.quien]);
        slTiempos.push(r.ms);
        peticionesCaliente = Math.max(peticionesCaliente, r.peticiones);
      }
      const cambiados = e.path.includes("Pedidos") ? await changeOnePercent(bd.url, e.cardCode) : 0;
      // The adapter asks the Service Layer for changes at most every second or so: let that pass.
      await new Promise((r) => setTimeout(r, 2000));
      const trasCambio = await llamada(sl, e.path, tokensSl[e.quien]);
      const p95Mock = p(mockTiempos, 95);
      const p95Sl = p(slTiempos, 95);
      lineas.push(
        `${e.nombre}\n` +
          `  mock:          primera ${ms(frioMock)}; caliente p50 ${ms(p(mockTiempos, 50))}, p95 ${ms(p95Mock)} (${n} llamadas)\n` +
          `  service-layer: primera ${ms(frio.ms)} (${frio.peticiones} peticiones al SL); ` +
          `tras cambiar ${cambiados} documentos ${ms(trasCambio.ms)} (${trasCambio.peticiones} peticiones); ` +
          `caliente p50 ${ms(p(slTiempos, 50))}, p95 ${ms(p95Sl)} (hasta ${peticionesCaliente} peticiones por llamada)`,
      );
      if (e.quien === "empleado") {
        if (frio.ms > TARGET.frioMs) {
          fallas++;
          lineas.push(`  ✗ primera llamada ${ms(frio.ms)} > ${TARGET.frioMs} ms`);
        }
        if (p95Sl > p95Mock * TARGET.margenSobreMock) {
          fallas++;
          lineas.push(`  ✗ p95 caliente ${ms(p95Sl)} > 120% del mock (${ms(p95Mock)})`);
        }
      } else if (p95Sl > TARGET.proveedorP95Ms) {
        fallas++;
        lineas.push(`  ✗ p95 caliente ${ms(p95Sl)} > ${TARGET.proveedorP95Ms} ms`);
      }
    }
    console.log(`\n[bench] Service Layer (escala ${escala}), inicios de sesión en el SL: ${sim.loginCount()}\n`);
    console.log(lineas.join("\n"));
    console.log(fallas === 0 ? "\n[bench] objetivos cumplidos" : `\n[bench] ${fallas} objetivo(s) no cumplido(s)`);
  } finally {
    for (const api of apis) await api.halt();
    await simulador?.close();
    await pool?.end();
    if (process.env.BENCH_KEEP_DB !== "true") await bd.drop();
  }
}

await main();
