/**
 * Issue 22: a stamp counts only when the SAT signed it. Found by number is not enough — the SAT's
 * repository publishes taxpayers' certificates by number too — nor is a signature that holds: the
 * certificate's subject must be the SAT (or, in test mode, the SAT's test authority or the project's
 * own test stamping authority). Also the fiscal reading of real files: an unused xmlns:schemaLocation,
 * an ASCII file declared ISO-8859-1, a CFDI 3.2.
 */
import { MSG } from "@portal/contracts/messages";
import { beforeAll, describe, expect, it } from "vitest";
import { CFDI_MSG, SELLO_MSG } from "../src/index";
import {
  type CertificateStore,
  type Csd,
  certificateInfo,
  combineCertificateStores,
  isTestPacCertificate,
  readInvoiceVerified,
  type SealReport,
  sealCfdi,
  shippedCertificates,
  stampCfdi,
  TEST_PAC,
  validateCfdiVerified,
  verifySeals,
} from "../src/sello/index";
import { type CertificadoPropio, certificadoPropio } from "./certificado-propio";
import { EKU_CSD, fixtureBytes, fixtureText, INVOICE_UUID, invoiceXml } from "./helpers";

const TRUST = { trustTestCertificates: true } as const;
const VALID: SealReport = { ok: true, emisor: "valid", timbre: "valid", errors: [] };
const EKU_NUMBER = "30001000000500003416";
const STAMP = { uuid: INVOICE_UUID, fechaTimbrado: "2025-03-10T12:01:00" } as const;

/** Sealed with `csd` (the EKU9003173C9 test CSD by default) and "stamped" with `pac`'s certificate and key. */
function stampedWith(pac: Csd, o: { csd?: Csd; rfcProvCertif?: string } = {}): string {
  const sealed = sealCfdi(invoiceXml({ tfd: null }), o.csd ?? EKU_CSD);
  return stampCfdi(sealed, { ...STAMP, pac, ...(o.rfcProvCertif ? { rfcProvCertif: o.rfcProvCertif } : {}) });
}

/**
 * The shipped certificates, then a repository that serves whatever certificate carries the number asked for — as a
 * SAT_CERTS_URL pointed at anything but the SAT would. (The repository store itself now keeps only certificates
 * whose chain verifies to the SAT's authorities, cadena-sat.test.ts; this store shows the verifier does not rely on
 * that.)
 */
function productionStore(served: CertificadoPropio[]): CertificateStore {
  const byNumber = new Map(served.map((c) => [certificateInfo(c.cer).number, c.cer] as const));
  return combineCertificateStores(shippedCertificates(), { get: async (n) => byNumber.get(n) ?? null });
}

describe("the stamp must be signed by the SAT", () => {
  it("refuses a CFDI 'stamped' with the issuer's own test CSD (NoCertificadoSAT = the CSD's number)", async () => {
    const forged = stampedWith(EKU_CSD);
    expect(forged).toContain(`NoCertificadoSAT="${EKU_NUMBER}"`);
    const refused: SealReport = {
      ok: false,
      emisor: "valid",
      timbre: "invalid",
      errors: [SELLO_MSG.timbreConCertificadoDelEmisor(EKU_NUMBER, "EKU9003173C9")],
    };
    expect(await verifySeals(forged, TRUST)).toEqual(refused);
    // Claiming the SAT as the certifying party changes nothing.
    expect(await verifySeals(stampedWith(EKU_CSD, { rfcProvCertif: "SAT970701NN3" }), TRUST)).toEqual(refused);
    // The reader that decides (the API's) refuses it with that message alone, the data still read.
    const read = await readInvoiceVerified(forged, TRUST);
    expect(read).toMatchObject({ ok: false, errors: refused.errors, data: { RFCEmisor: "EKU9003173C9" } });
  });

  it("still accepts a genuine test CFDI (the project's test PAC) and the real production CFDI", async () => {
    expect(await verifySeals(invoiceXml(), TRUST)).toEqual(VALID);
    expect(await verifySeals(fixtureBytes("cfdiutils__cfdi40-real.xml"))).toEqual(VALID);
  });

  it("classifies the shipped certificates by subject (openssl x509 -subject is the oracle)", async () => {
    const shipped = shippedCertificates();
    const expected: Record<string, "sat" | "sat-pruebas" | null> = {
      // O = SERVICIO DE ADMINISTRACION TRIBUTARIA, x500UniqueIdentifier = SAT970701NN3 / …
      "00001000000403258748": "sat",
      "00001000000504465028": "sat",
      "00001000000708361114": "sat",
      // O = SAT PRUEBAS, issued by AC UAT
      "30001000000400002495": "sat-pruebas",
      "30001000000500003456": "sat-pruebas",
      // Taxpayers' test CSDs (ESCUELA KEMPER URGATE, BERENICE XIMO QUEZADA): never a stamp's.
      [EKU_NUMBER]: null,
      "30001000000400002336": null,
      // The project's test PAC: recognised as the shipped certificate itself, not by its subject.
      [TEST_PAC.number]: null,
    };
    for (const [number, authority] of Object.entries(expected)) {
      const cert = await shipped.get(number);
      if (!cert) throw new Error(`falta el certificado ${number}`);
      expect(certificateInfo(cert).stampingAuthority, number).toBe(authority);
      expect(isTestPacCertificate(cert), number).toBe(number === TEST_PAC.number);
    }
  });

  describe("certificates anybody can make, served by number as the SAT's repository does", () => {
    // Made once (openssl, about a second each on these machines).
    let propio: CertificadoPropio; // ESCUELA KEMPER URGATE's look-alike CSD, not a test certificate
    let pac: CertificadoPropio; // a PAC's own certificate
    let falsoPacPruebas: CertificadoPropio; // the project's test PAC subject, another key
    beforeAll(() => {
      propio = certificadoPropio("00001000000799999901", {
        CN: "ESCUELA KEMPER URGATE SA DE CV",
        O: "ESCUELA KEMPER URGATE SA DE CV",
        x500UniqueIdentifier: "EKU9003173C9 / VADA800927DJ3",
      });
      pac = certificadoPropio("00001000000799999902", {
        CN: "PAC EJEMPLO",
        O: "PAC EJEMPLO SA DE CV",
        x500UniqueIdentifier: "PEJ100101AB1",
      });
      falsoPacPruebas = certificadoPropio("90001000000000000002", {
        CN: "PORTAL PRUEBAS PAC",
        O: "PORTAL PRUEBAS PAC",
        x500UniqueIdentifier: TEST_PAC.rfc,
      });
    }, 120_000);

    it("production mode: a non-SAT subject is refused although the store serves it and its signature holds", async () => {
      const store = productionStore([propio, pac]);
      const strict = { store, trustTestCertificates: false };
      // Sealed and stamped with the same production-looking CSD: the issuer's seal passes every check, so only
      // the stamp's certificate is wrong.
      const forged = stampedWith(propio, { csd: propio, rfcProvCertif: "SAT970701NN3" });
      expect(await verifySeals(forged, strict)).toEqual({
        ok: false,
        emisor: "valid",
        timbre: "invalid",
        errors: [SELLO_MSG.timbreConCertificadoDelEmisor("00001000000799999901", "EKU9003173C9")],
      });
      // A PAC signing with its own certificate, named in RfcProvCertif or not.
      const byPac = stampedWith(pac, { csd: propio, rfcProvCertif: "PEJ100101AB1" });
      expect((await verifySeals(byPac, strict)).errors).toEqual([
        SELLO_MSG.timbreConCertificadoDelPac("00001000000799999902", "PEJ100101AB1"),
      ]);
      const byPacAsSat = stampedWith(pac, { csd: propio, rfcProvCertif: "SAT970701NN3" });
      expect((await verifySeals(byPacAsSat, strict)).errors).toEqual([
        SELLO_MSG.timbreNoFirmadoPorSat("00001000000799999902", "PEJ100101AB1"),
      ]);
      // The same store still gives the real production CFDI its valid stamp.
      expect(await verifySeals(fixtureBytes("cfdiutils__cfdi40-real.xml"), strict)).toEqual(VALID);
    });

    it("test mode: the test PAC is the shipped certificate, not whoever writes its name in a certificate", async () => {
      const store = productionStore([falsoPacPruebas]);
      const lookAlike = stampedWith(falsoPacPruebas);
      expect(await verifySeals(lookAlike, { store, trustTestCertificates: true })).toEqual({
        ok: false,
        emisor: "valid",
        timbre: "invalid",
        errors: [SELLO_MSG.timbreConCertificadoDelPac("90001000000000000002", TEST_PAC.rfc)],
      });
    });
  });
});

describe("fiscal reading of real files", () => {
  const SCHEMA_LOCATION = "derivados/cfdi40-real-xmlns-schemaLocation.xml";

  it("accepts an unused xmlns:schemaLocation (a generator's mistake): both seals of the real CFDI verify", async () => {
    expect(fixtureText(SCHEMA_LOCATION)).toContain('xmlns:schemaLocation="http://www.sat.gob.mx/cfd/4 ');
    // Production mode, shipped certificates only: the real SAT stamp.
    expect(await verifySeals(fixtureBytes(SCHEMA_LOCATION))).toEqual(VALID);
    const read = await readInvoiceVerified(fixtureBytes(SCHEMA_LOCATION));
    expect(read).toMatchObject({ ok: true, data: { UUID: "C2832671-DA6D-11EF-A83D-00155D012007" } });
  });

  it("accepts a pure-ASCII CFDI declared ISO-8859-1 (same text, same seals); refuses one with other characters", async () => {
    const real = fixtureText("cfdiutils__cfdi40-real.xml");
    expect(real.startsWith('<?xml version="1.0"?>')).toBe(true);
    for (const encoding of ["ISO-8859-1", "iso-8859-1", "US-ASCII", "windows-1252"]) {
      const declared = real.replace('<?xml version="1.0"?>', `<?xml version="1.0" encoding="${encoding}"?>`);
      const bytes = new TextEncoder().encode(declared);
      expect(await readInvoiceVerified(bytes), encoding).toMatchObject({ ok: true, sellos: VALID });
    }
    // "ELECTRÓNICOS" in UTF-8 bytes under an ISO-8859-1 declaration: the SAT's tools would read "ELECTRÃ\u0093NICOS".
    const latin = real
      .replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>')
      .replace("SERVICIOS ELECTRONICOS", "SERVICIOS ELECTRÓNICOS");
    expect(await readInvoiceVerified(new TextEncoder().encode(latin))).toMatchObject({
      ok: false,
      errors: [MSG.xmlSinTimbre, CFDI_MSG.xmlCodificacion("ISO-8859-1")],
    });
    // Encodings that are not ASCII's superset stay refused, whatever the content.
    const utf16 = real.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>');
    expect((await readInvoiceVerified(utf16)).ok).toBe(false);
  });

  it("gives a CFDI 3.2 the version message alone (its lower-case sello is not 'no seal')", async () => {
    const v32 = fixtureBytes("cfdiutils__cfdi32-real.xml");
    const version =
      "El XML es un CFDI versión 3.2 de tipo I (Ingreso); se espera una factura: un CFDI versión 4.0 de tipo I (Ingreso).";
    expect(await readInvoiceVerified(v32, TRUST)).toMatchObject({ ok: false, errors: [version], data: null });
    expect(await validateCfdiVerified(v32, TRUST)).toMatchObject({ ok: false, kind: "factura", errors: [version] });
    expect(await verifySeals(v32, TRUST)).toEqual({
      ok: false,
      emisor: "invalid",
      timbre: "invalid",
      errors: [SELLO_MSG.versionNoVerificable("un CFDI versión 3.2")],
    });
  });
});
