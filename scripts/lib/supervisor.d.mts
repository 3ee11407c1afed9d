// Types of scripts/lib/supervisor.mjs for TypeScript callers (apps/api/test/supervisor.test.ts).
import type { ChildProcess, SpawnOptions } from "node:child_process";

export interface RestartPolicyOptions {
  /** Crashes inside the window that give up (default 5). */
  maxExits?: number;
  /** The window, in ms (default 5 minutes). */
  windowMs?: number;
  /** Delay before the first restart (default 1 s), doubled for each earlier crash in the window. */
  baseDelayMs?: number;
  /** Longest delay (default 30 s). */
  maxDelayMs?: number;
}

export type RestartDecision = { giveUp: false; count: number; delayMs: number } | { giveUp: true; count: number };

export interface RestartPolicy {
  next(now?: number): RestartDecision;
  readonly windowMs: number;
  readonly maxExits: number;
}

export function createRestartPolicy(options?: RestartPolicyOptions): RestartPolicy;
export function formatDuration(ms: number): string;

export interface SuperviseOptions {
  command: string;
  args?: string[];
  spawnOptions?: SpawnOptions;
  /** How lines name the process (default "el servidor"). */
  name?: string;
  /** Start of every line (default "[portal]"). */
  prefix?: string;
  log?: (line: string) => void;
  policy?: RestartPolicy;
  /** Stop on this process's SIGINT and SIGTERM (default true). */
  handleSignals?: boolean;
  onStart?: (child: ChildProcess) => void;
}

export interface Supervision {
  stop(signal?: NodeJS.Signals): Promise<number>;
  /** Resolves with the exit code the supervisor should end with. */
  done: Promise<number>;
  readonly pid: number | undefined;
}

export function supervise(options: SuperviseOptions): Supervision;
