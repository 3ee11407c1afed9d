// Types of scripts/lib/cluster.mjs for TypeScript callers (the load test, apps/api/test/cluster.test.ts).

export interface ClusterOptions {
  /** Portal processes (default 2). */
  procesos?: number;
  /** HAProxy's public port on 127.0.0.1 (default 3000; 0 = a free port). */
  port?: number;
  /**
   * Issue 36: the statistics page and the processes on the ports after `port` (clusterPorts), every one checked
   * free before anything starts; otherwise they take free ports. Ignored with port 0.
   */
  fixedPorts?: boolean;
  /** PostgreSQL to use (postgres://…); absent = the cluster starts a PostgreSQL of its own, deleted by stop(). */
  databaseUrl?: string;
  /** Extra environment for every portal process (SMTP_*, ERP_ADAPTER, SAP_SL_URL, LOG_LEVEL, DRAIN_MS…). */
  env?: Record<string, string>;
  /** Load the demo data (process 0's first start only; default true). */
  seedDemo?: boolean;
  /** Where the cluster's own progress lines go (default console.log). */
  log?: (line: string) => void;
  /**
   * The portal processes' stdout/stderr: "inherit" (this process's, default), "ignore", "prefix" (this process's
   * stdout, each line prefixed with [pN]) or a file prefix (`${prefix}${index}.log`, appended).
   */
  processOutput?: "inherit" | "ignore" | "prefix" | (string & {});
  /**
   * Called when a portal process exits without kill()/terminate()/restart()/stop() asking it to (a crash, an
   * outside kill -9). The cluster itself never restarts it; `npm run cluster` does.
   */
  onExit?: (index: number, exit: { code: number | null; signal: NodeJS.Signals | null }) => void;
}

export interface ClusterProcess {
  index: number;
  port: number;
  /** Updated by restart(). */
  pid: number | undefined;
  /** http://127.0.0.1:<port>: the process itself, bypassing HAProxy. */
  url: string;
}

export interface HaproxyServerStat {
  /** p0, p1, … (process index). */
  server: string;
  /** UP, DOWN, "UP 1/2", "DOWN 1/1" (changing), MAINT, NOLB… as HAProxy reports it. */
  status: string;
  /** Last check: L7OK, L7STS (a non-200 answer), L4CON (refused), L4TOUT… */
  checkStatus: string;
  /** Requests HAProxy sent to this server since it started (stot). */
  requests: number;
  /** Requests in progress (scur). */
  active: number;
  /** Seconds since the last UP/DOWN change. */
  lastChangeS: number;
  /** Times the server went DOWN. */
  downs: number;
  /** Connection retries and redispatches to/from this server (wretr, wredis). */
  retries: number;
  redispatches: number;
}

export interface ClusterHandle {
  /** http://127.0.0.1:<port> (HAProxy). */
  url: string;
  databaseUrl: string;
  processes: ClusterProcess[];
  /** HAProxy's statistics page (loopback). */
  statsUrl: string;
  haproxyPid: number | undefined;
  /** The cluster's temporary folder (HAProxy's socket and backend file, its own PostgreSQL); deleted by stop(). */
  runDir: string;
  /** Default SIGKILL; resolves when the process exited. */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM; resolves on exit with its code and how long it took. */
  terminate(index: number): Promise<{ code: number | null; ms: number }>;
  /** Starts process `index` again on the same port (SIGTERM first if it still runs); resolves when /api/health is 200. */
  restart(index: number): Promise<void>;
  /** Only with the cluster's own PostgreSQL: fast stop, wait downMs (default 3000), start. */
  restartPostgres?(downMs?: number): Promise<void>;
  stopPostgres?(): Promise<void>;
  startPostgres?(): Promise<void>;
  /** The backend servers' state, from HAProxy's runtime API (`show stat`). */
  haproxyStats(): Promise<HaproxyServerStat[]>;
  /** SIGTERM every portal process, stop HAProxy, stop its own PostgreSQL and delete its data. Idempotent. */
  stop(): Promise<void>;
}

/** The drain the cluster gives each process on SIGTERM (DRAIN_MS), longer than HAProxy's detection (1.5 s). */
export const DRAIN_MS: number;
/** The Spanish message for a non-PostgreSQL database (PGlite cannot be shared by processes). */
export const PGLITE_MESSAGE: string;
export function isPostgresUrl(url: string): boolean;
export function maskUrl(url: string): string;
export function startCluster(options?: ClusterOptions): Promise<ClusterHandle>;
/** How `npm run cluster` is called (the usage line of its messages). */
export const CLUSTER_USAGE: string;
/** `npm run cluster`'s arguments; throws an Error with a Spanish message on a bad one. */
export function parseClusterArgs(
  argv: readonly string[],
  env?: Record<string, string | undefined>,
): { procesos: number; puerto: number; puertoFijo: boolean };
/** A fixed-port cluster's ports: HAProxy, its statistics page, the processes; throws past 65535. */
export function clusterPorts(port: number, procesos: number): { front: number; stats: number; processes: number[] };
/** HAProxy's binary, installed from Debian's packages when missing and `install` (as root); or null. */
export function haproxyBin(options?: { install?: boolean }): string | null;
/** ops/haproxy/backend-cluster.cfg with one server line per port. */
export function renderClusterBackend(ports: number[]): string;
/** The servers of a backend from HAProxy's stats socket. */
export function haproxyShowStat(socketPath: string, backend?: string): Promise<HaproxyServerStat[]>;
