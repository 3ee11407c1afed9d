/**
 * Business days in Mexico City's calendar (issue 41, decision 069: the cooling-off period after a change of bank
 * account, "set per sociedad, default 3 business days"). Pure: the callers pass the injected clock's time.
 */
const DIA_MS = 86_400_000;
/** Mexico City has kept UTC−6 all year since 2022 (no daylight saving time): its calendar day is UTC's minus 6 h. */
const MEXICO_OFFSET_MS = -6 * 3_600_000;

/** Easter Sunday of `year` (Gregorian, the anonymous algorithm of Meeus/Jones/Butcher): [month 1–12, day]. */
function easter(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return [month, ((h + l - 7 * m + 114) % 31) + 1];
}

/** The `nth` Monday (1-based) of `month` (1–12) of `year`, as its day of the month. */
function nthMonday(year: number, month: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((8 - firstWeekday) % 7) + (nth - 1) * 7;
}

/**
 * The days Mexico's banks do not operate (the CNBV's yearly calendar of "días inhábiles", which follows the Ley
 * Federal del Trabajo, art. 74, and adds Holy Thursday and Good Friday, 2 November and 12 December): 1 January, the
 * first Monday of February, the third Monday of March, Holy Thursday, Good Friday, 1 May, 16 September, 2 November,
 * the third Monday of November, 12 December, 25 December, and 1 October of the years a President takes office
 * (2030, 2036, …). A payment run cannot pay on them, so a cooling-off period does not count them.
 */
export function isBankHoliday(year: number, month: number, day: number): boolean {
  const [em, ed] = easter(year);
  const easterUtc = Date.UTC(year, em - 1, ed);
  const holy = [easterUtc - 3 * DIA_MS, easterUtc - 2 * DIA_MS].map((t) => new Date(t));
  const fixed: [number, number][] = [
    [1, 1],
    [2, nthMonday(year, 2, 1)],
    [3, nthMonday(year, 3, 3)],
    [5, 1],
    [9, 16],
    [11, 2],
    [11, nthMonday(year, 11, 3)],
    [12, 12],
    [12, 25],
    ...holy.map((d): [number, number] => [d.getUTCMonth() + 1, d.getUTCDate()]),
    ...(year >= 2030 && (year - 2030) % 6 === 0 ? [[10, 1] as [number, number]] : []),
  ];
  return fixed.some(([m, d]) => m === month && d === day);
}

/**
 * `from` plus `days` business days (issue 41: the cooling-off period "set per sociedad, default 3 business days"):
 * the same time of day on the `days`-th day after `from`'s day in Mexico City that is neither a Saturday, a Sunday
 * nor a bank holiday (isBankHoliday).
 */
export function addBusinessDays(from: Date, days: number): Date {
  let t = from.getTime();
  let counted = 0;
  while (counted < days) {
    t += DIA_MS;
    const local = new Date(t + MEXICO_OFFSET_MS);
    const weekday = local.getUTCDay();
    const holiday = isBankHoliday(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
    if (weekday !== 0 && weekday !== 6 && !holiday) counted++;
  }
  return new Date(t);
}

/** The day a block ends, as Mexico City reads it (DD/MM/AAAA). */
export const dayInMexico = (d: Date): string => {
  const local = new Date(d.getTime() + MEXICO_OFFSET_MS).toISOString().slice(0, 10);
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`;
};
