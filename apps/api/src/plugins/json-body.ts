import type { FastifyInstance } from "fastify";

/** The code the error handler (plugins/errors.ts) answers with its Spanish message. */
export const INVALID_UTF8_CODE = "FST_ERR_CTP_INVALID_UTF8";

/**
 * JSON bodies decoded as strict UTF-8 (issue 36). Fastify's own parser decodes with replacement: bytes that are not
 * UTF-8 (a lone surrogate written raw, ED A0 80) became U+FFFD before any schema saw them, so what was stored
 * differed from what was sent. A body that is not UTF-8 is refused with a Spanish 400; the text then goes to
 * Fastify's default JSON parser (prototype and constructor poisoning refused, as before). The lone surrogates a
 * JSON escape (`\ud800`) can still carry are the contracts' (`textoSchema`), which name the field.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  const decoder = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(
        Object.assign(new Error("El cuerpo de la solicitud no es UTF-8 válido."), {
          statusCode: 400,
          code: INVALID_UTF8_CODE,
        }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
