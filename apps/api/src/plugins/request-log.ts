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

export function requestLogLine(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    url: request.routeOptions.url ?? pathOf(request.url),
    statusCode: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime),
  };
}

async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook("onResponse", async (request, reply) => {
    const line = requestLogLine(request, reply);
    if (QUIET_ROUTES.has(line.url)) request.log.debug(line, REQUEST_LOG_MESSAGE);
    else request.log.info(line, REQUEST_LOG_MESSAGE);
  });
}

export const requestLogPlugin = fp(requestLog, { name: "request-log" });
