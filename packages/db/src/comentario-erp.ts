/**
 * SAP's `Comments` of a document holds 254 characters (SDK Help 10.0 `SAPbobsCOM~Documents~Comments`, "Length: 254
 * characters"; fidelity finding F14). The A/P invoice's comment names the portal invoice and the receipts it bills;
 * when they do not all fit, it names as many as fit and how many more there are: the full list stays in the
 * portal (factura_entradas).
 */
export const LONGITUD_COMENTARIO_SAP = 254;

const recortar = (texto: string, max: number) => [...texto].slice(0, max).join("");
const longitud = (texto: string) => [...texto].length;

export function comentarioFacturaProveedor(folio: string, uuid: string, entradas: readonly number[]): string {
  // Decision 073: an invoice without CFDI (a foreign supplier's) has no UUID to name.
  const inicio = `Portal de Proveedores: factura ${folio}, ${uuid === "" ? "sin CFDI" : `UUID ${uuid}`}, ${entradas.length > 1 ? "entradas" : "entrada"} `;
  for (let k = entradas.length; k >= 1; k--) {
    const resto = entradas.length - k;
    const texto = `${inicio}${entradas.slice(0, k).join(", ")}${resto > 0 ? ` y ${resto} más (lista completa en el portal).` : "."}`;
    if (longitud(texto) <= LONGITUD_COMENTARIO_SAP) return texto;
  }
  return recortar(`${inicio}${entradas.join(", ")}.`, LONGITUD_COMENTARIO_SAP);
}
