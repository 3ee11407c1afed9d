/**
 * The ERP of the load test in a process of its own (main.ts starts it): ONE Service Layer simulator over the
 * cluster's erp_mock tables, which every portal process reaches on LOAD_SL_PORT. Its own process, as a real ERP is
 * another machine: its CPU is measured apart and its answers do not wait for the load generator's event loop.
 * Messages from the parent: "cerrar" closes the listening socket (the ERP unreachable), "abrir" listens again on
 * the same port, "salir" stops; each is acknowledged with the same word.
 */
import { createDatabase } from "@portal/db";
import { startServiceLayerSimulator } from "@portal/erp-sim/service-layer";

const url = process.env.LOAD_SL_DATABASE_URL;
const port = Number(process.env.LOAD_SL_PORT);
if (!url || !port || !process.send) throw new Error("simulador-erp.ts se inicia desde main.ts (npm run load).");
const handle = await createDatabase({ url, maxConnections: Number(process.env.LOAD_SL_POOL ?? 40) });
/** SAP users of the demo's company databases (the seed's sociedades): what the simulator accepts. */
const credentials = ["SBO_MCI", "SBO_KIJ", "SBO_IIA"].map((companyDb) => ({
  companyDb,
  userName: "manager",
  password: "B1Admin!",
}));
const start = () => startServiceLayerSimulator({ db: handle.db, credentials, clock: () => new Date(), port });
let simulador: Awaited<ReturnType<typeof start>> | null = await start();
const respond = (m: string) => process.send?.(m);
process.on("message", async (m: unknown) => {
  if (m === "cerrar") {
    await simulador?.close();
    simulador = null;
    respond("cerrar");
  } else if (m === "abrir") {
    simulador ??= await start();
    respond("abrir");
  } else if (m === "salir") {
    await simulador?.close();
    await handle.close();
    respond("salir");
    process.exit(0);
  }
});
// The simulator reads the erp_mock tables of the cluster's PostgreSQL, so the fault "PostgreSQL restarted" drops
// its connections too: a connection node-postgres reports as lost outside a query (an 'error' event on a client
// nobody listens to) must not end this stand-in for an ERP, which in production has a database of its own.
// Anything else still ends it.
process.on("uncaughtException", (error: Error & { code?: string }) => {
  const conexion =
    ["57P01", "57P02", "57P03", "ECONNRESET", "ECONNREFUSED", "EPIPE"].includes(error.code ?? "") ||
    /Connection terminated/i.test(error.message);
  if (!conexion) throw error;
  console.error(`[erp] conexión a PostgreSQL perdida (${error.code ?? error.message}); el simulador sigue`);
});
// The parent went away without saying so: nothing stays behind.
process.on("disconnect", () => process.exit(0));
respond("listo");
