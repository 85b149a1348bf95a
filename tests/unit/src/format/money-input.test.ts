import { describe, expect, it } from 'vitest';
import { centsFromDigits, centsToReais, formatBRLInput, reaisToCents } from '../../../../src/lib/format/money';

describe('money input helpers', () => {
  it('reads the typed digits as cents', () => {
    expect(centsFromDigits('123456')).toBe(123456);
    expect(centsFromDigits('R$ 1.234,56')).toBe(123456);
    expect(centsFromDigits('0001')).toBe(1);
  });
  it('reads no digits or only zeros as an empty field', () => {
    expect(centsFromDigits('')).toBeNull();
    expect(centsFromDigits('R$ ')).toBeNull();
    expect(centsFromDigits('000')).toBeNull();
  });
  it('formats cents as BRL with a plain space', () => {
    expect(formatBRLInput(123456)).toBe('R$ 1.234,56');
    expect(formatBRLInput(1)).toBe('R$ 0,01');
    expect(formatBRLInput(100000000)).toBe('R$ 1.000.000,00');
  });
  it('builds the value digit by digit, as typed', () => {
    const shown = ['1', '12', '123', '1234', '12345', '123456'].map((digits) => formatBRLInput(centsFromDigits(digits) ?? 0));
    expect(shown).toEqual(['R$ 0,01', 'R$ 0,12', 'R$ 1,23', 'R$ 12,34', 'R$ 123,45', 'R$ 1.234,56']);
  });
  it('converts between reais and cents without drift', () => {
    expect(reaisToCents(1234.56)).toBe(123456);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(1.005)).toBe(101);
    expect(centsToReais(123456)).toBe(1234.56);
  });
});
