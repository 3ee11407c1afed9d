import { complementoEsperadoSchema } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { loadXml, SAT_NS } from "../src/cfdi";
import {
  addAmounts,
  CFDI_WARN,
  checkPaymentAgainst,
  compareAmounts,
  complementoEsperado,
  divideAmounts,
  multiplyAmounts,
  parseAmount,
  readPaymentComplement,
  roundAmount,
} from "../src/index";
import {
  type ComplementoPrueba,
  complementoPruebaSinSellar,
  issueTestComplemento,
  type PagoPrueba,
  readPaymentComplementVerified,
} from "../src/sello/index";
import type { XmlElement } from "../src/xml";
import { fixtureText } from "./helpers";

/**
 * The issuer of test payment complements: what it issues reads, verifies (both seals), adds up as Pagos 2.0
 * says, and has the structure of the real Pagos 2.0 fixtures. The cadena and both seals against xsltproc and
 * openssl: test/differential.test.ts.
 */
const UUID_A = "aaaaaaaa-1111-4222-8333-000000000001";
const UUID_B = "aaaaaaaa-1111-4222-8333-000000000002";
const UUID_C = "aaaaaaaa-1111-4222-8333-000000000003";
const OTRAS = ["aaaaaaaa-1111-4222-8333-000000000004", "aaaaaaaa-1111-4222-8333-000000000005"];

const base: Omit<ComplementoPrueba, "pagos"> = {
  emisor: { rfc: "EKU9003173C9", nombre: "ESCUELA KEMPER URGATE", regimen: "601" },
  receptor: { rfc: "MCI7306249Y1", nombre: "MUNICIPIO DE CUAUTITLAN IZCALLI", cp: "54700", regimen: "603" },
  lugarExpedicion: "86000",
  fecha: "2026-01-03T10:00:00",
  serie: "P",
  folio: "7",
  uuid: "bbbbbbbb-2222-4333-8444-555555555555",
  fechaTimbrado: "2026-01-03T10:05:00",
};

/** MXN: one invoice paid in full (11600 = 10000 + IVA), the first parcialidad of another. */
const pagoMxn: PagoPrueba = {
  FechaPago: "2025-12-20T12:00:00",
  FormaDePagoP: "03",
  MonedaP: "MXN",
  Monto: "17400.00",
  NumOperacion: "SPEI-0001",
  Documentos: [
    {
      IdDocumento: UUID_A,
      Serie: "F",
      Folio: "100",
      MonedaDR: "MXN",
      NumParcialidad: 1,
      ImpSaldoAnt: "11600.00",
      ImpPagado: "11600.00",
      ImpSaldoInsoluto: "0.00",
    },
    {
      IdDocumento: UUID_B,
      Serie: "F",
      Folio: "101",
      MonedaDR: "MXN",
      NumParcialidad: 1,
      ImpSaldoAnt: "23200.00",
      ImpPagado: "5800.00",
      ImpSaldoInsoluto: "17400.00",
    },
  ],
};

/** USD at 20.00 paying two MXN invoices (EquivalenciaDR 20: MXN per USD): 11600 / 20 + 8400 / 20 = 1000 USD. */
const pagoUsd: PagoPrueba = {
  FechaPago: "2025-12-22T12:00:00",
  FormaDePagoP: "03",
  MonedaP: "USD",
  TipoCambioP: "20.00",
  Monto: "1000.00",
  Documentos: [
    {
      IdDocumento: UUID_A,
      MonedaDR: "MXN",
      EquivalenciaDR: "20.000000",
      NumParcialidad: 1,
      ImpSaldoAnt: "11600.00",
      ImpPagado: "11600.00",
      ImpSaldoInsoluto: "0.00",
    },
    {
      IdDocumento: UUID_B,
      MonedaDR: "MXN",
      EquivalenciaDR: "20.000000",
      NumParcialidad: 2,
      ImpSaldoAnt: "9000.00",
      ImpPagado: "8400.00",
      ImpSaldoInsoluto: "600.00",
    },
  ],
};

function rootOf(xml: string): XmlElement {
  const loaded = loadXml(xml);
  if (!loaded.ok) throw new Error(loaded.errors.join(" "));
  return loaded.root;
}
const child = (el: XmlElement | undefined, ns: string, local: string) =>
  el?.children.filter((c) => c.ns === ns && c.local === local) ?? [];
const pagosOf = (xml: string) =>
  child(child(rootOf(xml), SAT_NS.cfdi40, "Complemento")[0], SAT_NS.pagos20, "Pagos")[0] as XmlElement;
const attrsOf = (el: XmlElement | undefined) => Object.fromEntries(el?.attrs ?? []);

describe("emitirComplementoPrueba", () => {
  it("issues a CFDI of type P that reads, and whose both seals verify when test certificates are trusted", async () => {
    const xml = issueTestComplemento({ ...base, pagos: [pagoMxn] });
    const read = readPaymentComplement(xml);
    expect(read.ok && read.warnings).toEqual([]);
    expect(read.ok && read.data).toMatchObject({
      UUID: base.uuid.toUpperCase(),
      Serie: "P",
      Folio: "7",
      RFCEmisor: "EKU9003173C9",
      NombreReceptor: "MUNICIPIO DE CUAUTITLAN IZCALLI",
      FechaPago: "2025-12-20T12:00:00",
      Total: "17400.00",
      MontoTotalPagos: "17400.00",
      Pagos: [{ FormaDePagoP: "03", MonedaP: "MXN", TipoCambioP: "1", Monto: "17400.00" }],
      Detalle: [
        { UUID: UUID_A.toUpperCase(), Serie: "F", Folio: "100", NumParcialidad: "1", ImpSaldoInsoluto: "0.00" },
        { UUID: UUID_B.toUpperCase(), ImpSaldoAnt: "23200.00", ImpPagado: "5800.00", ImpSaldoInsoluto: "17400.00" },
      ],
    });
    const verified = await readPaymentComplementVerified(xml, { trustTestCertificates: true });
    expect(verified.ok).toBe(true);
    expect(verified.sellos).toMatchObject({ emisor: "valid", timbre: "valid" });
    expect((await readPaymentComplementVerified(xml, { trustTestCertificates: false })).ok).toBe(false);
    const edited = xml.replace('ImpPagado="5800.00"', 'ImpPagado="5900.00"');
    expect(edited).not.toBe(xml);
    expect((await readPaymentComplementVerified(edited, { trustTestCertificates: true })).ok).toBe(false);
  });

  it("writes what Anexo 20 requires of a type P comprobante, namespaces and schemaLocation included", () => {
    const xml = issueTestComplemento({ ...base, pagos: [pagoMxn] });
    const startTag = /<cfdi:Comprobante\s[^>]*>/.exec(xml)?.[0] ?? "";
    expect(startTag).toContain(' xmlns:cfdi="http://www.sat.gob.mx/cfd/4"');
    expect(startTag).toContain(' xmlns:pago20="http://www.sat.gob.mx/Pagos20"');
    expect(startTag).toContain(
      ' xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd ' +
        'http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd"',
    );
    const root = rootOf(xml);
    expect(root.ns).toBe(SAT_NS.cfdi40);
    expect(pagosOf(xml).ns).toBe("http://www.sat.gob.mx/Pagos20");
    expect(attrsOf(root)).toMatchObject({
      Version: "4.0",
      SubTotal: "0",
      Moneda: "XXX",
      Total: "0",
      TipoDeComprobante: "P",
      Exportacion: "01",
      LugarExpedicion: "86000",
      NoCertificado: "30001000000500003416",
    });
    for (const absent of ["FormaPago", "MetodoPago", "TipoCambio", "Descuento", "CondicionesDePago"]) {
      expect(root.attrs.has(absent), absent).toBe(false);
    }
    expect(child(root, SAT_NS.cfdi40, "Impuestos")).toHaveLength(0);
    expect(attrsOf(child(root, SAT_NS.cfdi40, "Receptor")[0])).toMatchObject({ UsoCFDI: "CP01" });
    const conceptos = child(child(root, SAT_NS.cfdi40, "Conceptos")[0], SAT_NS.cfdi40, "Concepto");
    expect(conceptos.map(attrsOf)).toEqual([
      {
        ClaveProdServ: "84111506",
        Cantidad: "1",
        ClaveUnidad: "ACT",
        Descripcion: "Pago",
        ValorUnitario: "0",
        Importe: "0",
        ObjetoImp: "01",
      },
    ]);
    const complemento = child(root, SAT_NS.cfdi40, "Complemento")[0];
    expect(complemento?.children.map((c) => `${c.ns} ${c.local}`)).toEqual([
      `${SAT_NS.pagos20} Pagos`,
      `${SAT_NS.tfd} TimbreFiscalDigital`,
    ]);
  });

  it("IVA 16 %: TrasladoDR per document, ImpuestosP per payment, Totales in MXN", () => {
    const pagos = pagosOf(issueTestComplemento({ ...base, pagos: [pagoMxn] }));
    expect(attrsOf(pagos)).toEqual({ Version: "2.0" });
    expect(attrsOf(child(pagos, SAT_NS.pagos20, "Totales")[0])).toEqual({
      TotalTrasladosBaseIVA16: "15000.00",
      TotalTrasladosImpuestoIVA16: "2400.00",
      MontoTotalPagos: "17400.00",
    });
    const pago = child(pagos, SAT_NS.pagos20, "Pago")[0];
    expect(attrsOf(pago)).toEqual({
      FechaPago: "2025-12-20T12:00:00",
      FormaDePagoP: "03",
      MonedaP: "MXN",
      TipoCambioP: "1",
      Monto: "17400.00",
      NumOperacion: "SPEI-0001",
    });
    const docs = child(pago, SAT_NS.pagos20, "DoctoRelacionado");
    expect(attrsOf(docs[1])).toEqual({
      IdDocumento: UUID_B,
      Serie: "F",
      Folio: "101",
      MonedaDR: "MXN",
      EquivalenciaDR: "1",
      NumParcialidad: "1",
      ImpSaldoAnt: "23200.00",
      ImpPagado: "5800.00",
      ImpSaldoInsoluto: "17400.00",
      ObjetoImpDR: "02",
    });
    const trasladoDR = (d: XmlElement | undefined) =>
      attrsOf(
        child(
          child(child(d, SAT_NS.pagos20, "ImpuestosDR")[0], SAT_NS.pagos20, "TrasladosDR")[0],
          SAT_NS.pagos20,
          "TrasladoDR",
        )[0],
      );
    expect(docs.map(trasladoDR)).toEqual([
      { BaseDR: "10000.00", ImpuestoDR: "002", TipoFactorDR: "Tasa", TasaOCuotaDR: "0.160000", ImporteDR: "1600.00" },
      { BaseDR: "5000.00", ImpuestoDR: "002", TipoFactorDR: "Tasa", TasaOCuotaDR: "0.160000", ImporteDR: "800.00" },
    ]);
    const trasladoP = child(
      child(child(pago, SAT_NS.pagos20, "ImpuestosP")[0], SAT_NS.pagos20, "TrasladosP")[0],
      SAT_NS.pagos20,
      "TrasladoP",
    );
    expect(trasladoP.map(attrsOf)).toEqual([
      {
        BaseP: "15000.000000",
        ImpuestoP: "002",
        TipoFactorP: "Tasa",
        TasaOCuotaP: "0.160000",
        ImporteP: "2400.000000",
      },
    ]);
  });

  it("a USD payment of MXN invoices: EquivalenciaDR converts, ImpuestosP in USD, Totales back in MXN", () => {
    const xml = issueTestComplemento({ ...base, pagos: [pagoUsd] });
    const read = readPaymentComplement(xml);
    expect(read.ok && read.warnings).toEqual([]);
    expect(read.ok && read.data).toMatchObject({ Total: "1000.00", MontoTotalPagos: "20000.00" });
    const pagos = pagosOf(xml);
    // 8400 / 1.16 = 7241.379… → 7241.38; × 0.16 = 1158.6208 → 1158.62. In USD: (10000 + 7241.38) / 20.
    expect(attrsOf(child(pagos, SAT_NS.pagos20, "Totales")[0])).toEqual({
      TotalTrasladosBaseIVA16: "17241.38",
      TotalTrasladosImpuestoIVA16: "2758.62",
      MontoTotalPagos: "20000.00",
    });
    const pago = child(pagos, SAT_NS.pagos20, "Pago")[0];
    expect(attrsOf(pago)).toMatchObject({ MonedaP: "USD", TipoCambioP: "20.00", Monto: "1000.00" });
    const trasladoP = child(
      child(child(pago, SAT_NS.pagos20, "ImpuestosP")[0], SAT_NS.pagos20, "TrasladosP")[0],
      SAT_NS.pagos20,
      "TrasladoP",
    )[0];
    expect(attrsOf(trasladoP)).toMatchObject({ BaseP: "862.069000", ImporteP: "137.931000" });
    // SAT: Σ ImpPagado ÷ EquivalenciaDR ≤ Monto.
    const enUsd = addAmounts(
      ...child(pago, SAT_NS.pagos20, "DoctoRelacionado").map((d) =>
        divideAmounts(d.attrs.get("ImpPagado") ?? "", d.attrs.get("EquivalenciaDR") ?? "", 6),
      ),
    );
    expect(compareAmounts(enUsd, "1000.00")).toBe(0);
  });

  it("several payments (MXN and USD) and a document not subject to tax: MontoTotalPagos = Σ Monto × TipoCambioP", () => {
    const sinImpuestos: PagoPrueba = {
      FechaPago: "2025-12-23T12:00:00",
      FormaDePagoP: "02",
      MonedaP: "USD",
      TipoCambioP: "17.3608",
      Monto: "250.55",
      Documentos: [
        {
          IdDocumento: UUID_C,
          MonedaDR: "USD",
          NumParcialidad: 3,
          ImpSaldoAnt: "250.55",
          ImpPagado: "250.55",
          ImpSaldoInsoluto: "0",
          ObjetoImpDR: "01",
        },
      ],
    };
    // Other invoices than pagoMxn's, so that no document repeats a parcialidad.
    const otrasFacturas = {
      ...pagoUsd,
      Documentos: pagoUsd.Documentos.map((d, i) => ({ ...d, IdDocumento: OTRAS[i] as string })),
    };
    const xml = issueTestComplemento({ ...base, pagos: [pagoMxn, otrasFacturas, sinImpuestos] });
    const read = readPaymentComplement(xml);
    // The reader warns that Total (Σ Monto, spec §5) mixes currencies; MontoTotalPagos is the converted sum.
    expect(read.ok && read.warnings).toEqual([CFDI_WARN.pagosVariasMonedas("MXN, USD")]);
    // 17400 + 1000 × 20 + 250.55 × 17.3608 = 17400 + 20000 + 4349.74… → 41749.75
    const esperado = roundAmount(
      addAmounts(...[pagoMxn, pagoUsd, sinImpuestos].map((p) => multiplyAmounts(p.Monto, p.TipoCambioP ?? "1"))),
      2,
    );
    expect(esperado).toBe("41749.75");
    expect(read.ok && read.data).toMatchObject({ Total: "18650.55", MontoTotalPagos: esperado });
    expect(read.ok && read.data.Detalle).toHaveLength(5);
    const pagos = pagosOf(xml);
    // IVA 16 of the first two payments only, each × its TipoCambioP: 15000 + 17241.38.
    expect(attrsOf(child(pagos, SAT_NS.pagos20, "Totales")[0])).toEqual({
      TotalTrasladosBaseIVA16: "32241.38",
      TotalTrasladosImpuestoIVA16: "5158.62",
      MontoTotalPagos: "41749.75",
    });
    const tercero = child(pagos, SAT_NS.pagos20, "Pago")[2];
    expect(tercero?.children.map((c) => c.local)).toEqual(["DoctoRelacionado"]);
    expect(attrsOf(tercero?.children[0])).toMatchObject({
      ObjetoImpDR: "01",
      EquivalenciaDR: "1",
      ImpSaldoInsoluto: "0.00",
    });
    expect(tercero?.children[0]?.children).toEqual([]);
  });

  it("only documents not subject to tax: Totales has no IVA figures (like the real fixture pagos20-calculator 005)", () => {
    const unsigned = complementoPruebaSinSellar({
      ...base,
      pagos: [{ ...pagoMxn, Documentos: pagoMxn.Documentos.map((d) => ({ ...d, ObjetoImpDR: "01" as const })) }],
    });
    const pagos = pagosOf(unsigned);
    expect(attrsOf(child(pagos, SAT_NS.pagos20, "Totales")[0])).toEqual({ MontoTotalPagos: "17400.00" });
    expect(child(child(pagos, SAT_NS.pagos20, "Pago")[0], SAT_NS.pagos20, "ImpuestosP")).toHaveLength(0);
  });

  it("rebuilds the real fixture cfdiutils created-cfdi40-pago20-valid: same pago20:Pagos, figure by figure", () => {
    const fixture = fixtureText("cfdiutils__created-cfdi40-pago20-valid.xml");
    const ours = complementoPruebaSinSellar({
      ...base,
      pagos: [
        {
          FechaPago: "2023-06-12T17:18:19",
          FormaDePagoP: "03",
          MonedaP: "MXN",
          Monto: "15000.00",
          NumOperacion: "963852",
          Documentos: [
            {
              IdDocumento: "00000000-1111-2222-3333-00000000000A",
              MonedaDR: "MXN",
              NumParcialidad: 2,
              ImpSaldoAnt: "12000.00",
              ImpPagado: "12000.00",
              ImpSaldoInsoluto: "0",
            },
            {
              IdDocumento: "00000000-1111-2222-3333-00000000000B",
              MonedaDR: "MXN",
              NumParcialidad: 1,
              ImpSaldoAnt: "10000.00",
              ImpPagado: "3000.00",
              ImpSaldoInsoluto: "7000.00",
            },
          ],
        },
      ],
    });
    // The bank-account attributes of the fixture are optional and not something the portal issues.
    const bank = new Set(["RfcEmisorCtaOrd", "CtaOrdenante", "RfcEmisorCtaBen", "CtaBeneficiario"]);
    const shape = (el: XmlElement): unknown => ({
      name: `${el.ns} ${el.local}`,
      attrs: Object.fromEntries(
        [...el.attrs]
          .filter(([k]) => !bank.has(k))
          .map(([k, v]): [string, string] => {
            const n = parseAmount(v);
            return [k, n !== null && /^\d/.test(v) && !/[-T]/.test(v) ? roundAmount(n, 6) : v];
          })
          .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
      ),
      children: el.children.map(shape),
    });
    expect(shape(pagosOf(ours))).toEqual(shape(pagosOf(fixture)));
    // And the comprobante around it carries the same attributes (ours adds Serie and Folio).
    const names = (el: XmlElement) => [...el.attrs.keys()].filter((k) => !k.startsWith("xmlns")).sort();
    const fixtureRoot = rootOf(fixture);
    const ourRoot = rootOf(issueTestComplemento({ ...base, pagos: [pagoMxn] }));
    expect(names(ourRoot).filter((k) => k !== "Serie" && k !== "Folio")).toEqual(names(fixtureRoot));
    for (const local of ["Emisor", "Receptor"]) {
      expect(names(child(ourRoot, SAT_NS.cfdi40, local)[0] as XmlElement), local).toEqual(
        names(child(fixtureRoot, SAT_NS.cfdi40, local)[0] as XmlElement),
      );
    }
  });

  it("refuses what it cannot write correctly", () => {
    const sinTipoCambio = { ...pagoUsd, TipoCambioP: undefined };
    expect(() => complementoPruebaSinSellar({ ...base, pagos: [sinTipoCambio] })).toThrow(/TipoCambioP/);
    const sinEquivalencia = {
      ...pagoUsd,
      Documentos: pagoUsd.Documentos.map((d) => ({ ...d, EquivalenciaDR: undefined })),
    };
    expect(() => complementoPruebaSinSellar({ ...base, pagos: [sinEquivalencia] })).toThrow(/EquivalenciaDR/);
    const mxnConTipoCambio = { ...pagoMxn, TipoCambioP: "20" };
    expect(() => complementoPruebaSinSellar({ ...base, pagos: [mxnConTipoCambio] })).toThrow(/TipoCambioP debe ser 1/);
    const mismaMoneda = { ...pagoMxn, Documentos: pagoMxn.Documentos.map((d) => ({ ...d, EquivalenciaDR: "20" })) };
    expect(() => complementoPruebaSinSellar({ ...base, pagos: [mismaMoneda] })).toThrow(/EquivalenciaDR debe ser 1/);
    expect(() => complementoPruebaSinSellar({ ...base, pagos: [] })).toThrow();
    expect(() => complementoPruebaSinSellar({ ...base, pagos: [{ ...pagoMxn, Documentos: [] }] })).toThrow();
  });
});

describe("a complement issued from complementoEsperado", () => {
  it("is what the payment's check (checkPaymentAgainst) accepts, and validates against the contract", async () => {
    const esperado = complementoEsperado({
      pago: {
        fecha: "2025-12-20",
        formaPago: "03",
        moneda: "USD",
        tipoCambio: "20.00",
        total: "1000.00",
        cancelado: false,
      },
      facturas: [
        {
          uuid: UUID_A,
          serie: "F",
          folio: "100",
          moneda: "MXN",
          total: "11600.00",
          aplicado: "11600.00",
          aplicadoMonedaPago: "580.00",
          aplicadoAntes: [],
        },
        {
          uuid: UUID_B,
          folio: "101",
          moneda: "MXN",
          total: "23200.00",
          aplicado: "8400.00",
          aplicadoMonedaPago: "420.00",
          aplicadoAntes: ["5800.00", "9000.00"],
        },
      ],
    });
    expect(esperado).not.toBeNull();
    if (!esperado) return;
    expect(complementoEsperadoSchema.parse(esperado)).toEqual(esperado);
    const xml = issueTestComplemento({ ...base, pagos: [esperado] });
    const verified = await readPaymentComplementVerified(xml, { trustTestCertificates: true });
    expect(verified.ok).toBe(true);
    expect(verified.ok && verified.warnings).toEqual([]);
    if (!verified.ok) return;
    expect(verified.data.Detalle).toEqual([
      {
        UUID: UUID_A.toUpperCase(),
        Serie: "F",
        Folio: "100",
        MonedaDR: "MXN",
        EquivalenciaDR: "20.000000",
        NumParcialidad: "1",
        ImpSaldoAnt: "11600.00",
        ImpPagado: "11600.00",
        ImpSaldoInsoluto: "0.00",
      },
      {
        UUID: UUID_B.toUpperCase(),
        Folio: "101",
        MonedaDR: "MXN",
        EquivalenciaDR: "20.000000",
        NumParcialidad: "3",
        ImpSaldoAnt: "8400.00",
        ImpPagado: "8400.00",
        ImpSaldoInsoluto: "0.00",
      },
    ]);
    const contexto = {
      CardName: "ESCUELA KEMPER URGATE",
      NomSociedad: "MUNICIPIO DE CUAUTITLAN IZCALLI",
      DocTotal: "1000.00",
      facturasUUID: [UUID_A, UUID_B],
    };
    expect(checkPaymentAgainst(verified.data, contexto)).toEqual([]);
    // The check still bites: another total, or an invoice the payment does not settle.
    expect(checkPaymentAgainst(verified.data, { ...contexto, DocTotal: "1000.01" })).toHaveLength(1);
    expect(checkPaymentAgainst(verified.data, { ...contexto, facturasUUID: [UUID_A] })).toHaveLength(1);
  });

  it("an MXN payment of USD invoices: ImpuestosP converted with EquivalenciaDR, the SAT's sum within Monto", async () => {
    const esperado = complementoEsperado({
      pago: {
        fecha: "2026-02-27",
        formaPago: "03",
        moneda: "MXN",
        tipoCambio: "1",
        total: "27777.28",
        cancelado: false,
      },
      facturas: [
        {
          uuid: UUID_A,
          moneda: "USD",
          total: "1160.00",
          aplicado: "1000.00",
          aplicadoMonedaPago: "17360.80",
          aplicadoAntes: [],
        },
        {
          uuid: UUID_B,
          moneda: "USD",
          total: "600.00",
          aplicado: "600.00",
          aplicadoMonedaPago: "10416.48",
          aplicadoAntes: [],
        },
      ],
    });
    expect(esperado?.FechaLimite).toBe("2026-03-05");
    if (!esperado) return;
    const xml = issueTestComplemento({ ...base, fecha: "2026-03-02T09:00:00", pagos: [esperado] });
    const verified = await readPaymentComplementVerified(xml, { trustTestCertificates: true });
    expect(verified.ok && verified.warnings).toEqual([]);
    expect(verified.ok && verified.data).toMatchObject({ Total: "27777.28", MontoTotalPagos: "27777.28" });
    const pago = child(pagosOf(xml), SAT_NS.pagos20, "Pago")[0];
    const docs = child(pago, SAT_NS.pagos20, "DoctoRelacionado");
    expect(docs.map((d) => d.attrs.get("EquivalenciaDR"))).toEqual(["0.0576010323", "0.0576010323"]);
    const enPesos = addAmounts(
      ...docs.map((d) => divideAmounts(d.attrs.get("ImpPagado") ?? "", d.attrs.get("EquivalenciaDR") ?? "", 6)),
    );
    expect(compareAmounts(enPesos, "27777.28")).toBeLessThanOrEqual(0);
    expect(roundAmount(enPesos, 2)).toBe("27777.28");
    // BaseDR 1000 ÷ 1.16 = 862.07 and 600 ÷ 1.16 = 517.24 USD, ImporteDR 137.93 and 82.76; each ÷ 0.0576010323
    // USD per MXN, summed, 6 decimals (worked out apart with Python's decimal module).
    const trasladoP = child(
      child(child(pago, SAT_NS.pagos20, "ImpuestosP")[0], SAT_NS.pagos20, "TrasladosP")[0],
      SAT_NS.pagos20,
      "TrasladoP",
    )[0];
    expect(attrsOf(trasladoP)).toMatchObject({ BaseP: "23945.925011", ImporteP: "3831.354946" });
  });
});
