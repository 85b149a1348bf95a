import { describe, expect, it } from 'vitest';
import { whatsappLink } from '../../../../src/lib/format/phone';

describe('whatsappLink', () => {
  it('prefixes the country code 55 to the digits of the number', () => {
    expect(whatsappLink('(11) 9 8765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsappLink('21987654321')).toBe('https://wa.me/5521987654321');
  });
});
