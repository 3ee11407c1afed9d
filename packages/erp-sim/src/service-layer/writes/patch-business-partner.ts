import type { Database } from "@portal/db";
import type { ErpCuentaBancaria } from "@portal/erp";
import { addSocioCuenta, hasSocio, listSocioCuentas, updateSocioCuenta } from "../../cuentas-bancarias";
import { ErpRechazo } from "../../rechazo";
import { BP_BANK_ACCOUNT_PROPERTIES, type EntitySet } from "../entities";
import type { Row } from "../filter";
import { type Ctx, SapFailure, sendJson } from "../http";
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
  c: Pick<WriteContext, "db" | "findByKey" | "headersOf">,
  ctx: Ctx,
  set: EntitySet,
  bd: string,
  keyText: string,
): Promise<void> {
  const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
  checkIfMatch(ctx, row);
  const body = await jsonBody(ctx);
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

/** Whether a GET of one BusinessPartner asks for its BPBankAccounts ($select naming it, or the property's path). */
export function asksBankAccounts(url: URL, sub: string | undefined): boolean {
  if (sub === "BPBankAccounts") return true;
  const select = url.searchParams.get("$select");
  return (select ?? "").split(",").some((p) => p.trim() === "BPBankAccounts");
}

/**
 * `GET BusinessPartners('C')?$select=CardCode,BPBankAccounts` (or `…/BPBankAccounts`): the partner's accounts from
 * erp_mock.socio_cuentas with SAP's BPBankAccount field names (BPCode, Country, BankCode, AccountNo, IBAN,
 * BICSwiftCode, ABARoutingNumber, AccountName, Branch, ControlKey, InternalKey); an unknown partner answers SAP's
 * 404 -2028. Answered apart from the partners' cached headers, which keep only OCRD's columns.
 */
export async function answerBankAccounts(
  db: Database,
  ctx: Ctx,
  bd: string,
  keyText: string,
  sub: string | undefined,
): Promise<void> {
  const cardCode = /^'(.*)'$/.exec(keyText)?.[1]?.replaceAll("''", "'");
  if (cardCode === undefined || !(await hasSocio(db, bd, cardCode))) {
    throw new SapFailure(404, -2028, "No matching records found (ODBC -2028)");
  }
  const accounts = (await listSocioCuentas(db, bd, cardCode)).map((a) => ({
    BPCode: cardCode,
    Country: a.country,
    BankCode: a.bankCode,
    AccountNo: a.accountNo,
    IBAN: a.iban,
    BICSwiftCode: a.bicSwiftCode,
    ABARoutingNumber: a.abaRoutingNumber,
    AccountName: a.accountName,
    Branch: a.branch,
    ControlKey: a.controlKey,
    InternalKey: a.internalKey,
  }));
  const context = ctx.dialect === "v1" ? "odata.metadata" : "@odata.context";
  sendJson(
    ctx,
    200,
    sub === "BPBankAccounts"
      ? { [context]: `${ctx.root}$metadata#BusinessPartners(${keyText})/BPBankAccounts`, value: accounts }
      : { [context]: `${ctx.root}$metadata#BusinessPartners/$entity`, CardCode: cardCode, BPBankAccounts: accounts },
  );
}
