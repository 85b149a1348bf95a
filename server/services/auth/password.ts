import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard KDF, DECISIONS §3). The parameters travel with each hash
 * (`scrypt$N$r$p$salt$hash`, base64), so they can be raised later without breaking stored passwords.
 * @see https://datatracker.ietf.org/doc/html/rfc7914
 */
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Upper bound accepted when verifying a stored hash, so a tampered row cannot exhaust memory. */
const MAX_COST = 2 ** 20;

/** scrypt needs about 128·N·r bytes; Node's default ceiling (32 MiB) is exactly too small for N=2^15, r=8. */
function maxmemFor(cost: number, blockSize: number, parallelism: number): number {
  return 128 * cost * blockSize * (parallelism + 2);
}

function derive(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password for storage as `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_BYTES, {
    N: COST,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: maxmemFor(COST, BLOCK_SIZE, PARALLELISM),
  });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [cost, blockSize, parallelism] = parts.slice(1, 4).map(Number) as [number, number, number];
  const validParams =
    Number.isInteger(cost) && cost > 1 && cost <= MAX_COST && (cost & (cost - 1)) === 0 &&
    Number.isInteger(blockSize) && blockSize >= 1 && blockSize <= 32 &&
    Number.isInteger(parallelism) && parallelism >= 1 && parallelism <= 16;
  if (!validParams) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(plain, salt, expected.length, {
    N: cost,
    r: blockSize,
    p: parallelism,
    maxmem: maxmemFor(cost, blockSize, parallelism),
  });
  return timingSafeEqual(actual, expected);
}


/**
 * A valid hash of a random password, for comparing against when the account does not exist, so that
 * an unknown e-mail takes as long to reject as a wrong password.
 */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
