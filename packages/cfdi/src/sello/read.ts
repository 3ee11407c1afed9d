/**
 * readInvoice / readPaymentComplement / validateCfdi with both seals verified: one parse, the
 * structure checks, then the seals; the seal messages come after the structure messages, as errors
 * like the others.
 */
import { MSG } from "@portal/contracts/messages";
import { type CfdiKind, kindOf, loadXml, type ReadOptions } from "../cfdi";
import { type InvoiceData, type InvoiceVariant, type ReadInvoiceOptions, readInvoiceRootDetailed } from "../invoice";
import { CFDI_MSG } from "../messages";
import { type PaymentData, readPaymentRootDetailed } from "../payment";
import type { XmlElement } from "../xml";
import { type SealReport, type VerifyOptions, verifySeals } from "./verify";

export type VerifiedResult<T> =
  | { ok: true; data: T; warnings: string[]; sellos: SealReport }
  | {
      ok: false;
      errors: string[];
      /** What was read, when the document is a CFDI of the expected kind (for display), else null. */
      data: T | null;
      warnings: string[];
      /** null when the document could not be read at all. */
      sellos: SealReport | null;
    };

type Detailed<T> = {
  result: { ok: true; data: T; warnings: string[] } | { ok: false; errors: string[] };
  read: T | null;
};

async function combine<T>(root: XmlElement, detailed: Detailed<T>, options: VerifyOptions): Promise<VerifiedResult<T>> {
  const sellos = await verifySeals(root, options);
  const { result, read } = detailed;
  if (result.ok && sellos.ok) return { ok: true, data: result.data, warnings: result.warnings, sellos };
  // A document refused for what it is (another version, type or root: nothing read) gets that message alone;
  // its seals are still reported in `sellos`, but their messages would only repeat or confuse it.
  const errors = result.ok
    ? [...sellos.errors]
    : read === null
      ? [...result.errors]
      : [...new Set([...result.errors, ...sellos.errors])];
  return { ok: false, errors, data: read, warnings: result.ok ? result.warnings : [], sellos };
}

function failed<T>(errors: string[]): VerifiedResult<T> {
  return { ok: false, errors, data: null, warnings: [], sellos: null };
}

/** readInvoice, then both seals: a tampered, unsealed, unstamped or foreign-stamped invoice is refused. */
export async function readInvoiceVerified(
  xml: string | Uint8Array,
  options: ReadInvoiceOptions & VerifyOptions = {},
): Promise<VerifiedResult<InvoiceData>> {
  const loaded = loadXml(xml, options);
  if (!loaded.ok) return failed(loaded.errors);
  let detailed: Detailed<InvoiceData>;
  try {
    detailed = readInvoiceRootDetailed(loaded.root, options.variant ?? "alta");
  } catch {
    return failed([MSG.xmlSinTimbre, CFDI_MSG.xmlError]);
  }
  return combine(loaded.root, detailed, options);
}

/** readCreditNote (issue 27: a CFDI 4.0 of type E, read like an invoice), then both seals. */
export async function readCreditNoteVerified(
  xml: string | Uint8Array,
  options: ReadOptions & VerifyOptions = {},
): Promise<VerifiedResult<InvoiceData>> {
  const loaded = loadXml(xml, options);
  if (!loaded.ok) return failed(loaded.errors);
  let detailed: Detailed<InvoiceData>;
  try {
    detailed = readInvoiceRootDetailed(loaded.root, "alta", "E");
  } catch {
    return failed([MSG.xmlSinTimbre, CFDI_MSG.xmlError]);
  }
  return combine(loaded.root, detailed, options);
}

/** readPaymentComplement, then both seals. */
export async function readPaymentComplementVerified(
  xml: string | Uint8Array,
  options: ReadOptions & VerifyOptions = {},
): Promise<VerifiedResult<PaymentData>> {
  const loaded = loadXml(xml, options);
  if (!loaded.ok) return failed(loaded.errors);
  let detailed: Detailed<PaymentData>;
  try {
    detailed = readPaymentRootDetailed(loaded.root);
  } catch {
    return failed([MSG.xmlSinTimbre, CFDI_MSG.xmlError]);
  }
  return combine(loaded.root, detailed, options);
}

export type ValidateCfdiVerifiedResult = VerifiedResult<InvoiceData | PaymentData> & { kind: CfdiKind };

/** validateCfdi with both seals (what the command line prints). */
export async function validateCfdiVerified(
  xml: string | Uint8Array,
  options: ReadOptions & VerifyOptions & { variant?: InvoiceVariant } = {},
): Promise<ValidateCfdiVerifiedResult> {
  const loaded = loadXml(xml, options);
  if (!loaded.ok) return { kind: "otro", ...failed(loaded.errors) };
  const kind = kindOf(loaded.root);
  let detailed: Detailed<InvoiceData | PaymentData>;
  try {
    // Issue 39: a credit note (tipo E) is read like an invoice of type E.
    detailed =
      kind === "pago"
        ? readPaymentRootDetailed(loaded.root)
        : kind === "nota"
          ? readInvoiceRootDetailed(loaded.root, "alta", "E")
          : readInvoiceRootDetailed(loaded.root, options.variant ?? "alta");
  } catch {
    return { kind, ...failed([MSG.xmlSinTimbre, CFDI_MSG.xmlError]) };
  }
  return { kind, ...(await combine(loaded.root, detailed, options)) };
}
