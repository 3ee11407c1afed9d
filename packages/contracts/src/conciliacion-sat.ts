import { z } from "zod";
import { identificadorSchema, idSchema, messageAnswerSchema, successAnswer, textoSchema } from "./common";

/** Issue 43 §4: what a row of the SAT reconciliation says of a received CFDI (one label per row, by priority). */
export const ETIQUETAS_CONCILIACION = {
  canceladoTrasAceptar: "Cancelado en el SAT después de aceptado",
  totalDistinto: "Total distinto al del SAT",
  faltaPortal: "Falta en el portal",
  canceladoSat: "Cancelado en el SAT",
  noEnSat: "En el portal y no en el SAT después de 72 horas",
  enEsperaSat: "En el portal, el SAT aún no lo reporta",
  faltaSap: "Falta en SAP",
  conciliado: "Conciliado",
} as const;
export type EtiquetaConciliacion = (typeof ETIQUETAS_CONCILIACION)[keyof typeof ETIQUETAS_CONCILIACION];

const periodoSchema = textoSchema("Periodo").regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
  error: "El campo Periodo debe ser un mes con el formato AAAA-MM, por ejemplo 2026-11.",
});

/** POST /api/conciliacionSat/getConciliacion: one sociedad and one month (the CFDI's issue date). */
export const getConciliacionSatRequestSchema = z.object({ Sociedad: idSchema("Sociedad"), Periodo: periodoSchema });
export type GetConciliacionSatRequest = z.infer<typeof getConciliacionSatRequestSchema>;

export const conciliacionSatRowSchema = z.object({
  UUID: z.string(),
  RfcEmisor: z.string(),
  NombreEmisor: z.string(),
  /** The supplier of the portal with that RFC; null for an issuer that is none (the 'Ajenos' list). */
  CardCode: z.string().nullable(),
  FechaEmision: z.string(),
  Moneda: z.string().nullable(),
  TotalSat: z.string().nullable(),
  TotalPortal: z.string().nullable(),
  /** Vigente, Cancelado, or null when the SAT did not report it. */
  EstatusSat: z.string().nullable(),
  /** Pendiente, Aceptada, Rechazada, or null when it was not registered in the portal. */
  EstatusPortal: z.string().nullable(),
  /** The A/P invoice in SAP (DocEntry) the portal created for it, or null. */
  DocEntrySap: z.number().nullable(),
  Etiqueta: z.string(),
  /**
   * The CFDI's XML as the SAT gave it, once an administrator downloaded the month's XML ('/api/archivos/<id>', the
   * portal's file download), or '' when the portal holds no XML from the SAT for it.
   */
  XmlSat: z.string().optional(),
});
export type ConciliacionSatRow = z.infer<typeof conciliacionSatRowSchema>;

export const conciliacionSatTotalSchema = z.object({
  Moneda: z.string(),
  Cantidad: z.number(),
  TotalSat: z.string(),
  TotalPortal: z.string(),
});

/**
 * The sociedad's last request to the Descarga Masiva (`sat_descargas`): its state, the Spanish reason when the SAT
 * refused or failed, the window asked (Mexico City wall time), when it last changed and when it is looked at again.
 */
export const conciliacionSatDescargaSchema = z.object({
  Estado: z.enum(["solicitada", "terminada", "reintentar"]),
  Motivo: z.string(),
  Desde: z.string(),
  Hasta: z.string(),
  Actualizada: z.string(),
  Siguiente: z.string(),
  Cfdi: z.number(),
});
export type ConciliacionSatDescarga = z.infer<typeof conciliacionSatDescargaSchema>;

export const getConciliacionSatAnswerSchema = successAnswer(
  z.object({
    Filas: z.array(conciliacionSatRowSchema),
    Ajenos: z.array(conciliacionSatRowSchema),
    Totales: z.array(conciliacionSatTotalSchema),
    /** Null when no request was made for the sociedad (no e.firma yet, or the job has not run). */
    Descarga: conciliacionSatDescargaSchema.nullable(),
  }),
);

/** POST /api/conciliacionSat/avisarProveedor: one mail to the supplier listing its CFDI missing from the portal. */
export const avisarProveedorConciliacionRequestSchema = getConciliacionSatRequestSchema.extend({
  CardCode: identificadorSchema("CardCode", 50),
});
export type AvisarProveedorConciliacionRequest = z.infer<typeof avisarProveedorConciliacionRequestSchema>;
export const avisarProveedorConciliacionAnswerSchema = messageAnswerSchema;

/** The 'Conciliación SAT' screen's sentences (issue 43 §4). */
export const CONCILIACION_SAT_TEXTOS = {
  introduccion:
    "Los CFDI que el SAT registra como recibidos por la sociedad en el mes, comparados con los que los proveedores cargaron en el portal y con las facturas de proveedor que el portal creó en SAP.",
  elijaSociedad: "Elija una sociedad para ver su conciliación.",
  sinFilas: "El SAT no reporta CFDI de proveedores del portal en este periodo, ni hay facturas del portal en él.",
  sinAjenos: "No hay CFDI de emisores que no son proveedores del portal.",
  sinTotales: "No hay importes en este periodo.",
  sinFaltantes: "Ningún proveedor tiene CFDI faltantes en el portal en este periodo.",
  estadoDescarga: (estado: ConciliacionSatDescarga["Estado"]) => {
    switch (estado) {
      case "solicitada":
        return "Solicitada al SAT: se verificará en la siguiente ejecución.";
      case "terminada":
        return "Terminada.";
      default:
        return "Se volverá a solicitar.";
    }
  },
  descargaResumen: (desde: string, hasta: string, cfdi: number, actualizada: string) =>
    `Periodo solicitado del ${desde} al ${hasta}; ${cfdi} CFDI recibido(s); actualizada el ${actualizada}.`,
  proximoIntento: (cuando: string) => `Próximo intento: ${cuando}.`,
  sinDescarga:
    "Aún no se ha descargado nada del SAT para esta sociedad: cargue su e.firma en el catálogo de sociedades y ejecute la descarga.",
  notifyQuestion: (proveedor: string, n: number) =>
    `¿Enviar a ${proveedor} un correo con sus ${n} CFDI que el SAT registra y faltan en el portal?`,
  descargarXmlAyuda:
    "Solicita al SAT el XML de los CFDI vigentes que la sociedad recibió en el mes elegido y lo guarda; cada fila ofrece después su XML. Si el SAT aún lo prepara, pulse de nuevo más tarde (la tarea programada también lo verifica).",
  ejecutarAyuda:
    "Solicita ahora al SAT los metadatos de los CFDI recibidos por cada sociedad con e.firma; si el SAT aún prepara los paquetes, se verificará en la siguiente ejecución. El detalle queda en Tareas programadas.",
} as const;
