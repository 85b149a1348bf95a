import { describe, expect, it } from 'vitest';
import { isWellFormedEmail, passwordProblems } from '../../../machines/rules/account';

describe('account rules (shared by the wizards and the server)', () => {
  it('accepts ordinary e-mail addresses, trimmed', () => {
    expect(isWellFormedEmail('ana.souza@clinica.com.br')).toBe(true);
    expect(isWellFormedEmail('  ana@exemplo.com ')).toBe(true);
  });

  it('rejects addresses without a domain dot, with spaces, two @ or empty labels', () => {
    for (const email of ['ana@exemplo', 'ana souza@exemplo.com', 'ana@@exemplo.com', 'ana@exemplo..com', '@exemplo.com', '']) {
      expect(isWellFormedEmail(email), email).toBe(false);
    }
    expect(isWellFormedEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });

  it('asks for 8 to 128 characters in a password', () => {
    expect(passwordProblems('1234567')).toEqual(['A senha deve ter pelo menos 8 caracteres.']);
    expect(passwordProblems('12345678')).toEqual([]);
    expect(passwordProblems('x'.repeat(129))).toEqual(['A senha deve ter no máximo 128 caracteres.']);
  });
});
