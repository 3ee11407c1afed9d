import { MSG } from "@portal/contracts";

/**
 * Typed domain errors: services throw them and know nothing of HTTP; the error handler maps them to a status. An
 * error may carry several messages (every failing check of an upload or a review answers together): the answer
 * writes them one per line (answerText); the Error's own message is that same text, for logs.
 */
export class DomainError extends Error {
  readonly messages: readonly string[];
  constructor(
    readonly statusCode: number,
    message: string | readonly string[],
  ) {
    const messages = typeof message === "string" ? [message] : [...message];
    super(answerText(messages));
    this.messages = messages;
    this.name = new.target.name;
  }
}
/** The text of an answer with these messages: one per line, in order. */
export function answerText(messages: readonly string[]): string {
  return messages.join("\n");
}
export class Invalid extends DomainError {
  constructor(message: string | readonly string[] = MSG.datosInvalidos) {
    super(400, message);
  }
}
/** The refusal of every failing check at once: each distinct message, in order of first appearance. */
export const refusal = (messages: readonly string[]): Invalid => new Invalid([...new Set(messages)]);
export class Unauthorized extends DomainError {
  constructor(message: string = MSG.sesionRequerida) {
    super(401, message);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string = MSG.sinPermiso) {
    super(403, message);
  }
}
export class NotFound extends DomainError {
  constructor(message: string = MSG.noEncontrado) {
    super(404, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(message: string = MSG.demasiadasSolicitudes) {
    super(429, message);
  }
}
/** The ERP could not be reached or failed (not a refusal): the answer says it will be retried (502). */
export class ErpNoDisponible extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}
