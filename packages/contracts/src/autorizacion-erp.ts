/**
 * Issue 37 (fidelity finding F2, decision 046): an A/P invoice or A/P credit memo that an approval procedure of SAP
 * Business One holds as a draft. The job's message starts with one of these labels; employees see the label where
 * they see the ERP state of invoices and credit notes (review list and detail, pending-ERP screens).
 */
export const ERP_AUTORIZACION_MSG = {
  pendiente: "Esperando autorización en SAP",
  rechazada: "Autorización rechazada en SAP",
  /** The job's message while the draft waits for its approvers. */
  esperando: (documento: string, borrador: number) =>
    `Esperando autorización en SAP: ${documento} está en SAP como borrador ${borrador}, en espera de que sus autorizadores la aprueben; el portal la registrará en cuanto SAP la cree.`,
  /** The job's message once the approvers rejected the draft. */
  rechazo: (documento: string, borrador: number) =>
    `Autorización rechazada en SAP: los autorizadores rechazaron el borrador ${borrador} de ${documento}. Corríjalo y vuelva a enviarlo a autorización en SAP, o elimínelo; después use Reintentar.`,
} as const;

/** Which approval state a job's message names ('' when none): what the screens show instead of the generic state. */
export function autorizacionErpDe(mensaje: string | null | undefined): "pendiente" | "rechazada" | "" {
  const texto = mensaje?.trim() ?? "";
  if (texto.startsWith(ERP_AUTORIZACION_MSG.pendiente)) return "pendiente";
  if (texto.startsWith(ERP_AUTORIZACION_MSG.rechazada)) return "rechazada";
  return "";
}
