// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type ErpCuentaBancaria, type ErpCuentaBancariaLeida, ErpRechazoError } from "../types";
import { isRefusal } from "./availability";
import { type ServiceLayerClient, ServiceLayerError } from "./client";
import { literal } from "./odata";
import { text } from "./wire";

/** A BPBankAccounts line as the Service Layer answers it (SAP OCRB). */
interface SlBankAccount {
  InternalKey?: number | null;
  Country?: string | null;
  BankCode?: string | null;
  AccountNo?: string | null;
  IBAN?: string | null;
  BICSwiftCode?: string | null;
  ABARoutingNumber?: string | null;
  AccountName?: string | null;
  Branch?: string | null;
  ControlKey?: string | null;
}

const fromWire = (a: SlBankAccount): ErpCuentaBancariaLeida => ({
  internalKey: Number(a.InternalKey ?? 0),
  country: text(a.Country),
  bankCode: text(a.BankCode),
  accountNo: text(a.AccountNo),
  iban: text(a.IBAN),
  bicSwiftCode: text(a.BICSwiftCode),
  abaRoutingNumber: text(a.ABARoutingNumber),
  accountName: text(a.AccountName),
  branch: text(a.Branch),
  controlKey: text(a.ControlKey),
});

/** The same account: the same IBAN when it has one, else the same AccountNo. */
const isSame = (line: ErpCuentaBancaria, account: ErpCuentaBancaria) =>
  account.iban !== "" ? line.iban === account.iban : account.accountNo !== "" && line.accountNo === account.accountNo;

/**
 * A business partner's bank accounts (issue 41, decision 069): `BusinessPartners('C')` → `BPBankAccounts`. SAP's
 * PATCH with a collection ADDS each line that carries no InternalKey (collections are merged, not replaced), so
 * writing the same account twice would give the partner two lines: the adapter reads the partner's accounts first
 * and writes only an account it does not find — a retry after a lost answer finds the line and writes nothing.
 */
export function createBankAccounts(deps: { client: ServiceLayerClient }) {
  const { client } = deps;

  async function listBankAccounts(bd: string, cardCode: string): Promise<ErpCuentaBancariaLeida[]> {
    try {
      const partner = await client.get<{ BPBankAccounts?: SlBankAccount[] | null }>(
        bd,
        `BusinessPartners(${literal(cardCode)})?$select=CardCode,BPBankAccounts`,
      );
      return (partner.BPBankAccounts ?? []).map(fromWire);
    } catch (error) {
      if (error instanceof ServiceLayerError && error.status === 404) {
        throw new ErpRechazoError(`No existe el socio de negocios ${cardCode} en la base de datos ${bd} del ERP.`);
      }
      throw error;
    }
  }

  async function upsertBankAccount(
    bd: string,
    cardCode: string,
    account: ErpCuentaBancaria,
  ): Promise<{ internalKey: number; added: boolean }> {
    const found = (await listBankAccounts(bd, cardCode)).find((line) => isSame(line, account));
    if (found) return { internalKey: found.internalKey, added: false };
    const line = {
      Country: account.country,
      BankCode: account.bankCode,
      AccountNo: account.accountNo,
      IBAN: account.iban,
      BICSwiftCode: account.bicSwiftCode,
      ABARoutingNumber: account.abaRoutingNumber,
      AccountName: account.accountName,
      Branch: account.branch,
      ControlKey: account.controlKey,
    };
    try {
      await client.write(bd, "PATCH", `BusinessPartners(${literal(cardCode)})`, { BPBankAccounts: [line] });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      throw new ErpRechazoError(
        `El ERP no agregó la cuenta bancaria al socio de negocios ${cardCode} de la base de datos ${bd}: ${
          error.detail ?? error.message
        }`,
      );
    }
    const written = (await listBankAccounts(bd, cardCode)).find((l) => isSame(l, account));
    return { internalKey: written?.internalKey ?? 0, added: true };
  }

  return { listBankAccounts, upsertBankAccount };
}
