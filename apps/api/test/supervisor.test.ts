import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createRestartPolicy } from "../../../scripts/lib/supervisor.mjs";

/**
 * Issue 36: "`npm start` has no supervisor: the portal stays down" after one request killed it. `npm start` now runs
 * its server under scripts/lib/supervisor.mjs (the restart policy `npm run cluster` uses too); here the supervisor
 * runs a tiny child (test/supervisor-prueba.mjs), which is killed with SIGKILL.
 */

const script = join(import.meta.dirname, "supervisor-prueba.mjs");
const started: ChildProcess[] = [];
afterEach(() => {
  for (const p of started.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
});

function startSupervisor(hijo: "vive" | "cae") {
  const proc = spawn(process.execPath, [script], {
    env: { ...process.env, SUPERVISOR_HIJO: hijo },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(proc);
  const lines: string[] = [];
  let buffer = "";
  const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  proc.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split("\n");
    buffer = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      for (const w of waiters.splice(0))
        if (w.test(line)) w.resolve(line);
        else waiters.push(w);
    }
  });
  // "close", not "exit": the output the supervisor and its child wrote before exiting is all read by then (on a busy
  // machine "exit" came before the child's last line).
  const exited = new Promise<number | null>((resolve) => proc.on("close", (code) => resolve(code)));
  /** The next line (from now, or already seen after `from`) that matches. */
  const waitFor = (re: RegExp, from = 0) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.slice(from).find((l) => re.test(l));
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`sin la línea ${re}; se vio:\n${lines.join("\n")}`)), 15_000);
      waiters.push({
        test: (l) => re.test(l),
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
      });
    });
  return { proc, lines, waitFor, exited };
}

const pidOf = (line: string) => Number(line.split(" ")[1]);
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm start's supervisor", () => {
  it("starts the server again after a SIGKILL, with one Spanish line, and SIGTERM still stops everything", async () => {
    const s = startSupervisor("vive");
    const first = pidOf(await s.waitFor(/^hijo \d+$/));
    const before = s.lines.length;
    process.kill(first, "SIGKILL");
    const line = await s.waitFor(/terminó/, before);
    expect(line).toMatch(/^\[portal\] el servidor terminó por la señal SIGKILL; se reinicia en 50 ms \(falla 1 de 3/);
    const second = pidOf(await s.waitFor(/^hijo \d+$/, before));
    expect(second).not.toBe(first);
    expect(isAlive(second)).toBe(true);
    expect(s.lines.filter((l) => l.startsWith("[portal]"))).toHaveLength(1);

    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
    expect(s.lines).toContain("hijo detenido");
    expect(isAlive(second)).toBe(false);
  }, 30_000);

  it("SIGINT stops it cleanly too", async () => {
    const s = startSupervisor("vive");
    await s.waitFor(/^hijo \d+$/);
    s.proc.kill("SIGINT");
    expect(await s.exited).toBe(0);
  }, 30_000);

  it("gives up on a crash loop with a Spanish line and exit code 1", async () => {
    const s = startSupervisor("cae");
    expect(await s.exited).toBe(1);
    expect(s.lines.filter((l) => /^hijo \d+$/.test(l))).toHaveLength(3);
    expect(s.lines.at(-1)).toMatch(
      /^\[portal\] el servidor terminó con el código 3; es la falla 3 en 1 min: no se reinicia más/,
    );
  }, 30_000);
});

describe("the restart policy (npm start and npm run cluster)", () => {
  it("is the one npm start and npm run cluster use", () => {
    const root = join(import.meta.dirname, "..", "..", "..");
    expect(readFileSync(join(root, "scripts/start.mjs"), "utf8")).toMatch(/supervise\(\{/);
    expect(readFileSync(join(root, "scripts/cluster.mjs"), "utf8")).toMatch(/createRestartPolicy\(/);
  });

  it("doubles the delay inside the window, forgets old crashes, and gives up at the limit", () => {
    const policy = createRestartPolicy({ maxExits: 4, windowMs: 60_000, baseDelayMs: 1000, maxDelayMs: 3000 });
    expect(policy.next(0)).toEqual({ giveUp: false, count: 1, delayMs: 1000 });
    expect(policy.next(1000)).toEqual({ giveUp: false, count: 2, delayMs: 2000 });
    expect(policy.next(2000)).toEqual({ giveUp: false, count: 3, delayMs: 3000 });
    // A minute later the first three are forgotten.
    expect(policy.next(62_500)).toEqual({ giveUp: false, count: 1, delayMs: 1000 });
    expect(policy.next(63_000).giveUp).toBe(false);
    expect(policy.next(64_000).giveUp).toBe(false);
    expect(policy.next(65_000)).toEqual({ giveUp: true, count: 4 });
  });
});
