/**
 * Issue 36, item 7 (decision 042): a certificate is the SAT's when its chain verifies to the SAT's authorities
 * shipped in sat/autoridades, not when its subject says so. The shipped stamping certificates chain (node:crypto,
 * and openssl as an independent oracle); a self-made certificate with the SAT's subject is refused by the verifier
 * and never kept by the repository store, in production and in test mode.
 */
import { spawnSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLO_MSG } from "../src/index";
import {
  type CertificateStore,
  certificateFromBase64,
  certificateInfo,
  combineCertificateStores,
  MemoryCertificatePersistence,
  packageDataDir,
  satAuthorities,
  satCertificateUrl,
  satChainOf,
  satRepositoryCertificates,
  sealCfdi,
  shippedCertificates,
  stampCfdi,
  verifySeals,
} from "../src/sello/index";
import { type CertificadoPropio, certificadoPropio } from "./certificado-propio";
import { EKU_CSD, FIXTURES_DIR, fixtureBytes, INVOICE_UUID, invoiceXml } from "./helpers";

const AUTORIDADES = join(packageDataDir(), "sat", "autoridades");
const CERTS = join(packageDataDir(), "sat", "certs");
const TIMBRADO = join(packageDataDir(), "sat", "timbrado");
/** Issue 36: the two real stamping certificates kept beside the shared copies (sat/timbrado/README.md). */
const REALES_TIMBRADO = ["00001000000503270882", "00001000000509846663"];
const REALES = ["00001000000403258748", "00001000000504465028", "00001000000708361114", ...REALES_TIMBRADO];
const certFile = (name: string) => join(REALES_TIMBRADO.includes(name) ? TIMBRADO : CERTS, `${name}.cer`);
const PRUEBAS = ["30001000000400002495", "30001000000500003456", "EKU9003173C9", "XIQB891116QE4"];
const cer = (name: string) => new X509Certificate(readFileSync(certFile(name)));

describe("the shipped authorities", () => {
  it("are the files the README lists, with those SHA-256 fingerprints", () => {
    const readme = readFileSync(join(AUTORIDADES, "README.md"), "utf8");
    const rows = [...readme.matchAll(/^\| `((?:produccion|pruebas)\/[^`]+)` .*\| `([0-9a-f]{64})` \|$/gm)];
    const listed = Object.fromEntries(rows.map((m) => [m[1], m[2]]));
    const files = ["produccion", "pruebas"].flatMap((d) => readdirSync(join(AUTORIDADES, d)).map((f) => `${d}/${f}`));
    expect(Object.keys(listed).sort()).toEqual(files.sort());
    for (const file of files) {
      const sha = createHash("sha256")
        .update(readFileSync(join(AUTORIDADES, file)))
        .digest("hex");
      expect([file, sha]).toEqual([file, listed[file]]);
    }
  });

  it("are three production roots (ARC2, ARC5, ARC6) with six SAT authorities, two test roots with two", () => {
    const { produccion, pruebas } = satAuthorities();
    expect([produccion.roots.length, produccion.intermediates.length]).toEqual([3, 6]);
    expect([pruebas.roots.length, pruebas.intermediates.length]).toEqual([2, 2]);
    for (const ca of [...produccion.intermediates, ...produccion.roots]) expect(satChainOf(ca)).toBe("produccion");
    for (const ca of [...pruebas.intermediates, ...pruebas.roots]) expect(satChainOf(ca)).toBe("pruebas");
  });
});

describe("the shipped stamping certificates chain to the SAT's roots", () => {
  it("node:crypto: the real ones to production, the SAT's test ones to its test hierarchy, the test PAC to none", async () => {
    for (const n of REALES) expect([n, satChainOf(cer(n))]).toEqual([n, "produccion"]);
    for (const n of PRUEBAS) expect([n, satChainOf(cer(n))]).toEqual([n, "pruebas"]);
    const pac = await shippedCertificates().get("90001000000000000001");
    expect(satChainOf(pac as X509Certificate)).toBeNull();
  });

  it("openssl verify agrees (an independent oracle), also that each chains to one hierarchy only", () => {
    const dir = mkdtempSync(join(tmpdir(), "cadena-sat-"));
    try {
      const pem = (file: string) => new X509Certificate(readFileSync(file)).toString();
      const bundle = (set: string, roots: boolean) =>
        readdirSync(join(AUTORIDADES, set))
          .map((f) => join(AUTORIDADES, set, f))
          .filter((f) => {
            const c = new X509Certificate(readFileSync(f));
            return (c.subject === c.issuer) === roots;
          })
          .map(pem)
          .join("");
      for (const set of ["produccion", "pruebas"]) {
        writeFileSync(join(dir, `${set}-roots.pem`), bundle(set, true));
        writeFileSync(join(dir, `${set}-inter.pem`), bundle(set, false));
      }
      const verify = (name: string, set: string) => {
        writeFileSync(join(dir, "leaf.pem"), pem(certFile(name)));
        const args = ["verify", "-no_check_time", "-CAfile", join(dir, `${set}-roots.pem`)];
        const r = spawnSync("openssl", [...args, "-untrusted", join(dir, `${set}-inter.pem`), join(dir, "leaf.pem")], {
          encoding: "utf8",
        });
        if (r.error) throw r.error;
        return r.status === 0;
      };
      for (const n of REALES) expect([n, verify(n, "produccion"), verify(n, "pruebas")]).toEqual([n, true, false]);
      for (const n of PRUEBAS) expect([n, verify(n, "pruebas"), verify(n, "produccion")]).toEqual([n, true, false]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the verifier knows the two of sat/timbrado by the number inside them (issue 36)", async () => {
    const store = shippedCertificates();
    for (const n of REALES_TIMBRADO) {
      const cert = await store.get(n);
      expect([n, cert && certificateInfo(cert).number, cert && satChainOf(cert)]).toEqual([n, n, "produccion"]);
    }
  });

  it("the issuer certificates of the real published CFDI chain to production too", () => {
    for (const file of ["cfdiutils__cfdi40-real.xml", "cfdiutils__cfdi33-real.xml"]) {
      const text = readFileSync(join(FIXTURES_DIR, file), "utf8");
      const info = certificateFromBase64(/\bCertificado="([^"]+)"/.exec(text)?.[1] ?? "");
      expect([file, info && satChainOf(info.certificate)]).toEqual([file, "produccion"]);
    }
  });
});

describe("a certificate that only says it is the SAT's", () => {
  let falsoSat: CertificadoPropio;
  beforeAll(() => {
    // Exactly the subject of the real stamping certificates (decision 022's classification says "sat").
    falsoSat = certificadoPropio("00001000000799999903", {
      CN: "SERVICIO DE ADMINISTRACION TRIBUTARIA",
      O: "SERVICIO DE ADMINISTRACION TRIBUTARIA",
      x500UniqueIdentifier: "SAT970701NN3 / MIML911119PJ8",
    });
  }, 120_000);

  const stamped = () =>
    stampCfdi(sealCfdi(invoiceXml({ tfd: null }), EKU_CSD), {
      uuid: INVOICE_UUID,
      fechaTimbrado: "2025-03-10T12:01:00",
      pac: falsoSat,
      rfcProvCertif: "SAT970701NN3",
    });

  it("is classified as the SAT's by its subject, and chains to nothing", () => {
    expect(certificateInfo(falsoSat.cer).stampingAuthority).toBe("sat");
    expect(satChainOf(falsoSat.cer)).toBeNull();
  });

  it("cannot stamp, in production or in test mode, even when a store serves it and its signature holds", async () => {
    const store: CertificateStore = combineCertificateStores(shippedCertificates(), {
      get: async (n) => (n === "00001000000799999903" ? falsoSat.cer : null),
    });
    for (const trustTestCertificates of [false, true]) {
      const report = await verifySeals(stamped(), { store, trustTestCertificates });
      expect(report.timbre).toBe("invalid");
      expect(report.errors).toContain(SELLO_MSG.timbreSinCadenaSat("00001000000799999903"));
    }
    // The real production CFDI, stamped with 00001000000510877575's SAT certificate, still verifies.
    expect((await verifySeals(fixtureBytes("cfdiutils__cfdi40-real.xml"), { store })).ok).toBe(true);
  });

  describe("the repository store (SAT_CERTS_URL) keeps only certificates that chain", () => {
    const served = new Map<string, Uint8Array>();
    const fetch = (async (url: string | URL | Request) => {
      const der = served.get(String(url));
      return der ? new Response(new Uint8Array(der)) : new Response(null, { status: 404 });
    }) as typeof globalThis.fetch;
    afterAll(() => served.clear());

    it("a self-made certificate served under its number is refused and not saved", async () => {
      served.set(satCertificateUrl("00001000000799999903"), falsoSat.cer.raw);
      const persistence = new MemoryCertificatePersistence();
      const store = satRepositoryCertificates({ fetch, persistence });
      expect(await store.get("00001000000799999903")).toBeNull();
      expect(persistence.size).toBe(0);
      // Written into the persistence by other means, it is not served either.
      await persistence.save("00001000000799999903", falsoSat.cer.raw);
      expect(await satRepositoryCertificates({ fetch, persistence }).get("00001000000799999903")).toBeNull();
    });

    it("a real SAT certificate is fetched, kept and served", async () => {
      const real = cer("00001000000708361114");
      served.set(satCertificateUrl("00001000000708361114"), real.raw);
      const persistence = new MemoryCertificatePersistence();
      const got = await satRepositoryCertificates({ fetch, persistence }).get("00001000000708361114");
      expect(got?.fingerprint256).toBe(real.fingerprint256);
      expect(persistence.size).toBe(1);
    });
  });
});
