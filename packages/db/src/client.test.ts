import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { BaseDeDatosEnUso, candadoDe, createDatabase } from "./client";

const carpetas: string[] = [];
const carpetaNueva = () => {
  const carpeta = mkdtempSync(join(tmpdir(), "portal-candado-"));
  carpetas.push(carpeta);
  return join(carpeta, "pglite");
};
afterAll(() => {
  for (const c of carpetas) rmSync(c, { recursive: true, force: true });
});

// One folder for the tests that open it in this process: creating a PGlite cluster takes seconds, reopening less.
let compartida: string | undefined;
const carpetaAbierta = () => {
  compartida ??= carpetaNueva();
  return compartida;
};

const pidDelCandado = (dataDir: string) => Number(readFileSync(candadoDe(dataDir), "utf8").trim());

describe("the embedded database's lock", () => {
  it("is written with this process's pid beside the data folder and removed by close()", async () => {
    const dataDir = carpetaAbierta();
    const handle = await createDatabase({ dataDir });
    expect(candadoDe(dataDir)).toBe(`${dataDir}.lock`);
    expect(pidDelCandado(dataDir)).toBe(process.pid);
    await handle.close();
    expect(existsSync(candadoDe(dataDir))).toBe(false);
    await handle.close(); // twice is harmless
  }, 60_000);

  it("refuses a folder another live process holds, in Spanish, and leaves its lock alone", async () => {
    const dataDir = carpetaNueva();
    // The process that started this test (alive, not this one) stands in for a running portal.
    writeFileSync(candadoDe(dataDir), `${process.ppid}\n`);
    const error = await createDatabase({ dataDir }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(BaseDeDatosEnUso);
    expect(error?.message).toContain(`está en uso por el portal en ejecución (pid ${process.ppid})`);
    expect(error?.message).toContain("Ctrl+C");
    expect(error?.message).toContain("DATABASE_URL");
    expect(pidDelCandado(dataDir)).toBe(process.ppid);
  });

  it("takes over a lock left by a process that died", async () => {
    const dataDir = carpetaAbierta();
    const muerto = spawnSync(process.execPath, ["-e", ""]).pid;
    expect(muerto).toBeGreaterThan(0);
    writeFileSync(candadoDe(dataDir), `${muerto}\n`);
    const handle = await createDatabase({ dataDir });
    expect(pidDelCandado(dataDir)).toBe(process.pid);
    await handle.close();
    expect(existsSync(candadoDe(dataDir))).toBe(false);
  }, 60_000);

  it("takes over a lock with its own pid (left by an earlier run with the same pid, as pid 1 in a container)", async () => {
    const dataDir = carpetaAbierta();
    writeFileSync(candadoDe(dataDir), `${process.pid}\n`);
    const handle = await createDatabase({ dataDir });
    expect(pidDelCandado(dataDir)).toBe(process.pid);
    await handle.close();
    expect(existsSync(candadoDe(dataDir))).toBe(false);
  }, 60_000);

  it("keeps a second process out while the first one runs, and lets it in once that one is killed", async () => {
    const dataDir = carpetaNueva();
    const cliente = join(dirname(fileURLToPath(import.meta.url)), "client.ts");
    const guion = join(dirname(dataDir), "abrir.mts");
    writeFileSync(
      guion,
      `import { createDatabase } from ${JSON.stringify(cliente)};\n` +
        `await createDatabase({ dataDir: ${JSON.stringify(dataDir)} });\n` +
        `console.log("abierta");\nsetInterval(() => {}, 1000);\n`,
    );
    const hijo = spawn(process.execPath, ["--import", "tsx", guion], {
      cwd: join(dirname(fileURLToPath(import.meta.url)), ".."),
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      await new Promise<void>((ok, mal) => {
        hijo.stdout.on("data", (d: Buffer) => d.toString().includes("abierta") && ok());
        hijo.on("exit", (code) => mal(new Error(`el proceso hijo terminó (${code})`)));
      });
      expect(pidDelCandado(dataDir)).toBe(hijo.pid);
      await expect(createDatabase({ dataDir })).rejects.toThrow(`(pid ${hijo.pid})`);
    } finally {
      hijo.kill("SIGKILL");
    }
    await new Promise((ok) => (hijo.exitCode === null && hijo.signalCode === null ? hijo.once("exit", ok) : ok(null)));
    // Killed without closing: its lock is stale and the data still open fine.
    const handle = await createDatabase({ dataDir });
    expect(pidDelCandado(dataDir)).toBe(process.pid);
    const resultado = (await handle.db.execute(sql`select 1 as uno`)) as unknown as { rows: unknown[] };
    expect(resultado.rows).toEqual([{ uno: 1 }]);
    await handle.close();
  }, 90_000);
});
