import { Rfc } from "@nodecfdi/rfc";
import { INVITACION_MSG } from "@portal/contracts";

/** @nodecfdi/rfc's own shape: 3 or 4 letters, YYMMDD, two homoclave characters and the check digit (A or a digit). */
const FORMA_RE = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$/u;

/**
 * Why an RFC cannot be invited (a Spanish message), or null (issue 41 item 3, decision 070): the SAT's generic RFCs
 * (public in general, foreign parties), a wrong shape, a date that does not exist, or a check digit that does not
 * match (SAT's algorithm, as @nodecfdi/rfc computes it). The RFC comes upper case from the contracts' schema.
 */
export function rfcRefusal(rfc: string): string | null {
  if (rfc === Rfc.RFC_GENERIC || rfc === Rfc.RFC_FOREIGN) return INVITACION_MSG.rfcGenerico;
  if (!FORMA_RE.test(rfc)) return INVITACION_MSG.rfcForma;
  const parsed = Rfc.parseOrNull(rfc);
  if (!parsed) return INVITACION_MSG.rfcFecha;
  if (!parsed.doesCheckSumMatch()) return INVITACION_MSG.rfcDigito;
  return null;
}

/** Persona física (13 characters) or moral (12), as the spec's supplier record keeps it (F or M). */
export const tipoPersonaOf = (rfc: string): "F" | "M" => ([...rfc].length === 13 ? "F" : "M");
