import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: HMAC-SHA1, a 30-second step from the Unix epoch, six digits.
 * What any authenticator app (Google Authenticator, Microsoft Authenticator, Aegis, 1Password…) computes from the
 * otpauth URI of `otpauthUri`. The clock is always passed in, so tests inject it.
 * @see https://datatracker.ietf.org/doc/html/rfc6238
 */
const TOTP = { stepSeconds: 30, digits: 6, window: 1, secretBytes: 20 } as const;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, no padding (the form of the `secret` parameter of an otpauth URI). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as typed by a person: case, spaces and padding ignored; null when another character is there. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret (160 bits, the length RFC 4226 §4 recommends for HMAC-SHA1). */
export function generateTotpSecret(): Buffer {
  return randomBytes(TOTP.secretBytes);
}

/** The time step of an instant: floor(unix seconds / 30). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP.stepSeconds);
}

/**
 * HOTP (RFC 4226 §5.3) of a counter: HMAC over the counter as 8 big-endian bytes, dynamic truncation, `digits`
 * decimal digits. The algorithm is a parameter only for the RFC 6238 test vectors (SHA-256 and SHA-512 keys).
 */
export function hotp(secret: Buffer, counter: number, digits: number = TOTP.digits, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The six-digit code of an instant. */
export function totpCode(secret: Buffer, at: Date): string {
  return hotp(secret, totpStep(at));
}

/**
 * The step a code matches within ±`TOTP.window` steps of `at` (a phone's clock a little off, a code typed as it
 * turned), or null. A step at or before `lastAcceptedStep` is never accepted again (RFC 6238 §5.2: "the verifier MUST
 * NOT accept the second attempt of the OTP after the successful validation has been issued for the first OTP"), so
 * the caller stores the step returned and passes it back next time.
 */
export function matchTotp(secret: Buffer, code: string, at: Date, lastAcceptedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(at);
  let matched: number | null = null;
  // Every step of the window is computed and compared in constant time, whatever matched first.
  for (let step = current - TOTP.window; step <= current + TOTP.window; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code));
    if (same && matched === null && (lastAcceptedStep === null || step > lastAcceptedStep)) matched = step;
  }
  return matched;
}

/** The otpauth URI an authenticator app reads from the QR code (Google's Key Uri Format). */
export function otpauthUri(secret: Buffer, accountName: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const params = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP.digits),
    period: String(TOTP.stepSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
