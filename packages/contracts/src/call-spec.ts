import type { z } from "zod";
import { requestBodyLimit } from "./bounded";

/*
 * The shape of one entry of the call registry (decision 010) and the helper that completes it, apart from the
 * registry itself so that its parts (calls.ts, calls-cuentas.ts) can each define calls.
 */
export type HttpMethod = "GET" | "POST" | "PATCH";

/**
 * Who may make a call (spec §6), checked by the API before the body is read:
 * - `public`: anyone (login, health, the password reset's two calls);
 * - `session`: any signed-in user;
 * - `empleado`: any employee; `administrador`: an employee with profile A;
 * - `proveedor`: a supplier;
 * - `pendientes`: an employee with ViDocPen Y (the two review modules);
 * - `conciliaSat`: an employee with ConciliaSat Y (the SAT reconciliation, issue 43; decision 075);
 * - `segundoFactor`: a session whose password was right but whose second factor is still pending (decision 071).
 *   Such a half-signed session reaches only calls that list this level; every other level requires the step done.
 * A list means any one of them suffices. A rule that also depends on the body (a supplier updates only itself)
 * is the API's, on top of this.
 */
export type CallAccess =
  | "public"
  | "session"
  | "empleado"
  | "administrador"
  | "proveedor"
  | "pendientes"
  | "conciliaSat"
  | "segundoFactor";

/** One call as written in the registry (`auth` is derived from `access`). */
export interface CallSpec {
  method: HttpMethod;
  /** Exactly as spec §7 writes it, with the leading slash (case matters). */
  path: `/api/${string}`;
  /** JSON body; absent for calls without one. */
  request?: z.ZodType;
  /** Route params (`:id`). */
  params?: z.ZodType;
  answer: z.ZodType;
  /** Who may call it (see CallAccess). */
  access: CallAccess | readonly CallAccess[];
  /** OpenAPI group and one-line description (the API documents every call from here). */
  tag: string;
  summary: string;
  /** The answer is the file's bytes, not JSON. */
  binary?: boolean;
}

export interface CallDef extends CallSpec {
  /** Needs a session (x-access-token): every call except the public ones (login, health, password reset). */
  auth: boolean;
  /**
   * Largest body the API reads for this call, in bytes (issue 36): derived from the request schema, the largest
   * body it accepts plus a margin (`requestBodyLimit`, bounded.ts). Upload calls (base64 files) come out at
   * megabytes, the rest at 64 KB, review batches of 500 rows at a few megabytes. The API passes it to Fastify as
   * the route's `bodyLimit` (capped by BODY_LIMIT_BYTES); a larger body answers 413 before it is read.
   */
  bodyLimit: number;
}

export type Defined<C extends CallSpec> = C & { auth: C["access"] extends "public" ? false : true; bodyLimit: number };
export const call = <const C extends CallSpec>(spec: C): Defined<C> =>
  ({ ...spec, auth: spec.access !== "public", bodyLimit: requestBodyLimit(spec.request) }) as Defined<C>;
