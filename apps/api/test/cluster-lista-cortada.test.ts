import { request } from "node:http";
import { Readable } from "node:stream";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { sendJson } from "../src/lib/send-json";
import { CLIENT_GONE_MESSAGE } from "../src/plugins/request-log";
import { createTestClock, TEST_KEY_B64 } from "./helpers";

/**
 * Issue 25: "A client that disconnects in the middle of a streamed list is logged at debug, and what the answer held
 * is freed." A real HTTP server streams a long list through `sendJson` (as the order and receipt lists do,
 * erp/row-cache.ts): the client reads the first bytes and hangs up. The answer's generator stops (its `finally`
 * runs: whatever it held is released) long before its end, and the only line about it is one at debug.
 */
const CHUNKS = 4000;
const CHUNK_BYTES = 64 * 1024;

let tdb: TestDatabase;
let app: FastifyInstance;
const logLines: string[] = [];
let produced = { chunks: 0, finished: false, released: false };

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  url?: string;
  method?: string;
}
const logs = () => logLines.map((l) => JSON.parse(l) as LogLine);

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    APP_ENCRYPTION_KEY: TEST_KEY_B64,
    WEB_DIST: "/nonexistent",
    LOG_LEVEL: "debug",
  });
  app = await buildApp({
    config,
    database: tdb,
    clock: createTestClock().clock,
    logger: true,
    logStream: { write: (line) => void logLines.push(line) },
    mailWorker: false,
    erpWorker: false,
    tareasWorker: false,
    mailTransport: async () => {},
  });
  // A list of 250 MB made as the socket takes it, like answerChunks in erp/row-cache.ts.
  app.post("/api/prueba/listaLarga", { config: { access: "public" } }, (_request, reply) => {
    function* answer() {
      try {
        yield Buffer.from('{"status":"success","message":"ok","data":[0');
        for (let i = 0; i < CHUNKS; i++) {
          produced.chunks++;
          yield Buffer.alloc(CHUNK_BYTES, 0x30).fill(",", 0, 1);
        }
        yield Buffer.from("]}");
        produced.finished = true;
      } finally {
        produced.released = true;
      }
    }
    return sendJson(reply, Readable.from(answer()));
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

/** Asks for the list, reads its first bytes and hangs up. */
async function readAndHangUp(encoding: string): Promise<number> {
  const { port } = app.server.address() as { port: number };
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/api/prueba/listaLarga",
        headers: { "accept-encoding": encoding, "content-type": "application/json" },
      },
      (res) => {
        res.once("data", () => {
          req.destroy();
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on("error", (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end("{}");
  });
}

describe("a client that hangs up in the middle of a streamed list", () => {
  for (const encoding of ["identity", "br", "gzip"]) {
    it(`stops the answer, releases it and logs one line at debug (${encoding})`, async () => {
      produced = { chunks: 0, finished: false, released: false };
      const before = logLines.length;
      expect(await readAndHangUp(encoding)).toBe(200);
      for (let i = 0; i < 500 && !produced.released; i++) await new Promise((r) => setTimeout(r, 10));
      expect(produced.released).toBe(true);
      expect(produced.finished).toBe(false);
      // The socket's buffers hold a few chunks at most, never the 250 MB.
      expect(produced.chunks).toBeLessThan(CHUNKS / 4);

      // Let any late line arrive, then read what this request logged.
      await new Promise((r) => setTimeout(r, 100));
      const lines = logs().slice(before);
      const gone = lines.filter((l) => l.msg === CLIENT_GONE_MESSAGE);
      expect(gone).toHaveLength(1);
      expect(gone[0]).toMatchObject({ level: 20, method: "POST", url: "/api/prueba/listaLarga" });
      expect(lines.filter((l) => l.level >= 30)).toEqual([]);
      expect(logLines.join("\n")).not.toContain("stream closed prematurely");
    });
  }
});
