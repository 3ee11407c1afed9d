import type { ErpCuentaBancaria } from "@portal/erp";
import { addSocioCuenta, listSocioCuentas, sameBankAccount } from "../cuentas-bancarias";
import { type MockAdapterDeps, refusalsAsErpErrors } from "./shared";

/** Issue 41 (decision 069): the partner's bank accounts (BPBankAccounts). */
export const listBankAccounts = (deps: MockAdapterDeps, bd: string, cardCode: string) =>
  listSocioCuentas(deps.db, bd, cardCode);

/** Reads the partner's accounts first and adds the account only when none is the same (idempotent). */
export function upsertBankAccount(deps: MockAdapterDeps, bd: string, cardCode: string, account: ErpCuentaBancaria) {
  return refusalsAsErpErrors(async () => {
    const existing = sameBankAccount(await listSocioCuentas(deps.db, bd, cardCode), account);
    if (existing) return { internalKey: existing.internalKey, added: false };
    return { internalKey: await addSocioCuenta(deps.db, bd, cardCode, account), added: true };
  });
}
