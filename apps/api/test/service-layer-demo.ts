import { decryptSecret, schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { createDemoTestDatabase, createTestClock, testKey } from "./helpers";

/**
 * The demo data set (the same seeded template as createTestApp) with a Service Layer simulator over it that accepts
 * the sociedades' own SAP users: what the app tests with ERP_ADAPTER=service-layer start from. `random` drives the
 * simulator's injected faults (errorRate, timeoutRate), for a test that must fail the same requests on every run.
 */
export async function demoWithServiceLayer(options: { random?: () => number } = {}): Promise<{
  time: ReturnType<typeof createTestClock>;
  tdb: TestDatabase;
  sim: ServiceLayerSimulator;
  /** The sociedades' SAP passwords in clear (the "no secret in any answer or log line" checks look for them). */
  passwords: string[];
  /** The sociedades' SAP users, as a Service Layer client of a test's own logs in with them. */
  credentials: { companyDb: string; userName: string; password: string }[];
}> {
  const time = createTestClock();
  const tdb = await createDemoTestDatabase(time);
  const credentials = (await tdb.db.select().from(schema.sociedades)).map((s) => ({
    companyDb: s.bdSap,
    userName: s.usuarioSap,
    password: decryptSecret(s.passSapCifrada, testKey),
  }));
  const sim = await startServiceLayerSimulator({
    db: tdb.db,
    credentials,
    clock: time.clock,
    ...(options.random ? { random: options.random } : {}),
  });
  return { time, tdb, sim, passwords: credentials.map((c) => c.password), credentials };
}
