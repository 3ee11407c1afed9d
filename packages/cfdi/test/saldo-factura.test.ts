import { describe, expect, it } from "vitest";
import {
  cierreDe,
  complementoEsperado,
  type FacturaDelPago,
  type MovimientoSaldo,
  type PagoErp,
  saldoAl,
  saldoFactura,
  saldoParaNota,
} from "../src/index";

// Issue 39 (decision 058): every figure below is computed by hand in the comments next to it.

const UUID = "6D7434A6-1111-4222-8333-000000000039";
const pago = (fecha: string, importe: string, docNum = 1): MovimientoSaldo => ({
  tipo: "pago",
  fecha,
  importe,
  moneda: "MXN",
  referencia: String(docNum),
  orden: docNum,
});
const nota = (fecha: string, importe: string, referencia = "NC-1"): MovimientoSaldo => ({
  tipo: "nota",
  fecha,
  importe,
  moneda: "MXN",
  referencia,
});
const filas = (l: ReturnType<typeof saldoFactura>) =>
  l.filas.map((f) => [f.movimiento.tipo, f.fecha, f.saldoAnterior, f.saldoPosterior, f.excede]);

/** The expected complement's related document for one MXN payment of the invoice. */
function documentoDelPago(
  fecha: string,
  aplicado: string,
  factura: Partial<FacturaDelPago> & { total: string },
): { ImpSaldoAnt: string; ImpPagado: string; ImpSaldoInsoluto: string; NumParcialidad: number } {
  const erp: PagoErp = { fecha, formaPago: "03", moneda: "MXN", tipoCambio: "1", total: aplicado, cancelado: false };
  const c = complementoEsperado({
    pago: erp,
    facturas: [{ uuid: UUID, moneda: "MXN", aplicado, aplicadoAntes: [], ...factura }],
  });
  const d = c?.Documentos[0];
  if (!d) throw new Error("se esperaba un documento relacionado");
  return {
    ImpSaldoAnt: d.ImpSaldoAnt,
    ImpPagado: d.ImpPagado,
    ImpSaldoInsoluto: d.ImpSaldoInsoluto,
    NumParcialidad: d.NumParcialidad,
  };
}

describe("saldoFactura: one invoice's balance in date order", () => {
  it("a note before a payment: the payment starts from what the note left", () => {
    // 11,600.00 − 1,160.00 (note, 5 Nov) = 10,440.00; − 5,000.00 (payment, 10 Nov) = 5,440.00.
    const l = saldoFactura({
      total: "11600",
      moneda: "MXN",
      movimientos: [pago("2026-11-10", "5000"), nota("2026-11-05", "1160")],
    });
    expect(filas(l)).toEqual([
      ["nota", "2026-11-05", "11600.00", "10440.00", false],
      ["pago", "2026-11-10", "10440.00", "5440.00", false],
    ]);
    expect([l.saldo, l.pagado, l.acreditado]).toEqual(["5440.00", "5000.00", "1160.00"]);
    expect(cierreDe(l)).toBe("parcial");
    expect(
      documentoDelPago("2026-11-10", "5000", { total: "11600", notas: [{ fecha: "2026-11-05", importe: "1160" }] }),
    ).toEqual({ ImpSaldoAnt: "10440.00", ImpPagado: "5000.00", ImpSaldoInsoluto: "5440.00", NumParcialidad: 1 });
  });

  it("a note after a payment: the payment's ImpSaldoAnt stays 11,020.00", () => {
    // 11,020.00 − 5,000.00 (payment, 10 Nov) = 6,020.00; − 1,000.00 (note, 27 Nov) = 5,020.00.
    const l = saldoFactura({
      total: "11020.00",
      moneda: "MXN",
      movimientos: [nota("2026-11-27T10:15:00", "1000"), pago("2026-11-10", "5000")],
    });
    expect(filas(l)).toEqual([
      ["pago", "2026-11-10", "11020.00", "6020.00", false],
      ["nota", "2026-11-27", "6020.00", "5020.00", false],
    ]);
    expect(saldoAl(l, "2026-11-09")).toBe("11020.00");
    expect(saldoAl(l, "2026-11-26")).toBe("6020.00");
    expect(saldoAl(l, "2026-11-27")).toBe("5020.00");
    const notas = [{ fecha: "2026-11-27T10:15:00", importe: "1000.00" }];
    expect(documentoDelPago("2026-11-10", "5000", { total: "11020.00", notas })).toEqual({
      ImpSaldoAnt: "11020.00",
      ImpPagado: "5000.00",
      ImpSaldoInsoluto: "6020.00",
      NumParcialidad: 1,
    });
    // The same note dated before the payment would lower it: 11,020.00 − 1,000.00 = 10,020.00.
    expect(
      documentoDelPago("2026-11-10", "5000", { total: "11020.00", notas: [{ fecha: "2026-11-09", importe: "1000" }] })
        .ImpSaldoAnt,
    ).toBe("10020.00");
  });

  it("a payment then a note that closes the balance: paid and credited", () => {
    // 1,160.00 − 1,044.00 (payment, 10 Nov) = 116.00; − 116.00 (note, 20 Nov) = 0.00.
    const l = saldoFactura({
      total: "1160",
      moneda: "MXN",
      movimientos: [pago("2026-11-10", "1044"), nota("2026-11-20", "116")],
    });
    expect(filas(l)).toEqual([
      ["pago", "2026-11-10", "1160.00", "116.00", false],
      ["nota", "2026-11-20", "116.00", "0.00", false],
    ]);
    expect(cierreDe(l)).toBe("pagada_y_acreditada");
    expect(
      documentoDelPago("2026-11-10", "1044", { total: "1160", notas: [{ fecha: "2026-11-20", importe: "116" }] }),
    ).toEqual({ ImpSaldoAnt: "1160.00", ImpPagado: "1044.00", ImpSaldoInsoluto: "116.00", NumParcialidad: 1 });
  });

  it("a note larger than the balance left at its date is marked, and nothing is clamped", () => {
    // 1,160.00 − 1,160.00 (payment, 10 Nov) = 0.00: a note of 116.00 on 27 Nov finds 0.00 and leaves −116.00.
    const pagada = saldoFactura({ total: "1160", moneda: "MXN", movimientos: [pago("2026-11-10", "1160")] });
    expect(cierreDe(pagada)).toBe("pagada");
    expect(saldoParaNota(pagada, "2026-11-27")).toBe("0.00");
    // Dated before the payment it finds 1,160.00 at its date, but today's balance (0.00) is what is left for it.
    expect(saldoParaNota(pagada, "2026-11-05")).toBe("1160.00");
    expect(pagada.saldo).toBe("0.00");
    const l = saldoFactura({
      total: "1160",
      moneda: "MXN",
      movimientos: [pago("2026-11-10", "1160"), nota("2026-11-27", "116")],
    });
    expect(filas(l)).toEqual([
      ["pago", "2026-11-10", "1160.00", "0.00", false],
      ["nota", "2026-11-27", "0.00", "-116.00", true],
    ]);
    // The payment's complement does not move: 1,160.00 / 1,160.00 / 0.00 (never 1,044.00 / 1,160.00 / 0.00).
    expect(
      documentoDelPago("2026-11-10", "1160", { total: "1160", notas: [{ fecha: "2026-11-27", importe: "116" }] }),
    ).toEqual({ ImpSaldoAnt: "1160.00", ImpPagado: "1160.00", ImpSaldoInsoluto: "0.00", NumParcialidad: 1 });
  });

  it("two currencies are refused, never added up", () => {
    expect(() =>
      saldoFactura({
        total: "1000",
        moneda: "MXN",
        movimientos: [pago("2026-11-10", "100"), { ...nota("2026-11-12", "10"), moneda: "USD" }],
      }),
    ).toThrow(/no se suman importes de dos monedas/);
  });

  it("same day: the credit notes first, then the payments by DocNum", () => {
    // 1,000.00 − 100.00 (note) = 900.00; − 400.00 (payment 7) = 500.00; − 500.00 (payment 8) = 0.00.
    const l = saldoFactura({
      total: "1000",
      moneda: "MXN",
      movimientos: [pago("2026-11-10", "500", 8), pago("2026-11-10", "400", 7), nota("2026-11-10", "100")],
    });
    expect(l.filas.map((f) => [f.movimiento.referencia, f.saldoAnterior, f.saldoPosterior])).toEqual([
      ["NC-1", "1000.00", "900.00"],
      ["7", "900.00", "500.00"],
      ["8", "500.00", "0.00"],
    ]);
    expect(saldoParaNota(l, "2026-11-10")).toBe("900.00");
    // The second payment's complement: 1,000.00 − 100.00 − 400.00 = 500.00 before it.
    expect(
      documentoDelPago("2026-11-10", "500", {
        total: "1000",
        aplicadoAntes: ["400"],
        notas: [{ fecha: "2026-11-10", importe: "100" }],
      }),
    ).toEqual({ ImpSaldoAnt: "500.00", ImpPagado: "500.00", ImpSaldoInsoluto: "0.00", NumParcialidad: 2 });
  });

  it("credit notes alone closing it read 'acreditada'; nothing applied reads 'abierta'", () => {
    const acreditada = saldoFactura({ total: "116", moneda: "MXN", movimientos: [nota("2026-11-03", "116")] });
    expect(cierreDe(acreditada)).toBe("acreditada");
    expect(cierreDe(saldoFactura({ total: "116", moneda: "mxn", movimientos: [] }))).toBe("abierta");
  });

  it("refuses what is not an amount or a date", () => {
    expect(() => saldoFactura({ total: "1000", moneda: "MXN", movimientos: [pago("2026-02-30", "1")] })).toThrow(
      RangeError,
    );
    expect(() => saldoFactura({ total: "1000", moneda: "MXN", movimientos: [pago("2026-02-03", "-1")] })).toThrow(
      RangeError,
    );
  });
});
