import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SESSION_TTL_MS } from "@portal/contracts";
import { z } from "zod";
import { SAT_ESTADO_CFDI_URL_PRODUCCION } from "./sat/estado-cfdi";

const bool = z.enum(["true", "false"]).transform((v) => v === "true");

/**
 * The whole environment, parsed once, so a bad value stops the start with one message instead of failing later
 * in a request. Nothing else reads process.env.
 * Every variable is documented in .env.example.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  /**
   * The PostgreSQL pool of each process (decision 029; values from the load test in docs/operations.md). With N
   * processes the server sees up to N × DB_POOL_MAX connections, plus one per process while it migrates.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** Opening a connection, or waiting for a free one of the pool, fails after this long (503 to the caller). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** A connection idle this long in the pool is closed. */
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The server cancels any statement of the pool running longer than this; 0 = no limit. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(0),
  /**
   * A process that starts while PostgreSQL is still coming up retries every 2 s for this long (a Spanish log line
   * per attempt) before it gives up and exits non-zero.
   */
  DB_STARTUP_WAIT_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Graceful stop (SIGTERM): for this long `GET /api/health` answers 503 while every other request is still served,
   * so the load balancer's health check takes the process out of its pool before it closes (longer than the
   * check's interval × its fall count). 0 closes at once (tests).
   */
  DRAIN_MS: z.coerce.number().int().min(0).default(3_000),
  /** After the drain, how long the close may take (requests under way, workers' passes) before the process exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  APP_ENCRYPTION_KEY: z.string().optional(),
  SEED_DEMO: bool.default(false),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_TTL_MS: z.coerce.number().int().positive().default(SESSION_TTL_MS),
  /** A session ends this long after sign-in whatever its activity (12 h). */
  SESSION_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3_600_000),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  /** Failed sign-ins from one IP across all user names (password spraying) before 429, in the same window. */
  LOGIN_MAX_FAILURES_IP: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(1200),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  /**
   * Which peers may say who the client is (X-Forwarded-For/-Proto): false (nobody), true (any peer), or Fastify's
   * proxy-addr list — `loopback`, `uniquelocal`, addresses and CIDR ranges, comma-separated (behind HAProxy on the
   * same host: `loopback`; in docker-compose: `uniquelocal`, the private network).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|[A-Za-z0-9.:/,\s-]+)$/,
      "TRUST_PROXY: true, false o una lista de direcciones (loopback, 10.0.0.0/8…)",
    )
    .default("false")
    .transform((v): boolean | string => (v === "true" ? true : v === "false" ? false : v)),
  ERP_ROW_CACHE_MB: z.coerce.number().int().min(0).default(256),
  /**
   * Compression of API answers (decision 017). Brotli quality 0-11 and gzip level 1-9: low values because the
   * big lists are compressed while they stream (40,000 orders: 66 MB raw) and the CPU cost is paid per request.
   * Answers smaller than the threshold (bytes) travel as they are. COMPRESSION=false turns it off (e.g. behind a
   * proxy that compresses).
   */
  COMPRESSION: bool.default(true),
  COMPRESSION_BROTLI_QUALITY: z.coerce.number().int().min(0).max(11).default(1),
  COMPRESSION_GZIP_LEVEL: z.coerce.number().int().min(1).max(9).default(1),
  COMPRESSION_THRESHOLD_BYTES: z.coerce.number().int().min(0).default(1024),
  /** SMTP for e-mail. Without SMTP_HOST, messages are written to the log instead of sent. */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  /**
   * Without SMTP_HOST: a folder where each message is written as an .eml file (the demo's mailbox; `npm start` sets
   * .data/correo). Unset: messages go to the log, links' tokens hidden.
   */
  CORREO_CARPETA: z.string().optional(),
  MAIL_FROM: z.string().default("Portal de Proveedores <no-responder@portal.local>"),
  /** How often the mail worker looks for pending messages. */
  MAIL_POLL_MS: z.coerce.number().int().positive().default(5000),
  /** How often the ERP job worker looks for due jobs (new ones run at once). */
  ERP_POLL_MS: z.coerce.number().int().positive().default(15000),
  /** How often the scheduler looks for due scheduled jobs (decision 016). */
  TAREAS_POLL_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Trust the SAT's test certificates and the project's test stamping authority when verifying CFDI seals.
   * Default: true, except with NODE_ENV=production (then a test CFDI is refused).
   */
  SAT_TEST_CERTS: bool.optional(),
  /**
   * The SAT's public certificate repository (https://rdc.sat.gob.mx/rccf/) for stamping certificates the portal
   * does not ship; unset or empty = no fetching (shipped certificates only). Fetched certificates are kept in
   * PostgreSQL, and only when their chain verifies to the SAT's authorities shipped in @portal/cfdi (decision 042).
   * https only: over http:// anybody on the way could swap a certificate (no test or demo fetches one, so there is
   * no exception for a local simulator).
   */
  SAT_CERTS_URL: z
    .union([
      z.literal(""),
      z
        .string()
        .url()
        .refine(
          (v) => /^https:\/\//i.test(v),
          "debe ser una dirección https:// (el repositorio del SAT es https://rdc.sat.gob.mx/rccf/); por http:// cualquiera en el camino podría cambiar los certificados",
        ),
    ])
    .optional()
    .transform((v) => v || undefined),
  /**
   * The SAT's CFDI status service (ConsultaCFDIService, issue 15). Unset: the SAT's production address, or this
   * process's own simulator when SAT_SIMULADOR is on.
   */
  SAT_ESTADO_CFDI_URL: z.string().url().optional(),
  /** How long a status query may take before the CFDI is left pending and asked again later. */
  SAT_ESTADO_CFDI_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * The SAT's Descarga Masiva (issue 43): the host of authentication, requests and verification, and the host of
   * the packages. Unset: the SAT's own hosts, or this process's simulator when SAT_SIMULADOR is on.
   */
  SAT_DESCARGA_SOLICITUD_URL: z.string().url().optional(),
  SAT_DESCARGA_PAQUETES_URL: z.string().url().optional(),
  /** How long one call to the Descarga Masiva may take (the SAT answers slowly). */
  SAT_DESCARGA_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Months of the rolling window the daily download asks for (2: the current and the previous month). */
  SAT_DESCARGA_MESES: z.coerce.number().int().min(1).max(12).default(2),
  /**
   * Mount the local simulator of the SAT's status service (POST /simulador-sat/ConsultaCFDIService.svc).
   * Default: true, except with NODE_ENV=production (then only when set explicitly, as the demo and e2e do).
   */
  SAT_SIMULADOR: bool.optional(),
  /**
   * Where the SAT publishes its 69-B list (Listado_completo_69-B.csv) for the scheduled download (issue 15); unset
   * or empty = no download (the list is imported with `npm run sat -- importar-69b FILE`).
   */
  SAT_69B_URL: z
    .union([z.literal(""), z.string().url()])
    .optional()
    .transform((v) => v || undefined),
  /**
   * The ERP behind the portal (issue 24): `mock` reads and writes the erp_mock tables the seed fills; `service-layer`
   * goes through SAP Business One's Service Layer (SAP_SL_URL, or the bundled simulator over erp_mock when unset).
   */
  ERP_ADAPTER: z.enum(["mock", "service-layer"]).default("mock"),
  /** The Service Layer's service root, e.g. https://sap:50000/b1s/v2/; unset or empty = the bundled simulator. */
  SAP_SL_URL: z
    .union([
      z.literal(""),
      z
        .string()
        .url()
        .refine((v) => /^https?:\/\//i.test(v), "debe empezar con https:// (o http://)"),
    ])
    .optional()
    .transform((v) => v || undefined),
  /** PEM file with the Service Layer's certificate (its self-signed server.crt) or its CA; read at start. */
  SAP_SL_CA_FILE: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Bound of every Service Layer request (a read's retries included). */
  SAP_SL_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * The payment block reason (OPYB AbsEntry) sent as PaymentBlockEntry when the portal blocks the payment of an A/P
   * invoice whose CFDI the SAT cancelled (issue 27); unset = PaymentBlock alone (companies without block reasons).
   */
  SAP_SL_PAYMENT_BLOCK_ENTRY: z
    .union([z.literal(""), z.coerce.number().int().positive()])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  /** Rows per page asked of the Service Layer (Prefer: odata.maxpagesize). */
  SAP_SL_PAGE_SIZE: z.coerce.number().int().positive().max(10_000).default(1000),
  /** Where the portal is reached, for links in e-mails. */
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig
  extends Omit<
    Env,
    "DATA_DIR" | "WEB_DIST" | "SAT_TEST_CERTS" | "SAT_SIMULADOR" | "SAT_ESTADO_CFDI_URL" | "SAP_SL_CA_FILE"
  > {
  /** The PEM text of SAP_SL_CA_FILE (read at start), or null: the system's trust roots. */
  serviceLayerCa: string | null;
  SAT_TEST_CERTS: boolean;
  SAT_SIMULADOR: boolean;
  /** The status service's address; null = this process's own simulator (known once the server listens). */
  SAT_ESTADO_CFDI_URL: string | null;
  DATA_DIR: string;
  /** Folder of the built web app, or null when it has not been built (API-only). */
  WEB_DIST: string | null;
  isProduction: boolean;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Configuración inválida: ${detail}`);
  }
  const e = parsed.data;
  const here = dirname(fileURLToPath(import.meta.url));
  const webCandidates = e.WEB_DIST ? [resolve(e.WEB_DIST)] : [join(here, "..", "..", "web", "dist")];
  const webDist = webCandidates.find((dir) => existsSync(join(dir, "index.html"))) ?? null;
  if (e.NODE_ENV === "production" && !e.APP_ENCRYPTION_KEY) {
    throw new Error("Configuración inválida: APP_ENCRYPTION_KEY es obligatoria en producción.");
  }
  const simulador = e.SAT_SIMULADOR ?? e.NODE_ENV !== "production";
  const { SAP_SL_CA_FILE, ...rest } = e;
  return {
    ...rest,
    serviceLayerCa: SAP_SL_CA_FILE ? readCertificate(SAP_SL_CA_FILE) : null,
    SAT_SIMULADOR: simulador,
    SAT_ESTADO_CFDI_URL: e.SAT_ESTADO_CFDI_URL ?? (simulador ? null : SAT_ESTADO_CFDI_URL_PRODUCCION),
    DATA_DIR: resolve(e.DATA_DIR ?? join(process.cwd(), ".data", "pglite")),
    WEB_DIST: webDist,
    SAT_TEST_CERTS: e.SAT_TEST_CERTS ?? e.NODE_ENV !== "production",
    isProduction: e.NODE_ENV === "production",
  };
}

/** The Service Layer's certificate: read once at start, so a wrong path stops the portal with a clear message. */
function readCertificate(path: string): string {
  let pem: string;
  try {
    pem = readFileSync(path, "utf8");
  } catch {
    throw new Error(`Configuración inválida: no se pudo leer SAP_SL_CA_FILE (${path}).`);
  }
  if (!pem.includes("-----BEGIN CERTIFICATE-----")) {
    throw new Error(`Configuración inválida: SAP_SL_CA_FILE (${path}) no contiene un certificado PEM.`);
  }
  return pem;
}
