import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NOTA_CREDITO_MSG } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WITHHOLDING_MSG, WITHHOLDING_RULE } from "../src/index";
import { type ConceptoPrueba, type FacturaPrueba, issueTestFactura } from "../src/sello/index";

/**
 * Issue 39: `cfdi validate` checks credit notes (tipo E: they must relate the invoices they credit) and runs the
 * withholding rules on invoices, with a sociedad's switches as options. Every CFDI is sealed here with the SAT's
 * test CSDs and stamped by the project's test PAC.
 */
const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
const TSX = join(PACKAGE_DIR, "node_modules/.bin/tsx");

function cli(args: string[], initCwd: string) {
  const env = { ...process.env, INIT_CWD: initCwd, SAT_TEST_CERTS: "true" };
  const r = spawnSync(TSX, ["src/cli.ts", ...args], { cwd: PACKAGE_DIR, env, encoding: "utf8", timeout: 30_000 });
  const lines = r.stdout === "" ? [] : r.stdout.replace(/\n$/, "").split("\n");
  return { status: r.status, parsed: lines.map((l) => JSON.parse(l)), stderr: r.stderr };
}

/** Berenice (an individual, RESICO) invoicing KIJ (a legal entity), within her test CSD's validity. */
const berenice = (regimen: string, conceptos: ConceptoPrueba[], uuid: string): FacturaPrueba => ({
  emisor: { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", regimen },
  receptor: { rfc: "KIJ0906199R1", nombre: "KIJ, S.A DE C.V.", cp: "59820", regimen: "601", uso: "G03" },
  lugarExpedicion: "44160",
  fecha: "2023-05-10T10:00:00",
  folio: "B-1",
  formaPago: "03",
  metodoPago: "PUE",
  subtotal: "0",
  iva: "0",
  conceptos,
  uuid,
  fechaTimbrado: "2023-05-10T10:05:00",
});
/** Kemper's credit note to the municipality, relating its invoice with the groups given. */
const nota = (relaciones: { TipoRelacion: string; UUIDs: string[] }[]): FacturaPrueba => ({
  emisor: { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" },
  receptor: { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603", uso: "G02" },
  lugarExpedicion: "86000",
  fecha: "2026-11-20T10:00:00",
  folio: "NC-1",
  formaPago: "03",
  metodoPago: "PUE",
  subtotal: "100",
  iva: "16",
  tipo: "E",
  cfdiRelacionados: relaciones,
  uuid: "31111111-2222-4333-8444-555555555555",
  fechaTimbrado: "2026-11-20T10:05:00",
});

const SERVICIO = { claveProdServ: "80101500", importe: "1000", iva: "160", isr: "12.50", tasaIsr: "0.012500" };
const IVA_RESICO = WITHHOLDING_MSG.iva(WITHHOLDING_RULE.resicoIva, "106.67", "160.00", "1,000.00", "0.00", [
  "106.66",
  "106.67",
]);

// Each run starts the CLI through tsx (a second or more on a busy machine): few runs, several files each.
describe("command line: credit notes and withholdings (issue 39)", { timeout: 90_000 }, () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cfdi-cli-retenciones-"));
    const write = (name: string, f: FacturaPrueba) => writeFileSync(join(dir, name), issueTestFactura(f));
    write("nota.xml", nota([{ TipoRelacion: "01", UUIDs: ["ab12cd34-5678-4def-9abc-0123456789ef"] }]));
    write("nota-sin-relacion.xml", nota([]));
    write("resico-servicio.xml", berenice("626", [SERVICIO], "41111111-2222-4333-8444-555555555551"));
    write(
      "resico-manzanas.xml",
      berenice(
        "626",
        [{ claveProdServ: "50301500", importe: "1000", iva: "0", tasaIva: "0.000000" }],
        "41111111-2222-4333-8444-555555555552",
      ),
    );
    write(
      "resico-papel.xml",
      berenice(
        "626",
        [{ claveProdServ: "14111500", importe: "1000", iva: "160" }],
        "41111111-2222-4333-8444-555555555553",
      ),
    );
    write(
      "renta.xml",
      berenice(
        "606",
        [{ claveProdServ: "80131502", importe: "1000", iva: "160" }],
        "41111111-2222-4333-8444-555555555554",
      ),
    );
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const FILES = [
    "nota.xml",
    "nota-sin-relacion.xml",
    "resico-servicio.xml",
    "resico-manzanas.xml",
    "resico-papel.xml",
    "renta.xml",
  ];

  it("with a new sociedad's switches: a credit note relating an invoice passes, one relating none does not; RESICO's 1.25 % is asked of paper, not of apples", () => {
    const { status, parsed } = cli(["validate", ...FILES], dir);
    expect(status).toBe(1);
    const [conRelacion, sinRelacion, servicio, manzanas, papel, renta] = parsed;
    expect(conRelacion).toMatchObject({
      ok: true,
      kind: "nota",
      errors: [],
      data: { TipoDeComprobante: "E", CfdiRelacionados: [{ TipoRelacion: "01" }] },
      sellos: { emisor: "valid", timbre: "valid" },
    });
    expect(sinRelacion).toMatchObject({ ok: false, kind: "nota", errors: [NOTA_CREDITO_MSG.sinRelacion] });
    // Without fee keys the service is not known as one; rent is off by default.
    expect(servicio).toMatchObject({ ok: true, kind: "factura", errors: [] });
    expect(manzanas).toMatchObject({ ok: true, errors: [] });
    expect(papel).toMatchObject({
      ok: false,
      errors: [
        WITHHOLDING_MSG.isr(WITHHOLDING_RULE.resicoIsr, "12.50", "1,000.00", "1.25 %", "0.00", ["12.49", "12.51"]),
      ],
      sellos: { emisor: "valid", timbre: "valid" },
    });
    expect(renta).toMatchObject({ ok: true, errors: [] });
  });

  it("the sociedad's switches as options: fee keys, rent, no IVA withheld, an agricultural supplier, RESICO off", () => {
    const withKeys = cli(["validate", "--claves-honorarios=80101500", "--arrendamiento", ...FILES.slice(2)], dir);
    const [servicio, manzanas, papel, renta] = withKeys.parsed;
    expect(servicio).toMatchObject({ ok: false, errors: [IVA_RESICO] });
    expect(manzanas).toMatchObject({ ok: true });
    expect(papel.ok).toBe(false);
    expect(renta.errors).toEqual([
      WITHHOLDING_MSG.isr(WITHHOLDING_RULE.arrendamientoIsr, "100.00", "1,000.00", "10 %", "0.00", ["99.99", "100.01"]),
      WITHHOLDING_MSG.iva(WITHHOLDING_RULE.arrendamientoIva, "106.67", "160.00", "1,000.00", "0.00", [
        "106.66",
        "106.67",
      ]),
    ]);

    const municipio = cli(
      ["validate", "--claves-honorarios=80101500", "--no-retiene-iva", "--proveedor-agapes", ...FILES.slice(2)],
      dir,
    );
    expect(municipio.status).toBe(0);
    expect(municipio.parsed.map((p) => p.ok)).toEqual([true, true, true, true]);

    const sinResico = cli(["validate", "--sin-resico", "resico-papel.xml"], dir);
    expect(sinResico.status).toBe(0);
    const sinRetenciones = cli(
      ["validate", "--sin-retenciones", "--arrendamiento", "renta.xml", "resico-papel.xml"],
      dir,
    );
    expect(sinRetenciones.status).toBe(0);
  });

  it("refuses an unknown option or a fee key that is not a ClaveProdServ, with the usage, exit 2", () => {
    const desconocida = cli(["validate", "--retener-todo", "renta.xml"], dir);
    expect(desconocida.status).toBe(2);
    expect(desconocida.stderr).toContain("Opción desconocida: --retener-todo");
    expect(desconocida.stderr).toContain("--claves-honorarios=CLAVE,CLAVE");
    const clave = cli(["validate", "--claves-honorarios=80101500,8010", "renta.xml"], dir);
    expect(clave.status).toBe(2);
    expect(clave.stderr).toContain("Clave de honorarios no válida: 8010");
  });
});
