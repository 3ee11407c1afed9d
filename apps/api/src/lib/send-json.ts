import type { Readable } from "node:stream";
import { MSG } from "@portal/contracts";
import type { FastifyReply } from "fastify";

/**
 * Sends an answer that is already a stream of UTF-8 JSON (the ERP list routes build theirs from cached rows,
 * see erp/row-cache.ts). Fastify pipes it without serializing; the route still declares the contract's answer
 * schema (OpenAPI, types) and the tests parse every answer with it.
 */
export function sendJson(reply: Pick<FastifyReply, "type">, json: Readable) {
  return reply.type("application/json; charset=utf-8").send(json);
}

/** The start of the spec's success answer as JSON text, up to its data: `{"status":"success","message":…,"data":`. */
export const successJsonHead = (message: string = MSG.ok) =>
  `{"status":"success","message":${JSON.stringify(message)},"data":`;

/** The spec's success answer as JSON text around `dataJson`, data already written as JSON (a list's rows). */
export const successJson = (dataJson: string, message: string = MSG.ok) => `${successJsonHead(message)}${dataJson}}`;
