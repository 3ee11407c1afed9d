/**
 * CPU and memory of the cluster's processes, read from /proc (Linux): a portal process by its pid, HAProxy and
 * PostgreSQL as process trees found among this process's descendants (the postmaster and its backends; exited
 * backends' CPU is in the postmaster's cutime/cstime once it reaped them).
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ, 100 on Linux). */
const HZ = 100;

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime, ms. */
  cpu: number;
  /** cutime + cstime (children waited for), ms. */
  cpuHijos: number;
}

function readStat(pid: number): Stat | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const cierre = s.lastIndexOf(")");
    const comm = s.slice(s.indexOf("(") + 1, cierre);
    const f = s.slice(cierre + 2).split(" ");
    // f[0] is field 3 (state): field n is f[n - 3].
    return {
      pid,
      comm,
      ppid: Number(f[1]),
      cpu: ((Number(f[11]) + Number(f[12])) * 1000) / HZ,
      cpuHijos: ((Number(f[13]) + Number(f[14])) * 1000) / HZ,
    };
  } catch {
    return null;
  }
}

/** VmRSS in MB, or 0 for a process that is gone. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every process now, by pid. */
function todos(): Map<number, Stat> {
  const m = new Map<number, Stat>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    const s = readStat(Number(d));
    if (s) m.set(s.pid, s);
  }
  return m;
}

/** Descendants of `raiz` (not itself). */
function descendientes(procs: Map<number, Stat>, raiz: number): Stat[] {
  const hijos = new Map<number, Stat[]>();
  for (const p of procs.values()) {
    const l = hijos.get(p.ppid);
    if (l) l.push(p);
    else hijos.set(p.ppid, [p]);
  }
  const out: Stat[] = [];
  const pila = [raiz];
  while (pila.length) {
    for (const h of hijos.get(pila.pop()!) ?? []) {
      out.push(h);
      pila.push(h.pid);
    }
  }
  return out;
}

/** One sample of a group of processes: CPU so far (ms) and resident memory now (MB). */
export interface Muestra {
  cpuMs: number;
  rssMb: number;
  pids: number[];
}

/** A group to measure: a process, with its descendants when `arbol` (the postmaster's backends, HAProxy's workers). */
export interface Grupo {
  nombre: string;
  pid: number | null;
  arbol: boolean;
}

/** CPU so far and memory now of each group; a group whose process is gone (or unknown) reads 0. */
export function sample(grupos: readonly Grupo[]): Map<string, Muestra> {
  const procs = todos();
  const out = new Map<string, Muestra>();
  for (const g of grupos) {
    const raiz = g.pid === null ? undefined : procs.get(g.pid);
    if (!raiz) {
      out.set(g.nombre, { cpuMs: 0, rssMb: 0, pids: [] });
      continue;
    }
    const arbol = g.arbol ? [raiz, ...descendientes(procs, raiz.pid)] : [raiz];
    let cpuMs = g.arbol ? raiz.cpuHijos : 0;
    let rss = 0;
    for (const p of arbol) {
      cpuMs += p.cpu;
      rss += rssMb(p.pid);
    }
    out.set(g.nombre, { cpuMs, rssMb: rss, pids: arbol.map((p) => p.pid) });
  }
  return out;
}

/** The process listening on a loopback TCP port (from /proc/net/tcp and each process's fds), or null. */
export function pidEscuchando(port: number): number | null {
  const inodos = new Set<string>();
  for (const f of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let t = "";
    try {
      t = readFileSync(f, "utf8");
    } catch {
      continue;
    }
    for (const linea of t.split("\n").slice(1)) {
      const c = linea.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; the inode is column 10.
      if (c.length > 9 && c[3] === "0A" && Number.parseInt(c[1]!.split(":")[1]!, 16) === port) inodos.add(c[9]!);
    }
  }
  if (inodos.size === 0) return null;
  const candidatos: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${d}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let destino = "";
      try {
        destino = readlinkSync(`/proc/${d}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(destino);
      if (m && inodos.has(m[1]!)) {
        candidatos.push(Number(d));
        break;
      }
    }
  }
  // Workers inherit the listening socket: the root is the candidate whose parent is not a candidate.
  const procs = todos();
  return candidatos.find((pid) => !candidatos.includes(procs.get(pid)?.ppid ?? -1)) ?? candidatos[0] ?? null;
}
