/**
 * The review screens' sentences per kind of document (issues 13, 14 and 22), owned once: the server refuses a row
 * with them and the browser warns with the same words. Each kind names its document by what the reviewer sees:
 * an invoice by its folio, a complement by its payment's number.
 */
export const REVISION_MSG = {
  factura: {
    noExiste: (id: number) => `La factura ${id} no existe.`,
    bloqueada: (folio: string) => `La factura con folio ${folio} ya fue aceptada y no se puede cambiar.`,
    /** A rejection needs its reason (not in the spec): the browser warns, the server refuses. */
    sinComentario: (folio: string) => `Indique en Comentarios el motivo del rechazo de la factura con folio ${folio}.`,
    desactualizada: (folio: string) =>
      `La factura con folio ${folio} cambió mientras la revisaba; recargue la lista y vuelva a decidir.`,
  },
  pago: {
    noExiste: (id: number) => `El registro de pago ${id} no existe.`,
    bloqueada: (docNum: number) => `El complemento del pago ${docNum} ya fue aceptado y no se puede cambiar.`,
    sinComentario: (docNum: number) =>
      `Indique en Comentarios el motivo del rechazo del complemento del pago ${docNum}.`,
    desactualizada: (docNum: number) =>
      `El complemento del pago ${docNum} cambió mientras lo revisaba; recargue la lista y vuelva a decidir.`,
  },
  /** Issue 27: credit notes, named by their folio. */
  notaCredito: {
    noExiste: (id: number) => `La nota de crédito ${id} no existe.`,
    bloqueada: (folio: string) => `La nota de crédito con folio ${folio} ya fue aceptada y no se puede cambiar.`,
    sinComentario: (folio: string) =>
      `Indique en Comentarios el motivo del rechazo de la nota de crédito con folio ${folio}.`,
    desactualizada: (folio: string) =>
      `La nota de crédito con folio ${folio} cambió mientras la revisaba; recargue la lista y vuelva a decidir.`,
  },
} as const;
