import type { Row } from "./filter";
import { SapFailure } from "./http";

/**
 * Lengths of the document header strings the portal writes (fidelity finding F14), as SAP documents them:
 * SDK Help 10.0 `SAPbobsCOM~Documents~Comments` "Length: 254 characters"; `Documents~NumAtCard` (OPCH.NumAtCard,
 * nvarchar(100)); the portal's own user fields by their `Size` (`EditSize`, F11). A longer string is refused, never
 * cut: the Service Layer validates a body before it writes anything. The error text is the simulator's
 * ([G] in the fidelity review: the real wording is to be read from one real refusal); the code -1000 is the one
 * the Service Layer uses for a property value it cannot take (MAN p176).
 */
export const DOCUMENT_STRING_LENGTHS: ReadonlyMap<string, number> = new Map([
  ["Comments", 254],
  ["NumAtCard", 100],
  ["U_SYS_PMUUID", 36],
]);

/** Counted in characters (code points), as SAP's nvarchar columns count them. */
const lengthOf = (text: string) => [...text].length;

/** 400 -1000 for the first header string of `body` longer than SAP takes. */
export function checkDocumentLengths(body: Row, type = "Document"): void {
  for (const [property, max] of DOCUMENT_STRING_LENGTHS) {
    const value = body[property];
    if (typeof value === "string" && lengthOf(value) > max) {
      throw new SapFailure(400, -1000, `Value too long in property '${property}' of '${type}' (maximum ${max})`);
    }
  }
}
