import { randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import { BaseDeDatosNoResponde, type DatabaseHandle, runMigrations, waitForDatabase } from "@portal/db";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppConfig } from "./config";
import { encryptionKeyOf, openDatabase } from "./database";
import type { ErpAdapter } from "./erp/types";
import { type Clock, systemClock } from "./lib/clock";
import { createDatabaseOutage } from "./lib/database-outage";
import { safeErrorSerializer } from "./lib/log-safety";
import { createLifecycle } from "./lib/shutdown";
import { archivosRoutes } from "./modules/archivos/routes";
import { authRoutes } from "./modules/auth/routes";
import { segundoFactorRoutes } from "./modules/auth/segundo-factor-routes";
import { cfdiPruebaRoutes } from "./modules/cfdi-prueba/routes";
import { complementosAtrasadosRoutes } from "./modules/complementos-atrasados/routes";
import { type MailTransport, mailTransportFor } from "./modules/correo/service";
import { correoWorkerPlugin } from "./modules/correo/worker";
import { cuentasBancariasRoutes } from "./modules/cuentas-bancarias/routes";
import { descargaSatRoutes } from "./modules/descarga-sat/routes";
import { empleadosRoutes } from "./modules/empleados/routes";
import { entradasRoutes } from "./modules/entradas/routes";
import { erpWorkerPlugin } from "./modules/erp-outbox/worker";
import { facturasRoutes } from "./modules/facturas/routes";
import { healthRoutes } from "./modules/health/routes";
import { homeRoutes } from "./modules/home/routes";
import { invitacionesRoutes } from "./modules/invitaciones/routes";
import { notasCreditoRoutes } from "./modules/notas-credito/routes";
import { pagosRoutes } from "./modules/pagos/routes";
import { pedidosRoutes } from "./modules/pedidos/routes";
import { proveedoresRoutes } from "./modules/proveedores/routes";
import { sociedadesRoutes } from "./modules/sociedades/routes";
import { tareasRoutes } from "./modules/tareas/routes";
import { tareasWorkerPlugin } from "./modules/tareas/worker";
import { compressionPlugin } from "./plugins/compression";
import { errorsPlugin } from "./plugins/errors";
import { registerJsonParser } from "./plugins/json-body";
import { RequestLineLogController, requestLogPlugin } from "./plugins/request-log";
import { clientErrorHandler, frameworkErrors, securityPlugin } from "./plugins/security";
import { sessionPlugin } from "./plugins/session";
import { staticWebPlugin } from "./plugins/static-web";
import { swaggerPlugin } from "./plugins/swagger";
import { simuladorDescargaRoutes } from "./sat/descarga-masiva/simulador";
import { simuladorSatRoutes } from "./sat/simulador";
import { servicesPlugin } from "./services";
import type { RegisteredRoute } from "./types";

// Validation messages that the contracts do not spell out themselves come in Spanish too.
z.config(z.locales.es());

export interface BuildOptions {
  config: AppConfig;
  /** An open database; when absent one is opened from the config (and closed with the app). */
  database?: DatabaseHandle;
  clock?: Clock;
  /** false for no log (most tests); otherwise the production log settings, written to `logStream` if given. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them to check that no secret is logged. */
  logStream?: { write(line: string): void };
  /** How e-mail leaves; default SMTP from the config, or the log when SMTP is not configured. */
  mailTransport?: MailTransport;
  /** Run the outbox worker on a timer (default true); tests call services.correo.flush() instead. */
  mailWorker?: boolean;
  /** Run the ERP job worker (default true); tests call services.erpOutbox.flush() instead. */
  erpWorker?: boolean;
  /** Run the scheduled jobs on a timer (default true); tests call services.tareas.runPending() instead. */
  tareasWorker?: boolean;
  /** Wraps the ERP adapter: tests put a failing network or a crash between the portal and the ERP. */
  erp?: (adapter: ErpAdapter) => ErpAdapter;
  /** The random source of the ERP jobs' wake-ups after an outage (default Math.random); tests seed it. */
  erpRandom?: () => number;
}

/** What a start-up attempt ran into, for its log line: the driver's code (ECONNREFUSED, 57P03…), never a message. */
function outageReason(error: unknown): string {
  let current = error as { code?: unknown; cause?: unknown; name?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === "string") return current.code;
    current = current.cause as typeof current;
  }
  return typeof (error as { name?: unknown })?.name === "string" ? String((error as { name: string }).name) : "?";
}

/**
 * Builds the app without listening (tests use app.inject). Boot order (each step needs the ones before it): database
 * -> request log, cookies, compression -> errors, security, docs -> services -> session -> routes -> workers -> web app.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = createFastify(options);
  const database = await openReadyDatabase(app, options);
  const encryptionKey = encryptionKeyOf(config);
  decorateProcessState(app, config, database, options.clock ?? systemClock);
  await registerFoundation(app, options, encryptionKey);
  await registerRoutes(app);
  await registerWorkers(app, options);
  await app.register(staticWebPlugin);
  return app;
}

/** The Fastify instance with its log, limits and proxy settings, the route registry and the body's parsing. */
function createFastify(options: BuildOptions) {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ["req.headers['x-access-token']", "req.headers.cookie", "req.headers.authorization"],
            // Errors are logged without query parameters, rows or secrets (lib/log-safety.ts).
            serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // One line per request, written by plugins/request-log.ts (not Fastify's two).
    logController: new RequestLineLogController(),
    genReqId: () => randomUUID(),
    requestIdHeader: "x-request-id",
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    clientErrorHandler,
    frameworkErrors,
    // While closing, the portal answers its own 503 (Spanish, with its headers: plugins/security.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // Recorded before any plugin registers a route: the registry test compares them with CALLS.
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      registeredRoutes.push({ method, url: route.url, access: route.config?.access, bodyLimit: route.bodyLimit });
    }
  });
  app.decorate("registeredRoutes", registeredRoutes);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Strict UTF-8 before JSON (plugins/json-body.ts): no byte is silently replaced by U+FFFD.
  registerJsonParser(app);
  return app;
}

/**
 * The database (the given one, or one opened from the config and closed with the app), once it answers and is
 * migrated.
 */
async function openReadyDatabase(app: FastifyInstance, options: BuildOptions): Promise<DatabaseHandle> {
  const { config } = options;
  const database = options.database ?? (await openDatabase(config));
  if (!options.database) app.addHook("onClose", () => database.close());
  // A process started together with PostgreSQL (a cluster, a container) waits for it instead of exiting.
  try {
    await waitForDatabase(database, {
      maxWaitMs: config.DB_STARTUP_WAIT_MS,
      onRetry: (attempt, delayMs, error) =>
        app.log.warn(
          { motivo: outageReason(error) },
          `PostgreSQL no responde todavía; reintento en ${Math.round(delayMs / 100) / 10} s (intento ${attempt})`,
        ),
    });
  } catch (error) {
    if (error instanceof BaseDeDatosNoResponde) app.log.fatal(error.message);
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
  // Migrations run under an advisory lock: N processes starting at once migrate once. The demo seed is a step
  // before the app, never part of it (demo-seed.ts).
  await runMigrations(database);
  return database;
}

/** What every plugin reads from the app: the config, the clock, the database, the drain and the outage log. */
function decorateProcessState(app: FastifyInstance, config: AppConfig, database: DatabaseHandle, clock: Clock): void {
  app.decorate("config", config);
  app.decorate("clock", clock);
  app.decorate("database", database);
  // Draining (SIGTERM, lib/shutdown.ts): the health check answers 503 so the load balancer stops sending requests.
  const lifecycle = createLifecycle();
  app.decorate("lifecycle", lifecycle);
  app.addHook("onResponse", async () => {
    if (lifecycle.draining) lifecycle.answeredWhileDraining++;
  });
  // A database outage is logged once per burst (lib/database-outage.ts); the pool says when it drops connections
  // and when it opens one again (the server answers again: recovered without a restart).
  app.decorate("databaseOutage", createDatabaseOutage(app.log, clock));
  const stopWatching = database.watchConnections?.({
    connected: () => app.databaseOutage.recovered(),
    lost: (error) => app.databaseOutage.failed(error),
  });
  if (stopWatching) app.addHook("onClose", async () => stopWatching());
}

/** The plugins every route relies on: request log, cookies, compression, errors, security, docs, services, session. */
async function registerFoundation(app: FastifyInstance, options: BuildOptions, encryptionKey: Buffer): Promise<void> {
  await app.register(requestLogPlugin);
  await app.register(cookie);
  await app.register(compressionPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(swaggerPlugin);
  const mailTransport = options.mailTransport ?? mailTransportFor(options.config, app.log);
  await app.register(servicesPlugin, {
    encryptionKey,
    mailTransport,
    ...(options.erp ? { erp: options.erp } : {}),
    ...(options.erpRandom ? { erpRandom: options.erpRandom } : {}),
  });
  await app.register(sessionPlugin);
}

async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(segundoFactorRoutes);
  await app.register(homeRoutes);
  await app.register(archivosRoutes);
  await app.register(empleadosRoutes);
  await app.register(sociedadesRoutes);
  await app.register(proveedoresRoutes);
  await app.register(pedidosRoutes);
  await app.register(entradasRoutes);
  await app.register(facturasRoutes);
  await app.register(notasCreditoRoutes);
  await app.register(pagosRoutes);
  await app.register(complementosAtrasadosRoutes);
  await app.register(cuentasBancariasRoutes);
  await app.register(cfdiPruebaRoutes);
  await app.register(tareasRoutes);
  await app.register(descargaSatRoutes);
  await app.register(invitacionesRoutes);
}

/** The mail and ERP workers, the SAT simulator's routes when configured, and the scheduled jobs' worker. */
async function registerWorkers(app: FastifyInstance, options: BuildOptions): Promise<void> {
  await app.register(correoWorkerPlugin, { enabled: options.mailWorker ?? true });
  await app.register(erpWorkerPlugin, { enabled: options.erpWorker ?? true });
  // The SAT's status service, simulated in this process (demo, tests, e2e; config refuses it in production).
  if (options.config.SAT_SIMULADOR) {
    await app.register(simuladorSatRoutes, { estadoDe: app.services.satSimulador.estadoDe });
    // The SAT's Descarga Masiva (issue 43), simulated the same way, from the portal's own invoices.
    await app.register(simuladorDescargaRoutes, {
      estado: app.services.descargaSimulador,
      clock: app.clock,
      ...app.services.descargaSatSimulados,
    });
  }
  await app.register(tareasWorkerPlugin, { enabled: options.tareasWorker ?? true });
}
