import type { CallAccess } from "@portal/contracts";
import type { DatabaseHandle } from "@portal/db";
import type { AppConfig } from "./config";
import type { Clock } from "./lib/clock";
import type { DatabaseOutage } from "./lib/database-outage";
import type { SessionUser } from "./lib/session-user";
import type { Lifecycle } from "./lib/shutdown";
import type { Services } from "./services";

/**
 * Who may call a route (the registry's `access`, packages/contracts/src/calls.ts), checked in onRequest —
 * before the body is parsed or validated — so a caller without the right gets 401/403 whatever it sends and
 * learns nothing about the expected body. Every /api route needs a session unless it says `public`.
 */
export type Access = CallAccess;

declare module "fastify" {
  interface FastifyContextConfig {
    /** One level, or several of which any one suffices (e.g. ["administrador", "proveedor"]). */
    access?: Access | readonly Access[];
    /**
     * A finer rule that depends on the request itself (e.g. a supplier may update only its own CardCode).
     * It runs in preValidation, on the parsed but not yet validated body, so it still decides before any
     * validation message could tell the caller about the expected body. It must treat the body as unknown.
     */
    authorize?: (user: SessionUser, body: unknown) => boolean;
  }
  interface FastifyInstance {
    /** Every route registered (method, path, access), for the registry test (test/registro-llamadas.test.ts). */
    registeredRoutes: readonly RegisteredRoute[];
    config: AppConfig;
    database: DatabaseHandle;
    /** The database outage log: one line per burst of failures and one when it answers again. */
    databaseOutage: DatabaseOutage;
    /** Serving or draining (SIGTERM: the health check answers 503; lib/shutdown.ts). */
    lifecycle: Lifecycle;
    clock: Clock;
    services: Services;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The authenticated user; throws if the route is public (a programming error). */
    sessionUser(): SessionUser;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | readonly Access[] | undefined;
  /** The route's own body limit (registry calls: CALLS' `bodyLimit`), undefined for the server's. */
  bodyLimit: number | undefined;
}
