// Restarting a portal process that crashed (issue 36): `npm start` supervises its one server with supervise();
// `npm run cluster` restarts each of its processes with the same policy (createRestartPolicy). Types for
// TypeScript callers: supervisor.d.mts.
import { spawn } from "node:child_process";

/**
 * When to start a crashed process again: after `baseDelayMs`, doubled for every earlier crash still inside
 * `windowMs` (up to `maxDelayMs`); the `maxExits`-th crash inside the window gives up (a crash loop: the cause is
 * not going away by itself, and restarting it forever only fills the log).
 */
export function createRestartPolicy({
  maxExits = 5,
  windowMs = 5 * 60_000,
  baseDelayMs = 1000,
  maxDelayMs = 30_000,
} = {}) {
  let exits = [];
  return {
    /** Records one crash at `now`: `{ giveUp: false, delayMs, count }` or `{ giveUp: true, count }`. */
    next(now = Date.now()) {
      exits = [...exits.filter((t) => now - t < windowMs), now];
      const count = exits.length;
      if (count >= maxExits) return { giveUp: true, count };
      return { giveUp: false, count, delayMs: Math.min(maxDelayMs, baseDelayMs * 2 ** (count - 1)) };
    },
    windowMs,
    maxExits,
  };
}

/** "1 s", "500 ms", "5 min" for the supervisor's lines. */
export const formatDuration = (ms) =>
  ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;

/**
 * Runs `command args` and starts it again when it crashes (exits with a code other than 0, or by a signal nobody
 * sent through stop()), after the policy's delay, with one Spanish line per restart. An exit with code 0 (the
 * server stopped by its own SIGTERM handling) ends the supervision. stop(signal) passes the signal on and resolves
 * `done` with the child's exit; SIGINT and SIGTERM of this process do that when `handleSignals` is true.
 */
export function supervise({
  command,
  args = [],
  spawnOptions = {},
  name = "el servidor",
  prefix = "[portal]",
  log = (line) => console.error(line),
  policy = createRestartPolicy(),
  handleSignals = true,
  onStart,
}) {
  let child;
  let stopping = false;
  let timer;
  let resolveDone;
  const done = new Promise((resolve) => {
    resolveDone = resolve;
  });
  const finish = (code) => {
    if (handleSignals) for (const signal of ["SIGINT", "SIGTERM"]) process.off(signal, onSignal);
    resolveDone(code);
  };

  const start = () => {
    timer = undefined;
    child = spawn(command, args, spawnOptions);
    onStart?.(child);
    child.on("error", (error) => log(`${prefix} no se pudo iniciar ${name}: ${error.message}`));
    child.on("exit", (code, signal) => {
      child = undefined;
      if (stopping) return finish(code ?? 0);
      if (code === 0) return finish(0);
      const how = signal ? `por la señal ${signal}` : `con el código ${code}`;
      const decision = policy.next();
      if (decision.giveUp) {
        log(
          `${prefix} ${name} terminó ${how}; es la falla ${decision.count} en ${formatDuration(policy.windowMs)}: ` +
            "no se reinicia más (revise el registro).",
        );
        return finish(1);
      }
      log(
        `${prefix} ${name} terminó ${how}; se reinicia en ${formatDuration(decision.delayMs)} ` +
          `(falla ${decision.count} de ${policy.maxExits} permitidas en ${formatDuration(policy.windowMs)}).`,
      );
      timer = setTimeout(start, decision.delayMs);
    });
  };

  const stop = (signal = "SIGTERM") => {
    if (stopping) {
      // A second signal: the child exits at once (lib/shutdown.ts does the same for its own second signal).
      child?.kill(signal);
      return done;
    }
    stopping = true;
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (child) child.kill(signal);
    else finish(0);
    return done;
  };
  const onSignal = (signal) => void stop(signal);
  if (handleSignals) for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, onSignal);

  start();
  return {
    stop,
    done,
    /** The running child's pid (undefined while waiting to restart). */
    get pid() {
      return child?.pid;
    },
  };
}
