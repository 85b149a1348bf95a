/**
 * The calendar-date checks every aggregate shares (the lifecycle's steps, the ledger, the authorizations, the
 * checklists, the clocks, the lists' queries): dates written yyyy-MM-dd, compared and counted as São Paulo days.
 */

export const DATE_MESSAGES = {
  /** Issue 11: what already happened (the sending, the surgery, a payment, a decision) cannot be dated after today. */
  futureDate: 'A data não pode ser depois de hoje!',
} as const;

/** A real calendar date written yyyy-MM-dd (years 1900–2199). */
export function isValidIsoDate(value: string | null | undefined): value is string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `day` (yyyy-MM-dd) plus `days` days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** yyyy-MM-dd (or an ISO instant's date part) as dd/MM/yyyy. */
export function brDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** Whole days from `from` to `to` (both yyyy-MM-dd; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}
