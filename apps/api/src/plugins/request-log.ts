import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import fp from "fastify-plugin";
import { SIMULADOR_SAT_PATH } from "../sat/simulador";

/**
 * The request log (issue 23): one JSON line per answered request, instead of Fastify's two (an 'incoming request'
 * and a 'request completed' line; the app is built with `RequestLineLogController`). The line holds the method, the
 * route as registered (`/api/archivos/:id`: no ids, never the query string, where tokens and search text may go),
 * the status and the duration, with the request id Fastify adds to every line of the request. Health checks and
 * the in-process simulators (the SAT's status service) are plumbing: their lines are written at debug, so a
 * production log at info holds only what people did. No header, body or parameter is logged (architecture, Logs).
 */

/**
 * Fastify's log controller without its two request lines ('incoming request', 'request completed'): the
 * `disableRequestLogging` of Fastify 5 (whose top-level option is deprecated), narrowed to those two so the
 * framework's own error lines (a stream or header write that fails) stay.
 */
export class RequestLineLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
  /**
   * A streamed answer (the big lists, lib/send-json.ts; file downloads) whose client went away before the end:
   * Fastify has already destroyed the answer's stream, so nothing more is produced and what it held (the rows'
   * buffers of erp/row-cache.ts) is released. A client closing a tab is not a fault of the portal: one line at debug
   * (Fastify writes an English line at info and no request line). Any other stream error stays a warning.
   */
  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
    if (error.code === "ERR_STREAM_PREMATURE_CLOSE") {
      reply.log.debug(
        { ...requestLogLine(request, reply), bytesSent: request.raw.socket?.bytesWritten },
        CLIENT_GONE_MESSAGE,
      );
    } else {
      reply.log.warn({ err: error }, "la respuesta se interrumpió por un error después de enviar los encabezados");
    }
  }
}

export const CLIENT_GONE_MESSAGE = "el cliente se desconectó a mitad de la respuesta; se descarta el resto";

/** Routes whose lines go at debug: the load balancer's health check and the simulators' endpoints. */
export const QUIET_ROUTES: ReadonlySet<string> = new Set(["/api/health", SIMULADOR_SAT_PATH]);

export const REQUEST_LOG_MESSAGE = "solicitud atendida";

/** The path of a request that matched no route (a 404), without its query string. */
const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/** The static web app's wildcard route (plugins/static-web.ts). */
const STATIC_ROUTE = "/*";

/**
 * A file of the built web app: the static wildcard route, or the client-side route that the not-found handler
 * answers with index.html (no route, not under /api, answered). Their pattern says nothing ("/*"), so the line
 * names the file's path instead; and, like the health check, they are plumbing: written at debug (issue 40).
 */
const isWebFile = (request: FastifyRequest, statusCode: number): boolean => {
  const route = request.routeOptions.url;
  if (route === STATIC_ROUTE) return true;
  const path = pathOf(request.url);
  return route === undefined && statusCode < 400 && path !== "/api" && !path.startsWith("/api/");
};

export function requestLogLine(request: FastifyRequest, reply: FastifyReply) {
  const route = request.routeOptions.url;
  return {
    method: request.method,
    url: route === undefined || route === STATIC_ROUTE ? pathOf(request.url) : route,
    statusCode: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime),
  };
}

async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook("onResponse", async (request, reply) => {
    const line = requestLogLine(request, reply);
    if (QUIET_ROUTES.has(line.url) || isWebFile(request, reply.statusCode)) {
      request.log.debug(line, REQUEST_LOG_MESSAGE);
    } else request.log.info(line, REQUEST_LOG_MESSAGE);
  });
}

export const requestLogPlugin = fp(requestLog, { name: "request-log" });
