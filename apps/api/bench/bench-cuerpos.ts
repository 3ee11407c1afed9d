/**
 * `npm run bench:cuerpos` — figures for issue 36's "bounded cost per request", not a test.
 *
 * 1. Prints the body limit of every call with a body (CALLS' `bodyLimit`, derived from its request schema).
 * 2. Builds the API in this process on a scratch PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL, demo seed)
 *    and sends every list of every call's request 1,000,000 invalid elements (the walk of
 *    apps/api/test/listas-acotadas.test.ts), as a user allowed to make the call; prints the status and the server
 *    time of each (app.inject: no network, so the time is the server's: body limit or JSON parse, validation,
 *    error answer). Issue 36 asks for < 100 ms each.
 * 3. The largest legitimate body: postFactura with its three files at the 5 MB limit (about 20 MB of JSON): the
 *    JSON.parse of that body alone and the whole request (strict UTF-8 decoding, parse, validation, the file checks
 *    that refuse its made-up content).
 * 4. The worst body an upload call can be sent: as many small JSON tokens as fit its limit (an unknown field with a
 *    list of 1s). JSON.parse alone (what the server spent before the token cap) and the request, which the cap
 *    (plugins/json-body.ts, MAX_JSON_TOKENS) refuses before parsing; and a body just under the cap, which is parsed.
 *
 * Environment: BENCH_REPEAT (3) runs per figure, the median printed; BENCH_KEEP_DB=true keeps the database.
 */
import { randomBytes } from "node:crypto";
import {
  CALL_NAMES,
  CALLS,
  type CallAccess,
  type CallName,
  MAX_UPLOAD_BASE64_LENGTH,
  requestArrays,
} from "@portal/contracts";
import { conHoja, MUESTRAS } from "@portal/contracts/muestras";
import { DEMO_PASSWORD } from "@portal/seed";
import type { z } from "zod";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { seedDemoStep } from "../src/demo-seed";
import { systemClock } from "../src/lib/clock";
import { MAX_JSON_TOKENS } from "../src/plugins/json-body";
import { createScratchDatabase, servidorPostgres } from "./comun";

const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const MILLON = 1_000_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mbText = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
const kbText = (bytes: number) => (bytes >= 1024 * 1024 ? mbText(bytes) : `${Math.round(bytes / 1024)} KB`);

console.log("\n== Límite del cuerpo por llamada (CALLS.bodyLimit; BODY_LIMIT_BYTES sigue siendo el tope) ==");
for (const name of CALL_NAMES) {
  const call = CALLS[name];
  if (!("request" in call)) continue;
  console.log(`  ${name.padEnd(40)} ${kbText(call.bodyLimit).padStart(10)}`);
}

const db = await createScratchDatabase(`bench_cuerpos_${randomBytes(4).toString("hex")}`);
console.log(`\nBase de datos temporal en ${new URL(servidorPostgres).host}: ${db.nombre}`);
const config = loadConfig({
  NODE_ENV: "test",
  DATABASE_URL: db.url,
  APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  WEB_DIST: "/nonexistent",
  SAT_SIMULADOR: "false",
  RATE_LIMIT_MAX: "100000",
});
// The demo seed is a step before the app (decision 055).
await seedDemoStep(config, systemClock);
const app = await buildApp({
  config,
  logger: false,
  mailWorker: false,
  erpWorker: false,
  tareasWorker: false,
  mailTransport: async () => {},
});
await app.ready();

try {
  const login = async (usuario: string, operador: "Empleado" | "Proveedor") => {
    const res = await app.inject({
      method: "POST",
      url: CALLS.login.path,
      payload: { usuario, password: DEMO_PASSWORD, operador },
    });
    if (res.statusCode !== 200) throw new Error(`login ${usuario}: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };
  const tokens = { admin: await login("admin", "Empleado"), proveedor: await login("EKU9003173C9", "Proveedor") };
  const tokenFor = (access: CallAccess | readonly CallAccess[]) => {
    const levels: readonly CallAccess[] = typeof access === "string" ? [access] : access;
    return levels.includes("proveedor") && !levels.includes("session") ? tokens.proveedor : tokens.admin;
  };

  /** Median server time of `payload` sent to `name` (ms), with the status of the last answer. */
  const measure = async (name: CallName, payload: string) => {
    const call = CALLS[name];
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < REPEAT; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: call.method,
        url: call.path,
        payload,
        headers: { "content-type": "application/json", "x-access-token": tokenFor(call.access) },
      });
      times.push(performance.now() - started);
      status = res.statusCode;
      const health = await app.inject({ method: "GET", url: "/api/health" });
      if (health.statusCode !== 200) throw new Error(`/api/health respondió ${health.statusCode}`);
    }
    return { ms: median(times), status };
  };

  console.log(
    `\n== 1,000,000 elementos inválidos en cada lista de cada llamada (mediana de ${REPEAT}; meta < 100 ms) ==`,
  );
  for (const name of CALL_NAMES) {
    const request = (CALLS[name] as { request?: z.ZodType }).request;
    if (!request) continue;
    for (const lista of requestArrays(request)) {
      const sample = (MUESTRAS[name] as { request: unknown }).request;
      const payload = JSON.stringify(conHoja(sample, lista.path, new Array(MILLON).fill(-1)));
      const { ms, status } = await measure(name, payload);
      const label = `${name} ${lista.path.join(".") || "(cuerpo)"}`;
      console.log(
        `  ${label.padEnd(48)} ${mbText(Buffer.byteLength(payload))}  ${status}  ${ms.toFixed(1).padStart(7)} ms`,
      );
    }
  }

  console.log("\n== El cuerpo legítimo más grande: postFactura con tres archivos de 5 MB ==");
  const base64 = "A".repeat(MAX_UPLOAD_BASE64_LENGTH);
  const grande = JSON.stringify({
    ...MUESTRAS.postFactura.request,
    PDF64: base64,
    XML64: base64,
    Recepcion64: base64,
  });
  const parseTimes: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    JSON.parse(grande);
    parseTimes.push(performance.now() - started);
  }
  console.log(
    `  tamaño ${mbText(Buffer.byteLength(grande))} (límite de la llamada ${mbText(CALLS.postFactura.bodyLimit)})`,
  );
  console.log(`  JSON.parse solo:                 ${median(parseTimes).toFixed(1).padStart(7)} ms`);
  const completo = await measure("postFactura", grande);
  console.log(`  solicitud completa (${completo.status}):        ${completo.ms.toFixed(1).padStart(7)} ms`);

  console.log("\n== El peor cuerpo que una llamada de carga puede recibir: fichas JSON pequeñas hasta su límite ==");
  const fichas = async (name: CallName, cuantos: number) => {
    const cuerpo = `{"relleno":[${"1,".repeat(cuantos - 1)}1]}`;
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const started = performance.now();
      JSON.parse(cuerpo);
      times.push(performance.now() - started);
    }
    const res = await measure(name, cuerpo);
    console.log(
      `  ${name.padEnd(16)} ${mbText(Buffer.byteLength(cuerpo))}, ${cuantos.toLocaleString("es-MX")} números: JSON.parse ` +
        `solo ${median(times).toFixed(1)} ms; solicitud (${res.status}) ${res.ms.toFixed(1)} ms`,
    );
  };
  for (const name of ["postFactura", "updateProveedor"] as const) {
    const limit = Math.min(CALLS[name].bodyLimit, app.initialConfig.bodyLimit ?? CALLS[name].bodyLimit);
    await fichas(name, Math.floor((limit - 1024) / 2));
  }
  console.log(`  justo debajo del tope de ${MAX_JSON_TOKENS.toLocaleString("es-MX")} fichas (se analiza):`);
  await fichas("postFactura", MAX_JSON_TOKENS - 10);
} finally {
  await app.close();
  if (process.env.BENCH_KEEP_DB !== "true") await db.drop();
}
