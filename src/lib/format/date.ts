import { Temporal } from 'temporal-polyfill';

/**
 * Dates and times for the SPA, always in the America/Sao_Paulo time zone (ARCHITECTURE
 * "Conventions": "today" and "this month" are São Paulo's).
 *
 * Inputs are what the API sends: dates as `yyyy-MM-dd`, datetimes as ISO 8601 with an offset
 * (`2025-03-01T02:30:00Z`, `2025-02-28T23:30:00-03:00`). A datetime without an offset
 * (`2025-02-28 23:30:00`) is read as São Paulo wall time. Formatters return '' for an empty or
 * unreadable value, so callers choose their own placeholder ('-', 'Desconhecido').
 */

const SAO_PAULO = 'America/Sao_Paulo';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

type Moment = { date: Temporal.PlainDate; time: Temporal.PlainTime | null };

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** Reads a date or datetime and returns its São Paulo calendar date (and time, for datetimes). */
function toSaoPaulo(iso: string | null | undefined): Moment | null {
  const value = iso?.trim();
  if (!value) return null;
  try {
    if (DATE_ONLY.test(value)) return { date: Temporal.PlainDate.from(value), time: null };
    const normalised = value.replace(' ', 'T');
    const hasOffset = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/.test(normalised);
    const zoned = hasOffset
      ? Temporal.Instant.from(normalised).toZonedDateTimeISO(SAO_PAULO)
      : Temporal.PlainDateTime.from(normalised).toZonedDateTime(SAO_PAULO);
    return { date: zoned.toPlainDate(), time: zoned.toPlainTime() };
  } catch {
    return null;
  }
}

function toInstant(now: Date | Temporal.Instant): Temporal.Instant {
  return now instanceof Date ? Temporal.Instant.fromEpochMilliseconds(now.getTime()) : now;
}

/** dd/MM/yyyy, e.g. '2025-03-01T02:30:00Z' → '28/02/2025' (23:30 in São Paulo). */
export function formatDate(iso: string | null | undefined): string {
  const moment = toSaoPaulo(iso);
  if (!moment) return '';
  const { day, month, year } = moment.date;
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/** d/M without leading zeros, as in lists ('Pacientes do dia', schedule columns): '2025-03-05' → '5/3'. */
export function formatDayMonth(iso: string | null | undefined): string {
  const moment = toSaoPaulo(iso);
  if (!moment) return '';
  return `${moment.date.day}/${moment.date.month}`;
}

/** HH:mm in São Paulo; '' for a date without a time. */
export function formatTime(iso: string | null | undefined): string {
  const moment = toSaoPaulo(iso);
  if (!moment?.time) return '';
  return `${pad(moment.time.hour)}:${pad(moment.time.minute)}`;
}

/** Today's date in São Paulo as yyyy-MM-dd (the default surgery-list date, SPEC §9). */
export function todayInSaoPaulo(now: Date | Temporal.Instant = new Date()): string {
  return toInstant(now).toZonedDateTimeISO(SAO_PAULO).toPlainDate().toString();
}

/** The current month in São Paulo as yyyy-MM. */
export function currentMonthInSaoPaulo(now: Date | Temporal.Instant = new Date()): string {
  return toInstant(now).toZonedDateTimeISO(SAO_PAULO).toPlainDate().toPlainYearMonth().toString();
}

/**
 * Reads a masked dd/mm/yyyy value (SPEC §5 birthday mask) as yyyy-MM-dd; null when it is
 * incomplete or not a real date (31/02/2024, 29/02/2023, 00/01/2024).
 */
export function parseBrDate(value: string): string | null {
  const match = BR_DATE.exec(value.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  try {
    return Temporal.PlainDate.from(
      { year: Number(year), month: Number(month), day: Number(day) },
      { overflow: 'reject' },
    ).toString();
  } catch {
    return null;
  }
}

/** The São Paulo calendar date of a date or datetime as yyyy-MM-dd ('' when empty or unreadable). */
export function saoPauloDate(iso: string | null | undefined): string {
  return toSaoPaulo(iso)?.date.toString() ?? '';
}

/**
 * A datetime as São Paulo wall-clock time `yyyy-MM-dd HH:mm:ss` (what the surgery update takes as `schedule`), or
 * null when empty, unreadable or a date without a time.
 */
export function saoPauloDateTime(iso: string | null | undefined): string | null {
  const moment = toSaoPaulo(iso);
  if (!moment?.time) return null;
  const { hour, minute, second } = moment.time;
  return `${moment.date.toString()} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}
