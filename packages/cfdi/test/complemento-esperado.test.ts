import { complementoEsperadoSchema } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  addAmounts,
  type ComplementoEsperadoInput,
  compareAmounts,
  complementoEsperado,
  divideAmounts,
  type FacturaDelPago,
  fechaLimiteComplemento,
  impuestosDocumento,
  type PagoErp,
  subtractAmounts,
  totalesPago,
  trasladosPago,
} from "../src/index";

const UUID_1 = "6d7434a6-1111-4222-8333-000000000001";
const UUID_2 = "6d7434a6-1111-4222-8333-000000000002";
const UUID_3 = "6d7434a6-1111-4222-8333-000000000003";

const pagoMxn: PagoErp = {
  fecha: "2025-11-14",
  formaPago: "03",
  moneda: "MXN",
  tipoCambio: "1",
  total: "11600",
  cancelado: false,
};
const factura = (o: Partial<FacturaDelPago> = {}): FacturaDelPago => ({
  uuid: UUID_1,
  serie: "A",
  folio: "1001",
  moneda: "MXN",
  total: "11600.00",
  aplicado: "11600.00",
  aplicadoAntes: [],
  ...o,
});

/** Every answer must be what the API's contract lets through. */
function esperado(input: ComplementoEsperadoInput) {
  const result = complementoEsperado(input);
  if (result === null) throw new Error("se esperaba un complemento");
  expect(complementoEsperadoSchema.parse(result)).toEqual(result);
  return result;
}

/** The SAT's check: Σ ImpPagado ÷ EquivalenciaDR ≤ Monto (to the cent). */
function enMonedaDelPago(c: ReturnType<typeof esperado>): string {
  return addAmounts(...c.Documentos.map((d) => divideAmounts(d.ImpPagado, d.EquivalenciaDR, 10)));
}

describe("fechaLimiteComplemento: the fifth day of the month after the payment", () => {
  it.each([
    ["2025-11-14", "2025-12-05"],
    ["2025-12-20", "2026-01-05"],
    ["2025-12-31T23:59:59", "2026-01-05"],
    ["2026-01-31", "2026-02-05"],
    ["2026-02-01", "2026-03-05"],
    ["2024-02-29", "2024-03-05"],
  ])("%s → %s", (fecha, limite) => {
    expect(fechaLimiteComplemento(fecha)).toBe(limite);
  });

  it("refuses what is not a date", () => {
    expect(() => fechaLimiteComplemento("2025-02-30")).toThrow(RangeError);
    expect(() => fechaLimiteComplemento("mañana")).toThrow(RangeError);
  });
});

describe("complementoEsperado", () => {
  it("starts the balance from the total less the accepted credit notes (issue 27)", () => {
    const pago = { ...pagoMxn, total: "5000.00" };
    const [doc] = esperado({
      pago,
      facturas: [factura({ aplicado: "5000.00", acreditado: "1160.00", aplicadoAntes: ["2000.00"] })],
    }).Documentos;
    expect(doc).toMatchObject({
      NumParcialidad: 2,
      ImpSaldoAnt: "8440.00",
      ImpPagado: "5000.00",
      ImpSaldoInsoluto: "3440.00",
    });
  });

  it("one invoice paid in full, in one payment", () => {
    expect(esperado({ pago: pagoMxn, facturas: [factura({ uuid: UUID_1 })] })).toEqual({
      FechaPago: "2025-11-14T12:00:00",
      FormaDePagoP: "03",
      MonedaP: "MXN",
      TipoCambioP: "1",
      Monto: "11600.00",
      FechaLimite: "2025-12-05",
      Documentos: [
        {
          IdDocumento: UUID_1.toUpperCase(),
          Serie: "A",
          Folio: "1001",
          MonedaDR: "MXN",
          EquivalenciaDR: "1",
          NumParcialidad: 1,
          ImpSaldoAnt: "11600.00",
          ImpPagado: "11600.00",
          ImpSaldoInsoluto: "0.00",
          ObjetoImpDR: null,
          TrasladosDR: [],
        },
      ],
      TrasladosP: [],
      Totales: { MontoTotalPagos: "11600.00" },
    });
  });

  it("three parcialidades: each one's ImpSaldoInsoluto is the next one's ImpSaldoAnt", () => {
    const total = "10000.00";
    const pagos = ["3000.00", "4500.50", "2499.50"];
    const docs = pagos.map(
      (aplicado, i) =>
        esperado({
          pago: { ...pagoMxn, fecha: `2025-0${i + 3}-10`, total: aplicado },
          facturas: [factura({ total, aplicado, aplicadoAntes: pagos.slice(0, i) })],
        }).Documentos[0],
    );
    expect(docs.map((d) => [d?.NumParcialidad, d?.ImpSaldoAnt, d?.ImpPagado, d?.ImpSaldoInsoluto])).toEqual([
      [1, "10000.00", "3000.00", "7000.00"],
      [2, "7000.00", "4500.50", "2499.50"],
      [3, "2499.50", "2499.50", "0.00"],
    ]);
  });

  it("several invoices in one payment, in the order given, each with its own parcialidad", () => {
    const c = esperado({
      pago: { ...pagoMxn, total: "15800.00" },
      facturas: [
        factura({ uuid: UUID_1, total: "5000.00", aplicado: "5000.00" }),
        factura({
          uuid: UUID_2,
          serie: undefined,
          folio: "77",
          total: "8000.00",
          aplicado: "3000.00",
          aplicadoAntes: ["2000"],
        }),
        factura({
          uuid: UUID_3,
          serie: "B",
          folio: undefined,
          total: "9000.00",
          aplicado: "7800.00",
          aplicadoAntes: ["600", "600"],
        }),
      ],
    });
    expect(c.Monto).toBe("15800.00");
    expect(c.Documentos).toEqual([
      expect.objectContaining({
        IdDocumento: UUID_1.toUpperCase(),
        NumParcialidad: 1,
        ImpSaldoAnt: "5000.00",
        ImpPagado: "5000.00",
        ImpSaldoInsoluto: "0.00",
      }),
      expect.objectContaining({
        IdDocumento: UUID_2.toUpperCase(),
        Serie: "",
        Folio: "77",
        NumParcialidad: 2,
        ImpSaldoAnt: "6000.00",
        ImpPagado: "3000.00",
        ImpSaldoInsoluto: "3000.00",
      }),
      expect.objectContaining({
        IdDocumento: UUID_3.toUpperCase(),
        Serie: "B",
        Folio: "",
        NumParcialidad: 3,
        ImpSaldoAnt: "7800.00",
        ImpPagado: "7800.00",
        ImpSaldoInsoluto: "0.00",
      }),
    ]);
    expect(compareAmounts(enMonedaDelPago(c), c.Monto)).toBe(0);
  });

  it("a USD payment of MXN invoices: EquivalenciaDR is MXN per USD (20.000000 at 20.00)", () => {
    const c = esperado({
      pago: { ...pagoMxn, moneda: "USD", tipoCambio: "20.00", total: "1000.00" },
      facturas: [
        factura({ uuid: UUID_1, total: "11600.00", aplicado: "11600.00", aplicadoMonedaPago: "580.00" }),
        // Without the amount in USD, the payment's exchange rate converts.
        factura({ uuid: UUID_2, total: "20000.00", aplicado: "8400.00" }),
      ],
    });
    expect(c).toMatchObject({ MonedaP: "USD", TipoCambioP: "20.00", Monto: "1000.00" });
    expect(c.Documentos.map((d) => [d.MonedaDR, d.EquivalenciaDR, d.ImpPagado, d.ImpSaldoInsoluto])).toEqual([
      ["MXN", "20.000000", "11600.00", "0.00"],
      ["MXN", "20.000000", "8400.00", "11600.00"],
    ]);
    expect(enMonedaDelPago(c)).toBe("1000.0000000000");
  });

  it("a USD payment of an MXN invoice at a rate with decimals (the real fixture pagos20-calculator 001)", () => {
    const c = esperado({
      pago: { ...pagoMxn, moneda: "USD", tipoCambio: "17.3608", total: "40" },
      facturas: [
        factura({ total: "2817", aplicado: "694.43", aplicadoMonedaPago: "40", aplicadoAntes: ["100", "100"] }),
      ],
    });
    // The fixture writes 17.36075: 694.43 ÷ 40.
    expect(c.TipoCambioP).toBe("17.3608");
    expect(c.Documentos[0]).toMatchObject({ EquivalenciaDR: "17.360750", NumParcialidad: 3, ImpSaldoAnt: "2617.00" });
  });

  it("an MXN payment of USD invoices: EquivalenciaDR is USD per MXN, rounded up so Σ ImpPagado ÷ EquivalenciaDR ≤ Monto", () => {
    const c = esperado({
      pago: { ...pagoMxn, total: "27777.28" },
      facturas: [
        factura({ uuid: UUID_1, moneda: "USD", total: "1000.00", aplicado: "1000.00", aplicadoMonedaPago: "17360.80" }),
        factura({ uuid: UUID_2, moneda: "USD", total: "900.00", aplicado: "600.00", aplicadoMonedaPago: "10416.48" }),
      ],
    });
    expect(c).toMatchObject({ MonedaP: "MXN", TipoCambioP: "1", Monto: "27777.28" });
    // 1000 ÷ 17360.80 = 0.05760103221050… → 0.0576010323 (up); 600 ÷ 10416.48 idem.
    expect(c.Documentos.map((d) => [d.MonedaDR, d.EquivalenciaDR, d.ImpPagado, d.ImpSaldoInsoluto])).toEqual([
      ["USD", "0.0576010323", "1000.00", "0.00"],
      ["USD", "0.0576010323", "600.00", "300.00"],
    ]);
    const suma = enMonedaDelPago(c);
    expect(compareAmounts(suma, c.Monto)).toBeLessThanOrEqual(0);
    expect(compareAmounts(subtractAmounts(c.Monto, suma), "0.01")).toBeLessThan(0);
    // An exact rate stays exact: 20.00 MXN per USD is 0.05 USD per MXN.
    const exacto = esperado({
      pago: { ...pagoMxn, total: "2000.00" },
      facturas: [factura({ moneda: "USD", total: "100", aplicado: "100", aplicadoMonedaPago: "2000" })],
    });
    expect(exacto.Documentos[0]?.EquivalenciaDR).toBe("0.050000");
  });

  it("an MXN payment of a USD invoice without the amount in pesos cannot be converted", () => {
    expect(() =>
      complementoEsperado({ pago: pagoMxn, facturas: [factura({ moneda: "USD", aplicado: "100" })] }),
    ).toThrow(/EquivalenciaDR/);
  });

  it("a USD payment of a USD invoice: EquivalenciaDR 1, TipoCambioP the payment's rate", () => {
    const c = esperado({
      pago: { ...pagoMxn, moneda: "USD", tipoCambio: "19.796300", total: "50498.60" },
      facturas: [factura({ moneda: "USD", total: "100997.20", aplicado: "50498.60", aplicadoAntes: ["50498.60"] })],
    });
    expect(c).toMatchObject({ TipoCambioP: "19.7963", Monto: "50498.60" });
    expect(c.Documentos[0]).toMatchObject({ EquivalenciaDR: "1", NumParcialidad: 2, ImpSaldoInsoluto: "0.00" });
  });

  it("December payment → January deadline; a date-time payment date keeps its date at noon", () => {
    const c = esperado({ pago: { ...pagoMxn, fecha: "2025-12-20T00:00:00.000Z" }, facturas: [factura()] });
    expect(c.FechaPago).toBe("2025-12-20T12:00:00");
    expect(c.FechaLimite).toBe("2026-01-05");
  });

  it("rounds every amount to cents before adding up, so the chain of balances holds exactly", () => {
    const c = esperado({
      pago: { ...pagoMxn, total: "333.335" },
      facturas: [factura({ total: "1000.004", aplicado: "333.335", aplicadoAntes: ["333.334", "0.005"] })],
    });
    // 1000.00 − 333.33 − 0.01 = 666.66; 666.66 − 333.34 = 333.32.
    expect(c.Monto).toBe("333.34");
    expect(c.Documentos[0]).toMatchObject({
      NumParcialidad: 3,
      ImpSaldoAnt: "666.66",
      ImpPagado: "333.34",
      ImpSaldoInsoluto: "333.32",
    });
  });

  it("never writes a balance below zero (an overpayment leaves ImpSaldoInsoluto at 0.00)", () => {
    const c = esperado({
      pago: { ...pagoMxn, total: "700" },
      facturas: [factura({ total: "1000", aplicado: "700", aplicadoAntes: ["500"] })],
    });
    expect(c.Documentos[0]).toMatchObject({ ImpSaldoAnt: "500.00", ImpPagado: "700.00", ImpSaldoInsoluto: "0.00" });
    const despues = esperado({
      pago: { ...pagoMxn, total: "10" },
      facturas: [factura({ total: "1000", aplicado: "10", aplicadoAntes: ["500", "700"] })],
    });
    expect(despues.Documentos[0]).toMatchObject({ ImpSaldoAnt: "0.00", ImpSaldoInsoluto: "0.00" });
  });

  it("no complement for a cancelled payment, nor for a payment of no (PPD) invoice", () => {
    expect(complementoEsperado({ pago: { ...pagoMxn, cancelado: true }, facturas: [factura()] })).toBeNull();
    expect(complementoEsperado({ pago: pagoMxn, facturas: [] })).toBeNull();
  });

  it("refuses malformed input", () => {
    expect(() => complementoEsperado({ pago: { ...pagoMxn, fecha: "2025-13-01" }, facturas: [factura()] })).toThrow(
      RangeError,
    );
    expect(() => complementoEsperado({ pago: pagoMxn, facturas: [factura({ aplicado: "-5" })] })).toThrow(RangeError);
    expect(() => complementoEsperado({ pago: { ...pagoMxn, total: "mil" }, facturas: [factura()] })).toThrow(
      RangeError,
    );
  });
});

describe("the tax breakdown of the expected complement (issue 23): ObjetoImpDR, TrasladosDR, TrasladosP, Totales", () => {
  const importes16 = { subtotal: "7500.00", descuento: "0", retenciones: "0", total: "8700.00" };

  it("gives a partial payment its share of the invoice's IVA 16 %, exactly, to the cent", () => {
    const c = esperado({
      pago: { ...pagoMxn, total: "5000" },
      facturas: [factura({ total: "8700.00", aplicado: "5000.00", importes: importes16 })],
    });
    const [doc] = c.Documentos;
    // BaseDR = 7500 × 5000 ÷ 8700 = 4310.3448… → 4310.34; ImporteDR = 4310.34 × 0.16 = 689.6544 → 689.65.
    expect(doc?.ObjetoImpDR).toBe("02");
    expect(doc?.TrasladosDR).toEqual([
      { BaseDR: "4310.34", ImpuestoDR: "002", TipoFactorDR: "Tasa", TasaOCuotaDR: "0.160000", ImporteDR: "689.65" },
    ]);
    expect(c.TrasladosP).toEqual([
      { BaseP: "4310.340000", ImpuestoP: "002", TipoFactorP: "Tasa", TasaOCuotaP: "0.160000", ImporteP: "689.650000" },
    ]);
    expect(c.Totales).toEqual({
      TotalTrasladosBaseIVA16: "4310.34",
      TotalTrasladosImpuestoIVA16: "689.65",
      MontoTotalPagos: "5000.00",
    });
  });

  it("agrees with the demo's sealed complement rule for an invoice of base + IVA 16 % (BaseDR = ImpPagado ÷ 1.16)", () => {
    const c = esperado({
      pago: { ...pagoMxn, total: "3327.01" },
      facturas: [
        factura({
          total: "11600.00",
          aplicado: "3327.01",
          importes: { ...importes16, subtotal: "10000", total: "11600" },
        }),
      ],
    });
    const traslado = c.Documentos[0]?.TrasladosDR[0];
    expect(traslado?.BaseDR).toBe(divideAmounts("3327.01", "1.16", 2));
    expect(traslado?.BaseDR).toBe("2868.11");
    expect(traslado?.ImporteDR).toBe("458.90"); // 2868.11 × 0.16 = 458.8976
  });

  it("takes the discount off the base, adds back withheld taxes, and finds the 8 % rate", () => {
    // SubTotal 1000, Descuento 100, IVA 8 % of 900 = 72, ISR withheld 10: Total = 900 + 72 − 10 = 962.
    const { ObjetoImpDR, TrasladosDR } = impuestosDocumento(
      { subtotal: "1000", descuento: "100", retenciones: "10", total: "962" },
      "962",
    );
    expect(ObjetoImpDR).toBe("02");
    expect(TrasladosDR).toEqual([
      { BaseDR: "900.00", ImpuestoDR: "002", TipoFactorDR: "Tasa", TasaOCuotaDR: "0.080000", ImporteDR: "72.00" },
    ]);
  });

  it("an invoice without IVA is 01 with no traslados; an invoice the portal does not hold is unknown (null)", () => {
    expect(impuestosDocumento({ subtotal: "500", descuento: "0", retenciones: "0", total: "500" }, "500")).toEqual({
      ObjetoImpDR: "01",
      TrasladosDR: [],
    });
    expect(impuestosDocumento(undefined, "500")).toEqual({ ObjetoImpDR: null, TrasladosDR: [] });
    const c = esperado({ pago: pagoMxn, facturas: [factura()] });
    expect(c.TrasladosP).toEqual([]);
    expect(c.Totales).toEqual({ MontoTotalPagos: "11600.00" });
  });

  it("converts a USD payment of MXN invoices into the payment's currency and the totals into pesos", () => {
    // 20.00 MXN per USD: the MXN invoice's share is divided by EquivalenciaDR 20 for TrasladosP, × 20 for Totales.
    const c = esperado({
      pago: { ...pagoMxn, moneda: "USD", tipoCambio: "20", total: "580" },
      facturas: [
        factura({
          total: "11600.00",
          aplicado: "11600.00",
          importes: { ...importes16, subtotal: "10000", total: "11600" },
        }),
      ],
    });
    expect(c.Documentos[0]?.EquivalenciaDR).toBe("20.000000");
    expect(c.Documentos[0]?.TrasladosDR[0]).toMatchObject({ BaseDR: "10000.00", ImporteDR: "1600.00" });
    expect(trasladosPago(c.Documentos)).toEqual([
      { BaseP: "500.000000", ImpuestoP: "002", TipoFactorP: "Tasa", TasaOCuotaP: "0.160000", ImporteP: "80.000000" },
    ]);
    expect(totalesPago(c.Monto, c.TipoCambioP, c.TrasladosP)).toEqual({
      TotalTrasladosBaseIVA16: "10000.00",
      TotalTrasladosImpuestoIVA16: "1600.00",
      MontoTotalPagos: "11600.00",
    });
  });
});
