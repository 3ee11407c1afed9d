import { z } from "zod";
import { flagCampo, flagSchema } from "./codes";
import {
  enteroSchema,
  fechaSchema,
  identificadorSchema,
  idSchema,
  importeSchema,
  listRequestSchema,
  messageAnswerSchema,
  optionalText,
  successAnswer,
} from "./common";

/**
 * 'Complementos atrasados' (issue 27, decision 035; not in the spec): per supplier, the ERP payments past the
 * complement's legal deadline (day 5 of the month after the payment) without an accepted complement, for the
 * employees who review pending payments. `IdSociedad` narrows it to one sociedad.
 */
export const getComplementosAtrasadosRequestSchema = listRequestSchema.extend({
  IdSociedad: idSchema("IdSociedad").optional(),
});
export type GetComplementosAtrasadosRequest = z.infer<typeof getComplementosAtrasadosRequestSchema>;

/** One overdue payment of the report. */
export const pagoAtrasadoSchema = z.object({
  /** Company database and the sociedad's name. */
  BD: z.string(),
  NomSociedad: z.string(),
  DocEntry: enteroSchema("DocEntry"),
  DocNum: enteroSchema("DocNum"),
  DocDate: fechaSchema("DocDate"),
  DocTotal: importeSchema("DocTotal"),
  DocCur: z.string(),
  /** The complement's legal deadline, YYYY-MM-DD. */
  FechaLimite: fechaSchema("FechaLimite"),
  /** Days since the deadline (1 the day after it). */
  DiasAtraso: enteroSchema("DiasAtraso"),
  /** 'Complemento por emitir', 'Rechazada' or, uploaded after the deadline, 'Pendiente'/'Validación'. */
  EstatusComplemento: z.string(),
});
export type PagoAtrasado = z.infer<typeof pagoAtrasadoSchema>;

/** A total of a supplier's overdue payments in one currency. */
export const importeAtrasadoSchema = z.object({ Moneda: z.string(), Importe: importeSchema("Importe") });

export const complementosAtrasadosRowSchema = z.object({
  Fila: enteroSchema("Fila"),
  CardCode: z.string(),
  CardName: z.string(),
  /** The supplier's RFC ('' when the supplier has no portal record). */
  RFC: z.string(),
  /** "Retener pagos por complementos atrasados": Y when an employee set it (informative; the portal does not pay). */
  RetenerPagos: flagSchema,
  /** The comment the flag was set with ('' when none or not flagged; issue 40). */
  RetenerPagosComentario: z.string(),
  /** Totals by currency, in currency order. */
  Importes: z.array(importeAtrasadoSchema),
  /** Oldest deadline first. */
  Pagos: z.array(pagoAtrasadoSchema),
});
export type ComplementosAtrasadosRow = z.infer<typeof complementosAtrasadosRowSchema>;
export const getComplementosAtrasadosAnswerSchema = successAnswer(z.array(complementosAtrasadosRowSchema));
export type GetComplementosAtrasadosAnswer = z.infer<typeof getComplementosAtrasadosAnswerSchema>;

/**
 * Sets or clears a supplier's "retener pagos por complementos atrasados" (issue 27): audited with the optional
 * comment; answers COMPLEMENTOS_ATRASADOS_MSG.retencionGuardada.
 */
export const setRetenerPagosRequestSchema = listRequestSchema.extend({
  CardCode: identificadorSchema("CardCode", 50),
  RetenerPagos: flagCampo("RetenerPagos"),
  Comentarios: optionalText("Comentarios", 1000),
});
export type SetRetenerPagosRequest = z.infer<typeof setRetenerPagosRequestSchema>;
export const setRetenerPagosAnswerSchema = messageAnswerSchema;

/** The report's and the reminder's sentences (issue 27). */
export const COMPLEMENTOS_ATRASADOS_MSG = {
  retencionGuardada: (retener: boolean, cardName: string) =>
    retener
      ? `Se marcó a ${cardName} para retener sus pagos por complementos atrasados.`
      : `Se quitó la retención de pagos por complementos atrasados de ${cardName}.`,
  proveedorNoExiste: (cardCode: string) => `El proveedor ${cardCode} no existe.`,
  etiquetaRetener: "Retener pagos por complementos atrasados",
  /** The reminder mail (job complementos-por-vencer). */
  recordatorioAsunto: "complementos de pago por emitir",
  recordatorioIntroduccion:
    "La ley le da hasta el día 5 del mes siguiente al de cada pago de facturas en parcialidades o diferido (PPD) " +
    "para emitir su complemento de pago. Los siguientes pagos aún no tienen un complemento cargado:",
  recordatorioPago: (p: {
    docNum: number;
    fecha: string;
    importe: string;
    moneda: string;
    fechaLimite: string;
    sociedad: string;
  }) =>
    `• Pago ${p.docNum} del ${p.fecha} por ${p.importe} ${p.moneda} (${p.sociedad}); fecha límite: ${p.fechaLimite}.`,
  recordatorioInstrucciones: (url: string) =>
    `Emita el complemento (CFDI de tipo P) y cárguelo con su PDF en Complemento de pago del Portal de Proveedores. ${url}`,
} as const;
