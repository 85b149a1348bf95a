import { describe, expect, it } from 'vitest';
import { formatRate, ratePercent, rateCsvText } from '../../../machines/ledger/glosaRate';

describe('glosa rate format', () => {
  it('shows one decimal everywhere: 16,4%, 20,0%, 13,0%', () => {
    expect([0.1639, 0.2, 0.13, 0, 1].map(formatRate)).toEqual(['16,4%', '20,0%', '13,0%', '0,0%', '100,0%']);
    expect([0.1639, 0.2, 0.13, 0].map(rateCsvText)).toEqual(['16,4', '20,0', '13,0', '0,0']);
  });

  it('rounds half away from zero at the tenth of a percent, the screen and the file alike', () => {
    expect(ratePercent(0.16385)).toBe(16.4);
    expect(ratePercent(0.16349)).toBe(16.3);
    expect(ratePercent(0.00049)).toBe(0);
    expect(ratePercent(0.0005)).toBe(0.1);
    expect(formatRate(0.0005)).toBe('0,1%');
    expect(rateCsvText(0.0005)).toBe('0,1');
    expect(formatRate(12.3456)).toBe('1.234,6%');
    expect(rateCsvText(12.3456)).toBe('1234,6');
  });
});
