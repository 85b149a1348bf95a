import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { patientInitials } from '../../../server/services/calendar/calendar-feed';
import { escapeText, foldLine, writeCalendar } from '../../../server/services/calendar/icalendar';

describe('the iCalendar writer (RFC 5545)', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'ção '.repeat(40)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    expect(folded.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes a calendar a third-party parser reads back, text and times intact', () => {
    const start = new Date('2026-03-10T17:30:00Z');
    const text = writeCalendar({
      name: 'Cirurgias — Ana',
      stampedAt: new Date('2026-03-01T12:00:00Z'),
      events: [
        {
          uid: 'cirurgia-7@exemplo',
          sequence: 3,
          start,
          end: new Date(start.getTime() + 2 * 3_600_000),
          summary: 'Cirurgia — J.S. — Colecistectomia; videolaparoscópica, eletiva',
          location: 'Hospital Sírio-Libanês — Rua Dona Adma Jafet, 91, São Paulo/SP',
          description: `Paciente: J.S.\n${'Procedimentos longos '.repeat(10)}`,
          url: 'https://exemplo/surgery-details/7',
          cancelled: true,
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe('Cirurgia — J.S. — Colecistectomia; videolaparoscópica, eletiva');
    expect(event.location).toBe('Hospital Sírio-Libanês — Rua Dona Adma Jafet, 91, São Paulo/SP');
    expect(event.description).toBe(`Paciente: J.S.\n${'Procedimentos longos '.repeat(10)}`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-10T17:30:00.000Z');
    expect(event.startDate.hour).toBe(14);
    expect(event.sequence).toBe(3);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});

describe('patientInitials', () => {
  it('takes each name’s first letter, skipping the particles', () => {
    expect(patientInitials('Maria da Silva Souza')).toBe('M.S.S.');
    expect(patientInitials('  josé  DOS santos e oliveira ')).toBe('J.S.O.');
    expect(patientInitials('Élcio')).toBe('É.');
  });
});
