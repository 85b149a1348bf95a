import { Temporal } from 'temporal-polyfill';

/**
 * Instants and calendar days of the API in America/Sao_Paulo (DECISIONS §5: "today", a patient's
 * latest possible birthday and the surgery list's date are São Paulo's). Computed with the time-zone rules (not a fixed −03:00), so a day before
 * 2019 with daylight saving still has the right bounds and offset.
 */
export const SAO_PAULO = 'America/Sao_Paulo';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** ISO 8601 with São Paulo's offset, to the second: `2026-03-10T14:30:00-03:00`. */
export function toSaoPauloIso(instant: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(SAO_PAULO)
    .toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

/** The São Paulo calendar day of `instant`, `yyyy-MM-dd` ("today" when given the current time). */
export function saoPauloDay(instant: Date): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(SAO_PAULO);
  return zoned.toPlainDate().toString();
}

/**
 * The São Paulo calendar month of `instant` as its first day and the next month's first day, `yyyy-MM-dd`
 * (`[first, next)`): at 2026-11-01T02:30Z, still 31 October in São Paulo, `{ first: '2026-10-01', next: '2026-11-01' }`.
 */
export function saoPauloMonthDays(instant: Date): { first: string; next: string } {
  const today = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(SAO_PAULO).toPlainDate();
  const first = today.with({ day: 1 });
  return { first: first.toString(), next: first.add({ months: 1 }).toString() };
}

/**
 * The instants a São Paulo calendar day `yyyy-MM-dd` spans, `[start, end)`; null when `day` is not a
 * real date (2025-02-30, 2025-13-01, 10/03/2025).
 */
export function saoPauloDayBounds(day: string): { start: Date; end: Date } | null {
  if (!DAY_PATTERN.test(day)) return null;
  let date: Temporal.PlainDate;
  try {
    date = Temporal.PlainDate.from(day, { overflow: 'reject' });
  } catch {
    return null;
  }
  const startOf = (value: Temporal.PlainDate) =>
    new Date(value.toZonedDateTime(SAO_PAULO).toInstant().epochMilliseconds);
  return { start: startOf(date), end: startOf(date.add({ days: 1 })) };
}

/**
 * The instants a São Paulo month `yyyy-MM` spans, `[start, end)`: from the start of its first day to
 * the start of the next month's first day (saoPauloDayBounds); null when `month` is not a real month.
 */
export function saoPauloMonthBounds(month: string): { start: Date; end: Date } | null {
  if (!/^\d{4}-\d{2}$/.test(month)) return null;
  let yearMonth: Temporal.PlainYearMonth;
  try {
    yearMonth = Temporal.PlainYearMonth.from(month, { overflow: 'reject' });
  } catch {
    return null;
  }
  const first = saoPauloDayBounds(yearMonth.toPlainDate({ day: 1 }).toString());
  const following = saoPauloDayBounds(yearMonth.add({ months: 1 }).toPlainDate({ day: 1 }).toString());
  return first && following ? { start: first.start, end: following.start } : null;
}
