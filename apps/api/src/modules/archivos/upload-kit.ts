import { cleanFileName } from "@portal/cfdi";
import { Invalid } from "../../lib/errors";
import type { Lista69bService } from "../lista-69b/service";

/** An uploaded file: its cleaned name and its bytes. */
export interface Archivo {
  nombre: string;
  bytes: Uint8Array;
}

/** A base64 upload as a file: the name cleaned of control and bidirectional characters, the bytes decoded. */
export const decodeArchivo = (nombre: string, base64: string): Archivo => ({
  nombre: cleanFileName(nombre),
  bytes: new Uint8Array(Buffer.from(base64, "base64")),
});

/** What the party checks say, per kind of document. */
export interface PartyMessages {
  rfcEmisor: (xml: string, registro: string) => string;
  rfcReceptor: (xml: string, sociedad: string) => string;
  emisorDefinitivo69b: (rfc: string) => string;
}

/**
 * The CFDI's parties (issues 12, 14 and 15): the issuer is the supplier's registered RFC, the receiver the
 * sociedad's (when the sociedad is known), and the issuer is not on the SAT's definitive 69-B list. Every failing
 * message, in that order.
 */
export async function checkParties(
  datos: { RFCEmisor: string; RFCReceptor: string },
  partes: { proveedorRfc: string; sociedadRfc: string | undefined },
  lista69b: Pick<Lista69bService, "situacionDe">,
  msg: PartyMessages,
): Promise<string[]> {
  const errores: string[] = [];
  if (datos.RFCEmisor.toUpperCase() !== partes.proveedorRfc.toUpperCase()) {
    errores.push(msg.rfcEmisor(datos.RFCEmisor, partes.proveedorRfc));
  }
  if (partes.sociedadRfc !== undefined && datos.RFCReceptor.toUpperCase() !== partes.sociedadRfc.toUpperCase()) {
    errores.push(msg.rfcReceptor(datos.RFCReceptor, partes.sociedadRfc));
  }
  if ((await lista69b.situacionDe(datos.RFCEmisor)) === "Definitivo") {
    errores.push(msg.emisorDefinitivo69b(datos.RFCEmisor.toUpperCase()));
  }
  return errores;
}

/** The constraint a database unique violation names ("" when unnamed), looking through causes; null for others. */
export function uniqueViolation(error: unknown): string | null {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Saves (`work`, a transaction): a unique violation (two simultaneous uploads of the same document) answers as
 * the check would have, with `message` for the violated constraint; any other failure is thrown as it is.
 */
export async function saveWithUniqueRace<T>(
  work: () => Promise<T>,
  message: (constraint: string) => string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw new Invalid(message(constraint));
  }
}
