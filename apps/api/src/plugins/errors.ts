import { MSG } from "@portal/contracts";
import { isDatabaseUnavailable, isTransactionConflict } from "@portal/db";
import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ServiceLayerError } from "../erp/service-layer/client";
import { RETRY_AFTER_SECONDS } from "../lib/database-outage";
import { answerText, DomainError } from "../lib/errors";
import { sqlState } from "../lib/log-safety";
import { CLIENT_GONE_MESSAGE, requestLogLine } from "./request-log";

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "El cuerpo de la solicitud no es un JSON válido.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "El cuerpo de la solicitud está vacío.",
  // plugins/json-body.ts (issue 36): bytes that are not UTF-8 are refused, never replaced by U+FFFD.
  FST_ERR_CTP_INVALID_UTF8:
    "El cuerpo de la solicitud no es texto UTF-8 válido (por ejemplo, un sustituto UTF-16 sin su pareja).",
  // plugins/json-body.ts (issue 36): more JSON tokens than any call carries; refused before JSON.parse.
  FST_ERR_CTP_TOO_MANY_TOKENS:
    "El cuerpo de la solicitud tiene demasiados elementos (más de 1,500,000 valores); ninguna llamada los admite.",
  FST_ERR_CTP_BODY_TOO_LARGE: MSG.cuerpoDemasiadoGrande,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "El tipo de contenido de la solicitud no es compatible; envíe JSON.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "La longitud del contenido de la solicitud no es válida.",
  FST_ERR_VALIDATION: MSG.datosInvalidos,
};

const GENERIC_BY_STATUS: Record<number, string> = {
  400: MSG.datosInvalidos,
  401: MSG.sesionRequerida,
  403: MSG.sinPermiso,
  404: MSG.noEncontrado,
  405: "Método no permitido.",
  413: MSG.cuerpoDemasiadoGrande,
  415: FASTIFY_CODES.FST_ERR_CTP_INVALID_MEDIA_TYPE!,
  429: MSG.demasiadasSolicitudes,
};

/**
 * The contracts' own messages are Spanish sentences that already name their field. zod's generic messages
 * (Spanish locale: "Entrada inválida: …", "Demasiado grande: …") do not, so those get the field's path.
 */
const GENERIC_ZOD = /^(Entrada|Opción|Formato|Número|Valor|Llave|Demasiado|Cadena|Elemento|Tipo)/;

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return MSG.datosInvalidos;
  const first = error.validation[0];
  if (!first) return MSG.datosInvalidos;
  const message = first.message ?? MSG.datosInvalidos;
  const path = first.instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (!path) return GENERIC_ZOD.test(message) ? `${MSG.datosInvalidos} ${message}` : message;
  return GENERIC_ZOD.test(message) ? `El campo ${path} no es válido: ${message}` : message;
}

/** A Service Layer failure, thrown as it is or wrapped (as a cause) by whoever called the client. */
function serviceLayerError(error: unknown): ServiceLayerError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof ServiceLayerError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/** How long a user is told to wait when the ERP does not answer (seconds, Retry-After). */
const ERP_RETRY_AFTER_SECONDS = 60;

/**
 * One error shape for every answer: {status:'error', message} in Spanish. Below 500 the real (Spanish)
 * message is returned; 5xx never leaks internals, only a generic message, and is logged with the request id.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DomainError) {
        return reply.status(error.statusCode).send({ status: "error", message: answerText(error.messages) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send({ status: "error", message: validationMessage(error) });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, "la respuesta no cumple su contrato");
        return reply.status(500).send({ status: "error", message: MSG.errorInterno });
      }
      // The database cannot be reached (down, restarting, the connection dropped, no connection in time): the
      // call may simply be repeated, so 503 with Retry-After; logged once per outage, not per request. Session
      // checks (onRequest) land here too: an outage is never a 401.
      if (isDatabaseUnavailable(error)) {
        app.databaseOutage.failed(error, request.log);
        return reply
          .status(503)
          .header("retry-after", String(RETRY_AFTER_SECONDS))
          .send({ status: "error", message: MSG.servicioNoDisponible });
      }
      // The ERP (SAP's Service Layer) failed or did not answer in time: the portal is fine and the call may be
      // repeated later, so 503 with the client's Spanish message, never a 500. Logged once, with SAP's status and
      // code and a short detail — the client never puts cookies or passwords in its errors.
      const sl = serviceLayerError(error);
      if (sl) {
        request.log.warn(
          {
            erp: {
              status: sl.status ?? null,
              sapCode: sl.sapCode ?? null,
              timedOut: sl.timedOut,
              detail: sl.detail?.slice(0, 200) ?? null,
            },
          },
          "el ERP (Service Layer) no atendió la solicitud",
        );
        return reply
          .status(503)
          .header("retry-after", String(ERP_RETRY_AFTER_SECONDS))
          .send({ status: "error", message: sl.message });
      }
      // PostgreSQL refused a value (class 22, data exception: NUL in text, number out of range, text too long):
      // the request's fault. The contracts refuse these first; this keeps a future slip from being a 500.
      if (sqlState(error)?.startsWith("22")) {
        request.log.warn({ err: error }, "valor rechazado por la base de datos");
        return reply.status(400).send({ status: "error", message: MSG.datosInvalidos });
      }
      // A deadlock or serialization failure (40P01, 40001) that the service did not retry, or that happened again:
      // the transaction rolled back for a simultaneous one, nothing was saved; the call may be repeated (409).
      if (isTransactionConflict(error)) {
        request.log.warn({ err: error }, "transacción revertida por otra simultánea");
        return reply.status(409).send({ status: "error", message: MSG.operacionSimultanea });
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) {
        // The client went away in the middle of a streamed answer (a closed tab, a load tool stopping): not a
        // fault of the server, so not logged as one. Nothing more reaches that client anyway.
        if (error.code === "ERR_STREAM_PREMATURE_CLOSE" && (request.raw.destroyed || request.raw.socket?.destroyed)) {
          // At debug, like the same disconnection after the first bytes (request-log.ts, issue 25).
          request.log.debug(requestLogLine(request, reply), CLIENT_GONE_MESSAGE);
        } else {
          request.log.error({ err: error }, "error no controlado");
        }
        return reply.status(500).send({ status: "error", message: MSG.errorInterno });
      }
      const message = (error.code && FASTIFY_CODES[error.code]) ?? GENERIC_BY_STATUS[status] ?? MSG.datosInvalidos;
      return reply.status(status).send({ status: "error", message });
    });
  },
  { name: "errors", decorators: { fastify: ["databaseOutage"] } },
);
