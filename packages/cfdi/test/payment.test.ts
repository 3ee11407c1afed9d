import { MSG } from "@portal/contracts/messages";
import { describe, expect, it } from "vitest";
import { CFDI_MSG, type PaymentData, readPaymentComplement } from "../src/index";
import { verifySeals } from "../src/sello/index";
import { doc, fixtureBytes, fixtureText, PAYMENT_UUID, paymentXml, SELLO, stamp } from "./helpers";

type Result = ReturnType<typeof readPaymentComplement>;

function okData(result: Result): PaymentData {
  if (!result.ok) throw new Error(result.errors.join(" | "));
  return result.data;
}

function errorsOf(result: Result): string[] {
  if (result.ok) throw new Error("se esperaba un error");
  return result.errors;
}

function warningsOf(result: Result): string[] {
  if (!result.ok) throw new Error(result.errors.join(" | "));
  return result.warnings;
}

const EXPECTED = "un complemento de pago: un CFDI versión 4.0 de tipo P (Pago) con el complemento Pagos 2.0";

describe("readPaymentComplement", () => {
  it("reads a stamped Pagos 2.0 complement with the payload's field names", () => {
    expect(readPaymentComplement(paymentXml())).toEqual({
      ok: true,
      warnings: [],
      data: {
        UUID: PAYMENT_UUID.toUpperCase(),
        Version: "4.0",
        Serie: "P",
        Folio: "7",
        Fecha: "2025-04-02T09:00:00",
        FechaTimbrado: "2025-04-02T09:01:00",
        RFCEmisor: "EKU9003173C9",
        NombreEmisor: "ESCUELA KEMPER URGATE",
        RFCReceptor: "CLI900202CD2",
        NombreReceptor: "COMERCIALIZADORA DEL BAJIO",
        FechaPago: "2025-04-01T12:00:00",
        Total: "15000.00",
        MontoTotalPagos: "15000.00",
        Pagos: [
          { FechaPago: "2025-04-01T12:00:00", FormaDePagoP: "03", MonedaP: "MXN", TipoCambioP: "1", Monto: "15000.00" },
        ],
        Detalle: [
          {
            UUID: "00000000-1111-2222-3333-00000000000A",
            Serie: "A",
            Folio: "10",
            MonedaDR: "MXN",
            EquivalenciaDR: "1",
            NumParcialidad: "2",
            ImpSaldoAnt: "12000.00",
            ImpPagado: "12000.00",
            ImpSaldoInsoluto: "0.00",
          },
          {
            UUID: "00000000-1111-2222-3333-00000000000B",
            Serie: "A",
            Folio: "11",
            MonedaDR: "MXN",
            EquivalenciaDR: "1",
            NumParcialidad: "1",
            ImpSaldoAnt: "10000.00",
            ImpPagado: "3000.00",
            ImpSaldoInsoluto: "7000.00",
          },
        ],
      },
    });
  });

  it("reads the CfdiUtils Pagos 2.0 sample once stamped; upper-cases the related UUIDs", () => {
    const data = okData(readPaymentComplement(stamp(fixtureText("cfdiutils__created-cfdi40-pago20-valid.xml"))));
    expect(data.Total).toBe("15000.00");
    expect(data.Detalle.map((d) => [d.UUID, d.ImpPagado])).toEqual([
      ["00000000-1111-2222-3333-00000000000A", "12000.00"],
      ["00000000-1111-2222-3333-00000000000B", "3000.00"],
    ]);
  });

  it("refuses it as published: it is not stamped", () => {
    expect(errorsOf(readPaymentComplement(fixtureBytes("cfdiutils__created-cfdi40-pago20-valid.xml")))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.sinTimbre,
    ]);
  });

  it("sums every Pago@Monto to 2 decimals, as the spec says, and warns when currencies are mixed (calculator 001)", () => {
    const result = readPaymentComplement(stamp(fixtureText("cfdiutils__pagos20-calculator_001.xml")));
    const data = okData(result);
    expect(data.Pagos.map((p) => [p.MonedaP, p.Monto, p.TipoCambioP])).toEqual([
      ["MXN", "1840", "1"],
      ["USD", "40", "17.3608"],
    ]);
    expect(data.Total).toBe("1880.00");
    // MontoTotalPagos = 1840 × 1 + 40 × 17.3608 = 2534.432 → 2534.43: consistent, so no warning about it.
    expect(data.MontoTotalPagos).toBe("2534.43");
    expect(warningsOf(result)).toEqual([
      "Los pagos del complemento están en varias monedas (MXN, USD); el total se suma tal como lo indica la especificación, sin convertir.",
    ]);
    expect(data.Detalle).toHaveLength(5);
  });

  it("refuses the stamp of satcfdi's pago_h&e: its SelloCFD is not the comprobante's Sello", () => {
    expect(errorsOf(readPaymentComplement(fixtureBytes("satcfdi__pago_hande951128469_ingreso_iva16.xml")))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.timbreNoCorresponde,
    ]);
  });

  it("reads pago_h&e once its stamp matches: &amp; decoded, lower-case IdDocumento upper-cased", () => {
    const xml = fixtureText("satcfdi__pago_hande951128469_ingreso_iva16.xml");
    const sello = /\sSello="([^"]*)"/.exec(xml)?.[1] ?? "";
    const fixed = xml.replace(/SelloCFD="[^"]*"/, `SelloCFD="${sello}"`);
    const data = okData(readPaymentComplement(fixed));
    expect(data).toMatchObject({
      UUID: "5B64ADA3-AA4C-40B4-A2F5-572CED52BE31",
      RFCEmisor: "H&E951128469",
      NombreEmisor: "HERRERIA & ELECTRICOS S DE CV",
      Total: "17852.75",
      FechaPago: "2020-01-02T22:40:38",
    });
    expect(data.Detalle.map((d) => d.UUID)).toEqual(["6D7434A6-E3F2-47AD-9E4C-08849946AFA0"]);
    expect(data.Pagos[0]?.TipoCambioP).toBe("1");
  });

  it("removes spaces from related-document UUIDs (spec §5)", () => {
    const xml = paymentXml({
      pagos: [
        { pago: { Monto: "100.00" }, docs: [doc(1, { IdDocumento: " 6d7434a6-e3f2-47ad-9e4c- 08849946afa0 " })] },
      ],
      totales: { MontoTotalPagos: "100.00" },
    });
    expect(okData(readPaymentComplement(xml)).Detalle[0]?.UUID).toBe("6D7434A6-E3F2-47AD-9E4C-08849946AFA0");
  });

  it("reads 45 related documents across 3 Pago nodes", () => {
    const pagos = [0, 1, 2].map((p) => ({
      pago: { Monto: "1500.00" },
      docs: Array.from({ length: 15 }, (_, k) => doc(p * 15 + k + 1)),
    }));
    const data = okData(readPaymentComplement(paymentXml({ pagos, totales: { MontoTotalPagos: "4500.00" } })));
    expect(data.Detalle).toHaveLength(45);
    expect(data.Total).toBe("4500.00");
    expect(new Set(data.Detalle.map((d) => d.UUID)).size).toBe(45);
  });

  it("rounds the sum to 2 decimals half-up", () => {
    const xml = paymentXml({
      pagos: [
        { pago: { Monto: "100.004" }, docs: [doc(1, { ImpSaldoAnt: "100.004", ImpPagado: "100.004" })] },
        { pago: { Monto: "0.001" }, docs: [doc(2, { ImpSaldoAnt: "0.001", ImpPagado: "0.001" })] },
      ],
      totales: { MontoTotalPagos: "100.01" },
    });
    const result = readPaymentComplement(xml);
    expect(okData(result).Total).toBe("100.01");
    expect(warningsOf(result)).toEqual([]);
  });

  it("accepts another prefix for the Pagos 2.0 namespace and refuses the right prefix on the wrong namespace", () => {
    expect(okData(readPaymentComplement(paymentXml({ pagosPrefix: "p" }))).Total).toBe("15000.00");
    expect(errorsOf(readPaymentComplement(paymentXml({ pagosNs: "http://www.sat.gob.mx/Pagos21" })))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.sinComplementoPagos,
    ]);
  });

  it("refuses Pagos 1.0 inside a CFDI 4.0", () => {
    expect(errorsOf(readPaymentComplement(paymentXml({ pagosNs: "http://www.sat.gob.mx/Pagos" })))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.pagosVersion1,
    ]);
  });

  it("says what a CFDI 3.3 payment is and what is expected", () => {
    expect(errorsOf(readPaymentComplement(fixtureBytes("cfdiutils__created-pago-with-ns-at-root-33.xml")))).toEqual([
      `El XML es un CFDI versión 3.3 de tipo P (Pago) con complemento de pagos 1.0; se espera ${EXPECTED}.`,
    ]);
  });

  it("requires the structure of spec §5: Pagos 2.0, totals, date, RFC, names, stamp", () => {
    const xml = paymentXml({
      receptor: { Rfc: null, Nombre: null },
      emisor: { Nombre: null },
      comprobante: { Fecha: null },
    })
      .replace(/<pago20:Totales[^>]*\/>/, "")
      .replace(/<pago20:DoctoRelacionado[^>]*\/>/g, "");
    expect(errorsOf(readPaymentComplement(xml))).toEqual([
      MSG.xmlSinTimbre,
      "Falta el atributo Fecha en cfdi:Comprobante.",
      "Falta el atributo Nombre en cfdi:Emisor.",
      "Falta el atributo Rfc en cfdi:Receptor.",
      "Falta el atributo Nombre en cfdi:Receptor.",
      "Falta el nodo pago20:Totales.",
      "Falta el nodo pago20:DoctoRelacionado en pago20:Pago.",
    ]);
    expect(errorsOf(readPaymentComplement(paymentXml({ tfd: null })))).toEqual([MSG.xmlSinTimbre, CFDI_MSG.sinTimbre]);
    expect(errorsOf(readPaymentComplement(paymentXml({ tfd: { SelloCFD: "b3Rybw==" } })))).toEqual([
      MSG.xmlSinTimbre,
      CFDI_MSG.timbreNoCorresponde,
    ]);
  });

  it("checks Monto and IdDocumento", () => {
    const xml = paymentXml({
      pagos: [
        { pago: { Monto: "15,000.00" }, docs: [doc(1, { IdDocumento: "no-es-uuid" }), doc(2, { IdDocumento: null })] },
      ],
    });
    expect(errorsOf(readPaymentComplement(xml))).toEqual([
      MSG.xmlSinTimbre,
      "El atributo Monto de pago20:Pago no es válido («15,000.00»): se espera un importe decimal sin signo.",
      "El atributo IdDocumento de pago20:DoctoRelacionado no es válido («NO-ES-UUID»): se espera el UUID del documento relacionado.",
      "Falta el atributo IdDocumento en pago20:DoctoRelacionado.",
    ]);
  });

  it("warns about a document paid twice with the same installment (satcfdi mpago2, stamped)", () => {
    const result = readPaymentComplement(stamp(fixtureText("satcfdi__mpago2_xiqb891116qe4_ingreso_iva16.xml")));
    expect(okData(result).Total).toBe("29344.16");
    expect(warningsOf(result)).toEqual([
      "El documento relacionado 6D7434A6-E3F2-47AD-9E4C-08849946AFA0 aparece más de una vez con la parcialidad 1.",
    ]);
  });

  it("warns when the complement's arithmetic does not hold (satcfdi pagos20-min, stamped)", () => {
    const result = readPaymentComplement(stamp(fixtureText("satcfdi__cfdv40-pagos20-min.xml")));
    expect(okData(result).Total).toBe("6066.66");
    expect(warningsOf(result)).toEqual([
      "MontoTotalPagos (15166.65) no es igual a la suma de Monto × TipoCambioP (6066.66).",
      "En el documento relacionado C1DF8D01-8436-4E7D-BECF-20F31624280D (parcialidad 2), ImpSaldoInsoluto no es igual a ImpSaldoAnt − ImpPagado.",
    ]);
  });

  it("issues complements sealed and stamped for real (placeholders only with seal: false)", async () => {
    const xml = paymentXml();
    expect(xml).not.toContain(`Sello="${SELLO}"`);
    expect(await verifySeals(xml, { trustTestCertificates: true })).toEqual({
      ok: true,
      emisor: "valid",
      timbre: "valid",
      errors: [],
    });
    expect(paymentXml({ seal: false })).toContain(`Sello="${SELLO}"`);
  });
});
