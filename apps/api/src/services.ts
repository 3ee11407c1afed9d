import type { Database } from "@portal/db";
import fp from "fastify-plugin";
import type { AppConfig } from "./config";
import type { Clock } from "./lib/clock";
import { constanciaSociedadPolicy, createArchivosRepository } from "./modules/archivos/repository";
import { createArchivosService } from "./modules/archivos/service";
import { createAuthRepository } from "./modules/auth/repository";
import { createAuthService } from "./modules/auth/service";
import { createHomeRepository } from "./modules/home/repository";
import { createHomeService } from "./modules/home/service";

/** Composition root of the domain: repositories (SQL) -> services (rules). Routes only call services. */
export function createServices(db: Database, clock: Clock, config: AppConfig, encryptionKey: Buffer) {
  void encryptionKey; // used by the sociedades module (SAP passwords), issue 4
  const auth = createAuthService(createAuthRepository(db), clock, {
    sessionTtlMs: config.SESSION_TTL_MS,
    maxFailures: config.LOGIN_MAX_FAILURES,
    failureWindowMs: config.LOGIN_WINDOW_MS,
  });
  const home = createHomeService(createHomeRepository(db), {});
  const archivos = createArchivosService(createArchivosRepository(db), [constanciaSociedadPolicy(db)]);
  return { auth, home, archivos };
}
export type Services = ReturnType<typeof createServices>;

export const servicesPlugin = fp(
  async (app, opts: { encryptionKey: Buffer }) => {
    app.decorate("services", createServices(app.database.db, app.clock, app.config, opts.encryptionKey));
  },
  { name: "services" },
);
