import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MSG } from "@portal/contracts/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CFDI_MSG, MAX_XML_BYTES, SELLO_MSG } from "../src/index";
import { sealCfdi, stampCfdi, TEST_PAC } from "../src/sello/index";
import { EKU_CSD, FIXTURES_DIR, invoiceXml } from "./helpers";

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
const TSX = join(PACKAGE_DIR, "node_modules/.bin/tsx");

function cli(args: string[], initCwd?: string, extraEnv: Record<string, string> = {}) {
  const env = { ...process.env, INIT_CWD: initCwd ?? "", ...extraEnv };
  const r = spawnSync(TSX, ["src/cli.ts", ...args], { cwd: PACKAGE_DIR, env, encoding: "utf8", timeout: 30_000 });
  const lines = r.stdout === "" ? [] : r.stdout.replace(/\n$/, "").split("\n");
  return { status: r.status, lines, parsed: lines.map((l) => JSON.parse(l)), stderr: r.stderr };
}

// Each test starts the CLI through tsx (about a second each; several on a busy 2-core machine).
describe("command line: validate", { timeout: 60_000 }, () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cfdi-cli-"));
    writeFileSync(join(dir, "vacio.xml"), "");
    writeFileSync(join(dir, "binario.xml"), new Uint8Array([0x00, 0xff, 0x13, 0x37, 0x00, 0x01]));
    writeFileSync(join(dir, "enorme.xml"), new Uint8Array(MAX_XML_BYTES + 1).fill(0x20));
    writeFileSync(join(dir, "bomba.xml"), '<!DOCTYPE a [<!ENTITY a "aaaa">]><a>&a;</a>');
    writeFileSync(join(dir, "sin-folio.xml"), invoiceXml({ comprobante: { Folio: null } }));
    writeFileSync(join(dir, "alterada.xml"), invoiceXml().replace('Total="953.33"', 'Total="9953.33"'));
    // Sealed and "stamped" with EKU9003173C9's own test CSD: NoCertificadoSAT is the CSD's number (issue 22).
    const timbreFalso = stampCfdi(sealCfdi(invoiceXml({ tfd: null }), EKU_CSD), {
      uuid: "ab12cd34-5678-4def-9abc-0123456789ef",
      fechaTimbrado: "2025-03-10T12:01:00",
      rfcProvCertif: "SAT970701NN3",
      pac: EKU_CSD,
    });
    writeFileSync(join(dir, "timbre-falso.xml"), timbreFalso);
    mkdirSync(join(dir, "carpeta"));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("prints one JSON line per file, whatever the file, and exits 1 when any is invalid", () => {
    const files = [
      join(FIXTURES_DIR, "cfdiutils__cfdi40-real.xml"),
      join(FIXTURES_DIR, "cfdiutils__cfdi33-real.xml"),
      "vacio.xml",
      "binario.xml",
      "enorme.xml",
      "bomba.xml",
      "carpeta",
      "no-existe.xml",
    ];
    const { status, parsed, lines } = cli(["validate", ...files], dir);
    expect(status).toBe(1);
    expect(lines).toHaveLength(files.length);
    expect(parsed.map((p) => p.file)).toEqual(files);
    for (const p of parsed) {
      expect(Object.keys(p)).toEqual(["file", "ok", "kind", "errors", "warnings", "data", "sellos"]);
    }

    const [real, v33, vacio, binario, enorme, bomba, carpeta, noExiste] = parsed;
    expect(real).toMatchObject({
      ok: true,
      kind: "factura",
      errors: [],
      data: { UUID: "C2832671-DA6D-11EF-A83D-00155D012007" },
      sellos: { emisor: "valid", timbre: "valid" },
    });
    expect(v33).toMatchObject({ ok: false, kind: "factura", data: null });
    expect(v33.errors[0]).toMatch(/^El XML es un CFDI versión 3\.3/);
    expect(vacio.errors).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlVacio]);
    expect(binario.errors).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlBinario]);
    expect(enorme.errors).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlDemasiadoGrande(MAX_XML_BYTES)]);
    expect(bomba.errors).toEqual([MSG.xmlSinTimbre, CFDI_MSG.xmlDoctype]);
    expect(vacio.sellos).toBeNull();
    expect(carpeta).toMatchObject({ ok: false, kind: "otro", errors: ["Es un directorio, no un archivo."] });
    expect(noExiste).toMatchObject({ ok: false, kind: "otro", errors: ["No se encontró el archivo."] });
  });

  it("exits 0 when every file is valid, and accepts the update-form variant", () => {
    const ok = cli(["validate", join(FIXTURES_DIR, "cfdiutils__cfdi40-real.xml")]);
    expect(ok.status).toBe(0);
    expect(ok.parsed[0]).toMatchObject({ ok: true, kind: "factura", warnings: [] });

    expect(cli(["validate", "sin-folio.xml"], dir).status).toBe(0);
    const update = cli(["validate", "--variant=actualizacion", "sin-folio.xml"], dir);
    expect(update.status).toBe(1);
    expect(update.parsed[0].errors).toEqual([CFDI_MSG.faltaFolio]);
  });

  it("prints what it read and the seal verdicts when a seal fails; SAT_TEST_CERTS=false refuses test CFDIs", () => {
    const altered = cli(["validate", "alterada.xml"], dir);
    expect(altered.status).toBe(1);
    expect(altered.parsed[0]).toMatchObject({
      ok: false,
      kind: "factura",
      errors: [SELLO_MSG.selloEmisorInvalido],
      data: { Total: "9953.33", RFCEmisor: "EKU9003173C9" },
      sellos: { emisor: "invalid", timbre: "valid" },
    });
    const strict = cli(["validate", "sin-folio.xml"], dir, { SAT_TEST_CERTS: "false" });
    expect(strict.status).toBe(1);
    expect(strict.parsed[0]).toMatchObject({
      ok: false,
      errors: [SELLO_MSG.emisorConCertificadoDePrueba, SELLO_MSG.timbreConCertificadoDePrueba(TEST_PAC.number)],
      data: { Folio: "S/F" },
      sellos: { emisor: "invalid", timbre: "invalid" },
    });
    // The real production CFDI needs no test certificate.
    const real = cli(["validate", join(FIXTURES_DIR, "cfdiutils__cfdi40-real.xml")], dir, { SAT_TEST_CERTS: "false" });
    expect(real.status).toBe(0);
  });

  it("refuses a stamp the SAT did not sign; a genuine test CFDI, xmlns:schemaLocation and a 3.2 read right", () => {
    const schemaLocation = join(FIXTURES_DIR, "derivados", "cfdi40-real-xmlns-schemaLocation.xml");
    const cfdi32 = join(FIXTURES_DIR, "cfdiutils__cfdi32-real.xml");
    const { status, parsed } = cli(["validate", "timbre-falso.xml", "sin-folio.xml", schemaLocation, cfdi32], dir);
    expect(status).toBe(1);
    const [falso, genuino, conSchemaLocation, v32] = parsed;
    expect(falso).toMatchObject({
      ok: false,
      kind: "factura",
      errors: [SELLO_MSG.timbreConCertificadoDelEmisor("30001000000500003416", "EKU9003173C9")],
      data: { RFCEmisor: "EKU9003173C9" },
      sellos: { emisor: "valid", timbre: "invalid" },
    });
    expect(genuino).toMatchObject({ ok: true, errors: [], sellos: { emisor: "valid", timbre: "valid" } });
    expect(conSchemaLocation).toMatchObject({ ok: true, errors: [], sellos: { emisor: "valid", timbre: "valid" } });
    expect(v32).toMatchObject({
      ok: false,
      errors: [
        "El XML es un CFDI versión 3.2 de tipo I (Ingreso); se espera una factura: un CFDI versión 4.0 de tipo I (Ingreso).",
      ],
    });
    // Production mode: the real CFDI with the generator's mistake needs no test certificate.
    expect(cli(["validate", schemaLocation], dir, { SAT_TEST_CERTS: "false" }).status).toBe(0);
  });

  it("prints usage on stderr and exits 2 without files or with an unknown command", () => {
    for (const args of [[], ["validate"], ["otra-cosa", "x.xml"], ["validate", "--variant=nada", "x.xml"]]) {
      const r = cli(args);
      expect(r.status).toBe(2);
      expect(r.lines).toEqual([]);
      expect(r.stderr).toMatch(/Uso: cfdi validate/);
    }
  });

  it("refuses an http:// SAT_CERTS_URL (issue 36): certificates are fetched over https only", () => {
    const r = cli(["validate", join(FIXTURES_DIR, "cfdiutils__cfdi40-real.xml")], dir, {
      SAT_CERTS_URL: "http://rdc.sat.gob.mx/rccf/",
    });
    expect(r.status).toBe(2);
    expect(r.lines).toEqual([]);
    expect(r.stderr).toContain("SAT_CERTS_URL debe ser una dirección https://");
  });
});
