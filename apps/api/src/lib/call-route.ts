import type { CallDef } from "@portal/contracts";
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { SessionUser } from "./session-user";

type App = Parameters<FastifyPluginAsyncZod>[0];
type BodyOf<C> = C extends { request: infer S extends z.ZodType } ? z.output<S> : undefined;
type ParamsOf<C> = C extends { params: infer S extends z.ZodType } ? z.output<S> : Record<string, never>;
type AnswerOf<C extends CallDef> = C extends { binary: true } ? never : z.output<C["answer"]>;

/** The request of one call: its body and params as the entry's schemas parse them. */
export type CallRequest<C extends CallDef> = FastifyRequest<{ Body: BodyOf<C>; Params: ParamsOf<C> }>;
/**
 * A call's only code: it returns the answer (serialized and checked with the entry's answer schema), or the
 * reply when it sent a stream or a file itself.
 */
export type CallHandler<C extends CallDef> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<AnswerOf<C> | FastifyReply>;

export interface CallRouteOptions {
  /**
   * A finer rule that depends on the body (a supplier may update only its own CardCode), on top of the entry's
   * access. It runs before validation on the unvalidated body (plugins/session.ts), so it must treat it as unknown.
   */
  authorize?: (user: SessionUser, body: unknown) => boolean;
  /** Exempt from the per-IP rate limit (health checks). */
  rateLimit?: false;
}

/**
 * Registers one call of the registry (`CALLS`, packages/contracts/src/calls.ts) as a route: method, path,
 * body/params/answer schemas, access and the OpenAPI tag and summary all come from the entry, so a path is
 * written once and the route cannot drift from what the web calls (apps/api/test/registro-llamadas.test.ts).
 */
export function registerCall<C extends CallDef>(
  app: App,
  call: C,
  handler: CallHandler<C>,
  options: CallRouteOptions = {},
): void {
  app.route({
    method: call.method,
    url: call.path,
    // What the call can carry (CALLS, issue 36): uploads megabytes, everything else kilobytes; the server's
    // BODY_LIMIT_BYTES stays the ceiling. A larger body is refused with 413 before it is read or parsed.
    bodyLimit: Math.min(call.bodyLimit, app.initialConfig.bodyLimit ?? call.bodyLimit),
    config: { access: call.access, ...options },
    schema: {
      tags: [call.tag],
      summary: call.summary,
      ...(call.request ? { body: call.request } : {}),
      ...(call.params ? { params: call.params } : {}),
      // A binary answer is the file's bytes: nothing to serialize.
      ...(call.binary ? {} : { response: { 200: call.answer } }),
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
