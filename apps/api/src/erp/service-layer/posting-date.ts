// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { ErpRechazoError } from "../types";
import { isRefusal } from "./availability";
import type { ServiceLayerClient } from "./client";

/**
 * The posting date (DocDate) of the A/P invoices and credit memos the portal creates (fidelity finding F3,
 * decision 047). SAP refuses a document whose posting date is in a closed or locked posting period
 * ("-5002 - 10000156 Posting Date deviates from the defined range"), and acceptance often comes after the month of
 * the CFDI is closed. `TaxDate` (the supplier's document date, SDK Documents members) stays the CFDI's date; the
 * posting date follows the sociedad's rule (sociedades.regla_fecha_contable):
 * - 'primer_dia_abierto' (default): the CFDI's date when its period is open, else the first day of the first open
 *   period after it (as AP automation products post: "the next available open period, with the posting date set as
 *   the first date in that period", help.vision33.com, quoted in F3);
 * - 'rechazar': the CFDI's date or nothing: a closed period is a refusal that names the period.
 */
export type PostingDateRule = "primer_dia_abierto" | "rechazar";

/** One posting period (OFPR) as CompanyService_GetFinancePeriods serves it (SL API Reference 1.27, `FinancePeriod`). */
export interface PostingPeriod {
  code: string;
  from: string;
  to: string;
  /** PeriodStatusEnum: ltUnlocked, ltUnlockedExceptSales, ltPeriodClosing, ltLocked. */
  status: string;
}

interface SlFinancePeriod {
  PeriodCode?: string | null;
  PeriodName?: string | null;
  PostingDateFrom?: string | null;
  PostingDateTo?: string | null;
  PeriodStatus?: string | null;
}

/**
 * Statuses that take purchase documents from the portal's SAP user: Unlocked and Unlocked Except Sales (only sales
 * documents are blocked). Period Closing takes postings only from users with that authorization, which the portal's
 * user should not have (docs/erp-service-layer.md, "Connecting a real company database"): treated as closed.
 */
const OPEN = new Set(["ltUnlocked", "ltUnlockedExceptSales"]);
export const isOpen = (p: PostingPeriod) => OPEN.has(p.status);

const STATUS_TEXT: Record<string, string> = {
  ltLocked: "bloqueado",
  ltPeriodClosing: "en cierre",
};

/**
 * The company database's posting periods that reach `fromDate`: period categories (fiscal years) from the newest
 * back until one starts on or before that date. Null when SAP refuses to list them (the user lacks the
 * authorization, an older Service Layer): the document is then posted on the CFDI's date and SAP decides.
 */
export async function readPostingPeriods(
  client: Pick<ServiceLayerClient, "get" | "write">,
  bd: string,
  fromDate: string,
): Promise<PostingPeriod[] | null> {
  try {
    return await readAll(client, bd, fromDate);
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

async function readAll(
  client: Pick<ServiceLayerClient, "get" | "write">,
  bd: string,
  fromDate: string,
): Promise<PostingPeriod[]> {
  const categories =
    (await client.get<{ value?: { AbsoluteEntry: number }[] }>(bd, "CompanyService_GetPeriods")).value ?? [];
  const periods: PostingPeriod[] = [];
  for (const category of [...categories].sort((a, b) => b.AbsoluteEntry - a.AbsoluteEntry)) {
    const answer = await client.write(bd, "POST", "CompanyService_GetFinancePeriods", {
      PeriodCategoryParams: { AbsoluteEntry: category.AbsoluteEntry },
    });
    const rows = ((answer.body as { value?: SlFinancePeriod[] } | null)?.value ?? []).map((p) => ({
      code: String(p.PeriodCode ?? p.PeriodName ?? ""),
      from: String(p.PostingDateFrom ?? "").slice(0, 10),
      to: String(p.PostingDateTo ?? "").slice(0, 10),
      status: String(p.PeriodStatus ?? ""),
    }));
    periods.push(...rows);
    if (rows.some((p) => p.from !== "" && p.from <= fromDate)) break;
  }
  return periods.sort((a, b) => a.from.localeCompare(b.from));
}

/** The posting date for a CFDI dated `cfdiDate` under `rule`, or ErpRechazoError saying why there is none. */
export function choosePostingDate(
  cfdiDate: string,
  periods: readonly PostingPeriod[],
  rule: PostingDateRule,
  bd: string,
): string {
  if (periods.length === 0) return cfdiDate;
  const own = periods.find((p) => p.from <= cfdiDate && cfdiDate <= p.to);
  if (own && isOpen(own)) return cfdiDate;
  if (rule === "rechazar") {
    throw new ErpRechazoError(
      own
        ? `La fecha del CFDI (${cfdiDate}) cae en el periodo contable ${own.code} de la base de datos ${bd}, que está ${STATUS_TEXT[own.status] ?? "cerrado"} en el ERP, y la sociedad pide contabilizar solo en la fecha del CFDI. Abra el periodo en SAP o cambie la regla de la sociedad y reintente.`
        : `La fecha del CFDI (${cfdiDate}) no cae en ningún periodo contable de la base de datos ${bd} del ERP, y la sociedad pide contabilizar solo en la fecha del CFDI. Defina el periodo en SAP o cambie la regla de la sociedad y reintente.`,
    );
  }
  const next = periods.find((p) => p.from > cfdiDate && isOpen(p));
  if (!next) {
    throw new ErpRechazoError(
      `No hay un periodo contable abierto en la base de datos ${bd} del ERP a partir de la fecha del CFDI (${cfdiDate})${own ? `: el periodo ${own.code} está ${STATUS_TEXT[own.status] ?? "cerrado"}` : ""}. Abra un periodo en SAP y reintente.`,
    );
  }
  return next.from;
}

/** The posting date of a purchase document dated `cfdiDate` in `bd` (reads the periods, then applies the rule). */
export async function postingDateFor(
  client: Pick<ServiceLayerClient, "get" | "write">,
  bd: string,
  cfdiDate: string,
  rule: PostingDateRule = "primer_dia_abierto",
): Promise<string> {
  const periods = await readPostingPeriods(client, bd, cfdiDate);
  return periods === null ? cfdiDate : choosePostingDate(cfdiDate, periods, rule, bd);
}

/**
 * SAP's own refusal of the posting date (10000156, F3) — a period closed after the portal read it, or periods the
 * portal may not read — in words employees can act on; null for any other error.
 */
export function postingDateRefusal(error: unknown, bd: string, postingDate: string): ErpRechazoError | null {
  if (!isRefusal(error) || !/10000156|Posting Date deviates/i.test(error.detail ?? error.message)) return null;
  return new ErpRechazoError(
    `El ERP no acepta la fecha de contabilización ${postingDate} en la base de datos ${bd}: su periodo contable está cerrado o bloqueado (SAP 10000156). Abra el periodo en SAP o revise la regla de fecha de la sociedad y reintente.`,
  );
}
