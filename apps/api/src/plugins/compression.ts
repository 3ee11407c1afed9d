import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fp from "fastify-plugin";

/**
 * Compresses answers when the client accepts it (decision 017): brotli first, then gzip, as Accept-Encoding
 * allows; identity otherwise. Streamed answers (the ERP lists, lib/send-json.ts) are compressed while they
 * stream, so quality/level are low (config COMPRESSION_*): the cost is CPU on every request.
 * Requests are never decompressed (no compressed bodies are accepted: a small body cannot expand past
 * BODY_LIMIT_BYTES in memory). Static files of the web app are precompressed at build time and served by
 * plugins/static-web.ts with their own Content-Encoding, which this plugin leaves as is.
 */
export const compressionPlugin = fp(
  async (app) => {
    const c = app.config;
    if (!c.COMPRESSION) return;
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ["br", "gzip"],
      threshold: c.COMPRESSION_THRESHOLD_BYTES,
      brotliOptions: {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: c.COMPRESSION_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      },
      zlibOptions: { level: c.COMPRESSION_GZIP_LEVEL },
    });
  },
  { name: "compression" },
);
