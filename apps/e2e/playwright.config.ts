import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * The e2e suite runs the production build (API serving the built web app) on a fresh database:
 * E2E_DATABASE_URL (set by `npm test`, a database created for the run) or, for a quick local run,
 * an embedded PGlite folder in the temp dir. Browser: Debian's Chromium, never a download.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// A real SMTP sink (started by tests/catalogos.spec.ts) receives the portal's mail during the run.
process.env.E2E_SMTP_PORT ??= String(port + 25);
const baseURL = `http://127.0.0.1:${port}`;
const databaseEnv: Record<string, string> = process.env.E2E_DATABASE_URL
  ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
  : { DATA_DIR: join(tmpdir(), `portal-e2e-${Date.now()}`, "pglite") };

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    serviceWorkers: "block",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // The demo seed, a step of its own before the server as in `npm start` (decision 055), then the server with the
    // portal's V8 flags (docs/operations.md, "Node").
    command: "node ../api/dist/seed.mjs && node --max-semi-space-size=32 ../api/dist/server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...databaseEnv,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
      RATE_LIMIT_MAX: "100000",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: process.env.E2E_SMTP_PORT,
      MAIL_POLL_MS: "500",
      LOG_LEVEL: "warn",
      // The invoices the flows upload are sealed with the SAT's public test CSDs and stamped by the project's test
      // PAC (@portal/cfdi/sello): a production build trusts those certificates only when told to.
      SAT_TEST_CERTS: "true",
      // The SAT's CFDI status service: the simulator mounted in the server under test (Vigente by default).
      SAT_SIMULADOR: "true",
      SAT_ESTADO_CFDI_URL: `${baseURL}/simulador-sat/ConsultaCFDIService.svc`,
      // E2E_ERP_ADAPTER=service-layer: the server reads and writes the ERP through the Service Layer adapter and
      // its bundled simulator over the same demo data (issue 24; npm test runs the whole cycle that way once).
      ...(process.env.E2E_ERP_ADAPTER ? { ERP_ADAPTER: process.env.E2E_ERP_ADAPTER } : {}),
    },
  },
});
