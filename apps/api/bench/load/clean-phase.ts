import { readFileSync } from "node:fs";
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import { conCliente } from "../comun";
import { p95De, porRuta } from "./figures";
import type { Muestra } from "./procfs";
import {
  CARGADORES,
  estado,
  log,
  PRIORIDAD,
  PROVEEDORES,
  prioritize,
  REVISORES,
  SEGUNDOS,
  seg,
  sleep,
  USUARIOS,
} from "./run-state";
import { cpuMaquina, picos, takeSample } from "./sampling";
import { type Carga, PENSAR_MAX_MS, PENSAR_MIN_MS } from "./usuarios";

export async function faseLimpia(carga: Carga) {
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
  reportCleanPhase(carga, { duracion: carga.ahora() - t, antes, despues, maquinaAntes, bucle });
}

/** The clean phase's figures: latency per call, the p95 targets, CPU and memory per process and of the machine. */
function reportCleanPhase(
  carga: Carga,
  medido: {
    duracion: number;
    antes: Map<string, Muestra>;
    despues: Map<string, Muestra>;
    maquinaAntes: ReturnType<typeof cpuMaquina>;
    bucle: IntervalHistogram;
  },
) {
  const { duracion, antes, despues, maquinaAntes, bucle } = medido;
  const maquinaDespues = cpuMaquina();
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

/**
 * PORTAL_PG_STATEMENTS=1 (the cluster's PostgreSQL then loads pg_stat_statements): the statements that took the
 * most of PostgreSQL's time in the clean phase — where its CPU goes.
 */
export async function costliestStatements() {
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
