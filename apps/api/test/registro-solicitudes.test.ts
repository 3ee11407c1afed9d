import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_LOG_MESSAGE } from "../src/plugins/request-log";
import { SIMULADOR_SAT_PATH } from "../src/sat/simulador";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 23: the server logs one JSON line per request at info (method, route without query, status, duration),
 * not Fastify's two; health checks and the SAT simulator's calls are logged at debug only.
 */
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  durationMs?: number;
}

const INFO = 30;
const DEBUG = 20;

describe("request log", () => {
  let t: TestApp;
  const lines: string[] = [];
  const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);
  const requestLines = () => parsed().filter((line) => line.msg === REQUEST_LOG_MESSAGE);
  let token = "";

  beforeAll(async () => {
    // At debug, so the test sees the lines that production (info) leaves out.
    t = await createTestApp({ LOG_LEVEL: "debug" }, { logLines: lines });
    token = await login(t.app, "admin", "Empleado");
  }, 60_000);
  afterAll(async () => t?.close());

  it("writes exactly one info line per request, with the route without its query and no secrets", async () => {
    lines.length = 0;
    const secret = "texto-de-busqueda-secreto";
    const urls = [`/api/empleados/getAreas?q=${secret}`, "/api/empleados/getAreas", "/api/no-existe?token=abc"];
    const statuses: number[] = [];
    for (const url of urls) statuses.push((await t.app.inject(withToken(token, { method: "GET", url }))).statusCode);
    const logged = requestLines();
    expect(logged).toHaveLength(urls.length);
    expect(logged.every((line) => line.level === INFO)).toBe(true);
    expect(logged.map((line) => line.statusCode)).toEqual(statuses);
    expect(logged[0]).toMatchObject({ method: "GET", url: "/api/empleados/getAreas", statusCode: 200 });
    expect(logged[2]).toMatchObject({ method: "GET", url: "/api/no-existe", statusCode: 404 });
    for (const line of logged) {
      expect(line.reqId).toEqual(expect.any(String));
      expect(line.durationMs).toEqual(expect.any(Number));
    }
    // Fastify's own pair of lines is gone; nothing of the query or the token reaches the log.
    expect(parsed().filter((line) => /incoming request|request completed/.test(line.msg))).toEqual([]);
    const text = lines.join("\n");
    for (const fact of [secret, "token=abc", token]) expect(text).not.toContain(fact);
  });

  it("logs health checks and SAT simulator calls at debug, none at info", async () => {
    lines.length = 0;
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }
    const sat = await t.app.inject({
      method: "POST",
      url: SIMULADOR_SAT_PATH,
      headers: { "content-type": "text/xml", soapaction: "http://tempuri.org/IConsultaCFDIService/Consulta" },
      payload: "<Envelope><expresionImpresa>x</expresionImpresa></Envelope>",
    });
    expect(sat.statusCode).toBe(200);
    const logged = requestLines();
    expect(logged.filter((line) => line.level >= INFO)).toEqual([]);
    expect(logged.map((line) => [line.level, line.url])).toEqual([
      [DEBUG, "/api/health"],
      [DEBUG, "/api/health"],
      [DEBUG, "/api/health"],
      [DEBUG, SIMULADOR_SAT_PATH],
    ]);
  });
});

describe("request log of the web app's files (issue 40)", () => {
  let t: TestApp;
  const lines: string[] = [];
  const requestLines = () =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === REQUEST_LOG_MESSAGE);
  let webDist = "";

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), "portal-web-"));
    await mkdir(join(webDist, "static"));
    await writeFile(join(webDist, "index.html"), "<!doctype html><title>Portal</title>");
    await writeFile(join(webDist, "static", "app-1234.js"), "console.log(1);");
    t = await createTestApp({ LOG_LEVEL: "debug", WEB_DIST: webDist }, { logLines: lines });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("names the file served, not the route pattern, at debug; an unknown /api path stays at info", async () => {
    lines.length = 0;
    const asked = ["/static/app-1234.js?v=2", "/MisFacturas/MiFactura/3", "/api/no-existe"];
    const statuses: number[] = [];
    for (const url of asked) statuses.push((await t.app.inject({ method: "GET", url })).statusCode);
    expect(statuses).toEqual([200, 200, 404]);
    expect(requestLines().map((line) => [line.level, line.url, line.statusCode])).toEqual([
      [DEBUG, "/static/app-1234.js", 200],
      [DEBUG, "/MisFacturas/MiFactura/3", 200],
      [INFO, "/api/no-existe", 404],
    ]);
    expect(lines.join("\n")).not.toContain('"url":"/*"');
  });
});
