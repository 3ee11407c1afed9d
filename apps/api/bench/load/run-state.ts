/** The load run's shared state, settings and small helpers (split from main.ts). */
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { setPriority } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Ventana } from "./figures";
import type { ServidorCorreo } from "./smtp";
import type { Carga } from "./usuarios";

export const here = dirname(fileURLToPath(import.meta.url));
export const raiz = join(here, "..", "..", "..", "..");

export const USUARIOS = Number(process.env.LOAD_USUARIOS ?? 100);
export const SEGUNDOS = Number(process.env.LOAD_SEGUNDOS ?? 60);
export const LIMITE_MS = Number(process.env.LOAD_LIMITE_S ?? 570) * 1000;
export const REVISORES = Math.max(1, Math.round(USUARIOS * 0.15));
export const PROVEEDORES = USUARIOS - REVISORES;
/** Suppliers who register invoices and upload complements (the rest browse): 40 % of them. */
export const CARGADORES = Math.round(PROVEEDORES * 0.4);
/** The ERP behind the processes: the Service Layer simulator (default) or, to compare, the mock over erp_mock. */
export const ERP = process.env.LOAD_ERP === "mock" ? "mock" : "service-layer";
export const FACTURAS = Number(process.env.LOAD_FACTURAS ?? 900);
export const COMPLEMENTOS = Number(process.env.LOAD_COMPLEMENTOS ?? 320);

/** What this script uses of scripts/lib/cluster.mjs (typed there by cluster.d.mts). */
export interface Cluster {
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
export type StartCluster = (o: {
  procesos?: number;
  port?: number;
  env?: Record<string, string>;
  seedDemo?: boolean;
  log?: (l: string) => void;
  processOutput?: string;
}) => Promise<Cluster>;

export const log = (l: string) => console.log(l);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function freePort(): Promise<number> {
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
export const estado = {
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
export const transcurrido = () => performance.now() - estado.inicio;
export const hasTimeLeft = (ms: number) => !estado.vencido && transcurrido() + ms < LIMITE_MS;

/** A check's outcome, printed and, when it failed, remembered for the summary. */
export function check(ok: boolean, texto: string) {
  log(`[load]   ${ok ? "✔" : "✘"} ${texto}`);
  if (!ok) estado.problemas.push(texto);
}

/**
 * The load generator stands in for browsers and the simulator for SAP, both on other machines in production; here
 * they share the 2 cores with the portal. During the clean phase they run at a higher scheduling priority
 * (LOAD_PRIORIDAD, default -10; 0 = as they are; needs root or CAP_SYS_NICE, else the run says so): a reply is
 * timed when it arrives rather than when the generator next gets a core, and SAP's answers do not queue behind the
 * portal's own work. The CPU they use is the same and is reported apart.
 */
export const PRIORIDAD = Number(process.env.LOAD_PRIORIDAD ?? -10);
export function prioritize(pid: number | undefined, quien: string, prioridad: number) {
  if (!pid || PRIORIDAD === 0) return;
  try {
    setPriority(pid, prioridad);
  } catch (error) {
    log(`[load] ${quien}: prioridad ${prioridad} no aplicada (${(error as Error).message}); corre con la normal`);
  }
}
