import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_TSV_PATH, groupCatalogos, parseCatalogosTsv } from "../scripts/generate-catalogos";
import {
  CATALOGOS,
  decimalesMoneda,
  describeCode,
  describeFormaPago,
  describeMetodoPago,
  describeMoneda,
  describeRegimenFiscal,
  describeUsoCfdi,
  existsInCatalogo,
  listCatalogo,
  metodoPagoPorDiasCredito,
  personasDelRegimen,
} from "../src/index";

describe("catalogos.generated.ts", () => {
  it("matches sat/catalogos.tsv (regenerate with `npx tsx scripts/generate-catalogos.ts`)", () => {
    const rows = parseCatalogosTsv(readFileSync(DEFAULT_TSV_PATH, "utf8"));
    expect(JSON.parse(JSON.stringify(CATALOGOS))).toEqual(groupCatalogos(rows));
    const total = Object.values(CATALOGOS).reduce((n, c) => n + Object.keys(c).length, 0);
    expect(total).toBe(rows.length);
  });

  it("parser refuses a malformed TSV rather than guessing", () => {
    expect(() => parseCatalogosTsv("catalog\tcode\n")).toThrow(/Encabezado/);
    expect(() => parseCatalogosTsv("catalog\tcode\tdescription\tnotes\tsource\nc_X\t01\tsolo tres\n")).toThrow(
      /columnas/,
    );
    const dup = "catalog\tcode\tdescription\tnotes\tsource\nc_X\t01\ta\t\ts\nc_X\t01\tb\t\ts\n";
    expect(() => parseCatalogosTsv(dup)).toThrow(/repetido/);
  });

  it("covers the codes spec §3 lists", () => {
    for (const code of [
      "01",
      "02",
      "03",
      "04",
      "05",
      "06",
      "08",
      "12",
      "13",
      "14",
      "15",
      "17",
      "23",
      "28",
      "31",
      "99",
    ]) {
      expect(existsInCatalogo("c_FormaPago", code), code).toBe(true);
    }
    for (const code of [
      "601",
      "603",
      "605",
      "606",
      "607",
      "608",
      "610",
      "611",
      "612",
      "614",
      "615",
      "616",
      "620",
      "626",
    ]) {
      expect(existsInCatalogo("c_RegimenFiscal", code), code).toBe(true);
    }
    const usos = ["G01", "G02", "G03", "I01", "I08", "D01", "D10", "S01", "CP01", "CN01"];
    for (const code of usos) expect(existsInCatalogo("c_UsoCFDI", code), code).toBe(true);
  });
});

describe("descriptions", () => {
  it("gives the SAT's official wording", () => {
    expect(describeFormaPago("01")).toBe("Efectivo");
    expect(describeFormaPago("03")).toBe("Transferencia electrónica de fondos");
    expect(describeFormaPago("28")).toBe("Tarjeta de débito");
    expect(describeFormaPago("99")).toBe("Por definir");
    expect(describeMetodoPago("PUE")).toBe("Pago en una sola exhibición");
    expect(describeMetodoPago("PPD")).toBe("Pago en parcialidades o diferido");
    expect(describeRegimenFiscal("601")).toBe("General de Ley Personas Morales");
    expect(describeMoneda("USD")).toBe("Dólar americano");
    expect(describeCode("c_TipoDeComprobante", "P")).toBe("Pago");
  });

  it("uso de CFDI includes the spec's -1 (blank) and -9, and the 3.3 code P01", () => {
    expect(describeUsoCfdi("G03")).toBe("Gastos en general.");
    expect(describeUsoCfdi("-1")).toBe("");
    expect(describeUsoCfdi("-9")).toBe("Definir de nuevo");
    expect(describeUsoCfdi("P01")).toBe("Por definir");
    expect(describeUsoCfdi("Z99")).toBeUndefined();
  });

  it("unknown codes, and names of Object.prototype, are not found", () => {
    for (const code of ["00", "", "__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(describeFormaPago(code), code).toBeUndefined();
      expect(describeUsoCfdi(code), code).toBeUndefined();
      expect(existsInCatalogo("c_RegimenFiscal", code)).toBe(false);
    }
    expect(describeFormaPago(undefined as unknown as string)).toBeUndefined();
  });

  it("lists a catalogue sorted by code", () => {
    const list = listCatalogo("c_FormaPago").map((e) => e.codigo);
    expect(list[0]).toBe("01");
    expect(list.at(-1)).toBe("99");
    expect(list).toHaveLength(22);
  });
});

describe("currency decimals and régimen personas", () => {
  it("reads c_Moneda decimals", () => {
    expect(decimalesMoneda("MXN")).toBe(2);
    expect(decimalesMoneda("JPY")).toBe(0);
    expect(decimalesMoneda("XXX")).toBe(0);
    expect(decimalesMoneda("ZZZ")).toBeUndefined();
  });

  it("reads who a régimen applies to", () => {
    expect(personasDelRegimen("601")).toEqual({ fisica: false, moral: true });
    expect(personasDelRegimen("606")).toEqual({ fisica: true, moral: false });
    expect(personasDelRegimen("626")).toEqual({ fisica: true, moral: true });
    expect(personasDelRegimen("630")).toBeUndefined();
  });
});

describe("metodoPagoPorDiasCredito (spec §9)", () => {
  it("is PPD above 0 credit days, PUE otherwise", () => {
    expect(metodoPagoPorDiasCredito(30)).toBe("PPD");
    expect(metodoPagoPorDiasCredito(1)).toBe("PPD");
    expect(metodoPagoPorDiasCredito(0)).toBe("PUE");
    expect(metodoPagoPorDiasCredito(-1)).toBe("PUE");
    expect(metodoPagoPorDiasCredito(Number.NaN)).toBe("PUE");
  });
});
