#!/usr/bin/env node
// Runs the workspace's pinned pnpm. corepack cannot be used on these machines (its signature check
// fails), so pnpm is bootstrapped with npm into .tools/ the first time and reused afterwards.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// The pinned version lives once, in package.json devEngines (turbo reads it to find the workspace too).
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devEngines.packageManager.version;
const toolsDir = join(root, ".tools");
const pnpmEntry = join(toolsDir, "node_modules", "pnpm", "bin", "pnpm.mjs");

export function ensurePnpm() {
  const installedVersion = existsSync(join(toolsDir, "node_modules", "pnpm", "package.json"))
    ? JSON.parse(readFileSync(join(toolsDir, "node_modules", "pnpm", "package.json"), "utf8")).version
    : null;
  if (installedVersion === version && existsSync(pnpmEntry)) return pnpmEntry;
  mkdirSync(toolsDir, { recursive: true });
  console.log(`[pnpm] instalando pnpm@${version} con npm en .tools/ …`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(
    npm,
    ["install", "--prefix", toolsDir, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `pnpm@${version}`],
    { stdio: "inherit", cwd: root },
  );
  if (result.status !== 0 || !existsSync(pnpmEntry)) {
    console.error("[pnpm] no se pudo instalar pnpm desde el registro de npm.");
    process.exit(1);
  }
  return pnpmEntry;
}

/** Environment for tools that look pnpm up on PATH (turbo does). */
export function toolEnv(extra = {}) {
  const bin = join(toolsDir, "node_modules", ".bin");
  const sep = process.platform === "win32" ? ";" : ":";
  return { ...process.env, PATH: `${bin}${sep}${process.env.PATH ?? ""}`, TURBO_TELEMETRY_DISABLED: "1", ...extra };
}

/** Runs pnpm with the given arguments; returns its exit code. */
export function runPnpm(args, options = {}) {
  const entry = ensurePnpm();
  const result = spawnSync(process.execPath, [entry, ...args], {
    stdio: "inherit",
    cwd: root,
    ...options,
    env: toolEnv(options.env),
  });
  return result.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(runPnpm(process.argv.slice(2)));
}
