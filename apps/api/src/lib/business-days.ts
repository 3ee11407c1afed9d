/**
 * Business days in Mexico City's calendar (issue 41, decision 069: the cooling-off period after a change of bank
 * account, "set per sociedad, default 3 business days"). Pure: the callers pass the injected clock's time.
 */
const DIA_MS = 86_400_000;
/** Mexico City has kept UTC−6 all year since 2022 (no daylight saving time): its calendar day is UTC's minus 6 h. */
const MEXICO_OFFSET_MS = -6 * 3_600_000;

/**
 * `from` plus `days` business days (issue 41: the cooling-off period "set per sociedad, default 3 business days"):
 * the same time of day on the `days`-th weekday after `from`'s day in Mexico City, Saturdays and Sundays skipped.
 * The portal has no calendar of official holidays, so they count as business days.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let t = from.getTime();
  let counted = 0;
  while (counted < days) {
    t += DIA_MS;
    const weekday = new Date(t + MEXICO_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted++;
  }
  return new Date(t);
}

/** The day a block ends, as Mexico City reads it (DD/MM/AAAA). */
export const dayInMexico = (d: Date): string => {
  const local = new Date(d.getTime() + MEXICO_OFFSET_MS).toISOString().slice(0, 10);
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`;
};
