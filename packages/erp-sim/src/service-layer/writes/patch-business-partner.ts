import type { Database } from "@portal/db";
import type { ErpCuentaBancaria } from "@portal/erp";
import { addSocioCuenta, updateSocioCuenta } from "../../cuentas-bancarias";
import { ErpRechazo } from "../../rechazo";
import { BP_BANK_ACCOUNT_PROPERTIES, type EntitySet } from "../entities";
import type { Row } from "../filter";
import { type Ctx, SapFailure } from "../http";
import {
  checkIfMatch,
  checkProperties,
  jsonBody,
  NOT_SUPPORTED,
  noContent,
  numberOf,
  type WriteContext,
} from "./shared";

const BANK_ACCOUNT_TYPES = new Map(BP_BANK_ACCOUNT_PROPERTIES);
/** The fields of a BPBankAccount line the simulator stores (SAP OCRB), by Service Layer name. */
const FIELDS: [string, keyof ErpCuentaBancaria][] = [
  ["Country", "country"],
  ["BankCode", "bankCode"],
  ["AccountNo", "accountNo"],
  ["IBAN", "iban"],
  ["BICSwiftCode", "bicSwiftCode"],
  ["ABARoutingNumber", "abaRoutingNumber"],
  ["AccountName", "accountName"],
  ["Branch", "branch"],
  ["ControlKey", "controlKey"],
];

/**
 * `PATCH BusinessPartners('C')` with a `BPBankAccounts` collection (issue 41, decision 069), as SAP's Service Layer
 * does with a collection on PATCH (docs/erp-service-layer.md: "Collections are merged unless
 * B1S-ReplaceCollectionsOnPatch: true"): a line carrying its `InternalKey` updates that line, a line without one is
 * ADDED — even when the partner already has an equal account (SAP does not look). Only BPBankAccounts is writable
 * here; any other property of the body is refused as SAP refuses what the simulator does not support.
 */
export async function patchBusinessPartner(
  c: Pick<WriteContext, "db" | "propertiesOf" | "findByKey" | "headersOf">,
  ctx: Ctx,
  set: EntitySet,
  bd: string,
  keyText: string,
): Promise<void> {
  const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
  checkIfMatch(ctx, row);
  const body = await jsonBody(ctx);
  checkProperties(body, c.propertiesOf(set), set.type);
  for (const name of Object.keys(body)) {
    if (name !== "BPBankAccounts" && !name.startsWith("@odata.") && !name.startsWith("odata.")) {
      throw new SapFailure(400, -5006, NOT_SUPPORTED);
    }
  }
  const lines = body.BPBankAccounts ?? [];
  if (!Array.isArray(lines)) throw new SapFailure(400, -1000, "Property 'BPBankAccounts' is invalid");
  for (const line of lines as Row[]) checkProperties(line, BANK_ACCOUNT_TYPES, "BPBankAccount");
  const cardCode = String(row.CardCode);
  try {
    await c.db.transaction(async (txx) => {
      const tx = txx as unknown as Database;
      for (const line of lines as Row[]) {
        const account = accountOf(line);
        const key = numberOf(line.InternalKey, "InternalKey");
        if (key === undefined) await addSocioCuenta(tx, bd, cardCode, account);
        else await updateSocioCuenta(tx, bd, cardCode, key, account);
      }
    });
  } catch (error) {
    if (error instanceof ErpRechazo) throw new SapFailure(400, -2028, error.message);
    throw error;
  }
  noContent(ctx);
}

/** The stored fields a line gives (absent ones are left as they are on an update, '' on an add). */
function accountOf(line: Row): Partial<ErpCuentaBancaria> {
  const out: Partial<ErpCuentaBancaria> = {};
  for (const [name, field] of FIELDS) {
    const value = line[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") throw new SapFailure(400, -1000, `Value of property '${name}' is invalid`);
    out[field] = value;
  }
  return out;
}
