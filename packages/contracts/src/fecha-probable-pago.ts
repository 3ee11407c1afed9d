/**
 * Issue 27, "The expected payment date" (decision 032): when a supplier can expect an accepted invoice to be
 * paid. Pure and shared by the server (which stores the date with the invoice) and the browser.
 *
 * - The due date is the A/P invoice's in the ERP: its earliest unpaid installment's where it has several
 *   (payments settle installments in order), else DocDueDate; before the ERP has the A/P invoice, the invoice date
 *   plus the credit days of its receipt.
 * - The expected date is that day moved forward to the sociedad's next payment day (ISO weekdays, 1 Monday …
 *   5 Friday); a sociedad without payment days pays any business day (Monday to Friday).
 */

/** ISO weekdays a sociedad may list as payment days: Monday (1) to Friday (5). */
export const DIAS_PAGO = [1, 2, 3, 4, 5] as const;
/** Their names, for the form and the messages. */
export const NOMBRES_DIAS_PAGO: Record<number, string> = {
  1: "Lunes",
  2: "Martes",
  3: "Miércoles",
  4: "Jueves",
  5: "Viernes",
};

const DAY_MS = 86_400_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export const addDays = (date: string, days: number): string => toDate(toTime(date) + days * DAY_MS);

/** The ISO weekday of a date: 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string): number => {
  const day = new Date(toTime(date)).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The Monday of the week `date` falls in. */
export const weekStart = (date: string): string => addDays(date, 1 - isoWeekday(date));

/** The first day on or after `dueDate` that is one of `paymentDays` (none: any Monday to Friday). */
export function expectedPaymentDate(dueDate: string, paymentDays: readonly number[]): string {
  const days = paymentDays.filter((d) => d >= 1 && d <= 5);
  const allowed = new Set<number>(days.length > 0 ? days : DIAS_PAGO);
  for (let offset = 0; offset < 7; offset++) {
    const candidate = addDays(dueDate, offset);
    if (allowed.has(isoWeekday(candidate))) return candidate;
  }
  return dueDate;
}

/** An installment of an A/P invoice (SAP Document_Installments). */
export interface Installment {
  dueDate: string;
  /** Money, the invoice's currency. */
  total: string;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * The due date of what remains to be paid of an A/P invoice: the earliest installment that `paidToDate` does not
 * cover yet (installments taken by due date, payments settling them in order), or `docDueDate` without
 * installments. Null when everything is paid.
 */
export function unpaidDueDate(
  docDueDate: string,
  installments: readonly Installment[],
  paidToDate: string,
  docTotal: string,
): string | null {
  const paid = cents(paidToDate);
  if (paid >= cents(docTotal)) return null;
  if (installments.length === 0) return docDueDate;
  let covered = 0;
  for (const installment of [...installments].sort((a, b) => a.dueDate.localeCompare(b.dueDate))) {
    covered += cents(installment.total);
    if (covered > paid) return installment.dueDate;
  }
  // Installments that add up to less than the total (rounding): the rest falls on the last one.
  return [...installments].sort((a, b) => b.dueDate.localeCompare(a.dueDate))[0]?.dueDate ?? docDueDate;
}
