import type { Row } from "./filter";
import { type Ctx, SapFailure, sendJson } from "./http";

/**
 * The company's currencies as SAP Business One keeps them (issue 37, fidelity findings F1 and F9 in
 * shared/erp/service-layer-fidelity.md):
 * - OCRN, served as the `Currencies` entity set (`Code`, `Name`, `DocumentsCode`, `InternationalDescription`: SAP
 *   Service Layer API Reference 1.27, entity `Currency`, and its example `{"Code":"CNY","DocumentsCode":"CNY",
 *   "InternationalDescription":"CN Yuan","Name":"CNY"}`). `Code` is what documents carry in `DocCurrency` (OPCH
 *   `DocCur` nVarChar(3) related OCRN); it is the company's own code (`MXP`, `$`, `US$`), not necessarily ISO 4217.
 * - The local and system currency, answered by `CompanyService_GetAdminInfo` (`AdminInfo.LocalCurrency`,
 *   `AdminInfo.SystemCurrency`: API Reference 1.27, CompanyService_GetAdminInfo, complex type AdminInfo).
 * - ORTT, the exchange rates by date (`setRate`): a foreign-currency document needs the rate of its posting date
 *   unless `DocRate` is given (fidelity review, "Real-SAP behaviours the simulator does not model").
 *
 * erp_mock keeps ISO codes (the mock ERP shares its tables); the simulator answers and accepts the company's codes,
 * translating through `iso` (a private column of this simulator; SAP's own table has no ISO column in 1.27).
 */

export interface SimulatorCurrency {
  /** OCRN CurrCode: the company's code (`MXP`, `$`, `US$`, `USD`…). */
  code: string;
  name: string;
  /** The ISO 4217 code erp_mock stores for documents in this currency. */
  iso: string;
}

export interface CompanyCurrencySetup {
  /** The company's local currency, a `code` of `currencies` (default "MXN"). */
  localCurrency?: string;
  /** The system currency (default the local one). */
  systemCurrency?: string;
  /** OCRN (default: MXN, USD and EUR under their ISO codes, plus the local currency when it is not among them). */
  currencies?: SimulatorCurrency[];
}

const DEFAULT_CURRENCIES: SimulatorCurrency[] = [
  { code: "MXN", name: "Peso mexicano", iso: "MXN" },
  { code: "USD", name: "Dólar estadounidense", iso: "USD" },
  { code: "EUR", name: "Euro", iso: "EUR" },
];

export interface CompanyCurrencies {
  local: SimulatorCurrency;
  system: SimulatorCurrency;
  currencies: SimulatorCurrency[];
  byCode: Map<string, SimulatorCurrency>;
  byIso: Map<string, SimulatorCurrency>;
}

function companyCurrenciesOf(setup: CompanyCurrencySetup): CompanyCurrencies {
  const localCode = setup.localCurrency ?? "MXN";
  let list = [...(setup.currencies ?? DEFAULT_CURRENCIES)];
  if (!list.some((c) => c.code === localCode)) {
    // A local code without a row of its own is the Mexican peso under the company's code (MXP, "$"), which then
    // is the company's only peso code.
    list = [{ code: localCode, name: "Peso mexicano", iso: "MXN" }, ...list.filter((c) => c.iso !== "MXN")];
  }
  const byCode = new Map(list.map((c) => [c.code, c]));
  const byIso = new Map<string, SimulatorCurrency>();
  for (const c of list) if (!byIso.has(c.iso)) byIso.set(c.iso, c);
  const local = byCode.get(localCode) as SimulatorCurrency;
  // The local currency wins its ISO code (a company with MXP never answers a second peso code).
  byIso.set(local.iso, local);
  const system = byCode.get(setup.systemCurrency ?? localCode) ?? local;
  return { local, system, currencies: list, byCode, byIso };
}

export interface CurrencyOptions {
  /** Every company database's setup (default: local "MXN"). */
  currency?: CompanyCurrencySetup;
  /** Per company database, overriding `currency`. */
  currencyByCompany?: Record<string, CompanyCurrencySetup>;
}

export function createCurrencies(options: CurrencyOptions) {
  const companies = new Map<string, CompanyCurrencies>();
  /** ORTT: `${companyDb ?? "*"}|${currency code}|${date}` → rate, or null ("no rate for this date"). */
  const rates = new Map<string, number | null>();

  function of(bd: string): CompanyCurrencies {
    let found = companies.get(bd);
    if (!found) {
      found = companyCurrenciesOf(options.currencyByCompany?.[bd] ?? options.currency ?? {});
      companies.set(bd, found);
    }
    return found;
  }

  /**
   * Sets the rate of `currency` (a company code) on `date` (YYYY-MM-DD) in `companyDb` (all when omitted); `null`
   * removes it: a foreign-currency document posted that day without `DocRate` is then refused.
   */
  function setRate(currency: string, date: string, rate: number | null, companyDb?: string): void {
    rates.set(`${companyDb ?? "*"}|${currency}|${date.slice(0, 10)}`, rate);
  }

  /** ORTT's rate of a day: a number, null (the day has none), undefined (the test never set that day). */
  function rateOf(bd: string, currency: string, date: string): number | null | undefined {
    const own = rates.get(`${bd}|${currency}|${date.slice(0, 10)}`);
    return own !== undefined ? own : rates.get(`*|${currency}|${date.slice(0, 10)}`);
  }

  /** `Currencies` (OCRN): the whole table, or one row by key; query options other than the key are not served. */
  function answerCurrencies(ctx: Ctx, bd: string, keyText: string | undefined): void {
    const rows = of(bd).currencies.map(currencyEntity);
    const context = ctx.dialect === "v1" ? "odata.metadata" : "@odata.context";
    if (keyText === undefined) {
      sendJson(ctx, 200, { [context]: `${ctx.root}$metadata#Currencies`, value: rows });
      return;
    }
    const code = keyText.replace(/^'(.*)'$/, "$1").replace(/''/g, "'");
    const row = rows.find((r) => r.Code === code);
    if (!row) throw new SapFailure(404, -2028, "No matching records found (ODBC -2028)");
    sendJson(ctx, 200, { [context]: `${ctx.root}$metadata#Currencies/$entity`, ...row });
  }

  /** `CompanyService_GetAdminInfo` (GET or POST): the AdminInfo properties the portal reads. */
  function answerAdminInfo(ctx: Ctx, bd: string): void {
    const company = of(bd);
    sendJson(ctx, 200, {
      [ctx.dialect === "v1" ? "odata.metadata" : "@odata.context"]: `${ctx.root}$metadata#AdminInfo`,
      CompanyName: bd,
      LocalCurrency: company.local.code,
      SystemCurrency: company.system.code,
    });
  }

  return { of, setRate, rateOf, answerCurrencies, answerAdminInfo };
}

export type Currencies = ReturnType<typeof createCurrencies>;

function currencyEntity(c: SimulatorCurrency): Row {
  return { Code: c.code, Name: c.name, DocumentsCode: c.iso, InternationalDescription: c.name };
}
