/**
 * Seal verdicts over real documents and tampered ones, the sealing helper's round trip, the
 * certificate stores and the verified readers.
 */

import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { MSG } from "@portal/contracts/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CFDI_MSG, SELLO_MSG } from "../src/index";
import {
  type CertificateStore,
  cadenaOriginal,
  combineCertificateStores,
  MemoryCertificatePersistence,
  readInvoiceVerified,
  readPaymentComplementVerified,
  type SealReport,
  satCertificateUrl,
  satRepositoryCertificates,
  sealCfdi,
  shippedCertificates,
  stampCfdi,
  TEST_PAC,
  trustTestCertificatesFromEnv,
  validateCfdiVerified,
  verifySeals,
} from "../src/sello/index";
import { parseXml } from "../src/xml";
import { CERTS_DIR, EKU_CSD, fixtureBytes, fixtureText, invoiceXml, paymentXml, testCsd } from "./helpers";

const TRUST = { trustTestCertificates: true } as const;
const VALID: SealReport = { ok: true, emisor: "valid", timbre: "valid", errors: [] };
const EKU_NUMBER = "30001000000500003416";

function attr(xml: string, name: string): string {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(xml);
  if (!m) throw new Error(`sin ${name}`);
  return m[1] as string;
}

function setAttr(xml: string, name: string, value: string): string {
  return xml.replace(new RegExp(`(\\s${name}=)"[^"]*"`), `$1"${value}"`);
}

function tfdOf(xml: string): string {
  return /<tfd:TimbreFiscalDigital [^>]*\/>/.exec(xml)?.[0] ?? "";
}

describe("verdicts over documents the helpers issue (sealed with EKU9003173C9, stamped by the test PAC)", () => {
  const invoice = invoiceXml();

  it("accepts them both seals valid when test certificates are trusted", async () => {
    expect(await verifySeals(invoice, TRUST)).toEqual(VALID);
    expect(await verifySeals(paymentXml(), TRUST)).toEqual(VALID);
    expect(
      await verifySeals(invoiceXml({ implocal: { TotaldeTraslados: "0.00", TotaldeRetenciones: "0.00" } }), TRUST),
    ).toEqual(VALID);
  });

  it("refuses an edited total: the XML was modified after it was sealed", async () => {
    const edited = invoice.replace('Total="953.33"', 'Total="9953.33"');
    expect(await verifySeals(edited, TRUST)).toEqual({
      ok: false,
      emisor: "invalid",
      timbre: "valid",
      errors: [SELLO_MSG.selloEmisorInvalido],
    });
  });

  it("refuses an altered UUID: the stamp's seal no longer holds", async () => {
    const altered = invoice.replace(/UUID="ab12cd34/, 'UUID="ab12cd35');
    expect(await verifySeals(altered, TRUST)).toEqual({
      ok: false,
      emisor: "valid",
      timbre: "invalid",
      errors: [SELLO_MSG.selloSatInvalido],
    });
  });

  it("refuses a stamp copied from another CFDI: it does not belong to this one", async () => {
    const other = invoiceXml({ comprobante: { Folio: "101" }, tfd: { UUID: "ab12cd34-5678-4def-9abc-0123456789ee" } });
    const copied = invoice.replace(tfdOf(invoice), tfdOf(other));
    expect(await verifySeals(copied, TRUST)).toEqual({
      ok: false,
      emisor: "valid",
      timbre: "invalid",
      errors: [CFDI_MSG.timbreNoCorresponde],
    });
  });

  it("refuses a swapped certificate (another party's certificate in @Certificado)", async () => {
    const xiqb = readFileSync(join(CERTS_DIR, "XIQB891116QE4.cer")).toString("base64");
    const swapped = setAttr(invoice, "Certificado", xiqb);
    expect(await verifySeals(swapped, TRUST)).toEqual({
      ok: false,
      emisor: "invalid",
      timbre: "valid",
      errors: [
        SELLO_MSG.noCertificadoDistinto(EKU_NUMBER, "30001000000400002336"),
        SELLO_MSG.certificadoDeOtroRfc("XIQB891116QE4", "EKU9003173C9"),
        SELLO_MSG.certificadoVencido("2025-03-10T12:00:00", "2023-05-29"),
        SELLO_MSG.selloEmisorInvalido,
      ],
    });
    // Swapped together with its number: the number is part of the cadena, so the seal breaks too.
    const both = setAttr(swapped, "NoCertificado", "30001000000400002336");
    expect((await verifySeals(both, TRUST)).errors).toEqual([
      SELLO_MSG.certificadoDeOtroRfc("XIQB891116QE4", "EKU9003173C9"),
      SELLO_MSG.certificadoVencido("2025-03-10T12:00:00", "2023-05-29"),
      SELLO_MSG.selloEmisorInvalido,
    ]);
  });

  it("refuses a CFDI sealed with the certificate of another RFC, even though the signature holds", async () => {
    const xml = invoiceXml({ emisor: { Rfc: "XIQB891116QE4", Nombre: "BERENICE XIMO QUEZADA" } });
    expect(await verifySeals(xml, TRUST)).toEqual({
      ok: false,
      emisor: "invalid",
      timbre: "valid",
      errors: [SELLO_MSG.certificadoDeOtroRfc("EKU9003173C9", "XIQB891116QE4")],
    });
  });

  it("refuses a date outside the certificate's validity (expired, or not valid yet)", async () => {
    const expired = invoiceXml({ comprobante: { Fecha: "2027-06-01T10:00:00" } });
    expect((await verifySeals(expired, TRUST)).errors).toEqual([
      SELLO_MSG.certificadoVencido("2027-06-01T10:00:00", "2027-05-18"),
    ]);
    const early = invoiceXml({ comprobante: { Fecha: "2023-01-10T10:00:00" } });
    expect((await verifySeals(early, TRUST)).errors).toEqual([
      SELLO_MSG.certificadoAunNoVigente("2023-01-10T10:00:00", "2023-05-18"),
    ]);
    // XIQB891116QE4's CSD was valid until 2023-05-29: sealing a 2025 CFDI with it is refused.
    const xiqb = stampCfdi(
      sealCfdi(
        invoiceXml({ seal: false, tfd: null, emisor: { Rfc: "XIQB891116QE4", Nombre: "BERENICE XIMO QUEZADA" } }),
        testCsd("XIQB891116QE4"),
      ),
      { uuid: "ab12cd34-5678-4def-9abc-0123456789ef", fechaTimbrado: "2025-03-10T12:01:00" },
    );
    expect(await verifySeals(xiqb, TRUST)).toMatchObject({
      emisor: "invalid",
      timbre: "valid",
      errors: [SELLO_MSG.certificadoVencido("2025-03-10T12:00:00", "2023-05-29")],
    });
  });

  it("says the stamp's certificate is unknown when no store has it", async () => {
    const empty = combineCertificateStores();
    expect(await verifySeals(invoice, { ...TRUST, store: empty })).toEqual({
      ok: false,
      emisor: "valid",
      timbre: "unknown-certificate",
      errors: [SELLO_MSG.certificadoSatDesconocido(TEST_PAC.number)],
    });
    const renumbered = setAttr(invoice, "NoCertificadoSAT", "00001000000999999999");
    expect(await verifySeals(renumbered, TRUST)).toMatchObject({
      timbre: "unknown-certificate",
      errors: [SELLO_MSG.certificadoSatDesconocido("00001000000999999999")],
    });
  });

  it("refuses test certificates unless they are trusted (the default is not to)", async () => {
    const expected: SealReport = {
      ok: false,
      emisor: "invalid",
      timbre: "invalid",
      errors: [SELLO_MSG.emisorConCertificadoDePrueba, SELLO_MSG.timbreConCertificadoDePrueba(TEST_PAC.number)],
    };
    expect(await verifySeals(invoice)).toEqual(expected);
    expect(await verifySeals(invoice, { trustTestCertificates: false })).toEqual(expected);
  });

  it("says which seal is absent", async () => {
    expect(await verifySeals(invoiceXml({ tfd: null }), TRUST)).toEqual({
      ok: false,
      emisor: "valid",
      timbre: "absent",
      errors: [CFDI_MSG.sinTimbre],
    });
    const unsealed = invoiceXml({ seal: false, tfd: null }).replace(/\sSello="[^"]*"/, "");
    expect(await verifySeals(unsealed, TRUST)).toEqual({
      ok: false,
      emisor: "absent",
      timbre: "absent",
      errors: [SELLO_MSG.selloAusente, CFDI_MSG.sinTimbre],
    });
  });

  it("finds the issuer's certificate by number when @Certificado is missing", async () => {
    const without = invoice.replace(/\sCertificado="[^"]*"/, "");
    expect(await verifySeals(without, TRUST)).toEqual(VALID);
    const unknown = setAttr(without, "NoCertificado", "00001000000999999998");
    expect(await verifySeals(unknown, TRUST)).toMatchObject({
      emisor: "unknown-certificate",
      errors: [SELLO_MSG.certificadoAusente("00001000000999999998")],
    });
  });

  it("never throws: unreadable input, a 3.2 CFDI, a store that fails", async () => {
    expect(await verifySeals("<a")).toMatchObject({ ok: false, emisor: "invalid", timbre: "invalid" });
    expect((await verifySeals(fixtureBytes("cfdiutils__cfdi32-real.xml"))).ok).toBe(false);
    const failing: CertificateStore = {
      get: async () => {
        throw new Error("sin conexión");
      },
    };
    expect(await verifySeals(invoice, { ...TRUST, store: failing })).toMatchObject({
      ok: false,
      errors: [SELLO_MSG.errorDeVerificacion("sin conexión")],
    });
  });
});

describe("verdicts over the real fixtures", () => {
  it("accepts the real production CFDI 4.0 with production certificates only (test certificates off)", async () => {
    expect(await verifySeals(fixtureBytes("cfdiutils__cfdi40-real.xml"))).toEqual(VALID);
  });

  it("verifies issuer seals of 3.3 and 4.0 documents signed elsewhere, and knows what it cannot verify", async () => {
    expect(await verifySeals(fixtureBytes("cfdiutils__cfdi33-real.xml"), TRUST)).toEqual({
      ok: false,
      emisor: "valid",
      timbre: "unknown-certificate",
      errors: [SELLO_MSG.certificadoSatDesconocido("00001000000406258094")],
    });
    for (const f of [
      "cfdiutils__created-with-discounts-40.xml",
      "cfdiutils__created-cfdi40-pago20-valid.xml",
      "satcfdi__mpago2_xiqb891116qe4_ingreso_iva16.xml",
      "satcfdi__rentenciones_concepto_suma_100.03.xml",
    ]) {
      expect(await verifySeals(fixtureBytes(f), TRUST), f).toMatchObject({ emisor: "valid", timbre: "absent" });
    }
    // h&e: the RFC with "&amp;" is decoded before the cadena is built, so the seal holds.
    expect(await verifySeals(fixtureBytes("satcfdi__hande951128469_ingreso_iva16_stamped.xml"), TRUST)).toMatchObject({
      emisor: "valid",
      timbre: "unknown-certificate",
    });
  });

  it("refuses the stamp whose SelloCFD is not the comprobante's Sello (cfdi33-valid, pago h&e)", async () => {
    for (const f of ["cfdiutils__cfdi33-valid.xml", "satcfdi__pago_hande951128469_ingreso_iva16.xml"]) {
      const r = await verifySeals(fixtureBytes(f), TRUST);
      expect(r.emisor, f).toBe("valid");
      expect(r.timbre, f).toBe("invalid");
      expect(r.errors[0], f).toBe(CFDI_MSG.timbreNoCorresponde);
    }
  });

  it("refuses a valid signature made with a certificate expired on the CFDI's date (satcfdi ejemplo)", async () => {
    const r = await verifySeals(fixtureBytes("satcfdi__cfdv40-ejemplo-signed-tfd.xml"), TRUST);
    expect(r.emisor).toBe("invalid");
    expect(r.errors[0]).toBe(SELLO_MSG.certificadoVencido("2021-12-07T23:59:59", "2021-05-17"));
    expect(r.errors).not.toContain(SELLO_MSG.selloEmisorInvalido);
  });

  it("refuses dummy seals and certificates that are not certificates", async () => {
    expect((await verifySeals(fixtureBytes("cfdiutils__pagos10_sample-validacfd01.xml"), TRUST)).errors).toContain(
      SELLO_MSG.selloEmisorInvalido,
    );
    expect((await verifySeals(fixtureBytes("satcfdi__cfdv40-pagos20-all.xml"), TRUST)).errors).toContain(
      SELLO_MSG.certificadoIlegible,
    );
  });
});

describe("the sealing helper round-trips", () => {
  const unsigned = invoiceXml({ seal: false, tfd: null }).replace(/\s(Sello|NoCertificado)="[^"]*"/g, "");
  const sealed = sealCfdi(unsigned, EKU_CSD);
  const stamped = stampCfdi(sealed, {
    uuid: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9",
    fechaTimbrado: "2025-03-10T12:05:00",
  });

  it("what it seals and stamps, the verifier accepts", async () => {
    expect(attr(sealed, "NoCertificado")).toBe(EKU_NUMBER);
    expect(await verifySeals(stamped, TRUST)).toEqual(VALID);
    expect(attr(tfdOf(stamped), "SelloCFD")).toBe(attr(sealed, "Sello"));
  });

  it("one changed byte in any sealed value, and the verifier refuses", async () => {
    const root = parseXml(stamped);
    if (!root.ok) throw new Error("no se pudo leer");
    // Every value written in the cadena: change its first character and the seal must break.
    const values = [...stamped.matchAll(/\s([A-Za-z]+)="([^"]+)"/g)].filter(
      ([, name]) => !["Sello", "Certificado", "SelloSAT", "xmlns", "schemaLocation"].includes(name as string),
    );
    expect(values.length).toBeGreaterThan(30);
    const cadena = cadenaOriginal(root.root);
    let checked = 0;
    for (const m of values) {
      const [whole, name, value] = m as unknown as [string, string, string];
      const changed = value[0] === "X" ? `Y${value.slice(1)}` : `X${value.slice(1)}`;
      const at = m.index as number;
      const tampered = `${stamped.slice(0, at)} ${name}="${changed}"${stamped.slice(at + whole.length)}`;
      const r = await verifySeals(tampered, TRUST);
      expect(r.ok, `${name}="${value}"`).toBe(false);
      checked++;
    }
    expect(checked).toBe(values.length);
    // The seal itself: one character changed.
    const sello = attr(stamped, "Sello");
    const bad = stamped.replace(sello, `${sello[0] === "A" ? "B" : "A"}${sello.slice(1)}`);
    expect((await verifySeals(bad, TRUST)).emisor).toBe("invalid");
    expect(cadena.length).toBeGreaterThan(100);
  });

  it("what the seal does not cover (white space between elements, an Addenda) may change", async () => {
    const reformatted = stamped.replaceAll("\n  <", "\n\n\t<");
    expect(reformatted).not.toBe(stamped);
    expect(await verifySeals(reformatted, TRUST)).toEqual(VALID);
    const withAddenda = stamped.replace(
      "</cfdi:Comprobante>",
      '<cfdi:Addenda><x xmlns="urn:x">libre</x></cfdi:Addenda></cfdi:Comprobante>',
    );
    expect(await verifySeals(withAddenda, TRUST)).toEqual(VALID);
  });

  it("adds cfdi:Complemento when missing (before an Addenda), refuses to stamp twice or unsealed", () => {
    const noComplemento = sealCfdi(
      unsigned
        .replace(/\s*<cfdi:Complemento>\s*<\/cfdi:Complemento>/, "")
        .replace("</cfdi:Comprobante>", "<cfdi:Addenda/></cfdi:Comprobante>"),
      EKU_CSD,
    );
    const s = stampCfdi(noComplemento, {
      uuid: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9",
      fechaTimbrado: "2025-03-10T12:05:00",
    });
    expect(s).toMatch(/<cfdi:Complemento><tfd:TimbreFiscalDigital [^>]*\/><\/cfdi:Complemento><cfdi:Addenda\/>/);
    expect(() => stampCfdi(s, { uuid: "x", fechaTimbrado: "2025-03-10T12:05:00" })).toThrow(/ya está timbrado/);
    expect(() => stampCfdi(unsigned, { uuid: "x", fechaTimbrado: "2025-03-10T12:05:00" })).toThrow(/no está sellado/);
    expect(() => sealCfdi(unsigned, { ...EKU_CSD, cer: readFileSync(join(CERTS_DIR, "XIQB891116QE4.cer")) })).toThrow(
      /no corresponde/,
    );
  });

  it("opens the SAT's encrypted .key with its password", () => {
    const csd = {
      cer: readFileSync(join(CERTS_DIR, "EKU9003173C9.cer")),
      key: readFileSync(join(CERTS_DIR, "EKU9003173C9.key")),
      password: "12345678a",
    };
    expect(sealCfdi(unsigned, csd)).toBe(sealed);
    expect(() => sealCfdi(unsigned, { ...csd, password: "otra" })).toThrow();
  });
});

describe("certificate stores", () => {
  const real = "00001000000708361114";
  const der = readFileSync(join(CERTS_DIR, `${real}.cer`));
  let server: Server;
  let baseUrl: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? "");
      if (req.url === `/rccf/${satCertificateUrl(real, "").replace(/^\//, "")}`) {
        res.writeHead(200, { "content-type": "application/octet-stream" }).end(der);
      } else if (req.url?.endsWith("/00001000000700000000.cer")) {
        res.writeHead(200).end(der); // the wrong certificate for that number
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rccf/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("builds the SAT repository path from the number", () => {
    expect(satCertificateUrl(real)).toBe("https://rdc.sat.gob.mx/rccf/000010/000007/08/36/11/00001000000708361114.cer");
    expect(() => satCertificateUrl("../../etc/passwd")).toThrow();
  });

  it("fetches an unknown certificate once, keeps it in the persistence, and verifies with it", async () => {
    requests.length = 0;
    const persistence = new MemoryCertificatePersistence();
    const store = satRepositoryCertificates({ baseUrl, persistence });
    const [a, b] = await Promise.all([store.get(real), store.get(real)]);
    expect(a?.serialNumber).toBe(b?.serialNumber);
    expect(await store.get(real)).not.toBeNull();
    expect(requests).toEqual(["/rccf/000010/000007/08/36/11/00001000000708361114.cer"]);
    expect(persistence.size).toBe(1);
    // Another process with the same persistence (the PostgreSQL table) does not fetch again.
    const again = satRepositoryCertificates({ baseUrl, persistence });
    expect(await verifySeals(fixtureBytes("cfdiutils__cfdi40-real.xml"), { store: again })).toEqual(VALID);
    expect(requests).toHaveLength(1);
  });

  it("refuses a certificate whose number is not the one asked for, remembers failures, ignores bad numbers", async () => {
    requests.length = 0;
    const store = satRepositoryCertificates({ baseUrl });
    expect(await store.get("00001000000700000000")).toBeNull();
    expect(await store.get("00001000000799999999")).toBeNull();
    expect(await store.get("00001000000799999999")).toBeNull();
    expect(await store.get("no-es-numero")).toBeNull();
    expect(requests).toHaveLength(2);
    const unreachable = satRepositoryCertificates({ baseUrl: "http://127.0.0.1:9/", timeoutMs: 2000 });
    expect(await unreachable.get(real)).toBeNull();
  });

  it("ships the SAT stamping certificates and the test PAC, combined in order", async () => {
    const shipped = shippedCertificates();
    for (const n of [real, "00001000000504465028", "30001000000500003456", TEST_PAC.number]) {
      expect(await shipped.get(n), n).not.toBeNull();
    }
    const calls: string[] = [];
    const spy: CertificateStore = {
      get: async (n) => {
        calls.push(n);
        return null;
      },
    };
    const combined = combineCertificateStores(shipped, spy);
    expect(await combined.get(real)).not.toBeNull();
    expect(await combined.get("00001000000111111111")).toBeNull();
    expect(calls).toEqual(["00001000000111111111"]);
  });
});

describe("readInvoice / readPaymentComplement with seals", () => {
  it("gives the seal messages as errors, with what was read", async () => {
    const edited = invoiceXml().replace('Total="953.33"', 'Total="9953.33"');
    const r = await readInvoiceVerified(edited, TRUST);
    expect(r).toMatchObject({ ok: false, errors: [SELLO_MSG.selloEmisorInvalido], data: { Total: "9953.33" } });
    expect(r.sellos).toMatchObject({ emisor: "invalid", timbre: "valid" });
    const ok = await readInvoiceVerified(invoiceXml(), TRUST);
    expect(ok).toMatchObject({ ok: true, warnings: [], sellos: VALID, data: { RFCEmisor: "EKU9003173C9" } });
    const pago = await readPaymentComplementVerified(paymentXml(), TRUST);
    expect(pago).toMatchObject({ ok: true, sellos: VALID, data: { Total: "15000.00" } });
    expect((await readPaymentComplementVerified(paymentXml())).ok).toBe(false);
  });

  it("puts structure messages first and does not repeat one the seal check also finds", async () => {
    const r = await readInvoiceVerified(invoiceXml({ tfd: null }), TRUST);
    expect(r).toMatchObject({
      ok: false,
      errors: [MSG.xmlSinTimbre, CFDI_MSG.sinTimbre],
      data: { UUID: "" },
    });
    const unreadable = await readInvoiceVerified("<a");
    expect(unreadable).toMatchObject({ ok: false, data: null, sellos: null });
  });

  it("validateCfdiVerified says what the document is, for the command line", async () => {
    expect(await validateCfdiVerified(paymentXml(), TRUST)).toMatchObject({ kind: "pago", ok: true });
    expect(await validateCfdiVerified(fixtureText("cfdiutils__cfdi40-real.xml"))).toMatchObject({
      kind: "factura",
      ok: true,
      sellos: VALID,
    });
  });

  it("reads SAT_TEST_CERTS: true unless production, explicit values win", () => {
    expect(trustTestCertificatesFromEnv({})).toBe(true);
    expect(trustTestCertificatesFromEnv({ NODE_ENV: "production" })).toBe(false);
    expect(trustTestCertificatesFromEnv({ NODE_ENV: "production", SAT_TEST_CERTS: "true" })).toBe(true);
    expect(trustTestCertificatesFromEnv({ SAT_TEST_CERTS: "false" })).toBe(false);
    expect(trustTestCertificatesFromEnv({ SAT_TEST_CERTS: "0" })).toBe(false);
  });
});
