import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentMonthInSaoPaulo,
  formatDate,
  formatDayMonth,
  formatTime,
  parseBrDate,
  todayInSaoPaulo,
} from '../../../../src/lib/format/date';

describe('formatDate', () => {
  it('formats a plain date as dd/MM/yyyy without shifting it', () => {
    expect(formatDate('2025-03-05')).toBe('05/03/2025');
    expect(formatDate('2025-01-01')).toBe('01/01/2025');
  });
  it('uses the São Paulo date of a UTC datetime around midnight', () => {
    expect(formatDate('2025-03-01T02:59:59Z')).toBe('28/02/2025'); // 23:59:59 in São Paulo
    expect(formatDate('2025-03-01T03:00:00Z')).toBe('01/03/2025'); // 00:00 in São Paulo
    expect(formatDate('2025-01-01T01:00:00.000Z')).toBe('31/12/2024');
  });
  it('honours an explicit offset and reads a datetime without offset as São Paulo wall time', () => {
    expect(formatDate('2025-02-28T23:30:00-03:00')).toBe('28/02/2025');
    expect(formatDate('2025-03-01T00:30:00+02:00')).toBe('28/02/2025');
    expect(formatDate('2025-02-28 23:30:00')).toBe('28/02/2025');
  });
  it("returns '' for empty or unreadable values", () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('ontem')).toBe('');
    expect(formatDate('2025-02-30')).toBe('');
  });
});

describe('formatDayMonth', () => {
  it('formats d/M without leading zeros', () => {
    expect(formatDayMonth('2025-03-05')).toBe('5/3');
    expect(formatDayMonth('2025-12-25')).toBe('25/12');
  });
  it('uses the São Paulo day around midnight', () => {
    expect(formatDayMonth('2025-01-01T02:00:00Z')).toBe('31/12');
    expect(formatDayMonth('2025-01-01T03:00:00Z')).toBe('1/1');
  });
  it("returns '' for a missing schedule", () => {
    expect(formatDayMonth(null)).toBe('');
  });
});

describe('formatTime', () => {
  it('formats HH:mm in São Paulo', () => {
    expect(formatTime('2025-03-01T02:30:00Z')).toBe('23:30');
    expect(formatTime('2025-03-01T03:00:00Z')).toBe('00:00');
    expect(formatTime('2025-03-01T12:05:00-03:00')).toBe('12:05');
    expect(formatTime('2025-03-01 07:45:00')).toBe('07:45');
  });
  it('uses the time-zone rules of the date (São Paulo had daylight saving until 2019)', () => {
    expect(formatTime('2018-11-04T03:30:00Z')).toBe('01:30'); // UTC-2 after DST began
    expect(formatTime('2018-11-03T03:30:00Z')).toBe('00:30'); // UTC-3 the day before
  });
  it("returns '' for a date without time", () => {
    expect(formatTime('2025-03-01')).toBe('');
    expect(formatTime('')).toBe('');
  });
});

describe('todayInSaoPaulo / currentMonthInSaoPaulo', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it('is still the previous day in São Paulo just before 03:00 UTC', () => {
    expect(todayInSaoPaulo(new Date('2025-01-01T02:59:59Z'))).toBe('2024-12-31');
    expect(todayInSaoPaulo(new Date('2025-01-01T03:00:00Z'))).toBe('2025-01-01');
  });
  it('changes month at São Paulo midnight', () => {
    expect(currentMonthInSaoPaulo(new Date('2025-01-01T02:59:59Z'))).toBe('2024-12');
    expect(currentMonthInSaoPaulo(new Date('2025-01-01T03:00:00Z'))).toBe('2025-01');
  });
  it('defaults to the current clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-07-31T23:30:00-03:00'));
    expect(todayInSaoPaulo()).toBe('2025-07-31');
    expect(currentMonthInSaoPaulo()).toBe('2025-07');
    vi.setSystemTime(new Date('2025-08-01T00:00:00-03:00'));
    expect(todayInSaoPaulo()).toBe('2025-08-01');
  });
});

describe('parseBrDate', () => {
  it('reads dd/mm/yyyy as yyyy-MM-dd', () => {
    expect(parseBrDate('05/03/2025')).toBe('2025-03-05');
    expect(parseBrDate(' 29/02/2024 ')).toBe('2024-02-29');
  });
  it('rejects dates that do not exist', () => {
    expect(parseBrDate('29/02/2023')).toBeNull();
    expect(parseBrDate('31/04/2024')).toBeNull();
    expect(parseBrDate('00/01/2024')).toBeNull();
    expect(parseBrDate('15/13/2024')).toBeNull();
  });
  it('rejects incomplete or differently shaped values', () => {
    expect(parseBrDate('')).toBeNull();
    expect(parseBrDate('5/3/2025')).toBeNull();
    expect(parseBrDate('05/03/25')).toBeNull();
    expect(parseBrDate('2025-03-05')).toBeNull();
    expect(parseBrDate('__/__/____')).toBeNull();
  });
});
