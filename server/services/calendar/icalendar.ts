/**
 * An iCalendar (RFC 5545) writer for the calendar feed: a published calendar of events in America/Sao_Paulo, with the
 * zone's VTIMEZONE, stable UIDs and SEQUENCE. Pure: the feed service supplies the events.
 * @see https://www.rfc-editor.org/rfc/rfc5545
 */
import { SAO_PAULO, toSaoPauloIso } from '../sao-paulo-time';

export type CalendarEvent = {
  uid: string;
  /** Bumped on every change of the event (RFC 5545 §3.8.7.4). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string;
  url: string;
  cancelled: boolean;
};

type CalendarDocument = { name: string; stampedAt: Date; events: readonly CalendarEvent[] };

/**
 * São Paulo has kept −03:00 all year since 2019 (no daylight saving): one STANDARD rule describes every instant the
 * feed can hold (it lists 90 days back at most).
 */
const SAO_PAULO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${SAO_PAULO}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:-0300',
  'TZOFFSETTO:-0300',
  'TZNAME:-03',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT values escape backslash, semicolon, comma and line breaks (§3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** `20261215T073000Z` (§3.3.5, UTC form). */
function utcStamp(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** `20261215T073000`, the wall time in São Paulo, for a `TZID=America/Sao_Paulo` property. */
function saoPauloStamp(instant: Date): string {
  return toSaoPauloIso(instant).slice(0, 19).replace(/[-:]/g, '');
}

const encoder = new TextEncoder();

/**
 * Folds a content line to 75 octets per line (§3.1): the continuation lines start with a space. A UTF-8 character is
 * never split.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space is one of its 75 octets
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent, stampedAt: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(stampedAt)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART;TZID=${SAO_PAULO}:${saoPauloStamp(event.start)}`,
    `DTEND;TZID=${SAO_PAULO}:${saoPauloStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** The whole calendar, CRLF line ends, folded. */
export function writeCalendar({ name, stampedAt, events }: CalendarDocument): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cirurgias//Agenda de cirurgias//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${SAO_PAULO}`,
    // How often a subscribed calendar should read the feed again (RFC 7986 §5.7; Outlook's and Apple's own name).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...SAO_PAULO_VTIMEZONE,
    ...events.flatMap((event) => eventLines(event, stampedAt)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
