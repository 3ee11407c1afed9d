/**
 * What the server checks of a payment complement beyond the spec's §5 cross checks (packages/cfdi rules.ts
 * checkPaymentAgainst), with the Spanish messages a supplier reads (issue 14). Pure: every failing message is
 * returned.
 */

import { normalizeUuid, type PaymentData, parseAmount, roundAmount } from "@portal/cfdi";
import { type ComplementoEsperado, REVISION_MSG } from "@portal/contracts";
import type { ErpPago } from "../../erp/types";
import { cleanText, fieldsAgainstXml, partyFields, sameAmount, sameDate } from "../documentos/cfdi-compare";
import { FACTURA_MSG } from "../facturas/reglas";

export const PAGO_MSG = {
  pagoNoExiste: (docNum: number) => `El pago ${docNum} no existe en la sociedad indicada o no es de su cuenta.`,
  pagoCancelado: (docNum: number) =>
    `El pago ${docNum} está cancelado en el ERP; ya no se le pueden cargar documentos.`,
  noRequiereComplemento: (docNum: number) =>
    `El pago ${docNum} solo liquida facturas PUE (pago en una sola exhibición): no requiere complemento de pago y no se le cargan documentos.`,
  complementoAceptado: (docNum: number) =>
    `El complemento del pago ${docNum} ya fue aceptado; ya no se pueden cambiar sus documentos.`,
  rfcEmisor: (xml: string, registro: string) =>
    `El RFC del emisor del XML (${xml}) no es el RFC de su registro en el portal (${registro}).`,
  rfcReceptor: (xml: string, sociedad: string) =>
    `El RFC del receptor del XML (${xml}) no es el RFC de la sociedad del pago (${sociedad}).`,
  uuidRegistrado: (uuid: string) =>
    `El UUID ${uuid} ya está registrado en el portal; un complemento de pago se registra una sola vez.`,
  monedaP: (xml: string, pago: string) => `La moneda del pago del XML (MonedaP ${xml}) no es la del pago (${pago}).`,
  tipoCambioP: (xml: string, pago: string) =>
    `El tipo de cambio del pago del XML (TipoCambioP ${xml}) no es el del pago en el ERP (${pago}).`,
  impPagado: (uuid: string, xml: string, aplicado: string, moneda: string) =>
    `El importe pagado del documento ${uuid} en el XML (ImpPagado ${xml}) no es el que el pago le aplicó (${aplicado} ${moneda}).`,
  saldoInsoluto: (uuid: string) =>
    `El saldo insoluto del documento ${uuid} en el XML no es el saldo anterior menos el importe pagado.`,
  saldoNegativo: (uuid: string) => `El saldo insoluto del documento ${uuid} en el XML no puede ser negativo.`,
  // Issue 39: the balance before the payment is the invoice's ledger's (decision 058).
  saldoAnterior: (uuid: string, xml: string, esperado: string, moneda: string) =>
    `El saldo anterior del documento ${uuid} en el XML (ImpSaldoAnt ${xml}) no es lo que se debía de la factura justo antes de este pago (${esperado} ${moneda}: su total menos los pagos anteriores y las notas de crédito con fecha hasta la del pago).`,
  noCoincide: FACTURA_MSG.noCoincide,
  emisorDefinitivo69b: FACTURA_MSG.emisorDefinitivo69b,
  // Review: the sentences the browser shares (@portal/contracts)
  revisionNoExiste: REVISION_MSG.pago.noExiste,
  revisionBloqueada: REVISION_MSG.pago.bloqueada,
  revisionDesactualizada: REVISION_MSG.pago.desactualizada,
  sinComplemento: (docNum: number) => `El pago ${docNum} no tiene un complemento cargado que revisar.`,
  // Issue 22
  revisionPagoCancelado: (docNum: number) =>
    `El pago ${docNum} fue cancelado en el ERP; su complemento ya no se revisa. Recargue la lista.`,
  complementoDesactualizado: (docNum: number) =>
    `Los documentos del pago ${docNum} cambiaron mientras se procesaba su carga; vuelva a cargar la página para ver su estado.`,
} as const;

const centavos = (v: string) => {
  const x = parseAmount(cleanText(v));
  return x === null ? null : Math.round(Number(roundAmount(x, 2)) * 100);
};

/**
 * The complement against the ERP payment, beyond §5: the currency and exchange rate of every Pago node, and for
 * every related document of this payment: ImpPagado is what the payment applied to that invoice (in the
 * invoice's currency), and ImpSaldoInsoluto = ImpSaldoAnt − ImpPagado, never below zero. Issue 39: with the
 * expected complement given, ImpSaldoAnt is its figure (the invoice's balance just before this payment).
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
