import { z } from "zod";
import { base64Schema, idSchema, messageAnswerSchema, successAnswer, textoSchema } from "./common";

/**
 * Issue 43 (decision 075): the sociedad's e.firma for the SAT's Descarga Masiva. The certificate (.cer) and the
 * private key (.key) as the SAT gives them, in base64, and the key's password; all three write-only.
 */
export const uploadEfirmaRequestSchema = z.object({
  Numero: idSchema("Numero"),
  Certificado: base64Schema("Certificado", "Debe cargar el certificado (.cer) de la e.firma."),
  Llave: base64Schema("Llave", "Debe cargar la llave privada (.key) de la e.firma."),
  Contraseña: textoSchema("Contraseña", "El campo Contraseña es obligatorio.")
    .min(1, { error: "El campo Contraseña es obligatorio." })
    .max(200, { error: "El campo Contraseña admite como máximo 200 caracteres." }),
});
export type UploadEfirmaRequest = z.infer<typeof uploadEfirmaRequestSchema>;
/** The answer says only when it expires and its certificate number: the e.firma itself is never answered. */
export const uploadEfirmaAnswerSchema = successAnswer(z.object({ Vence: z.string(), NumeroCertificado: z.string() }));

/** POST /api/descargaSat/ejecutar: an administrator runs the Descarga Masiva now (issue 43 §2). */
export const ejecutarDescargaSatRequestSchema = z.object({});
export const ejecutarDescargaSatAnswerSchema = messageAnswerSchema;

/**
 * POST /api/descargaSat/descargarXml: an administrator asks the SAT for the XML of the CFDI in force the sociedad
 * received in a month (decision 075, amendment: XML only when asked). A request in force for the sociedad is
 * verified again instead; the scheduled job follows it too.
 */
export const descargarXmlSatRequestSchema = z.object({
  Sociedad: idSchema("Sociedad"),
  Periodo: textoSchema("Periodo").regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
    error: "El campo Periodo debe ser un mes con el formato AAAA-MM, por ejemplo 2026-11.",
  }),
});
export type DescargarXmlSatRequest = z.infer<typeof descargarXmlSatRequestSchema>;
export const descargarXmlSatAnswerSchema = messageAnswerSchema;

/** The e.firma section of the sociedades screen (issue 43 §1). */
export const EFIRMA_TEXTOS = {
  ayuda:
    "La e.firma (FIEL) de la sociedad permite descargar del SAT los CFDI que recibe. Se guarda cifrada y nunca se muestra: solo su vencimiento y su número de certificado.",
  sinEfirma: "No hay e.firma cargada.",
  vigencia: (vence: string, certificado: string) => `Vence el ${vence}. Certificado ${certificado}.`,
} as const;
