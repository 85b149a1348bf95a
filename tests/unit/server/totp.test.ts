import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpCode, totpStep } from '../../../server/services/auth/totp';

/** RFC 6238 Appendix B: the seeds and the eight-digit codes at each time, for SHA-1, SHA-256 and SHA-512. */
const SEEDS = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
} as const;
const VECTORS: Array<[seconds: number, sha1: string, sha256: string, sha512: string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches Appendix B at T=%i', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(new Date(seconds * 1000));
    expect(hotp(SEEDS.sha1, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SEEDS.sha256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEEDS.sha512, step, 8, 'sha512')).toBe(sha512);
    // The six-digit code the server asks is the last six digits of the same truncation.
    expect(totpCode(SEEDS.sha1, new Date(seconds * 1000))).toBe(sha1.slice(2));
  });

  it('accepts the previous, the current and the next step, not two steps away', () => {
    const at = new Date(1111111111 * 1000);
    const step = totpStep(at);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step + offset), at, null)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step + offset), at, null)).toBeNull();
  });

  it('never accepts a step at or before the last accepted one', () => {
    const at = new Date(1234567890 * 1000);
    const step = totpStep(at);
    const code = totpCode(SEEDS.sha1, at);
    expect(matchTotp(SEEDS.sha1, code, at, step - 1)).toBe(step);
    expect(matchTotp(SEEDS.sha1, code, at, step)).toBeNull();
    expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step - 1), at, step)).toBeNull();
    expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step + 1), at, step)).toBe(step + 1);
  });

  it('refuses anything but six digits', () => {
    const at = new Date(59_000);
    for (const code of ['', '28708', '2870822', 'abcdef', ' 287082']) expect(matchTotp(SEEDS.sha1, code, at, null)).toBeNull();
  });

  it('encodes the secret in base32 and builds the otpauth URI', () => {
    expect(base32Encode(SEEDS.sha1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(SEEDS.sha1);
    expect(base32Decode('GEZ1')).toBeNull();
    const uri = new URL(otpauthUri(SEEDS.sha1, 'ana@clinica.com.br', 'Cirurgias'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Cirurgias:ana@clinica.com.br');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      issuer: 'Cirurgias',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
