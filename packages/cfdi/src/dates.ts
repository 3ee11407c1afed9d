/**
 * Date conversion of spec §2 ("The date is shown as YYYY-MM-DD, converted from DD-MM-YYYY").
 */

const DDMMYYYY = /^(\d{2})[-/](\d{2})[-/](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

function isCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/**
 * 'DD-MM-YYYY' (or 'DD/MM/YYYY') → 'YYYY-MM-DD'. An ISO date passes through unchanged and an ISO
 * date-time gives its date part. Anything else — an impossible date such as 31-02-2026 included —
 * is returned unchanged, so a display never breaks; use isIsoDate on the result to validate.
 */
export function ddmmyyyyToIso(s: string): string {
  if (typeof s !== "string") return s;
  const text = s.trim();
  const m = DDMMYYYY.exec(text);
  if (m) {
    const [, dd = "", mm = "", yyyy = ""] = m;
    return isCalendarDate(Number(yyyy), Number(mm), Number(dd)) ? `${yyyy}-${mm}-${dd}` : s;
  }
  if (isIsoDate(text)) return text;
  const t = ISO_DATE_TIME.exec(text);
  if (t && isIsoDate(t[1] ?? "")) return t[1] as string;
  return s;
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(s: string): boolean {
  const m = typeof s === "string" ? ISO_DATE.exec(s) : null;
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}
