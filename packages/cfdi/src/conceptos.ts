import { SAT_NS } from "./cfdi";
import { childrenNamed, parseXml } from "./xml";

/**
 * Issue 42 (decision 074): a CFDI 4.0's concepts as the registration form reads them to propose which lines of a
 * goods receipt, and how much of each, an invoice bills in part. Only what the proposal compares: the supplier's item
 * code, the description, the quantity and the unit value (text as written).
 */
export interface ConceptoLeido {
  noIdentificacion: string;
  descripcion: string;
  cantidad: string;
  valorUnitario: string;
}

/** The concepts of a CFDI 4.0 text; [] when it does not parse or has none. Never throws. */
export function readConceptos(texto: string): ConceptoLeido[] {
  const parsed = parseXml(texto.replace(/^\uFEFF/, ""));
  if (!parsed.ok) return [];
  return childrenNamed(parsed.root, SAT_NS.cfdi40, "Conceptos")
    .flatMap((c) => childrenNamed(c, SAT_NS.cfdi40, "Concepto"))
    .map((c) => ({
      noIdentificacion: c.attrs.get("NoIdentificacion") ?? "",
      descripcion: c.attrs.get("Descripcion") ?? "",
      cantidad: c.attrs.get("Cantidad") ?? "",
      valorUnitario: c.attrs.get("ValorUnitario") ?? "",
    }));
}
