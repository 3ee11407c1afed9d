import { compareAmounts, parseAmount, sameAmount2 } from "@portal/cfdi";

/**
 * Comparisons of what a browser sends with what the CFDI's XML says, shared by invoices, complements and the CFDI
 * kinds to come: the browser reads the XML to fill a form; the server re-reads it and never trusts the form.
 */

/** A value as text, trimmed (undefined and null: empty). */
export const cleanText = (v: unknown) => String(v ?? "").trim();
/** A party's name for comparison: blanks folded, upper case. */
export const normalizedName = (v: unknown) => cleanText(v).replace(/\s+/g, " ").toUpperCase();
/** Two amounts equal to the cent (both must parse). */
export const sameAmount = (a: unknown, b: unknown) => sameAmount2(cleanText(a), cleanText(b));
/** Two decimal numbers equal at full precision (an exchange rate). */
export const sameNumber = (a: unknown, b: unknown) => {
  const x = parseAmount(cleanText(a));
  const y = parseAmount(cleanText(b));
  return x !== null && y !== null && compareAmounts(x, y) === 0;
};
/** A date the client sends as AAAA-MM-DD matches the XML's AAAA-MM-DDThh:mm:ss on its date. */
export const sameDate = (sent: string, xml: string) => (sent.length === 10 ? xml.startsWith(sent) : sent === xml);
export const sameIgnoringCase = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
export const sameName = (a: string, b: string) => normalizedName(a) === normalizedName(b);
const sameText = (a: string, b: string) => a === b;

type Comparison = (sent: string, xml: string) => boolean;

/** The fields every CFDI kind compares first: both parties' RFCs and names, and the UUID. */
export const partyFields = (xml: {
  RFCEmisor: string;
  RFCReceptor: string;
  NombreEmisor: string;
  NombreReceptor: string;
  UUID: string;
}) =>
  [
    ["RFCEmisor", xml.RFCEmisor, sameIgnoringCase],
    ["RFCReceptor", xml.RFCReceptor, sameIgnoringCase],
    ["NombreEmisor", xml.NombreEmisor, sameName],
    ["NombreReceptor", xml.NombreReceptor, sameName],
    ["UUID", xml.UUID, sameIgnoringCase],
  ] as const satisfies ReadonlyArray<readonly [string, string, Comparison]>;

/**
 * Every field the client sent (an absent one is not compared) against the XML's value, each with its comparison
 * (default: the same text); one message per field that differs, in the order given.
 */
export function fieldsAgainstXml<K extends string>(
  sent: Partial<Record<K, unknown>>,
  fields: ReadonlyArray<readonly [field: K, xmlValue: string, same?: Comparison]>,
  mismatch: (field: K, sent: string, xml: string) => string,
): string[] {
  const errors: string[] = [];
  for (const [field, xmlValue, same = sameText] of fields) {
    if (sent[field] === undefined) continue;
    const value = cleanText(sent[field]);
    const fromXml = cleanText(xmlValue);
    if (!same(value, fromXml)) errors.push(mismatch(field, value, fromXml));
  }
  return errors;
}
