/**
 * What the server checks of a payment complement beyond the spec's §5 cross checks (packages/cfdi rules.ts
 * checkPaymentAgainst), with the Spanish messages a supplier reads (issue 14). Pure: every failing message is
 * returned.
 */

import { normalizeUuid, type PaymentData, parseAmount, roundAmount } from "@portal/cfdi";
import { type ComplementoEsperado, PAGO_REGLAS_MSG, REVISION_MSG } from "@portal/contracts";
import type { ErpPago } from "../../erp/types";
import { cleanText, fieldsAgainstXml, partyFields, sameAmount, sameDate } from "../documentos/cfdi-compare";
import { FACTURA_MSG } from "../facturas/reglas";

export const PAGO_MSG = {
  ...PAGO_REGLAS_MSG,
  noCoincide: FACTURA_MSG.noCoincide,
  emisorDefinitivo69b: FACTURA_MSG.emisorDefinitivo69b,
  // Review: the sentences the browser shares (@portal/contracts)
  revisionNoExiste: REVISION_MSG.pago.noExiste,
  revisionBloqueada: REVISION_MSG.pago.bloqueada,
  revisionDesactualizada: REVISION_MSG.pago.desactualizada,
} as const;

const centavos = (v: string) => {
  const x = parseAmount(cleanText(v));
  return x === null ? null : Math.round(Number(roundAmount(x, 2)) * 100);
};

/**
 * The complement against the ERP payment, beyond §5: the currency and exchange rate of every Pago node, and for
 * every related document of this payment: ImpPagado is what the payment applied to that invoice (in the
 * invoice's currency), and ImpSaldoInsoluto = ImpSaldoAnt − ImpPagado, never below zero. Issue 39: with the
 * expected complement given, ImpSaldoAnt is its figure (the invoice's balance just before this payment) and
 * NumParcialidad its figure (this payment's place among the invoice's payments by date, counting from 1; credit
 * notes are not parcialidades, decision 058).
 */
export function checkAgainstPago(
  datos: PaymentData,
  pago: ErpPago,
  esperado: ComplementoEsperado | null = null,
): string[] {
  const errores: string[] = [];
  for (const nodo of datos.Pagos) {
    if (nodo.MonedaP.toUpperCase() !== pago.docCur.toUpperCase()) {
      errores.push(PAGO_MSG.monedaP(nodo.MonedaP, pago.docCur));
    }
    const esperado = pago.docCur.toUpperCase() === "MXN" ? 1 : Number(pago.docRate);
    if (Math.abs(Number(nodo.TipoCambioP) - esperado) > 0.00005) {
      errores.push(PAGO_MSG.tipoCambioP(nodo.TipoCambioP, pago.docCur.toUpperCase() === "MXN" ? "1" : pago.docRate));
    }
  }
  const aplicado = new Map(pago.facturas.map((f) => [normalizeUuid(f.uuid), f]));
  const saldosAnteriores = new Map((esperado?.Documentos ?? []).map((d) => [normalizeUuid(d.IdDocumento), d]));
  for (const doc of datos.Detalle) {
    const uuid = normalizeUuid(doc.UUID);
    const factura = aplicado.get(uuid);
    if (!factura) continue; // §5's own message names it (checkPaymentAgainst).
    const pagado = centavos(doc.ImpPagado);
    const anterior = centavos(doc.ImpSaldoAnt);
    const insoluto = centavos(doc.ImpSaldoInsoluto);
    const erp = centavos(factura.sumApplied);
    if (pagado === null || erp === null || Math.abs(pagado - erp) > 1) {
      errores.push(PAGO_MSG.impPagado(uuid, doc.ImpPagado, factura.sumApplied, factura.docCur));
    }
    const previo = saldosAnteriores.get(uuid);
    if (previo && Number(cleanText(doc.NumParcialidad)) !== previo.NumParcialidad) {
      errores.push(PAGO_MSG.numParcialidad(uuid, doc.NumParcialidad, previo.NumParcialidad));
    }
    if (previo && anterior !== centavos(previo.ImpSaldoAnt)) {
      errores.push(PAGO_MSG.saldoAnterior(uuid, doc.ImpSaldoAnt, previo.ImpSaldoAnt, previo.MonedaDR));
    }
    if (insoluto !== null && insoluto < 0) errores.push(PAGO_MSG.saldoNegativo(uuid));
    else if (pagado === null || anterior === null || insoluto === null || anterior - pagado !== insoluto) {
      errores.push(PAGO_MSG.saldoInsoluto(uuid));
    }
  }
  return errores;
}

/** The postPago fields a supplier's browser fills from the XML. */
export interface DatosPagoEnviados {
  FechaPago: string;
  Folio: string;
  Total: string;
  RFCEmisor: string;
  RFCReceptor: string;
  NombreEmisor: string;
  NombreReceptor: string;
  UUID: string;
}

/** Every field the client sends that also comes from the XML must be the XML's (as for invoices). */
export function camposPagoContraXml(enviado: DatosPagoEnviados, xml: PaymentData): string[] {
  // Detalle is the payment's invoice list as the browser loaded it (spec §3), not the XML's: the server reads the
  // payment's invoices from the ERP and checks every related document against them (checkPaymentAgainst).
  return fieldsAgainstXml(
    enviado,
    [
      ...partyFields(xml),
      ["FechaPago", xml.FechaPago, sameDate],
      ["Total", xml.Total, sameAmount],
      ["Folio", xml.Folio],
    ],
    PAGO_MSG.noCoincide,
  );
}
