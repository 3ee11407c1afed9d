import { describe, expect, it } from "vitest";
import {
  estatusFactura,
  estatusFacturaMostrado,
  estatusPagoFactura,
  fechaLimiteDelComplemento,
  type PagoParaEstatus,
  requiresComplemento,
  saldoDeFactura,
  situacionComplemento,
} from "./estatus";

const factura = (cambios: Partial<Parameters<typeof estatusFacturaMostrado>[0]> = {}) => ({
  CANCELED: "N",
  EstatusFactura: "P",
  PaidToDate: "0.00",
  Total: "1160.00",
  ...cambios,
});

describe("invoice payment status: decided by the ERP, whatever the method (issue 23, decision 024)", () => {
  it.each([
    ["unpaid", factura(), "Pendiente"],
    // Issue 39 (decision 058): a payment that leaves a balance says so.
    ["partly paid", factura({ PaidToDate: "1159.99" }), "Pago parcial"],
    ["paid to the cent", factura({ PaidToDate: "1160" }), "Pagada"],
    ["overpaid", factura({ PaidToDate: "1,200.00", Total: "1,160.00" }), "Pagada"],
    ["paid but the A/P invoice cancelled", factura({ PaidToDate: "1160.00", CANCELED: "Y" }), "Pendiente"],
    ["a zero total", factura({ PaidToDate: "0", Total: "0.00" }), "Pendiente"],
    ["amounts that are not amounts", factura({ PaidToDate: "", Total: "x" }), "Pendiente"],
  ])("%s → %s", (_caso, row, esperado) => {
    expect(estatusPagoFactura(row)).toBe(esperado);
  });

  it("the row carries no payment method the rule could read: a PUE invoice is not paid by being PUE", () => {
    const pue = { ...factura(), MetodoPago: "PUE" };
    expect(estatusPagoFactura(pue)).toBe("Pendiente");
  });
});

describe("invoice status shown in the list and the detail", () => {
  it.each([
    ["just registered", factura(), "Pendiente"],
    ["accepted, unpaid", factura({ EstatusFactura: "A" }), "Aceptada"],
    ["rejected", factura({ EstatusFactura: "R" }), "Rechazada"],
    ["cancelled in the ERP", factura({ EstatusFactura: "A", CANCELED: "Y" }), "Cancelado"],
    ["cancelled after being paid", factura({ EstatusFactura: "A", CANCELED: "Y", PaidToDate: "1160" }), "Cancelado"],
    ["accepted and paid", factura({ EstatusFactura: "A", PaidToDate: "1160.00" }), "Pagada"],
    ["accepted, partly paid", factura({ EstatusFactura: "A", PaidToDate: "600.00" }), "Pago parcial"],
  ])("%s → %s", (_caso, row, esperado) => {
    expect(estatusFacturaMostrado(row)).toBe(esperado);
  });

  it("the invoice status alone follows spec §4", () => {
    expect(estatusFactura({ CANCELED: "Y", EstatusFactura: "R" })).toBe("Cancelado");
    expect(estatusFactura({ CANCELED: "N", EstatusFactura: "" })).toBe("Pendiente");
  });
});

describe("statuses from the invoice's ledger (issue 39, decision 058)", () => {
  // PaidToDate counts the payments and the memos the ERP applied; Abonos tells them apart.
  const con = (pagos: string, notas: string, paidToDate = "0.00") =>
    factura({ EstatusFactura: "A", PaidToDate: paidToDate, Abonos: { Pagos: pagos, Notas: notas } });
  it.each([
    // 1,160.00 − 0 − 1,160.00 = 0: a credit note cancelled it out, nothing was paid (never 'Pagada').
    ["fully credited", con("0.00", "1160.00", "1160.00"), "Saldada con nota de crédito", "0.00"],
    // 1,160.00 − 1,044.00 − 116.00 = 0.
    ["paid and credited", con("1044.00", "116.00", "1160.00"), "Pagada y acreditada", "0.00"],
    // 1,160.00 − 600.00 = 560.00.
    ["partly paid", con("600.00", "0.00", "600.00"), "Pago parcial", "560.00"],
    // 1,160.00 − 600.00 − 116.00 (accepted, its memo not in the ERP yet) = 444.00.
    ["partly paid and credited", con("600.00", "116.00", "600.00"), "Pago parcial", "444.00"],
    // 1,160.00 − 116.00 = 1,044.00: nothing paid yet.
    ["credited only in part", con("0.00", "116.00", "116.00"), "Aceptada", "1044.00"],
    ["paid", con("1160.00", "0.00", "1160.00"), "Pagada", "0.00"],
  ])("%s → %s, balance %s", (_caso, row, estatus, saldo) => {
    expect(estatusFacturaMostrado(row)).toBe(estatus);
    expect(saldoDeFactura(row)?.saldo).toBe(saldo);
  });

  it("without Abonos (an older server) PaidToDate counts as payments", () => {
    expect(saldoDeFactura(factura({ PaidToDate: "600.00" }))).toEqual({
      saldo: "560.00",
      pagos: "600.00",
      notas: "0.00",
    });
    expect(saldoDeFactura(factura({ Total: "x" }))).toBeNull();
  });
});

const pago = (cambios: Partial<PagoParaEstatus> = {}): PagoParaEstatus => ({
  CANCELED: "N",
  DocDate: "2026-10-20",
  U_SYS_PMUUID: "",
  U_SYS_PMESPA: "",
  U_SYS_PMFECA: null,
  Detalle: [{ MetodoPago: "PPD" }],
  ...cambios,
});
const uploaded = (estatus: string, dia: string, cambios: Partial<PagoParaEstatus> = {}) =>
  pago({ U_SYS_PMUUID: "6F1A2B3C-0000-4000-8000-000000000001", U_SYS_PMESPA: estatus, U_SYS_PMFECA: dia, ...cambios });
const ANTES = "2026-11-05"; // the deadline day itself still counts
const DESPUES = "2026-11-06";

describe("complement status of a payment (issue 23)", () => {
  it("the legal deadline is day 5 of the month after the payment", () => {
    expect(fechaLimiteDelComplemento("2026-10-20")).toBe("2026-11-05");
    expect(fechaLimiteDelComplemento("2026-12-31")).toBe("2027-01-05");
  });

  it("a payment that applies only to PUE invoices needs no complement, never late, never pending", () => {
    const soloPue = pago({ Detalle: [{ MetodoPago: "PUE" }, { MetodoPago: "PUE" }] });
    expect(requiresComplemento(soloPue)).toBe(false);
    expect(situacionComplemento(soloPue, DESPUES)).toEqual({
      estatus: "No requiere complemento",
      requiere: false,
      vencido: false,
      admiteCarga: false,
      porCargar: false,
      porRevisar: false,
      fechaLimite: "2026-11-05",
    });
  });

  it("a mixed PUE + PPD payment needs a complement; an invoice of unknown method counts as PPD", () => {
    expect(requiresComplemento(pago({ Detalle: [{ MetodoPago: "PUE" }, { MetodoPago: "PPD" }] }))).toBe(true);
    expect(requiresComplemento(pago({ Detalle: [{ MetodoPago: "PUE" }, {}] }))).toBe(true);
    const mixto = situacionComplemento(pago({ Detalle: [{ MetodoPago: "PUE" }, { MetodoPago: "PPD" }] }), ANTES);
    expect(mixto).toMatchObject({ estatus: "Complemento por emitir", requiere: true, admiteCarga: true });
  });

  it("a PPD payment without a complement: 'Complemento por emitir', late only after the deadline", () => {
    expect(situacionComplemento(pago(), ANTES)).toMatchObject({
      estatus: "Complemento por emitir",
      vencido: false,
      admiteCarga: true,
      porCargar: true,
      porRevisar: false,
    });
    expect(situacionComplemento(pago(), DESPUES)).toMatchObject({ estatus: "Complemento por emitir", vencido: true });
  });

  it("a complement uploaded on time that waits for review is not late, even long after the deadline", () => {
    for (const estatus of ["P", ""]) {
      expect(situacionComplemento(uploaded(estatus, "2026-11-05"), "2027-02-01")).toMatchObject({
        estatus: "Pendiente",
        vencido: false,
        porRevisar: true,
        porCargar: false,
        admiteCarga: true,
      });
    }
  });

  it("a complement uploaded after the deadline is late while it waits", () => {
    expect(situacionComplemento(uploaded("P", "2026-11-06"), DESPUES)).toMatchObject({
      estatus: "Pendiente",
      vencido: true,
    });
  });

  it("'Validación' waits for the company: late only when uploaded late", () => {
    expect(situacionComplemento(uploaded("V", "2026-10-30"), DESPUES)).toMatchObject({
      estatus: "Validación",
      vencido: false,
      porRevisar: true,
    });
    expect(situacionComplemento(uploaded("V", "2026-11-20"), "2026-11-21")).toMatchObject({
      estatus: "Validación",
      vencido: true,
    });
  });

  it("an accepted complement is never late nor pending, and takes no new upload", () => {
    expect(situacionComplemento(uploaded("A", "2026-12-20"), "2027-01-10")).toMatchObject({
      estatus: "Aceptada",
      requiere: true,
      vencido: false,
      admiteCarga: false,
      porCargar: false,
      porRevisar: false,
    });
  });

  it("a rejected complement waits for the supplier; late once the deadline passed", () => {
    expect(situacionComplemento(uploaded("R", "2026-10-25"), ANTES)).toMatchObject({
      estatus: "Rechazada",
      vencido: false,
      admiteCarga: true,
      porCargar: true,
      porRevisar: false,
    });
    expect(situacionComplemento(uploaded("R", "2026-10-25"), DESPUES)).toMatchObject({
      estatus: "Rechazada",
      vencido: true,
    });
  });

  it("a cancelled payment: Cancelado, nothing owed", () => {
    expect(situacionComplemento(pago({ CANCELED: "Y" }), DESPUES)).toMatchObject({
      estatus: "Cancelado",
      requiere: false,
      vencido: false,
      admiteCarga: false,
      porCargar: false,
    });
  });
});
