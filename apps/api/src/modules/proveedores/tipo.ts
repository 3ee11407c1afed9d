import { EXTRANJERO_MSG, RFC_GENERICO_EXTRANJERO, type UpdateProveedorRequest } from "@portal/contracts";
import type { Proveedor } from "./documentos";

/** What an administrator's update sets of the supplier's kind (decision 073): its columns, or every refusal. */
export type TipoChanges =
  | { ok: true; values: Pick<Proveedor, "tipo" | "pais" | "numRegIdTrib" | "rfc"> }
  | { ok: false; errores: string[] };

/**
 * Issue 42 part 1 (decision 073): the kind an administrator gives a supplier. A foreign one has a country and a tax
 * id abroad and the generic RFC (whatever LicTradNum says, which must then be absent or the generic one); a national
 * one has its own RFC (the one sent, or the one it had if that is not the generic one) and no country.
 */
export function tipoChanges(input: UpdateProveedorRequest, current: Proveedor): TipoChanges {
  const tipo = input.Tipo ?? (current.tipo === "extranjero" ? "extranjero" : "nacional");
  const errores: string[] = [];
  if (tipo === "extranjero") {
    const pais = input.Pais ?? current.pais;
    const numRegIdTrib = (input.NumRegIdTrib ?? current.numRegIdTrib).trim();
    if (!pais) errores.push(EXTRANJERO_MSG.paisRequerido);
    if (!numRegIdTrib) errores.push(EXTRANJERO_MSG.numRegIdTribRequerido);
    if (input.LicTradNum && input.LicTradNum !== RFC_GENERICO_EXTRANJERO) {
      errores.push(EXTRANJERO_MSG.rfcExtranjero(RFC_GENERICO_EXTRANJERO));
    }
    if (errores.length > 0) return { ok: false, errores };
    return { ok: true, values: { tipo, pais, numRegIdTrib, rfc: RFC_GENERICO_EXTRANJERO } };
  }
  const rfc = input.LicTradNum ?? current.rfc;
  if (rfc === RFC_GENERICO_EXTRANJERO) return { ok: false, errores: [EXTRANJERO_MSG.rfcGenericoNacional(rfc)] };
  return { ok: true, values: { tipo, pais: "", numRegIdTrib: "", rfc } };
}
