import { MSG, type ResultadoTarea, TAREAS_MSG, type TareaRow } from "@portal/contracts";
import type { Clock } from "../../lib/clock";
import { Forbidden } from "../../lib/errors";
import { isAdministrador, type SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import { describeSchedule, firstRun, nextRun, retryAfterFailure, type Schedule } from "./programa";

/**
 * A recurring job a feature registers (decision 016). The handler gets "now" from the app's clock at the start of
 * the run, does its work in its own transactions (it must be safe to run again after a crash: a run whose process
 * dies is retried once its lease runs out) and answers a short Spanish message for the administrators' screen.
 */
export interface TareaProgramada {
  /** Stable key (kebab-case): the row in `tareas`; renaming it starts a new job. */
  name: string;
  /** What it does, in Spanish, for administrators. */
  description: string;
  schedule: Schedule;
  execute(now: Date): Promise<string | undefined>;
  /** Work waiting for it at `now` (its backlog), when it can tell. */
  backlog?(now: Date): Promise<number>;
  /** How long a run may hold the job before another process may take it over (default 30 min). */
  maxDurationMs?: number;
}

/** What one run of a job did: its name, whether it ended well, and its message (what the screen shows). */
export interface RunResult {
  name: string;
  ok: boolean;
  message: string;
}

const DURACION_MAXIMA_MS = 30 * 60_000;
const ETIQUETA: Record<string, ResultadoTarea> = { en_curso: "En curso", ok: "Correcta", error: "Con error" };

/**
 * The registry and the runner of scheduled jobs. `runPending()` runs every registered job that is due by
 * the clock, each under a lease taken in the database, so several API processes (or a test's two apps) never
 * run a job twice; the app's timer (worker.ts) calls it every TAREAS_POLL_MS, tests call it after moving the clock.
 */
export function createTareasService({
  data,
  clock,
  warn,
}: {
  data: Data;
  clock: Clock;
  warn: (e: unknown, m: string) => void;
}) {
  const { repos, withTransaction } = data;
  const registro = new Map<string, TareaProgramada>();
  let enCurso: Promise<RunResult[]> | null = null;

  async function runOne(tarea: TareaProgramada): Promise<RunResult | null> {
    const inicio = clock();
    const hasta = new Date(inicio.getTime() + (tarea.maxDurationMs ?? DURACION_MAXIMA_MS));
    const tomada = await withTransaction(async (tx) => {
      const fila = await tx.tareas.claim(tarea.name, inicio, hasta);
      if (!fila) return null;
      if (fila.ejecucionId !== null) await tx.tareas.interrupt(fila.ejecucionId, inicio);
      return { ejecucionId: await tx.tareas.start(tarea.name, inicio), fallas: fila.fallasSeguidas };
    });
    if (!tomada) return null;
    let ok = true;
    let mensaje = "";
    try {
      mensaje = (await tarea.execute(inicio)) ?? "";
    } catch (error) {
      ok = false;
      mensaje = error instanceof Error ? error.message : String(error);
      warn(error, `falló la tarea programada ${tarea.name}`);
    }
    const siguienteAt = ok
      ? nextRun(tarea.schedule, inicio)
      : retryAfterFailure(tarea.schedule, inicio, tomada.fallas + 1);
    await withTransaction((tx) =>
      tx.tareas.finish(tarea.name, tomada.ejecucionId, { now: clock(), ok, mensaje, siguienteAt }),
    );
    return { name: tarea.name, ok, message: mensaje };
  }

  async function pasada(): Promise<RunResult[]> {
    const now = clock();
    const tareas = [...registro.values()];
    await repos.tareas.ensure(tareas.map((t) => ({ nombre: t.name, siguienteAt: firstRun(t.schedule, now) })));
    const hechas: RunResult[] = [];
    for (const tarea of tareas) {
      const r = await runOne(tarea);
      if (r) hechas.push(r);
    }
    return hechas;
  }

  return {
    /** Adds a job; features call it from the composition root (services.ts). A name is registered once. */
    register(tarea: TareaProgramada): void {
      if (registro.has(tarea.name)) throw new Error(TAREAS_MSG.yaRegistrada(tarea.name));
      nextRun(tarea.schedule, clock()); // refuses an invalid schedule at boot, not at its first run
      registro.set(tarea.name, tarea);
    },
    registered: (): TareaProgramada[] => [...registro.values()],
    /** One pass: runs every due job this process can lease (never two passes at once in one process). */
    runPending(): Promise<RunResult[]> {
      enCurso ??= pasada().finally(() => {
        enCurso = null;
      });
      return enCurso;
    },
    /** The administrators' view (/Tareas): every registered job, its latest run, next run, failures, backlog. */
    async list(user: SessionUser): Promise<TareaRow[]> {
      if (!isAdministrador(user)) throw new Forbidden();
      const now = clock();
      const filas = new Map((await repos.tareas.todas()).map((f) => [f.nombre, f]));
      return Promise.all(
        [...registro.values()].map(async (tarea): Promise<TareaRow> => {
          const fila = filas.get(tarea.name);
          const ultima = await repos.tareas.ultimaEjecucion(tarea.name);
          let pendientes: number | null = null;
          if (tarea.backlog) {
            try {
              pendientes = await tarea.backlog(now);
            } catch (error) {
              warn(error, `no se pudo contar lo pendiente de la tarea ${tarea.name}`);
            }
          }
          // A run still 'en_curso' past its lease belongs to a process that is gone: say so.
          const abandonada =
            ultima?.resultado === "en_curso" && fila?.bloqueadaHasta != null && fila.bloqueadaHasta <= now;
          return {
            Nombre: tarea.name,
            Descripcion: tarea.description,
            Programa: describeSchedule(tarea.schedule),
            UltimaEjecucion: ultima?.inicio.toISOString() ?? null,
            UltimoFin: ultima?.fin?.toISOString() ?? null,
            Resultado: ultima ? (abandonada ? "Con error" : (ETIQUETA[ultima.resultado] ?? null)) : null,
            Mensaje: abandonada ? MSG.tareaInterrumpida : (ultima?.mensaje ?? ""),
            ProximaEjecucion: (fila?.siguienteAt ?? firstRun(tarea.schedule, now)).toISOString(),
            Fallas: fila?.fallasSeguidas ?? 0,
            Pendientes: pendientes,
          };
        }),
      );
    },
  };
}
export type TareasService = ReturnType<typeof createTareasService>;
