/**
 * Issue 37 (decision 047, fidelity finding F3): what the portal does when the CFDI's date falls in a posting period
 * that is closed in SAP Business One. 'primer_dia_abierto' (default) posts the A/P invoice or credit memo on the
 * first day of the next open period (its document date, TaxDate, stays the CFDI's); 'rechazar' leaves it refused by
 * the ERP, with the period named, until the period is opened or the rule changed.
 */
export const REGLAS_FECHA_CONTABLE = ["primer_dia_abierto", "rechazar"] as const;
export type ReglaFechaContable = (typeof REGLAS_FECHA_CONTABLE)[number];

export const NOMBRES_REGLA_FECHA_CONTABLE: Record<ReglaFechaContable, string> = {
  primer_dia_abierto: "Contabilizar en el primer día del siguiente periodo abierto",
  rechazar: "No contabilizar hasta que se abra el periodo",
};
