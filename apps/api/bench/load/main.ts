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

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO_PASSWORD } from "@portal/seed";
import { conCliente } from "../comun";
import { checkDeliveries, checkLedgerInDatabase, waitForQueues } from "./after-load";
import { faseLimpia } from "./clean-phase";
import { ensureProcesses, faseDesconexion, fasePostgres, faseSigkill, faseSigterm, faseSmtpErp } from "./fault-phases";
import { classifyErrors, type Llamada, statusTexto, ultimaLinea } from "./figures";
import { prepareData } from "./prepare";
import {
  COMPLEMENTOS,
  ERP,
  estado,
  FACTURAS,
  freePort,
  hasTimeLeft,
  LIMITE_MS,
  log,
  REVISORES,
  raiz,
  type StartCluster,
  seg,
  sleep,
} from "./run-state";
import { picos, setPostgresPort, takeSample, ultimas } from "./sampling";
import { ordenSimulador, startSimulator } from "./simulator-process";
import { startMailServer } from "./smtp";
import { Carga } from "./usuarios";

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
  setPostgresPort(Number(new URL(estado.cluster.databaseUrl).port));
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

  await warmUp(carga);

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

/** Warm-up (not measured), so the reviewers have work when the timed phase starts. */
async function warmUp(carga: Carga) {
  // each list once per process, the supplier's payments (the complements' related
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
