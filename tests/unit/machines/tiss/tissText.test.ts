import { describe, expect, it } from 'vitest';
import {
  escapeXmlText,
  fitsTissDecimal,
  latin1Bytes,
  tissCode,
  tissDecimal,
  tissDigits,
  tissText,
  tissTime,
  toTissLatin1,
} from '../../../../machines/tiss/tissText';

describe('toTissLatin1', () => {
  it('keeps Portuguese as it is, composed (NFC)', () => {
    expect(toTissLatin1('Conceição Araújo, São Paulo')).toBe('Conceição Araújo, São Paulo');
    expect(toTissLatin1('Conceic\u0327a\u0303o')).toBe('Conceição');
  });

  it('maps typographic quotes, dashes and the ellipsis to ASCII', () => {
    expect(toTissLatin1('D’Ávila “Dr.” – cirurgia — ok… ‘x’ 10−2')).toBe('D\'Ávila "Dr." - cirurgia - ok... \'x\' 10-2');
    expect(toTissLatin1('D´Avila')).toBe("D'Avila");
  });

  it('strips accents of letters outside Latin-1 and drops what has no Latin-1 spelling', () => {
    expect(toTissLatin1('Łukasz Dvořák Ștefan Œuvre')).toBe('Lukasz Dvorák Stefan OEuvre');
    expect(toTissLatin1('Maria 😀 Silva 🇧🇷 中 ✓')).toBe('Maria Silva');
    expect(toTissLatin1('a\uD800b')).toBe('ab');
  });

  it('removes control characters and invisible ones, and collapses whitespace', () => {
    expect(toTissLatin1('\u0000Ana\u0007 \u0085Maria\u009F')).toBe('Ana Maria');
    expect(toTissLatin1('  Ana\r\n\tMaria\u00A0\u2003Silva\u200B\uFEFF  ')).toBe('Ana Maria Silva');
    expect(toTissLatin1('co\u00ADordenação')).toBe('coordenação');
    expect(toTissLatin1(null)).toBe('');
    expect(toTissLatin1(' \u200B\n ')).toBe('');
  });
});

describe('tissText and tissCode', () => {
  it('cuts free text to the XSD length, leaving no space at the cut', () => {
    expect(tissText('Hospital Israelita Albert Einstein', 18)).toBe('Hospital Israelita');
    expect(tissText('Hospital Israelita Albert Einstein', 19)).toBe('Hospital Israelita');
    expect(tissText('x'.repeat(600), 500)).toHaveLength(500);
    expect(tissText('ok…', 4)).toBe('ok..');
  });

  it('never cuts an emoji in half: it is dropped before the cut', () => {
    const text = tissText(`${'a'.repeat(69)}😀b`, 70);
    expect(text).toBe(`${'a'.repeat(69)}b`);
    expect([...text].every((char) => char.charCodeAt(0) <= 0xff)).toBe(true);
  });

  it('cleans identifiers but never cuts them', () => {
    expect(tissCode(' 0123 4567\n89 ')).toBe('0123 4567 89');
    expect(tissCode('x'.repeat(30))).toHaveLength(30);
    expect(tissDigits('529.982.247-25')).toBe('52998224725');
  });
});

describe('XML and number formats', () => {
  it('escapes only what element content needs', () => {
    expect(escapeXmlText(`S&A <Clínica> "D'Ávila"`)).toBe(`S&amp;A &lt;Clínica&gt; "D'Ávila"`);
  });

  it('formats centavos as the XSD decimals without floating point', () => {
    expect(tissDecimal(0, 8)).toBe('0.00');
    expect(tissDecimal(5, 8)).toBe('0.05');
    expect(tissDecimal(123456, 8)).toBe('1234.56');
    expect(tissDecimal(99_999_999, 8)).toBe('999999.99');
    expect(tissDecimal(100, 3)).toBe('1.00');
    expect(tissDecimal(70, 3)).toBe('0.70');
    expect(() => tissDecimal(100_000_000, 8)).toThrow(RangeError);
    expect(() => tissDecimal(1.5, 8)).toThrow(RangeError);
    expect(() => tissDecimal(-1, 8)).toThrow(RangeError);
    expect(fitsTissDecimal(9_999_999_999, 10)).toBe(true);
    expect(fitsTissDecimal(10_000_000_000, 10)).toBe(false);
  });

  it('writes times as HH:MM:SS and refuses what is not a time', () => {
    expect(tissTime('09:30')).toBe('09:30:00');
    expect(tissTime('23:59:59')).toBe('23:59:59');
    expect(tissTime('24:00')).toBe('');
    expect(tissTime('9:30')).toBe('');
  });

  it('gives ISO-8859-1 bytes, one a character, and refuses anything beyond', () => {
    expect([...latin1Bytes('Aé&ÿ')]).toEqual([0x41, 0xe9, 0x26, 0xff]);
    expect(() => latin1Bytes('€')).toThrow(/U\+20AC/);
  });
});
