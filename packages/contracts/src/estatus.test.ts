import { describe, expect, it } from "vitest";
import {
  estatusFactura,
  estatusFacturaMostrado,
  estatusPagoFactura,
  fechaLimiteDelComplemento,
  type PagoParaEstatus,
  requiresComplemento,
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
    ["partly paid", factura({ PaidToDate: "1159.99" }), "Pendiente"],
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
  ])("%s → %s", (_caso, row, esperado) => {
    expect(estatusFacturaMostrado(row)).toBe(esperado);
  });

  it("the invoice status alone follows spec §4", () => {
    expect(estatusFactura({ CANCELED: "Y", EstatusFactura: "R" })).toBe("Cancelado");
    expect(estatusFactura({ CANCELED: "N", EstatusFactura: "" })).toBe("Pendiente");
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
    expect(mixto).toMatchObject({ estatus: "Pendiente de complemento", requiere: true, admiteCarga: true });
  });

  it("a PPD payment without a complement: 'Pendiente de complemento', late only after the deadline", () => {
    expect(situacionComplemento(pago(), ANTES)).toMatchObject({
      estatus: "Pendiente de complemento",
      vencido: false,
      admiteCarga: true,
      porCargar: true,
      porRevisar: false,
    });
    expect(situacionComplemento(pago(), DESPUES)).toMatchObject({ estatus: "Pendiente de complemento", vencido: true });
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
