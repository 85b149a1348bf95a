import { describe, expect, it } from 'vitest';
import * as rules from '../../../../machines/rules/cpf';
import { formatCpf, isValidCpf, onlyDigits } from '../../../../src/lib/format/cpf';

describe('src/lib/format/cpf', () => {
  it('re-exports the shared rules instead of duplicating them', () => {
    expect(isValidCpf).toBe(rules.isValidCpf);
    expect(formatCpf).toBe(rules.formatCpf);
    expect(onlyDigits).toBe(rules.onlyDigits);
  });
  it('validates and formats a CPF', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});
