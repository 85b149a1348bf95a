import { describe, expect, it } from 'vitest';
import { formatBRL } from '../../../../src/lib/format/money';

// Intl puts a NO-BREAK SPACE (U+00A0) between "R$" and the amount; formatBRL keeps it.
const NBSP = '\u00a0';

describe('formatBRL', () => {
  it('formats reais with pt-BR separators and two decimals', () => {
    expect(formatBRL(1234.5)).toBe(`R$${NBSP}1.234,50`);
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(1_000_000)).toBe(`R$${NBSP}1.000.000,00`);
    expect(formatBRL(0.1 + 0.2)).toBe(`R$${NBSP}0,30`);
  });
  it('keeps the sign of negative values', () => {
    expect(formatBRL(-12.3)).toBe(`-R$${NBSP}12,30`);
  });
  it('uses a no-break space, not a plain space', () => {
    expect(formatBRL(1)).not.toBe('R$ 1,00');
    expect(formatBRL(1).replace(/\u00a0/g, ' ')).toBe('R$ 1,00');
  });
  it('formats non-finite values as zero', () => {
    expect(formatBRL(Number.NaN)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe(`R$${NBSP}0,00`);
  });
});
