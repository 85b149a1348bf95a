/**
 * Dates and times for the SPA, always in the America/Sao_Paulo time zone (ARCHITECTURE
 * "Conventions": "today" and "this month" are São Paulo's).
 *
 * Inputs are what the API sends: dates as `yyyy-MM-dd`, datetimes as ISO 8601 with an offset
 * (`2025-03-01T02:30:00Z`, `2025-02-28T23:30:00-03:00`). A datetime without an offset
 * (`2025-02-28 23:30:00`) is read as São Paulo wall time. Formatters return '' for an empty or
 * unreadable value, so callers choose their own placeholder ('-', 'Desconhecido').
 *
 * Built on the browser's Intl time-zone data rather than a Temporal polyfill (issue 15: the polyfill was 19 kB of
 * gzip on every signed-in screen for these few conversions).
 */

const SAO_PAULO = 'America/Sao_Paulo';
const DAY_MS = 86_400_000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([zZ]|[+-]\d{2}(?::?\d{2})?)?$/;
const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

type PlainDate = { year: number; month: number; day: number };
type PlainTime = { hour: number; minute: number; second: number };
type Moment = { date: PlainDate; time: PlainTime | null };

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function isoDate({ year, month, day }: PlainDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The date when it exists in the calendar (no 30 February, no month 13). */
function realDate(year: number, month: number, day: number): PlainDate | null {
  const probe = new Date(Date.UTC(year, month - 1, day));
  probe.setUTCFullYear(year);
  const exists = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return exists ? { year, month, day } : null;
}

/**
 * Made at the first conversion, not when the module loads: building it loads the time-zone data (some 30 ms of CPU
 * here), which lengthened the one task that evaluates a page's chunks (issue 15: blocking time).
 */
let saoPauloFormat: Intl.DateTimeFormat | undefined;
const newSaoPauloFormat = () => new Intl.DateTimeFormat('en-US', {
  timeZone: SAO_PAULO,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The São Paulo wall-clock date and time of an instant (the time-zone rules of that date, DST included). */
function saoPauloMoment(epochMs: number): { date: PlainDate; time: PlainTime } {
  const part: Record<string, number> = {};
  saoPauloFormat ??= newSaoPauloFormat();
  for (const { type, value } of saoPauloFormat.formatToParts(new Date(epochMs))) part[type] = Number(value);
  return {
    date: { year: part.year!, month: part.month!, day: part.day! },
    time: { hour: part.hour!, minute: part.minute!, second: part.second! },
  };
}

/** Minutes east of UTC of an ISO offset ('Z', '-03:00', '+0200', '-03'). */
function offsetMinutes(offset: string): number {
  if (offset === 'Z' || offset === 'z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
}

/** Reads a date or datetime and returns its São Paulo calendar date (and time, for datetimes). */
function toSaoPaulo(iso: string | null | undefined): Moment | null {
  const value = iso?.trim();
  if (!value) return null;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const date = realDate(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
    return date ? { date, time: null } : null;
  }
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', offset] = match;
  const date = realDate(Number(year), Number(month), Number(day));
  const time = { hour: Number(hour), minute: Number(minute), second: Number(second) };
  if (!date || time.hour > 23 || time.minute > 59 || time.second > 59) return null;
  if (offset === undefined) return { date, time };
  const wallMs = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute, time.second);
  return saoPauloMoment(wallMs - offsetMinutes(offset) * 60_000);
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
export function todayInSaoPaulo(now: Date = new Date()): string {
  return isoDate(saoPauloMoment(now.getTime()).date);
}

/** The current month in São Paulo as yyyy-MM. */
export function currentMonthInSaoPaulo(now: Date = new Date()): string {
  return todayInSaoPaulo(now).slice(0, 7);
}

/** Calendar days from `from` to `to` (both yyyy-MM-dd; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/**
 * Reads a masked dd/mm/yyyy value (SPEC §5 birthday mask) as yyyy-MM-dd; null when it is
 * incomplete or not a real date (31/02/2024, 29/02/2023, 00/01/2024).
 */
export function parseBrDate(value: string): string | null {
  const match = BR_DATE.exec(value.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const date = realDate(Number(year), Number(month), Number(day));
  return date ? isoDate(date) : null;
}

/** The São Paulo calendar date of a date or datetime as yyyy-MM-dd ('' when empty or unreadable). */
export function saoPauloDate(iso: string | null | undefined): string {
  const moment = toSaoPaulo(iso);
  return moment ? isoDate(moment.date) : '';
}

/**
 * A datetime as São Paulo wall-clock time `yyyy-MM-dd HH:mm:ss` (what the surgery update takes as `schedule`), or
 * null when empty, unreadable or a date without a time.
 */
export function saoPauloDateTime(iso: string | null | undefined): string | null {
  const moment = toSaoPaulo(iso);
  if (!moment?.time) return null;
  const { hour, minute, second } = moment.time;
  return `${isoDate(moment.date)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}
