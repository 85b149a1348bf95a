import { afterEach, describe, expect, it, vi } from 'vitest';

const { NumberFormat, DateTimeFormat } = Intl;

afterEach(() => {
  Intl.NumberFormat = NumberFormat;
  Intl.DateTimeFormat = DateTimeFormat;
  vi.useRealTimers();
  vi.resetModules();
});

/** Counts the Intl formatters made from now on. */
function countFormattersMade() {
  const made = { number: 0, date: 0 };
  Intl.NumberFormat = class extends NumberFormat {
    constructor(...args: ConstructorParameters<typeof NumberFormat>) {
      super(...args);
      made.number += 1;
    }
  } as typeof Intl.NumberFormat;
  Intl.DateTimeFormat = class extends DateTimeFormat {
    constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
      super(...args);
      made.date += 1;
    }
  } as typeof Intl.DateTimeFormat;
  return made;
}

/** A fresh copy of the formatting modules (their formatters are made once per module instance). */
async function freshFormatters() {
  vi.resetModules();
  const [{ warmUpFormatters }, { formatBRL }, { todayInSaoPaulo, formatDate }] = await Promise.all([
    import('../../../../src/lib/format/warmUp'),
    import('../../../../src/lib/format/money'),
    import('../../../../src/lib/format/date'),
  ]);
  return { warmUpFormatters, formatBRL, todayInSaoPaulo, formatDate };
}

describe('warmUpFormatters', () => {
  it('makes the BRL and São Paulo formatters in a task of its own, and the pages then reuse them', async () => {
    const { warmUpFormatters, formatBRL, todayInSaoPaulo, formatDate } = await freshFormatters();
    vi.useFakeTimers();
    const made = countFormattersMade();

    warmUpFormatters();
    // Not in the caller's task: nothing is made until the timer fires.
    expect(made).toEqual({ number: 0, date: 0 });

    vi.runAllTimers();
    expect(made).toEqual({ number: 1, date: 1 });

    // What a page formats afterwards takes the same formatters: no Intl object is made again.
    expect(formatBRL(1234.5)).toBe('R$\u00a01.234,50');
    expect(todayInSaoPaulo(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(formatDate('2026-03-01T02:30:00Z')).toBe('28/02/2026');
    expect(made).toEqual({ number: 1, date: 1 });
  });
});
