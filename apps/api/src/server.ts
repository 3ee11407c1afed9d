import { buildApp } from "./app";
import { loadConfig } from "./config";

// Starts the process, nothing else (GUIDE §2).
const config = loadConfig();
const app = await buildApp({ config });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, "cerrando");
  await app.close();
  process.exit(0);
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (error) {
  app.log.fatal({ err: error }, "no se pudo iniciar el servidor");
  process.exit(1);
}
