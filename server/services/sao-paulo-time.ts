import { Temporal } from 'temporal-polyfill';

/**
 * Instants and calendar days of the API in America/Sao_Paulo (DECISIONS §5: "today", a patient's
 * latest possible birthday and the surgery list's date are São Paulo's). Computed with the time-zone rules (not a fixed −03:00), so a day before
 * 2019 with daylight saving still has the right bounds and offset.
 */
export const SAO_PAULO = 'America/Sao_Paulo';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** São Paulo's UTC offset in ms at `epochMs`, from the time-zone rules. */
function offsetAt(epochMs: number): number {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(SAO_PAULO).offsetNanoseconds / 1_000_000;
}

/**
 * The offset of each UTC hour in which São Paulo's offset does not change, by hour number (null: it changes within
 * that hour). Formatting a date with Temporal cost ~12 % of a GET by id's CPU; the offset is looked up once per hour
 * instead (the rules are still Temporal's), and the text is written with plain arithmetic. Bounded: cleared when full.
 */
const offsetByHour = new Map<number, number | null>();
const OFFSET_CACHE_LIMIT = 50_000;

/** São Paulo's offset at `epochMs` when it holds for the whole UTC hour around it and is whole minutes; else null. */
function steadyOffset(epochMs: number): number | null {
  const hour = Math.floor(epochMs / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = offsetAt(hour * HOUR_MS);
    offset = start === offsetAt(hour * HOUR_MS + HOUR_MS - 1) && start % MINUTE_MS === 0 ? start : null;
    if (offsetByHour.size >= OFFSET_CACHE_LIMIT) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** `yyyy-MM-ddTHH:mm:ss` of the wall clock `epochMs + offset` (four-digit years: FAST_RANGE). */
function wallClock(epochMs: number, offset: number): string {
  const local = new Date(epochMs + offset);
  return (
    `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}` +
    `T${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}`
  );
}

/** `-03:00` for an offset of −3 h (whole minutes). */
function offsetText(offset: number): string {
  const minutes = Math.abs(offset) / MINUTE_MS;
  return `${offset < 0 ? '-' : '+'}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Instants whose São Paulo year has four digits, where the plain-arithmetic text equals Temporal's. */
const FAST_RANGE = { from: Date.UTC(1001, 0, 1), to: Date.UTC(9998, 11, 31) };

const inFastRange = (epochMs: number) => epochMs >= FAST_RANGE.from && epochMs < FAST_RANGE.to;

/** ISO 8601 with São Paulo's offset, to the second: `2026-03-10T14:30:00-03:00`. */
export function toSaoPauloIso(instant: Date): string {
  const epochMs = instant.getTime();
  const offset = inFastRange(epochMs) ? steadyOffset(epochMs) : null;
  if (offset !== null) return `${wallClock(epochMs, offset)}${offsetText(offset)}`;
  return Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(SAO_PAULO)
    .toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

/** The São Paulo calendar day of `instant`, `yyyy-MM-dd` ("today" when given the current time). */
export function saoPauloDay(instant: Date): string {
  const epochMs = instant.getTime();
  const offset = inFastRange(epochMs) ? steadyOffset(epochMs) : null;
  if (offset !== null) return wallClock(epochMs, offset).slice(0, 10);
  const zoned = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(SAO_PAULO);
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
