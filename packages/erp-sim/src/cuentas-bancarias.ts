import type { Database } from "@portal/db";
import { erpSocioCuentas, erpSocios } from "@portal/db/schema";
import type { ErpCuentaBancaria, ErpCuentaBancariaLeida } from "@portal/erp";
import { and, asc, eq, sql } from "drizzle-orm";
import { ErpRechazo } from "./rechazo";

/**
 * What the simulated ERP does with a business partner's bank accounts (issue 41, decision 069): SAP Business One's
 * BPBankAccounts collection of a BusinessPartner (table OCRB), in erp_mock.socio_cuentas. As in SAP, adding a line
 * never looks for an equal one: a line without its InternalKey is a new line (the DI API's BPBankAccounts.Add, the
 * Service Layer's PATCH with a collection). Whoever wants no duplicates reads first (the adapters do).
 */

const columns = {
  internalKey: erpSocioCuentas.internalKey,
  country: erpSocioCuentas.country,
  bankCode: erpSocioCuentas.bankCode,
  accountNo: erpSocioCuentas.accountNo,
  iban: erpSocioCuentas.iban,
  bicSwiftCode: erpSocioCuentas.bicSwiftCode,
  abaRoutingNumber: erpSocioCuentas.abaRoutingNumber,
  accountName: erpSocioCuentas.accountName,
  branch: erpSocioCuentas.branch,
  controlKey: erpSocioCuentas.controlKey,
};

/** Whether business partner `cardCode` exists in company database `bd`. */
export async function hasSocio(db: Database, bd: string, cardCode: string): Promise<boolean> {
  const rows = await db
    .select({ c: erpSocios.cardCode })
    .from(erpSocios)
    .where(and(eq(erpSocios.bd, bd), eq(erpSocios.cardCode, cardCode)));
  return rows.length > 0;
}

/** The partner's bank account lines, by InternalKey. */
export function listSocioCuentas(db: Database, bd: string, cardCode: string): Promise<ErpCuentaBancariaLeida[]> {
  return db
    .select(columns)
    .from(erpSocioCuentas)
    .where(and(eq(erpSocioCuentas.bd, bd), eq(erpSocioCuentas.cardCode, cardCode)))
    .orderBy(asc(erpSocioCuentas.internalKey));
}

/**
 * Adds one line to the partner's accounts (SAP: a BPBankAccounts line without InternalKey), its InternalKey the next
 * of the company database. Refuses an unknown partner as SAP does.
 */
export async function addSocioCuenta(
  db: Database,
  bd: string,
  cardCode: string,
  account: Partial<ErpCuentaBancaria>,
): Promise<number> {
  if (!(await hasSocio(db, bd, cardCode))) {
    throw new ErpRechazo(`No existe el socio de negocios ${cardCode} en la base de datos ${bd}.`);
  }
  const rows = (await db.execute(sql`insert into erp_mock.socio_cuentas (bd, internal_key, card_code, country,
      bank_code, account_no, iban, bic_swift_code, aba_routing_number, account_name, branch, control_key)
    select ${bd}, coalesce(max(internal_key), 0) + 1, ${cardCode}, ${account.country ?? ""}, ${account.bankCode ?? ""},
      ${account.accountNo ?? ""}, ${account.iban ?? ""}, ${account.bicSwiftCode ?? ""},
      ${account.abaRoutingNumber ?? ""}, ${account.accountName ?? ""}, ${account.branch ?? ""},
      ${account.controlKey ?? ""}
    from erp_mock.socio_cuentas where bd = ${bd}
    returning internal_key`)) as unknown as { rows: { internal_key: number }[] };
  return Number(rows.rows[0]?.internal_key);
}

/** Updates the fields given of line `internalKey` of the partner (SAP: a BPBankAccounts line with its key). */
export async function updateSocioCuenta(
  db: Database,
  bd: string,
  cardCode: string,
  internalKey: number,
  account: Partial<ErpCuentaBancaria>,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(account).filter(([, v]) => typeof v === "string"));
  if (Object.keys(set).length === 0) return;
  const updated = await db
    .update(erpSocioCuentas)
    .set(set)
    .where(
      and(
        eq(erpSocioCuentas.bd, bd),
        eq(erpSocioCuentas.cardCode, cardCode),
        eq(erpSocioCuentas.internalKey, internalKey),
      ),
    )
    .returning({ k: erpSocioCuentas.internalKey });
  if (updated.length === 0) {
    throw new ErpRechazo(`No existe la cuenta bancaria ${internalKey} del socio de negocios ${cardCode}.`);
  }
}

/** The line of `lines` that is `account` already: the same IBAN (when it has one) or the same AccountNo. */
export function sameBankAccount<T extends ErpCuentaBancaria>(lines: readonly T[], account: ErpCuentaBancaria) {
  return lines.find((l) =>
    account.iban !== "" ? l.iban === account.iban : account.accountNo !== "" && l.accountNo === account.accountNo,
  );
}
