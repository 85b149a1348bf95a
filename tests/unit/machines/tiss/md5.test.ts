import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../../../machines/tiss/md5';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('md5Hex', () => {
  it('gives RFC 1321’s test suite digests (appendix A.5)', () => {
    expect(md5Hex(ascii(''))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex(ascii('a'))).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5Hex(ascii('abc'))).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex(ascii('message digest'))).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5Hex(ascii('abcdefghijklmnopqrstuvwxyz'))).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(md5Hex(ascii('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'))).toBe('d174ab98d277d9f5a5611c2c9f419d9f');
    expect(md5Hex(ascii('1234567890'.repeat(8)))).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('agrees with node:crypto on random bytes of every length around the block boundaries', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 70_000]) {
      const bytes = Uint8Array.from({ length }, next);
      expect(md5Hex(bytes), `length ${length}`).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });
});
