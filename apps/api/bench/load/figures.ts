/**
 * The load test's pure arithmetic: one record per call, the outage windows, the per-route table, the ledger's
 * comparison and the last line. Nothing here does I/O (figures.test.ts checks it).
 */
import { percentil, sortedAsc } from "../comun";

/** What kind of call a route is: the targets differ (reads ≤ 200 ms p95, uploads ≤ 500 ms p95). */
export type Clase = "lectura" | "carga" | "escritura" | "sesion";

/** One call the simulated users made. */
export interface Llamada {
  ruta: string;
  clase: Clase;
  /** Start and end, ms since the load began (performance.now() based). */
  inicio: number;
  fin: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  /** The call did what the user wanted (2xx and, for JSON answers, status 'success'). */
  ok: boolean;
  /** The phase it belongs to ("limpia" for the clean 60 s, else the fault's name). */
  fase: string;
  /** A failed call's message (the portal's, or the network error), for the outage checks. */
  mensaje?: string;
}

/** A period when the service is expected to refuse calls (PostgreSQL down, a process killed). */
export interface Ventana {
  nombre: string;
  desde: number;
  hasta: number;
}

/** Whether a call overlaps one of the windows (started before it ended and ended after it started). */
export const enVentana = (l: Pick<Llamada, "inicio" | "fin">, ventanas: readonly Ventana[]) =>
  ventanas.some((v) => l.inicio <= v.hasta && l.fin >= v.desde);

export interface FilaRuta {
  ruta: string;
  clase: Clase;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errores: number;
}

/** Per route: requests, p50/p95/p99/max (ms) and failed calls, routes in order of first appearance. */
export function porRuta(llamadas: readonly Llamada[]): FilaRuta[] {
  const grupos = new Map<string, Llamada[]>();
  for (const l of llamadas) {
    const g = grupos.get(l.ruta);
    if (g) g.push(l);
    else grupos.set(l.ruta, [l]);
  }
  return [...grupos.entries()].map(([ruta, ls]) => {
    const s = sortedAsc(ls.map((l) => l.fin - l.inicio));
    return {
      ruta,
      clase: ls[0]!.clase,
      n: ls.length,
      p50: percentil(s, 50, 0),
      p95: percentil(s, 95, 0),
      p99: percentil(s, 99, 0),
      max: s.at(-1) ?? 0,
      errores: ls.filter((l) => !l.ok).length,
    };
  });
}

/** p95 (ms) of the calls of these classes. */
export const p95De = (llamadas: readonly Llamada[], clases: readonly Clase[]) =>
  percentil(sortedAsc(llamadas.filter((l) => clases.includes(l.clase)).map((l) => l.fin - l.inicio)), 95, 0);

/** Errors outside the windows (they count against the target) and inside them (expected), by status. */
export function classifyErrors(llamadas: readonly Llamada[], ventanas: readonly Ventana[]) {
  const fuera: Llamada[] = [];
  const dentro: Llamada[] = [];
  for (const l of llamadas) {
    if (l.ok) continue;
    (enVentana(l, ventanas) ? dentro : fuera).push(l);
  }
  const porStatus = (ls: Llamada[]) => {
    const m = new Map<number, number>();
    for (const l of ls) m.set(l.status, (m.get(l.status) ?? 0) + 1);
    return [...m.entries()].sort((a, b) => a[0] - b[0]);
  };
  return { fuera, dentro, fueraPorStatus: porStatus(fuera), dentroPorStatus: porStatus(dentro) };
}

/** `[[503, 12], [0, 2]]` → "503×12, sin respuesta×2". */
export const statusTexto = (pares: readonly (readonly [number, number])[]) =>
  pares.length === 0 ? "ninguno" : pares.map(([s, n]) => `${s === 0 ? "sin respuesta" : s}×${n}`).join(", ");

// --- The ledger ------------------------------------------------------------------------------------------------

/** A write the portal answered 'success': what the database must hold afterwards. */
export type Asiento =
  | { tipo: "factura"; uuid: string }
  | { tipo: "complemento"; uuid: string }
  | { tipo: "revisionFactura"; id: number; estatus: string }
  | { tipo: "revisionPago"; id: number; estatus: string };

/** What the database holds for the ledger's keys (read after the cluster settled). */
export interface Estado {
  /** Invoice UUID (upper case) → its status, for the invoices found. */
  facturas: Map<string, string>;
  /** Complement UUID (upper case) → its status. */
  complementos: Map<string, string>;
  /** Invoice id → status. */
  facturasPorId: Map<number, string>;
  /** Complement record id → status. */
  complementosPorId: Map<number, string>;
}

/**
 * Checks every entry against the database: an uploaded CFDI must exist (any status: a reviewer may have decided it
 * since); a decision must be the record's current status, the last decision of a record being the one that counts
 * (a reviewer decides a record only while it is pending, so later entries supersede earlier ones only by mistake).
 */
export function checkLedger(asientos: readonly Asiento[], estado: Estado) {
  const ultimas = new Map<string, Asiento>();
  const perdidos: { asiento: Asiento; encontrado: string | null }[] = [];
  for (const a of asientos) {
    if (a.tipo === "revisionFactura" || a.tipo === "revisionPago") ultimas.set(`${a.tipo}:${a.id}`, a);
  }
  let comprobados = 0;
  for (const a of asientos) {
    if (a.tipo === "factura" || a.tipo === "complemento") {
      comprobados++;
      const m = a.tipo === "factura" ? estado.facturas : estado.complementos;
      if (!m.has(a.uuid.toUpperCase())) perdidos.push({ asiento: a, encontrado: null });
    }
  }
  for (const a of ultimas.values()) {
    if (a.tipo !== "revisionFactura" && a.tipo !== "revisionPago") continue;
    comprobados++;
    const m = a.tipo === "revisionFactura" ? estado.facturasPorId : estado.complementosPorId;
    const actual = m.get(a.id) ?? null;
    if (actual !== a.estatus) perdidos.push({ asiento: a, encontrado: actual });
  }
  return { comprobados, perdidos };
}

// --- The last line ---------------------------------------------------------------------------------------------

export interface Resumen {
  requests: number;
  errors: number;
  p95Lecturas: number;
  p95Cargas: number;
  faults: number;
  checked: number;
  lost: number;
}

/** The line a script reads: exactly this shape, whole numbers. */
export const ultimaLinea = (r: Resumen) =>
  `load: ${r.requests} requests, ${r.errors} errors, p95 ${Math.round(r.p95Lecturas)} ms reads, ` +
  `${Math.round(r.p95Cargas)} ms uploads; faults: ${r.faults} injected, ${r.checked} writes checked, ${r.lost} lost`;

/** The regular expression that reads it back. */
export const LINEA_RE =
  /^load: (\d+) requests, (\d+) errors, p95 (\d+) ms reads, (\d+) ms uploads; faults: (\d+) injected, (\d+) writes checked, (\d+) lost$/;
