// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { isApprovalAnswer, locationKey } from "./approval-drafts";
import type { ServiceLayerClient } from "./client";
import type { SlDocument } from "./wire";

/** What a POST of an A/P invoice or A/P credit memo made: the document, an approval draft, or nothing known. */
export type PostOutcome =
  | { kind: "document"; docEntry: number; docNum: number }
  | { kind: "draft"; docEntry: number | null }
  | null;

/**
 * Issue 37, fidelity finding F2 (decision 046): `POST PurchaseInvoices` / `POST PurchaseCreditNotes` with
 * `Prefer: return-no-content`, as SAP asks of clients whose company may run approval procedures (Service Layer API
 * Reference, Orders POST): 204 and a `Location` naming the document — or the DRAFT (`Drafts(n)`: a draft key is not a
 * document key) when an approval procedure held it. A Service Layer that ignores the header answers -2028 for the
 * draft: the draft's key is then unknown (the caller finds it by portal id). 201 with a body is read as before.
 */
export async function postPurchaseDocument(
  client: ServiceLayerClient,
  bd: string,
  set: "PurchaseInvoices" | "PurchaseCreditNotes",
  body: unknown,
): Promise<PostOutcome> {
  let answer: Awaited<ReturnType<ServiceLayerClient["write"]>>;
  try {
    answer = await client.write(bd, "POST", set, body, { returnNoContent: true });
  } catch (error) {
    if (isApprovalAnswer(error)) return { kind: "draft", docEntry: null };
    throw error;
  }
  const created = answer.body as SlDocument | null;
  if (created && Number.isInteger(created.DocEntry) && Number.isInteger(created.DocNum)) {
    return { kind: "document", docEntry: created.DocEntry, docNum: created.DocNum };
  }
  const at = locationKey(answer.location);
  if (at?.set === "Drafts") return { kind: "draft", docEntry: at.key };
  if (at?.set === set) {
    const doc = await client.get<SlDocument>(bd, `${set}(${at.key})?$select=DocEntry,DocNum`);
    return { kind: "document", docEntry: doc.DocEntry, docNum: doc.DocNum };
  }
  return null;
}
