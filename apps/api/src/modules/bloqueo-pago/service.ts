import type { Repositories } from "../../repositories";

/** The repositories a payment block change writes with, inside its caller's transaction. */
type Tx = Pick<Repositories, "bloqueoPago" | "erpTrabajos" | "auditoria">;

/** Spanish sentences of the payment block (issue 27, decision 036): the audit's comments and the reviewers' mail. */
export const BLOQUEO_PAGO_MSG = {
  bloqueado: "El SAT informa que el CFDI fue cancelado: se bloquea el pago de su factura de proveedor en el ERP.",
  liberado: (uuid: string) =>
    `Se aceptó el CFDI ${uuid}, que sustituye a este (TipoRelacion 04): se quita el bloqueo de pago en el ERP.`,
  yaSustituido: (uuid: string) =>
    `El SAT informa que el CFDI fue cancelado; ya se había aceptado su sustituto ${uuid}, así que no se bloquea el pago.`,
  correo: "Se pidió al ERP bloquear el pago de su factura de proveedor hasta que se acepte el CFDI que lo sustituya.",
} as const;

const audit = (tx: Tx, facturaId: number, de: string, a: string, comentario: string, usuarioRef: string, at: Date) =>
  tx.auditoria.record({
    entidad: "factura",
    entidadId: String(facturaId),
    campo: "bloqueoPago",
    valorAnterior: de,
    valorNuevo: a,
    comentario,
    operador: "Sistema",
    usuarioRef,
    at,
  });

/**
 * An accepted invoice's CFDI was found Cancelado at the SAT (modules/sat-estado), inside that transaction: its
 * payment is blocked (the ERP job `bloquear_pago` goes with it), unless a replacement CFDI naming it (TipoRelacion
 * 04, same supplier and sociedad) was accepted already. Once per invoice whatever the retries. Returns whether a
 * block was queued (the caller wakes the ERP worker after commit).
 */
export async function blockCancelledAtSat(tx: Tx, facturaId: number, now: Date): Promise<boolean> {
  const sustituta = await tx.bloqueoPago.replacementOf(facturaId);
  if (sustituta) {
    if (await tx.bloqueoPago.recordReplacement(facturaId, sustituta.id)) {
      await audit(tx, facturaId, "", "", BLOQUEO_PAGO_MSG.yaSustituido(sustituta.uuid), "SAT", now);
    }
    return false;
  }
  if (!(await tx.bloqueoPago.block(facturaId))) return false;
  await tx.erpTrabajos.enqueuePaymentBlock(facturaId, true, now);
  await audit(tx, facturaId, "", "bloqueado", BLOQUEO_PAGO_MSG.bloqueado, "SAT", now);
  return true;
}

/**
 * Invoice `sustituta` was accepted (the review's hook, in its transaction): the blocked invoices its CFDI replaces
 * (TipoRelacion 04, same supplier and sociedad) are lifted, each with its `desbloquear_pago` job. Returns how many.
 */
export async function liftReplaced(
  tx: Tx,
  sustituta: { id: number; uuid: string; cardCode: string; sociedadId: number; uuidsSustituidos: string[] },
  now: Date,
): Promise<number> {
  const liberadas = await tx.bloqueoPago.liftReplacedBy(sustituta);
  for (const f of liberadas) {
    await tx.erpTrabajos.enqueuePaymentBlock(f.id, false, now);
    await audit(tx, f.id, "bloqueado", "liberado", BLOQUEO_PAGO_MSG.liberado(sustituta.uuid), "Revisión", now);
  }
  return liberadas.length;
}
