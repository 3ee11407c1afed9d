import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { packageDataDir, satCertificateUrl, satRepositoryCertificates, TEST_PAC } from "@portal/cfdi/sello";
import { schema } from "@portal/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createCertificateStore, createPgCertificatePersistence } from "../src/modules/sat/certificados";
import { createCertificadosSatRepository } from "../src/modules/sat/repository";
import { createTestApp, type TestApp } from "./helpers";

/**
 * Issue 11: a stamping certificate the portal does not ship is fetched from the SAT's repository (here a local
 * HTTP server with the repository's URL scheme) once, kept in PostgreSQL, and found there by every later store.
 * Issue 36: only a certificate whose chain verifies to the SAT's shipped authorities is kept (a self-made one with
 * the SAT's subject is not), and SAT_CERTS_URL must be https://.
 */
let t: TestApp;
let server: Server;
let base = "";
const requests: string[] = [];
/** A real SAT stamping certificate (AC7 → ARC6), served by the repository as the SAT serves it. */
const numero = "00001000000708361114";
const der = readFileSync(join(packageDataDir(), "sat", "certs", `${numero}.cer`));
/** The project's test PAC: self-signed, so it chains to none of the SAT's authorities. */
const numeroSinCadena = TEST_PAC.number;
const derSinCadena = readFileSync(join(packageDataDir(), "pac-pruebas", `${numeroSinCadena}.cer`));

beforeAll(async () => {
  t = await createTestApp();
  server = createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url?.endsWith(`/${numero}.cer`)) res.end(der);
    else if (req.url?.endsWith(`/${numeroSinCadena}.cer`)) res.end(derSinCadena);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/rccf/`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe("certificados del SAT", () => {
  it("fetched once by number, kept in PostgreSQL, found there without the network afterwards", async () => {
    // The repository part of the store (the shipped part already has this certificate).
    const repositorio = () =>
      satRepositoryCertificates({
        baseUrl: base,
        persistence: createPgCertificatePersistence(createCertificadosSatRepository(t.tdb.db), t.time.clock),
      });
    const store = repositorio();
    // A certificate that does not chain to the SAT's authorities is neither served nor kept.
    expect(await store.get(numeroSinCadena)).toBeNull();
    requests.length = 0;
    const cert = await store.get(numero);
    expect(cert?.serialNumber).toBeTruthy();
    expect(requests).toEqual([new URL(satCertificateUrl(numero, base)).pathname]);
    const rows = await t.tdb.db.select().from(schema.certificadosSat);
    expect(rows.map((r) => r.numero)).toEqual([numero]);
    expect(Buffer.from(rows[0]!.der).equals(der)).toBe(true);
    // A new process (a new store) with the repository down still has it.
    await new Promise((resolve) => server.close(resolve));
    const later = repositorio();
    expect((await later.get(numero))?.fingerprint256).toBe(cert?.fingerprint256);
    expect(requests).toHaveLength(1);
  });

  it("the portal's store: shipped first, then the repository; without SAT_CERTS_URL nothing is fetched", async () => {
    const offline = createCertificateStore(createCertificadosSatRepository(t.tdb.db), t.time.clock, undefined);
    expect(await offline.get("00001000000999999999")).toBeNull();
    expect((await offline.get("00001000000708361114"))?.subject).toContain("SAT");
    const online = createCertificateStore(createCertificadosSatRepository(t.tdb.db), t.time.clock, base); // the server is down now
    expect(await online.get("00001000000999999999")).toBeNull();
    expect(await t.tdb.db.select().from(schema.certificadosSat)).toHaveLength(1);
  });

  it("SAT_CERTS_URL: https only, with a Spanish message at start; empty means no fetching", () => {
    expect(
      loadConfig({ NODE_ENV: "production", APP_ENCRYPTION_KEY: "x", SAT_CERTS_URL: "https://rdc.sat.gob.mx/rccf/" })
        .SAT_CERTS_URL,
    ).toBe("https://rdc.sat.gob.mx/rccf/");
    expect(loadConfig({ NODE_ENV: "test", SAT_CERTS_URL: "" }).SAT_CERTS_URL).toBeUndefined();
    for (const [NODE_ENV, url] of [
      ["production", "http://rdc.sat.gob.mx/rccf/"],
      ["test", "http://127.0.0.1:9/rccf/"],
      ["development", "ftp://rdc.sat.gob.mx/rccf/"],
    ] as const) {
      expect(() => loadConfig({ NODE_ENV, APP_ENCRYPTION_KEY: "x", SAT_CERTS_URL: url })).toThrow(
        /^Configuración inválida: SAT_CERTS_URL: debe ser una dirección https:\/\//,
      );
    }
  });

  it("test certificates are trusted by default except in production", () => {
    expect(loadConfig({ NODE_ENV: "test" }).SAT_TEST_CERTS).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", APP_ENCRYPTION_KEY: "x" }).SAT_TEST_CERTS).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", APP_ENCRYPTION_KEY: "x", SAT_TEST_CERTS: "true" }).SAT_TEST_CERTS).toBe(
      true,
    );
  });
});
