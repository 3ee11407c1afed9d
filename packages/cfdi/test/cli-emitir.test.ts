import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmitirIo, runEmitir } from "../src/cli-emitir";
import { checkPdf, complementoEsperado, creditedUuids } from "../src/index";
import { SERVER_PDF_CHECK } from "../src/pdf/node";
import { readCreditNoteVerified, readInvoiceVerified, readPaymentComplementVerified } from "../src/sello/index";

/** Issue 40 (decision 062): `npm run cfdi -- emitir factura|nota|complemento` writes a sealed test CFDI and its PDF. */
const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
const TSX = join(PACKAGE_DIR, "node_modules/.bin/tsx");
const NOW = new Date("2026-11-29T16:00:00Z");

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cfdi-emitir-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: EmitirIo = { now: NOW, cwd: dir, out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = runEmitir(args, io);
  const line = out[0] ? (JSON.parse(out[0]) as { ok: boolean; uuid: string; xml: string; pdf: string }) : null;
  return { code, line, err: err.join("\n") };
}
const base = ["--rfc", "EKU9003173C9", "--sociedad", "SBO_MCI"];

describe("cfdi emitir", () => {
  it("factura: the SAT-PRUEBA-2025 receipt's figures, sealed, stamped and with its PDF", async () => {
    const r = run([
      "factura",
      ...base,
      ...["--subtotal", "3824.15", "--descuento", "956.04", "--forma", "01", "--uso", "G03", "--cp", "86000"],
      ...["--fecha", "2025-02-19T10:00:00", "--folio", "7"],
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.line?.xml).toBe(join(dir, "PRUEBA7-EKU9003173C9.xml"));
    const read = await readInvoiceVerified(readFileSync(r.line?.xml ?? ""), { trustTestCertificates: true });
    expect(read.ok).toBe(true);
    expect(read.data).toMatchObject({
      Total: "3327.01",
      Descuento: "956.04",
      FormaPago: "01",
      MetodoPago: "PUE",
      FechaFactura: "2025-02-19T10:00:00",
      RFCReceptor: "MCI7306249Y1",
      UUID: r.line?.uuid,
    });
    expect(checkPdf("f.pdf", readFileSync(r.line?.pdf ?? ""), SERVER_PDF_CHECK)).toEqual([]);
  });

  it("nota: a CFDI de egreso crediting the invoice named (TipoRelacion 01), dated now by default", async () => {
    const uuid = "6C1F2A40-3B7E-4D58-9A61-0E7B2C3D4F51";
    const r = run(["nota", ...base, "--factura", uuid, "--total", "116", "--cp", "86000"]);
    expect(r.code, r.err).toBe(0);
    const read = await readCreditNoteVerified(readFileSync(r.line?.xml ?? ""), { trustTestCertificates: true });
    expect(read.ok).toBe(true);
    expect(read.data).toMatchObject({ Total: "116.00", FechaFactura: "2026-11-29T10:00:00" });
    expect(read.data && creditedUuids(read.data)).toEqual([uuid]);
  });

  it("complemento: from the JSON the 'Complemento esperado' panel downloads", async () => {
    const esperado = complementoEsperado({
      pago: { fecha: "2026-11-20", formaPago: "03", moneda: "MXN", tipoCambio: "1", total: "500.00", cancelado: false },
      facturas: [
        {
          uuid: "6C1F2A40-3B7E-4D58-9A61-0E7B2C3D4F51",
          folio: "A1201",
          moneda: "MXN",
          total: "1160.00",
          aplicado: "500.00",
          aplicadoAntes: [],
          acreditado: "0",
        },
      ],
    });
    writeFileSync(join(dir, "complemento-esperado-2064.json"), JSON.stringify(esperado));
    const r = run(["complemento", ...base, "--esperado", "complemento-esperado-2064.json"]);
    expect(r.code, r.err).toBe(0);
    const read = await readPaymentComplementVerified(readFileSync(r.line?.xml ?? ""), { trustTestCertificates: true });
    expect(read.ok).toBe(true);
    expect(read.data).toMatchObject({ Total: "500.00", FechaPago: "2026-11-20T12:00:00" });
  });

  it("refuses to seal with an expired test CSD, and seals within its validity", () => {
    const berenice = ["factura", "--rfc", "XIQB891116QE4", "--sociedad", "SBO_KIJ", "--total", "1160", "--cp", "44160"];
    const hoy = run(berenice);
    expect(hoy.code).toBe(1);
    expect(hoy.err).toMatch(/venció el 2023-05-2\d/);
    expect(run([...berenice, "--fecha", "2023-05-20T10:00:00"]).code).toBe(0);
  });

  it("'ayuda' prints the usage; usage errors answer code 2 and the usage", () => {
    const out: string[] = [];
    expect(runEmitir(["ayuda"], { now: NOW, cwd: dir, out: (l) => out.push(l), err: () => {} })).toBe(0);
    expect(out.join("\n")).toContain("--esperado");
    for (const args of [
      [],
      ["recibo"],
      ["factura", "--rfc", "AAA010101AAA", "--sociedad", "SBO_MCI", "--total", "1"],
      ["factura", ...base],
      ["factura", ...base, "--total", "mil"],
      ["factura", ...base, "--total"],
      ["complemento", ...base],
    ]) {
      const r = run(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toContain("Uso: cfdi emitir");
    }
  });

  it("runs from the command line (npm run cfdi -- emitir …), paths relative to INIT_CWD", { timeout: 60_000 }, () => {
    const r = spawnSync(TSX, ["src/cli.ts", "emitir", "factura", ...base, "--total", "1160", "--folio", "cli"], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, INIT_CWD: dir },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, xml: join(dir, "PRUEBAcli-EKU9003173C9.xml") });
    expect(readFileSync(join(dir, "PRUEBAcli-EKU9003173C9.pdf")).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
