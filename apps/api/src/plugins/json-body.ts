import type { FastifyInstance } from "fastify";

/** The codes the error handler (plugins/errors.ts) answers with their Spanish messages. */
export const INVALID_UTF8_CODE = "FST_ERR_CTP_INVALID_UTF8";
export const TOO_MANY_TOKENS_CODE = "FST_ERR_CTP_TOO_MANY_TOKENS";

/**
 * Most JSON tokens (a comma, colon, `[` or `{` outside strings) a body may have: what JSON.parse builds in about
 * 80 ms (bench:cuerpos). A legitimate body has a few thousand at most (a review batch of 500 rows, a complement's 500
 * documents); its size is in its strings (base64 files). Above it, the parse alone would block the event loop for
 * as long as the body limit allows (a 20 MB upload call filled with `1,1,1,…`: 0.6 s). A list of a million elements
 * stays below it, so the contracts still answer it naming its field.
 */
export const MAX_JSON_TOKENS = 1_500_000;
/** Bodies up to this size are parsed without counting: they cannot hold enough tokens to matter. */
const COUNT_FROM_BYTES = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/**
 * Whether `bytes` (JSON text) has more than `max` structural tokens outside its strings. Strings are skipped with
 * `indexOf` (native), a quote preceded by an odd run of backslashes being part of the string; the rest is read byte
 * by byte, stopping as soon as the count passes `max`.
 */
export function hasMoreTokensThan(bytes: Uint8Array, max: number): boolean {
  let count = 0;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      let end = i;
      for (;;) {
        end = bytes.indexOf(QUOTE, end + 1);
        if (end === -1) return false; // an unterminated string: JSON.parse refuses it
        let backslashes = 0;
        while (bytes[end - 1 - backslashes] === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      i = end;
    } else if (c === 0x2c || c === 0x3a || c === 0x5b || c === 0x7b) {
      if (++count > max) return true;
    }
  }
  return false;
}

/**
 * JSON bodies decoded as strict UTF-8, with a bounded number of tokens (issue 36). Fastify's own parser decodes with replacement: bytes that are not
 * UTF-8 (a lone surrogate written raw, ED A0 80) became U+FFFD before any schema saw them, so what was stored
 * differed from what was sent. A body that is not UTF-8 is refused with a Spanish 400; the text then goes to
 * Fastify's default JSON parser (prototype and constructor poisoning refused, as before). A large body with more than
 * MAX_JSON_TOKENS tokens is refused (400) before it is decoded or parsed. The lone surrogates a
 * JSON escape (`\ud800`) can still carry are the contracts' (`textoSchema`), which name the field.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  const decoder = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length > COUNT_FROM_BYTES && hasMoreTokensThan(bytes, MAX_JSON_TOKENS)) {
      done(
        Object.assign(new Error("El cuerpo de la solicitud tiene demasiados elementos."), {
          statusCode: 400,
          code: TOO_MANY_TOKENS_CODE,
        }),
        undefined,
      );
      return;
    }
    let text: string;
    try {
      text = decoder.decode(bytes);
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
