import { MSG } from "@portal/contracts";

/** Typed domain errors (GUIDE §3): services throw them, the error handler maps them to HTTP. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class Invalid extends DomainError {
  constructor(message: string = MSG.datosInvalidos) {
    super(400, message);
  }
}
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
