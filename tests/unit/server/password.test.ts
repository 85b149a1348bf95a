import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/services/auth/password';

/**
 * The production password hash (DECISIONS §3). The API tests' fixture accounts store cheaper hashes
 * (tests/helpers/fixtures.ts), so the cost the server itself writes is pinned here.
 */
describe('hashPassword', () => {
  it('stores scrypt at N = 2^15, r = 8, p = 1, with a 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('Senha@123');
    const [scheme, cost, blockSize, parallelism, salt, key] = hash.split('$');
    expect([scheme, cost, blockSize, parallelism]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    // The key is scrypt's own output for these parameters, over the NFKC form of the password.
    const expected = scryptSync('Senha@123', Buffer.from(salt!, 'base64'), 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 128 * 2 ** 15 * 8 * 3 });
    expect(key).toBe(expected.toString('base64'));
  });

  it('salts every hash: the same password twice gives two hashes, both verified', async () => {
    const [first, second] = await Promise.all([hashPassword('Senha@123'), hashPassword('Senha@123')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Senha@123', first)).toBe(true);
    expect(await verifyPassword('Senha@123', second)).toBe(true);
  });
});

describe('verifyPassword', () => {
  it('refuses a wrong password, and compares the NFKC forms', async () => {
    const hash = await hashPassword('Café');
    expect(await verifyPassword('Cafe', hash)).toBe(false);
    expect(await verifyPassword('Cafe\u0301', hash)).toBe(true);
  });

  it('verifies at the cost a hash names (hashes made at another cost keep working)', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('Senha@123', salt, 64, { N: 2 ** 10, r: 8, p: 1 });
    const cheap = ['scrypt', 2 ** 10, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('Senha@123', cheap)).toBe(true);
    expect(await verifyPassword('Senha@124', cheap)).toBe(false);
  });

  it('never matches a malformed hash or one whose parameters are out of bounds', async () => {
    const [, , , , salt, key] = (await hashPassword('Senha@123')).split('$');
    for (const stored of [
      '',
      'bcrypt$32768$8$1$' + salt + '$' + key,
      `scrypt$32768$8$1$${salt}`,
      `scrypt$3000$8$1$${salt}$${key}`,
      `scrypt$${2 ** 21}$8$1$${salt}$${key}`,
      `scrypt$32768$0$1$${salt}$${key}`,
      `scrypt$32768$8$17$${salt}$${key}`,
      `scrypt$32768$8$1$$${key}`,
    ]) {
      expect(await verifyPassword('Senha@123', stored), stored).toBe(false);
    }
  });
});
