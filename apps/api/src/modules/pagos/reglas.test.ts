import type { PaymentData, PaymentDocument } from "@portal/cfdi";
import type { ComplementoEsperado, DocumentoEsperado } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import type { ErpPago } from "../../erp/types";
import { checkAgainstPago, PAGO_MSG } from "./reglas";

/**
 * Issue 39 (decision 058): the complement's NumParcialidad is this payment's place among the invoice's payments by
 * date, counting from 1 — the expected complement's figure; credit notes are not parcialidades.
 */
const UUID = "9D3C5E72-8A4B-4C01-A2E3-4B5C6D7E8F93";

/** The ERP's second payment (1 Dec) of 3,000.00 on an invoice of 11,020.00 (a note of 1,020.00 on 3 Nov). */
const pago: ErpPago = {
  bd: "SBO_MCI",
  docEntry: 71,
  docNum: 2071,
  cardCode: "P00001",
  cardName: "ESCUELA KEMPER URGATE",
  docDate: "2026-12-01",
  formaPago: "03",
  docTotal: "3000.00",
  docCur: "MXN",
  docRate: "1",
  canceled: "N",
  facturas: [
    {
      lineNum: 0,
      facturaDocEntry: 9,
      facturaDocNum: 9,
      folio: "1192",
      uuid: UUID,
      fecha: "2026-11-01",
      facturaTotal: "11020.00",
      sumApplied: "3000.00",
      appliedPago: "3000.00",
      docCur: "MXN",
    },
  ],
};

// 11,020.00 − 1,020.00 (note, 3 Nov) − 5,000.00 (first payment, 10 Nov) = 5,000.00 before this, the second payment.
const documentoEsperado: DocumentoEsperado = {
  IdDocumento: UUID,
  Serie: "",
  Folio: "1192",
  MonedaDR: "MXN",
  EquivalenciaDR: "1",
  NumParcialidad: 2,
  ImpSaldoAnt: "5000.00",
  ImpPagado: "3000.00",
  ImpSaldoInsoluto: "2000.00",
  ObjetoImpDR: "01",
  TrasladosDR: [],
};
const esperado: ComplementoEsperado = {
  FechaPago: "2026-12-01T12:00:00",
  FormaDePagoP: "03",
  MonedaP: "MXN",
  TipoCambioP: "1",
  Monto: "3000.00",
  FechaLimite: "2027-01-05",
  Documentos: [documentoEsperado],
  TrasladosP: [],
  Totales: { MontoTotalPagos: "3000.00" },
};

const datos = (doc: Partial<PaymentDocument> = {}): PaymentData => ({
  UUID: "11111111-2222-4333-8444-555555555555",
  Version: "4.0",
  Folio: "S/F",
  Fecha: "2026-12-02T10:00:00",
  FechaTimbrado: "2026-12-02T10:05:00",
  RFCEmisor: "EKU9003173C9",
  NombreEmisor: "ESCUELA KEMPER URGATE",
  RFCReceptor: "MCI7306249Y1",
  NombreReceptor: "MUNICIPIO",
  FechaPago: "2026-12-01T12:00:00",
  Total: "3000.00",
  MontoTotalPagos: "3000.00",
  Pagos: [{ FechaPago: "2026-12-01T12:00:00", FormaDePagoP: "03", MonedaP: "MXN", TipoCambioP: "1", Monto: "3000.00" }],
  Detalle: [
    {
      UUID,
      Folio: "1192",
      MonedaDR: "MXN",
      EquivalenciaDR: "1",
      NumParcialidad: "2",
      ImpSaldoAnt: "5000.00",
      ImpPagado: "3000.00",
      ImpSaldoInsoluto: "2000.00",
      ...doc,
    },
  ],
});

describe("checkAgainstPago: NumParcialidad is the payment's place among the invoice's payments (issue 39)", () => {
  it("accepts the expected parcialidad (the second payment, the credit note not counted)", () => {
    expect(checkAgainstPago(datos(), pago, esperado)).toEqual([]);
  });

  it("refuses a parcialidad that counts the credit note, or restarts at 1, naming expected and found", () => {
    expect(checkAgainstPago(datos({ NumParcialidad: "3" }), pago, esperado)).toEqual([
      PAGO_MSG.numParcialidad(UUID, "3", 2),
    ]);
    expect(checkAgainstPago(datos({ NumParcialidad: "1" }), pago, esperado)).toEqual([
      `El número de parcialidad del documento ${UUID} en el XML (NumParcialidad 1) no es el de este pago entre los pagos de la factura por fecha (2).`,
    ]);
  });

  it("without the expected complement only the chain of balances is checked", () => {
    expect(checkAgainstPago(datos({ NumParcialidad: "7" }), pago, null)).toEqual([]);
  });
});
