/**
 * SAP's lengths of the document header strings the portal writes (fidelity finding F14): SDK Help 10.0
 * `SAPbobsCOM~Documents~Comments` "Length: 254 characters"; `Documents~NumAtCard` 100 (OPCH.NumAtCard). SAP refuses
 * a longer string, so the adapter cuts it; the portal keeps the full text (packages/db/src/facturas.ts builds a
 * `Comments` that fits).
 */
export const SAP_LENGTHS = { Comments: 254, NumAtCard: 100 } as const;

/** `text` cut to `max` characters (code points, as SAP's nvarchar columns count them). */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join("");
}
