import { readFileSync } from "node:fs";
import { type Grupo, type Muestra, pidEscuchando, sample } from "./procfs";
import { estado } from "./run-state";

// --- Sampling CPU and memory -------------------------------------------------------------------------------

let pgPid: number | null = null;
let pgPort = 0;
/** The cluster's PostgreSQL port, once known: its server process is sampled too. */
export function setPostgresPort(port: number) {
  pgPort = port;
}
export const picos = new Map<string, number>();
export const ultimas = new Map<string, number>();
export function grupos(): Grupo[] {
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
export function takeSample(): Map<string, Muestra> {
  const m = sample(grupos());
  for (const [k, v] of m) {
    picos.set(k, Math.max(picos.get(k) ?? 0, v.rssMb));
    if (v.rssMb > 0) ultimas.set(k, v.rssMb);
  }
  return m;
}

/** Busy CPU time of the whole machine so far (all cores, from /proc/stat), and its cores. */
export function cpuMaquina() {
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
