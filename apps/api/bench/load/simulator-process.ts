/** The Service Layer simulator's own process (simulador-erp.ts), started and told what to do. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { estado, here, sleep } from "./run-state";

/** Starts the ERP's process (simulador-erp.ts) and waits until it listens. */
export async function startSimulator() {
  const hijo = spawn(process.execPath, ["--import", "tsx", join(here, "simulador-erp.ts")], {
    env: {
      ...process.env,
      LOAD_SL_DATABASE_URL: estado.cluster!.databaseUrl,
      LOAD_SL_PORT: String(estado.slPort),
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  estado.simulador = hijo;
  await new Promise<void>((resolve, reject) => {
    hijo.once("message", (m) => (m === "listo" ? resolve() : reject(new Error(`simulador: ${String(m)}`))));
    hijo.once("exit", (code) => reject(new Error(`El simulador del ERP terminó al iniciar (código ${code}).`)));
  });
}

/** Sends "cerrar", "abrir" or "salir" to the ERP's process and waits for its acknowledgement (10 s at most). */
export async function ordenSimulador(orden: "cerrar" | "abrir" | "salir") {
  const hijo = estado.simulador;
  if (!hijo || hijo.exitCode !== null || !hijo.connected) return;
  await Promise.race([
    new Promise<void>((resolve) => {
      const onReply = (m: unknown) => {
        if (m !== orden) return;
        hijo.off("message", onReply);
        resolve();
      };
      hijo.on("message", onReply);
      hijo.send(orden);
    }),
    sleep(10_000),
  ]);
}
