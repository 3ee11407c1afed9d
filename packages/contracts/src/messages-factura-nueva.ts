/**
 * 'Registro de la facturación' with several goods receipts (issue 40 item 4, decision 064), not in the spec: why the
 * files picked were taken away, the set of receipts proposed for an XML picked first, and the sum of the receipts
 * chosen. Amounts come formatted with their currency ('6,727.01 MXN').
 */

/** 'la suma de las entradas elegidas (…)' for several receipts, 'el total de la entrada elegida (…)' for one. */
const lasElegidas = (entradas: number, importe: string) =>
  entradas === 1 ? `el total de la entrada elegida (${importe})` : `la suma de las entradas elegidas (${importe})`;

export const FACTURA_NUEVA_MSG = {
  /** A new sociedad: its receipts are others, so the files go (issue 23). */
  archivosQuitadosSociedad: "Se quitaron los archivos seleccionados porque cambió la razón social; vuelva a elegirlos.",
  /** The receipts chosen are in another currency than the XML. */
  archivosQuitadosMoneda: (monedaXml: string, monedaEntradas: string) =>
    `Se quitaron los archivos: el XML está en ${monedaXml} y las entradas elegidas están en ${monedaEntradas}; vuelva a elegirlos.`,
  /** The receipts chosen add up to more than the XML's total (and its withholdings, when it has any). */
  archivosQuitadosTotal: (totalXml: string, entradas: number, suma: string) =>
    `Se quitaron los archivos: ${lasElegidas(entradas, suma)} supera el total del XML (${totalXml}); vuelva a elegirlos.`,
  /** The receipts chosen fall short of the XML's total and no other open receipt makes up the difference. */
  archivosQuitadosIncompleto: (totalXml: string, entradas: number, suma: string, diferencia: string) =>
    `Se quitaron los archivos: ${lasElegidas(entradas, suma)} no llega al total del XML (${totalXml}) y ninguna combinación de las demás entradas abiertas completa la diferencia (${diferencia}); vuelva a elegirlos.`,
  /** The proposal for an XML picked before any receipt: several receipts whose sum is its total. */
  conjuntoTitulo: "Entradas propuestas",
  conjuntoPropuesto: (entradas: number, suma: string) =>
    `Estas ${entradas} entradas suman ${suma}, el total del XML. Puede usarlas o elegir otras.`,
  conjuntoBoton: "Usar estas entradas",
  /** No set is proposed because two or more sets of the same, smallest size add up to the XML's total. */
  conjuntosTitulo: "Varias combinaciones de entradas",
  conjuntosAmbiguos: (entradas: number, total: string) =>
    `Hay más de una combinación de ${entradas} entradas abiertas que suma ${total}, el total del XML; elija usted las entradas que factura.`,
  /** 'Datos de la entrada' with several receipts: the table's last row. */
  sumaEntradas: (entradas: number) => `Suma de las ${entradas} entradas`,
} as const;
