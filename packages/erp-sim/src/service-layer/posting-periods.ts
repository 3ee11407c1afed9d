import { type Ctx, readBody, SapFailure, sendJson } from "./http";

/**
 * Posting periods (SAP B1 OACP period categories and OFPR posting periods; fidelity finding F3), per company
 * database, as the Service Layer serves them: not as an entity set but through CompanyService's actions
 * (SAP Service Layer API Reference 1.27, `CompanyService_GetPeriods` "returns the 'PeriodCategoryParamsCollection'"
 * and `CompanyService_GetFinancePeriods` with the payload `{"PeriodCategoryParams":{"AbsoluteEntry":1}}` "returns the
 * 'FinancePeriods' collection"). A `FinancePeriod` carries AbsoluteEntry, PeriodCode, PeriodName,
 * PostingDateFrom/To, … and PeriodStatus, one of ltUnlocked, ltUnlockedExceptSales, ltPeriodClosing, ltLocked
 * (1.27 `$metadata`, `PeriodStatusEnum`; PY127 in the fidelity review).
 *
 * Which statuses refuse an A/P document (SAP help "Locking Posting Periods": a locked period takes no update;
 * practitioners' descriptions of the statuses, cited in F3): Unlocked and Unlocked Except Sales take purchase
 * documents; Period Closing only from users with the "Period Status: Closing Period" authorization (the simulator's
 * user has it only when `closingAuthorized`); Locked none. A posting date outside every defined period is refused
 * the same way ("define the posting period to match the entered Posting Date").
 *
 * No periods defined for a company database (the simulator's default) means every date is open: looser than SAP,
 * which always has periods; tests that care define them.
 */

export type PostingPeriodStatus = "ltUnlocked" | "ltUnlockedExceptSales" | "ltPeriodClosing" | "ltLocked";

export interface SimulatorPostingPeriod {
  /** PeriodCode, e.g. "2026-10". */
  code: string;
  /** PostingDateFrom / PostingDateTo, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  status: PostingPeriodStatus;
}

/** F3: SAP's refusal of a document whose posting date is in no open period (help.vision33.com, quoted in F3). */
export const POSTING_DATE_REFUSAL =
  "10000156 - Posting Date deviates from the defined range. To complete the operation, define the posting period to match the entered Posting Date.";

export interface PostingPeriodsOptions {
  /** Periods by company database (CompanyDB). */
  initial?: Record<string, readonly SimulatorPostingPeriod[]>;
  /** Whether the simulator's SAP user may post into a period whose status is ltPeriodClosing (default false). */
  closingAuthorized?: boolean;
}

export function createPostingPeriods(options: PostingPeriodsOptions = {}) {
  const byDb = new Map<string, SimulatorPostingPeriod[]>(
    Object.entries(options.initial ?? {}).map(([bd, periods]) => [bd, [...periods]]),
  );
  const closingAuthorized = options.closingAuthorized ?? false;

  /** Replaces the periods of a company database (an empty list: every date open again). */
  function set(companyDb: string, periods: readonly SimulatorPostingPeriod[]): void {
    byDb.set(companyDb, [...periods]);
  }

  /** Period categories: one per year the periods start in (SAP's usual "one category per fiscal year"). */
  function categories(
    bd: string,
  ): { AbsoluteEntry: number; PeriodCategory: string; periods: SimulatorPostingPeriod[] }[] {
    const years = [...new Set((byDb.get(bd) ?? []).map((p) => p.from.slice(0, 4)))].sort();
    return years.map((year, i) => ({
      AbsoluteEntry: i + 1,
      PeriodCategory: year,
      periods: (byDb.get(bd) ?? []).filter((p) => p.from.startsWith(year)).sort((a, b) => a.from.localeCompare(b.from)),
    }));
  }

  /**
   * F3: the check SAP makes when an A/P invoice or credit memo is added: its posting date (DocDate) must fall in a
   * period that takes purchase documents; otherwise 400 -5002 with SAP's text.
   */
  function checkPostingDate(bd: string, docDate: string): void {
    const periods = byDb.get(bd) ?? [];
    if (periods.length === 0) return;
    const period = periods.find((p) => p.from <= docDate && docDate <= p.to);
    const open =
      period !== undefined &&
      (period.status === "ltUnlocked" ||
        period.status === "ltUnlockedExceptSales" ||
        (period.status === "ltPeriodClosing" && closingAuthorized));
    if (!open) throw new SapFailure(400, -5002, POSTING_DATE_REFUSAL);
  }

  /** `CompanyService_GetPeriods` (GET or POST) and `CompanyService_GetFinancePeriods` (POST); else undefined. */
  async function serve(ctx: Ctx, method: string, name: string, bd: string): Promise<boolean> {
    if (name === "CompanyService_GetPeriods" && (method === "GET" || method === "POST")) {
      const value = categories(bd).map(({ AbsoluteEntry, PeriodCategory }) => ({ AbsoluteEntry, PeriodCategory }));
      sendJson(ctx, 200, { value });
      return true;
    }
    if (name === "CompanyService_GetFinancePeriods" && method === "POST") {
      let entry: unknown;
      try {
        entry = (JSON.parse(await readBody(ctx.req)) as { PeriodCategoryParams?: { AbsoluteEntry?: unknown } })
          .PeriodCategoryParams?.AbsoluteEntry;
      } catch {
        throw new SapFailure(400, -1000, "Invalid JSON body.");
      }
      const category = categories(bd).find((c) => c.AbsoluteEntry === Number(entry));
      if (!category) throw new SapFailure(404, -2028, "No matching records found (ODBC -2028)");
      const value = category.periods.map((p, i) => ({
        AbsoluteEntry: category.AbsoluteEntry * 100 + i + 1,
        PeriodCode: p.code,
        PeriodName: p.code,
        PostingDateFrom: p.from,
        PostingDateTo: p.to,
        TaxDateFrom: p.from,
        TaxDateTo: p.to,
        PeriodStatus: p.status,
      }));
      sendJson(ctx, 200, { value });
      return true;
    }
    return false;
  }

  return { set, checkPostingDate, serve };
}

export type PostingPeriods = ReturnType<typeof createPostingPeriods>;
