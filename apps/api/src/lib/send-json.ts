import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * Sends an answer that is already UTF-8 JSON, as a Buffer or a stream of chunks (the ERP list routes build
 * theirs from cached rows, see erp/row-cache.ts). Fastify passes both through without serializing; the route
 * still declares the contract's answer schema (OpenAPI, types) and the tests parse every answer with it.
 */
export function sendJson(reply: Pick<FastifyReply, "type">, json: Buffer | Readable) {
  return reply.type("application/json; charset=utf-8").send(json);
}
