/**
 * `npm run load` — the month-end load test against the cluster, with faults injected (issue 25). A script that
 * prints figures, not a timed test.
 *
 * 1. Prepare: a real SMTP server and ONE Service Layer simulator in this process (every portal process reaches both
 *    over loopback: ERP_ADAPTER=service-layer, SAP_SL_URL), the cluster (scripts/lib/cluster.mjs: 2 portal processes
 *    behind HAProxy on a PostgreSQL of its own, demo seed), then the month end's data (prepare.ts), CFDIs issued
 *    before the timed phase.
 * 2. Load: LOAD_USUARIOS (100) users, 85 % suppliers and 15 % reviewers (usuarios.ts), think time 0.5–2 s, for
 *    LOAD_SEGUNDOS (60) s after a 5 s ramp: the clean phase.
 * 3. Faults, each under the same continued load: SMTP and the ERP unreachable for 30 s; PostgreSQL restarted; one
 *    portal process SIGKILLed (then restarted); one SIGTERMed (then restarted); clients that drop a streamed list.
 * 4. The users stop, the mail and ERP outboxes drain, and the ledger (every write answered 'success') is checked in
 *    the database, with what a failed upload left and whether anything is half-saved.
 * The last line reads exactly:
 *   load: N requests, E errors, p95 R ms reads, U ms uploads; faults: K injected, W writes checked, L lost
 * E counts failed calls outside the outage windows (PostgreSQL down, a killed process until HAProxy took it out);
 * R and U are the clean phase's p95. Exit code 1 when E > 0 or L > 0 (or the run hit its deadline).
 * The whole run stops by itself within LOAD_LIMITE_S (570) s; traffic goes to loopback only.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { setPriority, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DEMO_PASSWORD } from "@portal/seed";
import { conCliente } from "../comun";
import {
  type Asiento,
  checkLedger,
  classifyErrors,
  type Estado,
  type Llamada,
  p95De,
  porRuta,
  statusTexto,
  ultimaLinea,
  type Ventana,
} from "./figures";
import { prepareData } from "./prepare";
import { type Grupo, type Muestra, pidEscuchando, sample } from "./procfs";
import { type ServidorCorreo, startMailServer } from "./smtp";
import { Carga, PENSAR_MAX_MS, PENSAR_MIN_MS } from "./usuarios";

const here = dirname(fileURLToPath(import.meta.url));
const raiz = join(here, "..", "..", "..", "..");

const USUARIOS = Number(process.env.LOAD_USUARIOS ?? 100);
const SEGUNDOS = Number(process.env.LOAD_SEGUNDOS ?? 60);
const LIMITE_MS = Number(process.env.LOAD_LIMITE_S ?? 570) * 1000;
const REVISORES = Math.max(1, Math.round(USUARIOS * 0.15));
const PROVEEDORES = USUARIOS - REVISORES;
/** Suppliers who register invoices and upload complements (the rest browse): 40 % of them. */
const CARGADORES = Math.round(PROVEEDORES * 0.4);
/** The ERP behind the processes: the Service Layer simulator (default) or, to compare, the mock over erp_mock. */
const ERP = process.env.LOAD_ERP === "mock" ? "mock" : "service-layer";
const FACTURAS = Number(process.env.LOAD_FACTURAS ?? 900);
const COMPLEMENTOS = Number(process.env.LOAD_COMPLEMENTOS ?? 320);

/** What this script uses of scripts/lib/cluster.mjs (typed there by cluster.d.mts). */
interface Cluster {
  url: string;
  databaseUrl: string;
  processes: { index: number; port: number; pid: number | undefined; url: string }[];
  haproxyPid?: number;
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  terminate(index: number): Promise<{ code: number | null; ms: number }>;
  restart(index: number): Promise<void>;
  stopPostgres?(): Promise<void>;
  startPostgres?(): Promise<void>;
  haproxyStats(): Promise<{ server: string; status: string }[]>;
  stop(): Promise<void>;
}
type StartCluster = (o: {
  procesos?: number;
  port?: number;
  env?: Record<string, string>;
  seedDemo?: boolean;
  log?: (l: string) => void;
  processOutput?: string;
}) => Promise<Cluster>;

const log = (l: string) => console.log(l);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      srv.close(() => (typeof a === "object" && a ? resolve(a.port) : reject(new Error("sin puerto"))));
    });
  });
}

/** Everything a run holds, so the deadline can stop it from anywhere and still print the last line. */
const estado = {
  inicio: performance.now(),
  cluster: null as Cluster | null,
  simulador: null as ChildProcess | null,
  slPort: 0,
  correo: null as ServidorCorreo | null,
  carga: null as Carga | null,
  usuarios: [] as Promise<void>[],
  ventanas: [] as Ventana[],
  fallas: 0,
  comprobados: 0,
  perdidos: 0,
  libroComprobado: false,
  problemas: [] as string[],
  /** The queues had not drained when the run stopped waiting: the processes' output is kept, to see why. */
  colasPendientes: false,
  p95Lecturas: 0,
  p95Cargas: 0,
  runDir: "",
  terminado: false,
  vencido: false,
};
const transcurrido = () => performance.now() - estado.inicio;
const hasTimeLeft = (ms: number) => !estado.vencido && transcurrido() + ms < LIMITE_MS;

/** A check's outcome, printed and, when it failed, remembered for the summary. */
function check(ok: boolean, texto: string) {
  log(`[load]   ${ok ? "✔" : "✘"} ${texto}`);
  if (!ok) estado.problemas.push(texto);
}

// --- Sampling CPU and memory -------------------------------------------------------------------------------

let pgPid: number | null = null;
let pgPort = 0;
const picos = new Map<string, number>();
const ultimas = new Map<string, number>();
function grupos(): Grupo[] {
  const c = estado.cluster;
  const gs: Grupo[] = (c?.processes ?? []).map((p) => ({
    nombre: `portal p${p.index}`,
    pid: p.pid ?? null,
    arbol: true,
  }));
  gs.push({ nombre: "haproxy", pid: c?.haproxyPid ?? null, arbol: true });
  if (pgPid === null || sample([{ nombre: "x", pid: pgPid, arbol: false }]).get("x")?.pids.length === 0) {
    pgPid = pgPort ? pidEscuchando(pgPort) : null;
  }
  gs.push({ nombre: "postgresql", pid: pgPid, arbol: true });
  gs.push({ nombre: "generador (este proceso)", pid: process.pid, arbol: false });
  gs.push({ nombre: "ERP (simulador del SL)", pid: estado.simulador?.pid ?? null, arbol: false });
  return gs;
}
function takeSample(): Map<string, Muestra> {
  const m = sample(grupos());
  for (const [k, v] of m) {
    picos.set(k, Math.max(picos.get(k) ?? 0, v.rssMb));
    if (v.rssMb > 0) ultimas.set(k, v.rssMb);
  }
  return m;
}

/** Busy CPU time of the whole machine so far (all cores, from /proc/stat), and its cores. */
function cpuMaquina() {
  try {
    const lineas = readFileSync("/proc/stat", "utf8").split("\n");
    const c = lineas[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: busy = all but idle and iowait.
    const ocupados = c.slice(0, 8).reduce((a, b) => a + b, 0) - (c[3] ?? 0) - (c[4] ?? 0);
    return { ocupadaMs: (ocupados * 1000) / 100, nucleos: lineas.filter((l) => /^cpu\d/.test(l)).length };
  } catch {
    return { ocupadaMs: 0, nucleos: 0 };
  }
}

// --- Phases ---------------------------------------------------------------------------------------------------

/** Errors of the calls of one phase, by status. */
function erroresDeFase(fase: string) {
  const ls = estado.carga!.llamadas.filter((l) => l.fase === fase);
  const mal = ls.filter((l) => !l.ok);
  const porStatus = new Map<number, number>();
  const porLlamada = new Map<string, number>();
  for (const l of mal) {
    porStatus.set(l.status, (porStatus.get(l.status) ?? 0) + 1);
    porLlamada.set(l.ruta, (porLlamada.get(l.ruta) ?? 0) + 1);
  }
  const rutas = [...porLlamada.entries()].map(([r, n]) => `${r}×${n}`).join(", ");
  return {
    n: ls.length,
    errores: mal.length,
    texto: `${statusTexto([...porStatus.entries()].sort((a, b) => a[0] - b[0]))}${rutas ? `; por llamada: ${rutas}` : ""}`,
    primerMensaje: mal[0]?.mensaje ?? "",
  };
}

async function healthDirecto(url: string) {
  return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.status,
    () => 0,
  );
}

async function waitForStatus(servidor: string, quiere: (s: string) => boolean, limiteMs: number) {
  const t = performance.now();
  while (performance.now() - t < limiteMs) {
    const filas = await estado.cluster!.haproxyStats().catch(() => []);
    const f = filas.find((x) => x.server === servidor);
    if (f && quiere(f.status)) return { ms: performance.now() - t, status: f.status };
    await sleep(100);
  }
  return null;
}

/** Before a fault: every portal process alive and UP in HAProxy (a process that died by itself is restarted). */
async function ensureProcesses() {
  const c = estado.cluster!;
  for (const p of c.processes) {
    if ((await healthDirecto(p.url)) === 200) continue;
    check(false, `antes de la siguiente falla, p${p.index} no responde: se reinicia`);
    await c.restart(p.index).catch((e: unknown) => log(`[load]   no se pudo reiniciar p${p.index}: ${String(e)}`));
    await waitForStatus(`p${p.index}`, (s) => s === "UP", 15_000);
  }
}

async function faseLimpia(carga: Carga) {
  // Only for the clean phase, which starts no process (a process started from this one would inherit it).
  prioritize(process.pid, "generador", PRIORIDAD);
  prioritize(estado.simulador?.pid, "simulador del ERP", PRIORIDAD);
  carga.fase = "arranque";
  const proveedores = [...Array(PROVEEDORES).keys()];
  const lectura = carga.datos.proveedoresLectura;
  // Ramp: the users arrive over 5 s.
  for (const i of proveedores) {
    const carga_ = i < CARGADORES;
    // Uploaders sign in as the supplier with test certificates; the others spread over the browsing suppliers,
    // the demo's second supplier included.
    const usuario = carga_ ? "EKU9003173C9" : i % 4 === 0 ? "XIQB891116QE4" : lectura[i % lectura.length]!;
    estado.usuarios.push(carga.proveedor(usuario, carga_));
    await sleep(5000 / USUARIOS);
  }
  for (let k = 0; k < REVISORES; k++) {
    estado.usuarios.push(carga.revisor(carga.datos.revisores[k]!, k, REVISORES));
    await sleep(5000 / USUARIOS);
  }
  if (process.env.PORTAL_PG_STATEMENTS === "1") {
    await conCliente(estado.cluster!.databaseUrl, (c) => c.query("select pg_stat_statements_reset()"));
  }
  carga.fase = "limpia";
  const t = carga.ahora();
  const antes = takeSample();
  const maquinaAntes = cpuMaquina();
  const bucle = monitorEventLoopDelay({ resolution: 10 });
  bucle.enable();
  await carga.wait(SEGUNDOS * 1000);
  const despues = takeSample();
  if (process.env.PORTAL_PG_STATEMENTS === "1") await costliestStatements();
  prioritize(process.pid, "generador", 0);
  prioritize(estado.simulador?.pid, "simulador del ERP", 0);
  bucle.disable();
  const maquinaDespues = cpuMaquina();
  const duracion = carga.ahora() - t;
  const limpias = carga.llamadas.filter((l) => l.fase === "limpia");
  log("");
  log(
    `[load] === Fase limpia: ${USUARIOS} usuarios (${PROVEEDORES} proveedores, ${CARGADORES} de ellos cargan; ${REVISORES} revisores), ${seg(duracion)}, pausa entre llamadas ${PENSAR_MIN_MS}–${PENSAR_MAX_MS} ms ===`,
  );
  log(
    `[load] ${"llamada".padEnd(34)} ${"n".padStart(6)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"p99".padStart(8)} ${"máx".padStart(8)} errores`,
  );
  for (const f of porRuta(limpias)) {
    log(
      `[load] ${`${f.ruta} (${f.clase})`.padEnd(34)} ${String(f.n).padStart(6)} ${f.p50.toFixed(0).padStart(6)} ms ${f.p95.toFixed(0).padStart(5)} ms ${f.p99.toFixed(0).padStart(5)} ms ${f.max.toFixed(0).padStart(5)} ms ${f.errores}`,
    );
  }
  estado.p95Lecturas = p95De(limpias, ["lectura"]);
  estado.p95Cargas = p95De(limpias, ["carga"]);
  const p95Escrituras = p95De(limpias, ["escritura"]);
  const p95Sesion = p95De(limpias, ["sesion"]);
  log(
    `[load] ${limpias.length} llamadas en ${seg(duracion)}: ${((limpias.length / duracion) * 1000).toFixed(1)} llamadas/s; ` +
      `cargas ${limpias.filter((l) => l.clase === "carga" && l.ok).length} (${((limpias.filter((l) => l.clase === "carga" && l.ok).length / duracion) * 1000).toFixed(2)}/s)`,
  );
  log(
    `[load] p95 lecturas ${estado.p95Lecturas.toFixed(0)} ms ${estado.p95Lecturas <= 200 ? "✔" : "✘"} (objetivo <= 200 ms) · ` +
      `p95 cargas ${estado.p95Cargas.toFixed(0)} ms ${estado.p95Cargas <= 500 ? "✔" : "✘"} (objetivo <= 500 ms) · ` +
      `p95 decisiones ${p95Escrituras.toFixed(0)} ms · p95 inicio de sesión ${p95Sesion.toFixed(0)} ms`,
  );
  log(`[load] CPU (usuario + sistema) y memoria residente en la fase limpia (200 % = los 2 núcleos):`);
  let total = 0;
  for (const [nombre, d] of despues) {
    const a = antes.get(nombre);
    const cpu = a && d.pids[0] === a.pids[0] ? Math.max(0, d.cpuMs - a.cpuMs) : Number.NaN;
    if (Number.isFinite(cpu)) total += cpu;
    log(
      `[load]   ${nombre.padEnd(26)} CPU ${(cpu / 1000).toFixed(1).padStart(6)} s (${((cpu / duracion) * 100).toFixed(0).padStart(3)} %) · RSS ${d.rssMb.toFixed(0)} MB (pico ${picos.get(nombre)?.toFixed(0) ?? "?"} MB)`,
    );
  }
  log(
    `[load]   retraso del bucle de eventos del generador: ` +
      `p50 ${(bucle.percentile(50) / 1e6).toFixed(0)} ms · p99 ${(bucle.percentile(99) / 1e6).toFixed(0)} ms · máx ${(bucle.max / 1e6).toFixed(0)} ms`,
  );
  log(
    `[load]   ${"total".padEnd(26)} CPU ${(total / 1000).toFixed(1).padStart(6)} s (${((total / duracion) * 100).toFixed(0).padStart(3)} % de 200 %)`,
  );
  const ocupadaMs = maquinaDespues.ocupadaMs - maquinaAntes.ocupadaMs;
  log(
    `[load]   la máquina entera: CPU ocupada ${(ocupadaMs / 1000).toFixed(1)} s (${((ocupadaMs / duracion) * 100).toFixed(0)} % de ${maquinaDespues.nucleos * 100} %), ` +
      `de ella fuera de los procesos medidos ${(Math.max(0, ocupadaMs - total) / 1000).toFixed(1)} s (otros procesos de la máquina); ` +
      `carga media (1 min) ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
  );
}

/** SMTP and the Service Layer simulator unreachable for 30 s, then back on the same ports. */
async function faseSmtpErp(carga: Carga) {
  const fase = "smtp-erp";
  carga.fase = fase;
  estado.fallas++;
  log("");
  log("[load] === Falla 1: SMTP y ERP (simulador del Service Layer) inalcanzables 30 s ===");
  const pendientesAntes = await colas();
  const desde = carga.ahora();
  await estado.correo!.shut();
  await ordenSimulador("cerrar");
  const t = performance.now();
  log(`[load] cerrados ambos puertos (colas al cerrar: ${pendientesAntes}); la carga sigue …`);
  await carga.wait(30_000);
  await estado.correo!.open();
  await ordenSimulador("abrir");
  estado.ventanas.push({ nombre: "smtp-erp", desde, hasta: carga.ahora() });
  log(`[load] reabiertos tras ${seg(performance.now() - t)} (colas: ${await colas()}); la carga sigue 5 s`);
  await carga.wait(5_000);
  const e = erroresDeFase(fase);
  check(
    e.errores === 0,
    `ninguna acción de proveedor o revisor bloqueada: ${e.n} llamadas durante la falla, ${e.errores} errores (${e.texto})` +
      (e.primerMensaje ? `; p. ej. «${e.primerMensaje}»` : ""),
  );
  log(
    "[load]   (correos y facturas del ERP entregados una sola vez: se comprueba al final, cuando las colas se vacían)",
  );
}

/** The mail and ERP queues now, as text. */
async function colas() {
  const r = await conCliente(estado.cluster!.databaseUrl, (c) =>
    c.query<{ correos: number; trabajos: number }>(
      `select (select count(*)::int from correo_outbox where estado = 'pendiente') as correos,
              (select count(*)::int from erp_trabajos where estado = 'pendiente') as trabajos`,
    ),
  ).catch(() => null);
  const f = r?.rows[0];
  return f ? `${f.correos} correos y ${f.trabajos} trabajos del ERP pendientes` : "no se pudieron leer";
}

/** PostgreSQL stopped, down 3 s, started again, under load. */
async function fasePostgres(carga: Carga) {
  const c = estado.cluster!;
  const fase = "postgres";
  log("");
  log("[load] === Falla 2: PostgreSQL reiniciado con la carga en curso ===");
  if (!c.stopPostgres || !c.startPostgres) {
    log("[load]   omitida: el clúster no inició su propio PostgreSQL");
    return;
  }
  carga.fase = fase;
  estado.fallas++;
  await carga.wait(3_000);
  const desde = carga.ahora();
  await c.stopPostgres();
  const detenido = carga.ahora();
  await carga.wait(3_000);
  await c.startPostgres();
  const arriba = carga.ahora();
  log(
    `[load] PostgreSQL detenido en ${seg(detenido - desde)}, abajo ${seg(arriba - detenido)} en total hasta responder de nuevo`,
  );
  // Each process's own health check (not through HAProxy), every 100 ms, until 200.
  const recuperados = await Promise.all(
    c.processes.map(async (p) => {
      while (carga.ahora() - arriba < 30_000) {
        if ((await healthDirecto(p.url)) === 200) return carga.ahora() - arriba;
        await sleep(100);
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
  const hasta = Math.max(arriba, ...recuperados.map((r) => arriba + (Number.isFinite(r) ? r : 30_000))) + 1000;
  estado.ventanas.push({ nombre: "postgres", desde, hasta });
  await carga.wait(8_000);
  for (const [i, r] of recuperados.entries()) {
    check(
      r <= 5000,
      `el proceso p${i} responde 200 en /api/health ${seg(r)} después de que PostgreSQL volvió (objetivo <= 5 s)`,
    );
  }
  const enVentana = carga.llamadas.filter((l) => l.inicio <= hasta && l.fin >= desde);
  const fallidas = enVentana.filter((l) => !l.ok);
  const porStatus = new Map<number, number>();
  for (const l of fallidas) porStatus.set(l.status, (porStatus.get(l.status) ?? 0) + 1);
  const lenta = Math.max(0, ...enVentana.map((l) => l.fin - l.inicio));
  log(
    `[load]   ${enVentana.length} llamadas durante la caída; ${fallidas.length} fallaron: ${statusTexto([...porStatus.entries()])}`,
  );
  check((porStatus.get(500) ?? 0) === 0, "ninguna respuesta 500 durante la caída");
  const no503 = fallidas.filter((l) => l.status !== 503);
  check(no503.length === 0, `todas las fallidas son 503 en español (${no503.length} no lo son)`);
  const sinMensaje = fallidas.filter((l) => l.status === 503 && !/[a-záéíóúñ]/i.test(l.mensaje ?? ""));
  check(sinMensaje.length === 0, `cada 503 trae el mensaje del portal (${sinMensaje.length} sin él)`);
  check(
    lenta <= 10_000,
    `la llamada más larga durante la caída tardó ${seg(lenta)} (sin esperas de más de unos segundos)`,
  );
  const e = erroresDeFase(fase);
  log(
    `[load]   fase completa: ${e.n} llamadas, ${e.errores} fallidas (${e.texto}); fuera de la ventana cuentan como errores`,
  );
}

/** One process SIGKILLed mid-load: HAProxy routes around it; then it is restarted and rejoins. */
async function faseSigkill(carga: Carga) {
  const c = estado.cluster!;
  const fase = "sigkill";
  carga.fase = fase;
  estado.fallas++;
  const i = c.processes.length - 1;
  log("");
  log(`[load] === Falla 3: el proceso p${i} muere (SIGKILL) con la carga en curso ===`);
  await carga.wait(4_000);
  const desde = carga.ahora();
  await c.kill(i, "SIGKILL");
  const abajo = await waitForStatus(`p${i}`, (s) => s.startsWith("DOWN"), 15_000);
  const hasta = carga.ahora() + 500;
  estado.ventanas.push({ nombre: "sigkill", desde, hasta });
  check(abajo !== null, `HAProxy marcó p${i} DOWN ${abajo ? seg(abajo.ms) : "nunca"} después del SIGKILL`);
  await carga.wait(4_000);
  const tr = performance.now();
  await c.restart(i);
  const arriba = await waitForStatus(`p${i}`, (s) => s === "UP", 15_000);
  check(
    arriba !== null,
    `p${i} reiniciado (pid ${c.processes[i]?.pid}) y de vuelta UP en HAProxy en ${seg(performance.now() - tr)}`,
  );
  await carga.wait(4_000);
  const enVentana = carga.llamadas.filter((l) => l.inicio <= hasta && l.fin >= desde && !l.ok);
  const porStatus = new Map<number, number>();
  for (const l of enVentana) porStatus.set(l.status, (porStatus.get(l.status) ?? 0) + 1);
  log(
    `[load]   llamadas en vuelo al morir que fallaron (el usuario puede reintentar): ${enVentana.length} (${statusTexto([...porStatus.entries()])}), ` +
      `de ellas cargas ${enVentana.filter((l) => l.clase === "carga").length}`,
  );
  const e = erroresDeFase(fase);
  log(
    `[load]   fase completa: ${e.n} llamadas, ${e.errores} fallidas (${e.texto}); las cargas fallidas se revisan en la base al final`,
  );
  const mensajes = new Map<string, number>();
  for (const l of enVentana) {
    const m = `${l.status} ${l.mensaje ?? ""}`.slice(0, 160);
    mensajes.set(m, (mensajes.get(m) ?? 0) + 1);
  }
  for (const [m, n] of mensajes) log(`[load]   ${n}× ${m}`);
}

/** One process SIGTERMed under load: out of the pool first, its requests finished, exit 0; then restarted. */
async function faseSigterm(carga: Carga) {
  const c = estado.cluster!;
  const fase = "sigterm";
  carga.fase = fase;
  estado.fallas++;
  log("");
  log("[load] === Falla 4: el proceso p0 se detiene con SIGTERM con la carga en curso ===");
  await carga.wait(4_000);
  const t = performance.now();
  let abajoMs: number | null = null;
  let sigue = true;
  const vigia = (async () => {
    while (sigue) {
      const f = (await c.haproxyStats().catch(() => [])).find((x) => x.server === "p0");
      if (f && !f.status.startsWith("UP") && abajoMs === null) abajoMs = performance.now() - t;
      await sleep(50);
    }
  })();
  const { code, ms } = await c.terminate(0);
  const salida = performance.now() - t;
  sigue = false;
  await vigia;
  check(
    abajoMs !== null && abajoMs < salida,
    `HAProxy sacó a p0 del grupo a los ${abajoMs === null ? "—" : seg(abajoMs)}, antes de que terminara (${seg(salida)})`,
  );
  check(code === 0, `p0 terminó con código ${code} en ${seg(ms)}`);
  const tr = performance.now();
  await c.restart(0);
  const arriba = await waitForStatus("p0", (s) => s === "UP", 15_000);
  check(
    arriba !== null,
    `p0 reiniciado (pid ${c.processes[0]?.pid}) y UP en HAProxy en ${seg(performance.now() - tr)}`,
  );
  await carga.wait(3_000);
  const e = erroresDeFase(fase);
  check(
    e.errores === 0,
    `sus solicitudes en curso terminaron: ${e.n} llamadas en la fase, ${e.errores} errores (${e.texto})`,
  );
}

/** Clients that drop a big streamed list after its first bytes. */
async function faseDesconexion(carga: Carga) {
  const c = estado.cluster!;
  const fase = "desconexion";
  carga.fase = fase;
  estado.fallas++;
  log("");
  log("[load] === Falla 5: clientes que se desconectan a mitad de una lista grande ===");
  const token = await carga.login("admin", "Empleado", false);
  const antes = takeSample();
  let cortadas = 0;
  let bytesMax = 0;
  for (let n = 0; n < 20; n++) {
    const r = await new Promise<{ bytes: number; status: number }>((resolve) => {
      const req = httpRequest(
        `${c.url}/api/pedidos/getPedidos`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-access-token": token ?? "", "accept-encoding": "identity" },
        },
        (res) => {
          res.once("data", (chunk: Buffer) => {
            // The first bytes arrived: the client goes away.
            req.destroy();
            resolve({ bytes: chunk.length, status: res.statusCode ?? 0 });
          });
          res.once("end", () => resolve({ bytes: -1, status: res.statusCode ?? 0 }));
        },
      );
      req.on("error", () => resolve({ bytes: 0, status: 0 }));
      req.end("{}");
    });
    if (r.bytes > 0 && r.status === 200) cortadas++;
    bytesMax = Math.max(bytesMax, r.bytes);
    await sleep(150);
  }
  await carga.wait(5_000);
  const despues = takeSample();
  const salud = await Promise.all(c.processes.map((p) => healthDirecto(p.url)));
  check(cortadas === 20, `${cortadas} de 20 listas de pedidos cortadas tras los primeros bytes`);
  check(
    salud.every((s) => s === 200),
    `cada proceso sigue sano (/api/health directo: ${salud.join(", ")})`,
  );
  for (const p of c.processes) {
    const a = antes.get(`portal p${p.index}`)?.rssMb ?? 0;
    const d = despues.get(`portal p${p.index}`)?.rssMb ?? 0;
    log(`[load]   memoria de p${p.index}: ${a.toFixed(0)} MB antes, ${d.toFixed(0)} MB 5 s después`);
  }
  const e = erroresDeFase(fase);
  check(e.errores === 0, `la carga de los demás usuarios siguió: ${e.n} llamadas, ${e.errores} errores (${e.texto})`);
}

// --- After the load: queues drained, exactly once, the ledger --------------------------------------------

async function waitForQueues() {
  const t = performance.now();
  const limite = Math.min(240_000, LIMITE_MS - transcurrido() - 30_000);
  log("");
  log(`[load] === Colas: espera a que correos y trabajos del ERP se entreguen (hasta ${seg(Math.max(0, limite))}) ===`);
  while (performance.now() - t < limite) {
    const r = await conCliente(estado.cluster!.databaseUrl, (c) =>
      c.query<{ correos: number; trabajos: number }>(
        `select (select count(*)::int from correo_outbox where estado = 'pendiente') as correos,
                (select count(*)::int from erp_trabajos where estado = 'pendiente') as trabajos`,
      ),
    );
    const f = r.rows[0]!;
    if (f.correos === 0 && f.trabajos === 0) {
      log(`[load] colas vacías ${seg(performance.now() - t)} después de detener la carga`);
      return;
    }
    await sleep(1000);
  }
  log(`[load] las colas no se vaciaron a tiempo: ${await colas()}`);
  estado.colasPendientes = true;
  const r = await conCliente(estado.cluster!.databaseUrl, (c) =>
    c.query<{ id: number; intentos: number; siguiente: string; error: string; bloqueado: string | null }>(
      `select id, intentos, siguiente_intento::text as siguiente, ultimo_error as error,
              bloqueado_hasta::text as bloqueado, created_at::text as creado from correo_outbox
        where estado = 'pendiente' order by id limit 5`,
    ),
  );
  for (const f of r.rows)
    log(
      `[load]   correo pendiente ${f.id}: ${f.intentos} intentos, siguiente ${f.siguiente}, arrendado hasta ${f.bloqueado ?? "—"}, último error «${f.error}»`,
    );
  // ERP jobs still waiting, grouped by attempts and last error: why they wait (backoff, a lease, a refusal).
  const t2 = await conCliente(estado.cluster!.databaseUrl, (c) =>
    c.query<{ intentos: number; error: string; n: number; siguiente_s: number; arrendados: number }>(
      `select intentos, left(ultimo_error, 160) as error, count(*)::int as n,
              round(extract(epoch from min(siguiente_intento) - now()))::int as siguiente_s,
              count(*) filter (where bloqueado_hasta > now())::int as arrendados
         from erp_trabajos where estado = 'pendiente'
        group by 1, 2 order by 3 desc limit 8`,
    ),
  );
  for (const f of t2.rows)
    log(
      `[load]   trabajos del ERP pendientes: ${f.n} con ${f.intentos} intentos (arrendados ${f.arrendados}), el próximo en ${f.siguiente_s} s, último error «${f.error || "—"}»`,
    );
  // Connections inside a transaction or waiting for a lock for more than a few seconds: what may hold a job back.
  const t3 = await conCliente(estado.cluster!.databaseUrl, (c) =>
    c.query<{ pid: number; estado: string; espera: string | null; s: number; consulta: string }>(
      `select pid, state as estado, wait_event_type || ':' || wait_event as espera,
              round(extract(epoch from now() - xact_start))::int as s,
              left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 120) as consulta
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and xact_start < now() - interval '5 seconds'
        order by xact_start limit 8`,
    ),
  );
  for (const f of t3.rows)
    log(`[load]   conexión ${f.pid} ${f.estado} desde hace ${f.s} s (espera ${f.espera ?? "—"}): ${f.consulta}`);
}

async function checkDeliveries() {
  const url = estado.cluster!.databaseUrl;
  log("");
  log("[load] === Entregas exactamente una vez (correo y ERP) ===");
  const correo = estado.correo!;
  await conCliente(url, async (c) => {
    const o = (
      await c.query<{ enviados: number; pendientes: number; fallidos: number; distintos: number }>(
        `select count(*) filter (where estado = 'enviado')::int as enviados,
                count(*) filter (where estado = 'pendiente')::int as pendientes,
                count(*) filter (where estado = 'fallido')::int as fallidos,
                count(distinct (para, asunto, texto, html)) filter (where estado = 'enviado')::int as distintos
           from correo_outbox`,
      )
    ).rows[0]!;
    const recibidos = correo.recibidos.length;
    // One Message-ID per outbox message, the same on every attempt: a message handed to the SMTP server by a
    // process killed before it recorded the delivery is sent again after its lease, as the same message.
    const porId = new Map<string, { n: number; clave: string }>();
    for (const r of correo.recibidos) {
      const seen = porId.get(r.messageId);
      porId.set(r.messageId, { n: (seen?.n ?? 0) + 1, clave: r.clave });
    }
    const sinId = correo.recibidos.filter((r) => !/^<correo-\d+\.portal@/.test(r.messageId)).length;
    const reentregas = recibidos - porId.size;
    log(
      `[load]   correo: ${o.enviados} mensajes enviados según la bandeja de salida, ${recibidos} entregas recibidas por el ` +
        `servidor SMTP (${porId.size} mensajes distintos por Message-ID), ${o.pendientes} pendientes, ${o.fallidos} fallidos`,
    );
    check(
      porId.size === o.enviados && sinId === 0 && o.pendientes === 0 && o.fallidos === 0,
      "cada correo de la bandeja llegó como un solo mensaje (un Message-ID) y ninguno quedó pendiente",
    );
    if (reentregas > 0) {
      log(
        `[load]   ${reentregas} reentrega(s) con el mismo Message-ID: el proceso murió (SIGKILL) entre la entrega al ` +
          "servidor SMTP y su registro; SMTP no ofrece más que «al menos una vez», el destinatario ve un mensaje",
      );
      for (const [id, { n, clave }] of porId) {
        if (n < 2) continue;
        const asunto = /^subject: (.*)$/im.exec(clave)?.[1] ?? "?";
        log(`[load]   ${id} entregado ${n} veces, asunto «${asunto}»`);
      }
    }
    const f = (
      await c.query<{ aceptadas: number; con_una: number; con_mas: number; sin: number; trabajos_fallidos: number }>(
        `with a as (
           select f.id, (select count(*) from erp_mock.facturas e where e.bd = f.bd and e.portal_id = f.id) as n
             from facturas f where f.estatus = 'A' and f.created_at > now() - interval '1 hour')
         select count(*)::int as aceptadas, count(*) filter (where n = 1)::int as con_una,
                count(*) filter (where n > 1)::int as con_mas, count(*) filter (where n = 0)::int as sin,
                (select count(*)::int from erp_trabajos where estado = 'fallido') as trabajos_fallidos
           from a`,
      )
    ).rows[0]!;
    log(
      `[load]   ERP: ${f.aceptadas} facturas aceptadas en esta corrida; con su factura de proveedor en el ERP una vez ${f.con_una}, ` +
        `más de una ${f.con_mas}, ninguna ${f.sin}; trabajos fallidos ${f.trabajos_fallidos}`,
    );
    check(f.con_una === f.aceptadas && f.trabajos_fallidos === 0, "cada factura aceptada está una sola vez en el ERP");
  });
}

async function checkLedgerInDatabase() {
  const carga = estado.carga!;
  const url = estado.cluster!.databaseUrl;
  log("");
  log("[load] === Libro: cada escritura respondida con éxito, comprobada en la base ===");
  const libro: Asiento[] = carga.libro;
  const uuids = libro
    .filter((a) => a.tipo === "factura" || a.tipo === "complemento")
    .map((a) => (a as { uuid: string }).uuid);
  const fallidas = carga.cargasFallidas.map((f) => f.uuid);
  const base: Estado = {
    facturas: new Map(),
    complementos: new Map(),
    facturasPorId: new Map(),
    complementosPorId: new Map(),
  };
  await conCliente(url, async (c) => {
    const todos = [...uuids, ...fallidas];
    for (const r of (
      await c.query<{ id: number; uuid: string; estatus: string }>(
        "select id, uuid, estatus from facturas where uuid = any($1::text[])",
        [todos],
      )
    ).rows) {
      base.facturas.set(r.uuid.toUpperCase(), r.estatus);
    }
    for (const r of (
      await c.query<{ uuid: string; estatus: string }>(
        "select uuid, estatus from complementos_pago where uuid = any($1::text[])",
        [todos],
      )
    ).rows) {
      base.complementos.set(r.uuid.toUpperCase(), r.estatus);
    }
    const idsF = libro.flatMap((a) => (a.tipo === "revisionFactura" ? [a.id] : []));
    const idsP = libro.flatMap((a) => (a.tipo === "revisionPago" ? [a.id] : []));
    for (const r of (
      await c.query<{ id: number; estatus: string }>("select id, estatus from facturas where id = any($1::int[])", [
        idsF,
      ])
    ).rows) {
      base.facturasPorId.set(r.id, r.estatus);
    }
    for (const r of (
      await c.query<{ id: number; estatus: string }>(
        "select id, estatus from complementos_pago where id = any($1::int[])",
        [idsP],
      )
    ).rows) {
      base.complementosPorId.set(r.id, r.estatus);
    }
    const { comprobados, perdidos } = checkLedger(libro, base);
    estado.comprobados = comprobados;
    estado.perdidos = perdidos.length;
    estado.libroComprobado = true;
    const countOf = (t: Asiento["tipo"]) => libro.filter((a) => a.tipo === t).length;
    log(
      `[load]   asientos: ${countOf("factura")} facturas registradas, ${countOf("complemento")} complementos, ` +
        `${countOf("revisionFactura")} decisiones sobre facturas y ${countOf("revisionPago")} sobre complementos; ` +
        `${comprobados} escrituras comprobadas, ${perdidos.length} perdidas`,
    );
    for (const p of perdidos.slice(0, 10)) log(`[load]   ✘ perdida: ${JSON.stringify(p)}`);
    check(perdidos.length === 0, "ninguna escritura respondida con éxito se perdió");

    // Uploads answered with an error: all of it or none of it.
    const completas = carga.cargasFallidas.filter((f) =>
      (f.tipo === "factura" ? base.facturas : base.complementos).has(f.uuid.toUpperCase()),
    ).length;
    log(
      `[load]   cargas respondidas con error: ${carga.cargasFallidas.length} (${completas} quedaron completas en la base, ` +
        `${carga.cargasFallidas.length - completas} no se guardaron: el usuario las reintenta)`,
    );
    const medias = (
      await c.query<{ facturas: number; complementos: number; aceptadas_sin_trabajo: number }>(
        `select
           (select count(*)::int from facturas f where f.pdf_archivo_id is null or f.xml_archivo_id is null
              or f.recepcion_archivo_id is null
              or not exists (select 1 from archivos a where a.id = f.xml_archivo_id)
              or not exists (select 1 from archivos a where a.id = f.pdf_archivo_id)) as facturas,
           (select count(*)::int from complementos_pago p where p.uuid is not null
              and (p.xml_archivo_id is null or p.pdf_archivo_id is null
                or not exists (select 1 from archivos a where a.id = p.xml_archivo_id))) as complementos,
           (select count(*)::int from facturas f where f.estatus = 'A'
              and not exists (select 1 from erp_trabajos t where t.factura_id = f.id)
              and not exists (select 1 from erp_mock.facturas e where e.bd = f.bd and e.portal_id = f.id))
              as aceptadas_sin_trabajo`,
      )
    ).rows[0]!;
    check(
      medias.facturas === 0 && medias.complementos === 0 && medias.aceptadas_sin_trabajo === 0,
      `nada a medio guardar: facturas sin sus archivos ${medias.facturas}, complementos sin sus archivos ` +
        `${medias.complementos}, facturas aceptadas sin su trabajo del ERP ${medias.aceptadas_sin_trabajo}`,
    );
  });
}

// --- The run ----------------------------------------------------------------------------------------------------

/**
 * PORTAL_PG_STATEMENTS=1 (the cluster's PostgreSQL then loads pg_stat_statements): the statements that took the
 * most of PostgreSQL's time in the clean phase — where its CPU goes.
 */
async function costliestStatements() {
  await conCliente(estado.cluster!.databaseUrl, async (c) => {
    const r = await c.query<{ ms: number; calls: number; media: number; consulta: string }>(
      `select round(total_exec_time)::int as ms, calls::int as calls, round(mean_exec_time::numeric, 2)::float as media,
              left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 150) as consulta
         from pg_stat_statements order by total_exec_time desc limit 15`,
    );
    log("[load] PostgreSQL, sentencias con más tiempo (ms en total, llamadas, media):");
    for (const f of r.rows)
      log(
        `[load]   ${String(f.ms).padStart(7)} ${String(f.calls).padStart(7)} ${String(f.media).padStart(7)}  ${f.consulta}`,
      );
  }).catch((e: unknown) => log(`[load] pg_stat_statements no disponible: ${String(e)}`));
}

/** Starts the ERP's process (simulador-erp.ts) and waits until it listens. */
async function startSimulator() {
  const hijo = spawn(process.execPath, ["--import", "tsx", join(here, "simulador-erp.ts")], {
    env: {
      ...process.env,
      LOAD_SL_DATABASE_URL: estado.cluster!.databaseUrl,
      LOAD_SL_PORT: String(estado.slPort),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  estado.simulador = hijo;
  await new Promise<void>((resolve, reject) => {
    hijo.once("message", (m) => (m === "listo" ? resolve() : reject(new Error(`simulador: ${String(m)}`))));
    hijo.once("exit", (code) => reject(new Error(`El simulador del ERP terminó al iniciar (código ${code}).`)));
  });
}

/** Sends "cerrar", "abrir" or "salir" to the ERP's process and waits for its acknowledgement (10 s at most). */
async function ordenSimulador(orden: "cerrar" | "abrir" | "salir") {
  const hijo = estado.simulador;
  if (!hijo || hijo.exitCode !== null || !hijo.connected) return;
  await Promise.race([
    new Promise<void>((resolve) => {
      const onReply = (m: unknown) => {
        if (m !== orden) return;
        hijo.off("message", onReply);
        resolve();
      };
      hijo.on("message", onReply);
      hijo.send(orden);
    }),
    sleep(10_000),
  ]);
}

/**
 * The load generator stands in for browsers and the simulator for SAP, both on other machines in production; here
 * they share the 2 cores with the portal. During the clean phase they run at a higher scheduling priority
 * (LOAD_PRIORIDAD, default -10; 0 = as they are; needs root or CAP_SYS_NICE, else the run says so): a reply is
 * timed when it arrives rather than when the generator next gets a core, and SAP's answers do not queue behind the
 * portal's own work. The CPU they use is the same and is reported apart.
 */
const PRIORIDAD = Number(process.env.LOAD_PRIORIDAD ?? -10);
function prioritize(pid: number | undefined, quien: string, prioridad: number) {
  if (!pid || PRIORIDAD === 0) return;
  try {
    setPriority(pid, prioridad);
  } catch (error) {
    log(`[load] ${quien}: prioridad ${prioridad} no aplicada (${(error as Error).message}); corre con la normal`);
  }
}

async function run() {
  const modulo = pathToFileURL(join(raiz, "scripts", "lib", "cluster.mjs")).href;
  const { startCluster } = (await import(modulo)) as { startCluster: StartCluster };
  estado.correo = await startMailServer();
  estado.slPort = await freePort();
  estado.runDir = mkdtempSync(join(tmpdir(), "portal-load-"));
  log(
    `[load] SMTP en 127.0.0.1:${estado.correo.port}; el simulador del Service Layer escuchará en 127.0.0.1:${estado.slPort}; ` +
      `salida de los procesos en ${estado.runDir}`,
  );
  estado.cluster = await startCluster({
    procesos: 2,
    port: 0,
    seedDemo: true,
    processOutput: join(estado.runDir, "portal-"),
    log,
    env: {
      ...(ERP === "mock"
        ? { ERP_ADAPTER: "mock" }
        : { ERP_ADAPTER: "service-layer", SAP_SL_URL: `http://127.0.0.1:${estado.slPort}/b1s/v2/` }),
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(estado.correo.port),
      SMTP_SECURE: "false",
      // Faster than the defaults (5 s, 15 s) so the run can wait for the queues to drain within its 10 minutes.
      MAIL_POLL_MS: "2000",
      ERP_POLL_MS: "5000",
      // Every simulated user comes from 127.0.0.1: the per-IP rate limit would throttle the whole test as one client.
      RATE_LIMIT_MAX: "100000000",
      // The portal's pool size (DB_POOL_MAX, default 10 per process) when LOAD_DB_POOL says so, to compare.
      ...(process.env.LOAD_DB_POOL ? { DB_POOL_MAX: process.env.LOAD_DB_POOL } : {}),
    },
  });
  pgPort = Number(new URL(estado.cluster.databaseUrl).port);
  if (process.env.PORTAL_PG_STATEMENTS === "1") {
    await conCliente(estado.cluster.databaseUrl, (c) => c.query("create extension if not exists pg_stat_statements"));
  }
  if (ERP === "service-layer") await startSimulator();
  const datos = await prepareData(estado.cluster.databaseUrl, {
    proveedoresLectura: 12,
    revisores: REVISORES,
    facturas: FACTURAS,
    complementos: COMPLEMENTOS,
    password: DEMO_PASSWORD,
    log,
  });
  const carga = new Carga(estado.cluster.url, datos, DEMO_PASSWORD);
  estado.carga = carga;

  // Warm-up (not measured): each list once per process, the supplier's payments (the complements' related
  // documents), and the first pending documents for the reviewers, uploaded through the portal.
  const kemper = await carga.login("EKU9003173C9", "Proveedor", false);
  const admin = await carga.login("admin", "Empleado", false);
  if (!kemper || !admin) throw new Error("No se pudo iniciar sesión con los usuarios de la demostración.");
  for (let i = 0; i < 2; i++) {
    for (const path of [
      "/api/pedidos/getPedidos",
      "/api/entradasMercancia/getEntradasMercancia",
      "/api/facturas/getFacturas",
    ]) {
      await carga.call("", "lectura", "POST", path, kemper, {}, false);
      await carga.call("", "lectura", "POST", path, admin, {}, false);
    }
  }
  const pagos = await carga.call("", "lectura", "POST", "/api/pagos/getPagos", kemper, {}, false);
  await carga.call("", "lectura", "POST", "/api/pagos/getPagos", kemper, {}, false);
  for (const p of (pagos.json as { data?: { DocNum: number; U_SYS_PMSNBD: string; Detalle: unknown[] }[] })?.data ??
    []) {
    if (p.U_SYS_PMSNBD === "SBO_MCI" && p.DocNum >= 7_100_000) carga.detalles.set(p.DocNum, p.Detalle);
  }
  log(`[load] getPagos del proveedor lista ${carga.detalles.size} de los ${COMPLEMENTOS} pagos PPD preparados`);
  for (let i = 0; i < 30; i++) await carga.registerFactura(kemper, false);
  for (let i = 0; i < 15; i++) await carga.uploadComplemento(kemper, false);
  log(`[load] 30 facturas y 15 complementos subidos por el portal para que los revisores tengan trabajo al empezar`);

  const intervalo = setInterval(() => {
    try {
      takeSample();
    } catch {}
  }, 1000);
  try {
    await faseLimpia(carga);
    const fases = [faseSmtpErp, fasePostgres, faseSigkill, faseSigterm, faseDesconexion];
    const minimos = [45_000, 40_000, 40_000, 30_000, 15_000];
    const cuantas = Math.min(fases.length, Number(process.env.LOAD_FALLAS ?? fases.length));
    for (const [n, fase] of fases.slice(0, cuantas).entries()) {
      await ensureProcesses();
      // Each fault needs its time plus the queues' wait and the checks afterwards.
      if (!hasTimeLeft(minimos[n]! + 60_000)) {
        log(`[load] ✘ sin tiempo para la falla ${n + 1}: se omite`);
        estado.problemas.push(`falla ${n + 1} omitida por el límite de tiempo`);
        continue;
      }
      await fase(carga);
    }
  } finally {
    clearInterval(intervalo);
    carga.parar = true;
    await Promise.race([Promise.all(estado.usuarios), sleep(65_000)]);
  }
  log(
    `[load] carga detenida; facturas sin usar ${carga.facturasLeft()}, complementos sin usar ${carga.complementosLeft()}`,
  );
  await waitForQueues();
  await checkDeliveries();
  await checkLedgerInDatabase();
}

/** Totals, the cleanup and the last line: once, whether the run finished, failed or hit its deadline. */
async function finish(error: unknown) {
  if (estado.terminado) return;
  estado.terminado = true;
  if (error) {
    console.error(
      `[load] ✘ la corrida se interrumpió: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    estado.problemas.push("corrida interrumpida");
  }
  const carga = estado.carga;
  const llamadas: Llamada[] = carga?.llamadas ?? [];
  if (carga) carga.parar = true;
  const { fuera, dentro, fueraPorStatus, dentroPorStatus } = classifyErrors(llamadas, estado.ventanas);
  log("");
  log("[load] === Resumen ===");
  const duracion = llamadas.length
    ? Math.max(...llamadas.map((l) => l.fin)) - Math.min(...llamadas.map((l) => l.inicio))
    : 0;
  log(
    `[load] ${llamadas.length} llamadas en ${seg(duracion)} de carga (${duracion ? ((llamadas.length / duracion) * 1000).toFixed(1) : 0}/s); ` +
      `errores fuera de las caídas inyectadas: ${fuera.length} (${statusTexto(fueraPorStatus)}); ` +
      `dentro de ellas (${estado.ventanas.map((v) => `${v.nombre} ${seg(v.hasta - v.desde)}`).join(", ") || "ninguna"}): ` +
      `${dentro.length} (${statusTexto(dentroPorStatus)})`,
  );
  for (const l of fuera.slice(0, 10))
    log(`[load]   error fuera de caída: ${l.fase} ${l.ruta} ${l.status} ${l.mensaje ?? ""}`);
  log("[load] memoria residente, pico y última (MB):");
  for (const [k, v] of picos)
    log(`[load]   ${k.padEnd(26)} pico ${v.toFixed(0)} · última ${ultimas.get(k)?.toFixed(0) ?? "?"}`);
  if (estado.problemas.length)
    log(`[load] comprobaciones fallidas: ${estado.problemas.length}: ${estado.problemas.join(" | ")}`);
  if (!estado.libroComprobado && carga) {
    estado.perdidos = carga.libro.length;
    log("[load] ✘ el libro no se comprobó: sus escrituras cuentan como no comprobadas");
  }
  // Cleanup: the users' pool, the simulator, the cluster (its PostgreSQL included), SMTP.
  await carga?.agent.close().catch(() => {});
  await ordenSimulador("salir").catch(() => {});
  if (estado.simulador && estado.simulador.exitCode === null) estado.simulador.kill("SIGKILL");
  await estado.cluster?.stop().catch((e: unknown) => log(`[load] al detener el clúster: ${String(e)}`));
  await estado.correo?.halt().catch(() => {});
  if (estado.runDir) {
    // Lines at error level or above (pino: 50 error, 60 fatal) each portal process wrote during the run, and the
    // failed attempts of ERP jobs (one line each): why the queue had not drained, when it had not.
    const intentos: string[] = [];
    for (const p of estado.cluster?.processes ?? []) {
      let lineas: string[] = [];
      try {
        lineas = readFileSync(join(estado.runDir, `portal-${p.index}.log`), "utf8").split("\n");
      } catch {}
      const errores = lineas.filter((l) => /"level":(50|60)/.test(l));
      log(
        `[load] registro de p${p.index}: ${errores.length} líneas de nivel error o fatal${errores.length ? `; la primera: ${errores[0]!.slice(0, 300)}` : ""}`,
      );
      for (const l of lineas) if (l.includes("trabajo del ERP")) intentos.push(`p${p.index} ${l.slice(0, 400)}`);
    }
    if (estado.colasPendientes) for (const l of intentos.slice(-10)) log(`[load]   ${l}`);
    if (estado.problemas.length === 0 && !estado.colasPendientes)
      rmSync(estado.runDir, { recursive: true, force: true });
    else
      log(
        `[load] la salida de los procesos se conserva en ${estado.runDir} (comprobaciones fallidas o colas sin vaciar)`,
      );
  }
  const lost = estado.perdidos;
  log(
    ultimaLinea({
      requests: llamadas.length,
      errors: fuera.length,
      p95Lecturas: estado.p95Lecturas,
      p95Cargas: estado.p95Cargas,
      faults: estado.fallas,
      checked: estado.comprobados,
      lost,
    }),
  );
  process.exitCode = fuera.length > 0 || lost > 0 || estado.vencido || error ? 1 : 0;
}

// The global deadline: stops the users and whatever phase is running, then prints and cleans up.
const limite = setTimeout(() => {
  estado.vencido = true;
  log(`[load] ✘ límite de ${seg(LIMITE_MS)} alcanzado: se detiene todo`);
  void finish(new Error("límite de tiempo")).then(() => process.exit(1));
}, LIMITE_MS);
limite.unref();

run()
  .then(
    () => finish(null),
    (e) => finish(e),
  )
  .finally(() => {
    clearTimeout(limite);
    // Whatever a failed phase left (sockets, timers) must not keep the process alive after the last line.
    setTimeout(() => process.exit(), 2000).unref();
  });
