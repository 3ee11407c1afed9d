import { parseEncryptionKey, schema, totpCode, totpStep } from "@portal/db";
import { createSeededTestDatabase, type TestDatabase } from "@portal/db/testing";
import { createSimplePdf, DEMO_PASSWORD, DEMO_TOTP_SECRET, seedDemo } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { ErpAdapter } from "../src/erp/types";
import type { MailTransport } from "../src/modules/correo/service";

export const TEST_KEY_B64 = Buffer.alloc(32, 9).toString("base64");
export const testKey = parseEncryptionKey(TEST_KEY_B64);

/** A controllable clock: tests move time instead of waiting. */
export function createTestClock(start = "2026-11-21T12:00:00.000Z") {
  let now = new Date(start).getTime();
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  tdb: TestDatabase;
  time: ReturnType<typeof createTestClock>;
  /** Every answer body this app sent, for the "no secret in any answer" checks. */
  answers: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  mailTransport?: MailTransport;
  clockStart?: string;
  logLines?: string[];
  /** Wraps the ERP adapter (a failing network, a crash between the ERP's answer and the portal's record). */
  erp?: (adapter: ErpAdapter) => ErpAdapter;
  /** The ERP jobs' random source for wake-ups after an outage (a seeded one keeps a test deterministic). */
  erpRandom?: () => number;
  /** Run the mail worker's loop (MAIL_POLL_MS) as production does, instead of calling services.correo.flush(). */
  mailWorker?: boolean;
}

/**
 * A fresh PostgreSQL database with the demo seed as of `time`'s start. The demo seed depends only on the clock's start
 * and the key, so under `npm test` (TEST_DB_TEMPLATES=1) this is a copy of one seeded template per start, built once
 * per run, instead of migrating and seeding again in every test file.
 */
export function createDemoTestDatabase(time: ReturnType<typeof createTestClock> = createTestClock()) {
  return createSeededTestDatabase(`demo|${time.clock().toISOString()}|${TEST_KEY_B64}`, async (handle) => {
    await seedDemo(handle.db, testKey, { clock: time.clock });
  });
}

/** The app on its own fresh PostgreSQL database with the demo seed, a test clock and no logging. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const time = createTestClock(options.clockStart);
  const tdb = await createDemoTestDatabase(time);
  const t = await createTestAppOn(tdb, time, env, options);
  return {
    ...t,
    async close() {
      await t.close();
      await tdb.drop();
    },
  };
}

/**
 * Another app process on an existing test database and clock (a restarted worker, a second instance). Its
 * close() leaves the database alone.
 */
export async function createTestAppOn(
  tdb: TestDatabase,
  time: ReturnType<typeof createTestClock>,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", APP_ENCRYPTION_KEY: TEST_KEY_B64, WEB_DIST: "/nonexistent", ...env });
  const app = await buildApp({
    config,
    database: tdb,
    clock: time.clock,
    // Log lines are captured when asked for (the "no secret in the log" tests), with the production settings.
    logger: options.logLines !== undefined,
    logStream: options.logLines ? { write: (line: string) => void options.logLines!.push(line) } : undefined,
    mailWorker: options.mailWorker ?? false,
    erpWorker: false,
    tareasWorker: false,
    mailTransport: options.mailTransport ?? (async () => {}),
    ...(options.erp ? { erp: options.erp } : {}),
    ...(options.erpRandom ? { erpRandom: options.erpRandom } : {}),
  });
  const answers: string[] = [];
  app.addHook("onSend", async (_request, _reply, payload) => {
    if (typeof payload === "string") answers.push(payload);
    else if (Buffer.isBuffer(payload)) answers.push(payload.toString("latin1"));
    return payload;
  });
  await app.ready();
  // Listening (on a free port) so the SAT status client reaches the simulator mounted in this app over real HTTP
  // (SAT_SIMULADOR defaults to true in tests; SAT_ESTADO_CFDI_URL unset = this process's own simulator).
  if (app.config.SAT_SIMULADOR && !env.SAT_ESTADO_CFDI_URL) await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    tdb,
    time,
    answers,
    close: () => app.close(),
  };
}

/**
 * The TOTP secret of each account a test enrolled through the API (`completeSecondFactor`), by operador and id;
 * the demo's enrolled employees use DEMO_TOTP_SECRET.
 */
const secretosInscritos = new Map<string, string>();
/** Per account, the sign-in whose code is being given (completeSecondFactor serializes them). */
const verifying = new Map<string, Promise<void>>();

/**
 * Completes the second factor the login answer asks for (decision 071) through the real calls: `inscribir`
 * enrols a new secret and confirms it with its code; `verificar` sends the code of the app's (injected) clock. Tests
 * sign the same employee in many times at one frozen instant, so the replay mark (`ultimo_paso`, one use per
 * 30-second step) is cleared first: the rule itself is segundo-factor.test.ts's.
 */
export async function completeSecondFactor(
  app: FastifyInstance,
  token: string,
  cuenta: { operador: "Empleado" | "Proveedor"; id: string },
  paso: "verificar" | "inscribir",
): Promise<void> {
  const clave = `${cuenta.operador}#${cuenta.id}`;
  let secreto = secretosInscritos.get(clave) ?? DEMO_TOTP_SECRET;
  const codigo = () => totpCode(secreto, totpStep(app.clock()));
  if (paso === "inscribir") {
    const inicio = await app.inject(withToken(token, { method: "POST", url: "/api/segundoFactor/inscripcion" }));
    if (inicio.statusCode !== 200) throw new Error(`inscripción falló: ${inicio.statusCode} ${inicio.body}`);
    secreto = inicio.json().data.secreto as string;
    secretosInscritos.set(clave, secreto);
    const confirmacion = await app.inject(
      withToken(token, { method: "POST", url: "/api/segundoFactor/confirmar", payload: { codigo: codigo() } }),
    );
    if (confirmacion.statusCode !== 200) throw new Error(`confirmación falló: ${confirmacion.body}`);
    return;
  }
  // Tests sign the same account in many times at one frozen time, some at once (Promise.all): clearing the last step
  // used and giving the code run one account at a time, or one sign-in's code would be the other's replay.
  const previous = verifying.get(clave) ?? Promise.resolve();
  const turn = previous.then(async () => {
    const { segundosFactores: sf } = schema;
    await app.database.db
      .update(sf)
      .set({ ultimoPaso: null })
      .where(and(eq(sf.operador, cuenta.operador), eq(sf.usuarioRef, cuenta.id)));
    return app.inject(
      withToken(token, { method: "POST", url: "/api/segundoFactor/verificar", payload: { codigo: codigo() } }),
    );
  });
  verifying.set(
    clave,
    turn.then(
      () => undefined,
      () => undefined,
    ),
  );
  const res = await turn;
  if (res.statusCode !== 200) throw new Error(`verificación falló: ${res.statusCode} ${res.body}`);
}

/**
 * Signs in with the demo password and completes the second factor when the account has or needs one, so the
 * token is a full session as every flow test expects.
 */
export async function login(
  app: FastifyInstance,
  usuario: string,
  operador: "Empleado" | "Proveedor",
  password = DEMO_PASSWORD,
) {
  const res = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { usuario, password, operador },
  });
  if (res.statusCode !== 200) throw new Error(`login ${usuario} falló: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { token: string; id: string; segundoFactor?: "verificar" | "inscribir" };
  if (data.segundoFactor) await completeSecondFactor(app, data.token, { operador, id: data.id }, data.segundoFactor);
  return data.token;
}

/** The four demo sign-ins every flow test uses: the administrator, a general employee and both suppliers. */
export async function loginTodos(app: FastifyInstance) {
  return {
    admin: await login(app, "admin", "Empleado"),
    consulta: await login(app, "consulta", "Empleado"),
    kemper: await login(app, "EKU9003173C9", "Proveedor"),
    berenice: await login(app, "XIQB891116QE4", "Proveedor"),
  };
}

export const withToken = (token: string, options: InjectOptions): InjectOptions => ({
  ...options,
  headers: { ...(options.headers ?? {}), "x-access-token": token },
});

/** Secrets that must never appear in any answer: the demo password, password hashes, encrypted secrets. */
export function findSecrets(answers: string[]): string[] {
  const patterns = [DEMO_PASSWORD, "$argon2", "B1Admin!", "v1."];
  return answers.flatMap((a) =>
    patterns.filter((p) => (p === "v1." ? /"v1\.[A-Za-z0-9+/=]+\./.test(a) : a.includes(p))),
  );
}

/** A small valid PDF as base64, different per call when `label` differs. */
export const pdfBase64 = (label = "Documento de prueba") =>
  Buffer.from(createSimplePdf(label, [label])).toString("base64");
