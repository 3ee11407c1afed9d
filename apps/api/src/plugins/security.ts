import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import { MSG } from "@portal/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { RETRY_AFTER_SECONDS } from "../lib/database-outage";

/** One year; sent only on answers that travelled over HTTPS (behind a proxy: X-Forwarded-Proto with TRUST_PROXY). */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/**
 * Headers every answer carries even when it is written before Fastify's hooks run (a malformed request line,
 * headers over the size limit, an undecodable URL): the same protections helmet gives the rest, with a CSP
 * that allows nothing, since those answers are JSON error messages. Tests compare them with helmet's own.
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
  "cache-control": "no-store",
};

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: "La solicitud HTTP no es válida.",
  408: "La solicitud tardó demasiado en llegar; inténtelo de nuevo.",
  413: MSG.cuerpoDemasiadoGrande,
  414: "La dirección solicitada es demasiado larga.",
  431: "Los encabezados de la solicitud son demasiado grandes.",
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (header over 16 KB -> 431, malformed header
 * or request line -> 400). Fastify's `clientErrorHandler`: answer them in the portal's Spanish shape with its
 * headers instead of Node's/Fastify's English defaults.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    err.code === "HPE_HEADER_OVERFLOW"
      ? 431
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? 408
        : err.code === "HPE_URI_TOO_LONG"
          ? 414
          : 400;
  const body = JSON.stringify({ status: "error", message: CLIENT_ERROR_MESSAGES[status] });
  const headers = {
    ...BASE_SECURITY_HEADERS,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n");
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
}

/**
 * Errors Fastify raises before routing (an undecodable URL, say) go to `frameworkErrors`: same Spanish shape and
 * headers as any other answer.
 */
export function frameworkErrors(error: Error & { statusCode?: number }, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .headers(BASE_SECURITY_HEADERS)
    .status(status)
    .send({ status: "error", message: status === 400 ? "La dirección solicitada no es válida." : MSG.datosInvalidos });
}

/**
 * HTTP security headers and a per-IP request ceiling (sign-in has its own stricter counter in auth). Answers of
 * /api carry personal data: never stored by browsers or proxies. HSTS only on answers that came over HTTPS.
 */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine injects its CSS variables in a <style> element.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          // PDFs are opened from blob: URLs made from authorized downloads.
          objectSrc: ["'self'", "blob:"],
          frameSrc: ["'self'", "blob:"],
          workerSrc: ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Set below, per answer, only over HTTPS.
      strictTransportSecurity: false,
    });
    // Graceful shutdown (issue 22). Fastify's own `return503OnClosing` answers English text without these headers;
    // it is off (app.ts) and a closing app answers here instead, after helmet's headers are set and before the
    // session is read: the portal's 503 with Retry-After. Every answer while closing (those of requests already
    // under way too) says `Connection: close`, so kept-alive clients reconnect to a process that is up.
    let closing = false;
    app.addHook("preClose", async () => {
      closing = true;
    });
    app.addHook("onRequest", async (_request, reply) => {
      if (!closing) return;
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ status: "error", message: MSG.servicioNoDisponible });
    });
    app.addHook("onSend", async (request, reply, payload) => {
      if (request.url.startsWith("/api/") || request.url === "/api") reply.header("cache-control", "no-store");
      if (request.protocol === "https") reply.header("strict-transport-security", HSTS_VALUE);
      // Draining (lib/shutdown.ts) too: a kept-alive client reconnects through the balancer to another process.
      if (closing || app.lifecycle.draining) reply.header("connection", "close");
      return payload;
    });
    await app.register(rateLimit, {
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        status: "error",
        message: MSG.demasiadasSolicitudes,
      }),
    });
  },
  { name: "security" },
);
