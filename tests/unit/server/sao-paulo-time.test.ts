import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { SAO_PAULO, saoPauloDay, toSaoPauloIso } from '../../../server/services/sao-paulo-time';

/** What the functions answered before their cached-offset path: Temporal for every instant. */
const temporalIso = (epochMs: number) =>
  Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(SAO_PAULO).toString({ timeZoneName: 'never', smallestUnit: 'second' });
const temporalDay = (epochMs: number) => Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(SAO_PAULO).toPlainDate().toString();

/** A deterministic spread of instants (a linear congruential generator). */
function instants(count: number, from: number, to: number): number[] {
  let state = 20_261_127;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(from + (state / 2_147_483_648) * (to - from));
  });
}

describe('São Paulo time', () => {
  it('writes instants with the offset of their day, daylight saving included', () => {
    expect(toSaoPauloIso(new Date('2026-03-10T17:30:00.999Z'))).toBe('2026-03-10T14:30:00-03:00');
    // Summer time of 2018/2019 (−02:00), and its last end: 2019-02-17 00:00 −02:00 became 2019-02-16 23:00 −03:00.
    expect(toSaoPauloIso(new Date('2019-01-15T12:00:00Z'))).toBe('2019-01-15T10:00:00-02:00');
    expect(toSaoPauloIso(new Date('2019-02-17T01:59:59Z'))).toBe('2019-02-16T23:59:59-02:00');
    expect(toSaoPauloIso(new Date('2019-02-17T02:00:00Z'))).toBe('2019-02-16T23:00:00-03:00');
    expect(saoPauloDay(new Date('2026-11-01T02:30:00Z'))).toBe('2026-10-31');
  });

  it('answers what Temporal answers for any instant, around every transition and far from today', () => {
    const samples = [
      ...instants(5_000, Date.UTC(1980, 0, 1), Date.UTC(2040, 0, 1)),
      ...instants(1_000, Date.UTC(1890, 0, 1), Date.UTC(1930, 0, 1)),
      ...instants(500, Date.UTC(-5, 0, 1), Date.UTC(12_000, 0, 1)),
    ];
    // The hours around the transitions of 1914 (local mean time, −03:06:28, ended), 2018 and 2019, every 7 s, and
    // the millisecond on each side of each.
    for (const at of [Date.UTC(1914, 0, 1, 3, 6, 28), Date.UTC(2018, 10, 4, 3), Date.UTC(2019, 1, 17, 2)]) {
      samples.push(at - 1, at, at + 1);
      for (let ms = at - 7_200_000; ms < at + 7_200_000; ms += 7_000) samples.push(ms, ms + 999);
    }
    for (const epochMs of samples) {
      expect(toSaoPauloIso(new Date(epochMs))).toBe(temporalIso(epochMs));
      expect(saoPauloDay(new Date(epochMs))).toBe(temporalDay(epochMs));
    }
  });
});
