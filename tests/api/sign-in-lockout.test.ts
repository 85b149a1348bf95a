import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trustedSignIns } from '../../server/db/schema/index';
import { dummyPasswordHash } from '../../server/services/auth/password';
import { passwordWork } from '../../server/services/auth/password-work';
import { SIGN_IN_LIMITS } from '../../server/services/auth/sign-in-guard';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, TEST_CLIENT, TEST_PASSWORD } from '../helpers/fixtures';
import { recordStatements } from '../helpers/statements';


/**
 * Issue 11 item 15 (OWASP ASVS 5.0 §6.3): failed sign-ins from elsewhere never lock the real user out
 * of a browser or an address she signed in from before; unknown clients are slowed, not refused.
 */
let t: TestApp;
let delays: number[] = [];
let addressSeq = 0;
const nextAddress = () => `10.7.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;
const tooMany = { error: 'invalid_request', error_description: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.' };

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false });
});
beforeEach(() => {
  delays = [];
  // Records the progressive delay instead of waiting it out.
  t.deps.sleep = async (ms) => {
    delays.push(ms);
  };
});
afterAll(async () => {
  await t?.close();
});

function passwordGrant(username: string, password: string, remoteAddress: string, device?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { ...TEST_CLIENT, grant_type: 'password', username, password },
    remoteAddress,
    ...(device ? { cookies: { cirurgias_device: device } } : {}),
  });
}

/** The device token a successful sign-in set. */
function deviceOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'cirurgias_device');
  if (!cookie) throw new Error('no device cookie');
  return cookie.value;
}

async function failFromNewAddresses(email: string, times: number) {
  for (let i = 0; i < times; i++) expect((await passwordGrant(email, `errada-${i}`, nextAddress())).statusCode).toBe(400);
}

describe('POST /auth/token: an attacker cannot lock the real user out', () => {
  it('signs her in from a browser that signed in before, after 12 failures from 12 addresses', async () => {
    const medic = await createMedic(t.deps);
    const device = deviceOf(await passwordGrant(medic.email, TEST_PASSWORD, nextAddress()));
    await failFromNewAddresses(medic.email, 12);
    delays = [];

    const res = await passwordGrant(medic.email, TEST_PASSWORD, nextAddress(), device);
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(res.json().access_token) })).statusCode).toBe(200);
    expect(delays).toEqual([]);
  });

  it('signs her in from an address that signed in before, without a cookie, unslowed', async () => {
    const medic = await createMedic(t.deps);
    const office = nextAddress();
    expect((await passwordGrant(medic.email, TEST_PASSWORD, office)).statusCode).toBe(200);
    await failFromNewAddresses(medic.email, 7);
    delays = [];

    expect((await passwordGrant(medic.email, TEST_PASSWORD, office)).statusCode).toBe(200);
    expect(delays).toEqual([]);
  });

  it('slows an unknown address with a growing delay instead of locking the account', async () => {
    const medic = await createMedic(t.deps);
    await failFromNewAddresses(medic.email, 12);
    // Failures 1–4 were not slowed; from the fifth on, 0.5 s doubling, at most 10 s.
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    delays = [];

    const res = await passwordGrant(medic.email, TEST_PASSWORD, nextAddress());
    expect(res.statusCode).toBe(200);
    expect(delays).toEqual([10_000]);
    // The success starts the unknown clients' count again.
    delays = [];
    expect((await passwordGrant(medic.email, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
    expect(delays).toEqual([]);
  });

  it("does not trust another user's browser cookie for this account", async () => {
    const victim = await createMedic(t.deps);
    const attacker = await createMedic(t.deps);
    const attackerDevice = deviceOf(await passwordGrant(attacker.email, TEST_PASSWORD, nextAddress()));
    await failFromNewAddresses(victim.email, 6);
    delays = [];
    expect((await passwordGrant(victim.email, 'errada', nextAddress(), attackerDevice)).statusCode).toBe(400);
    expect(delays).toEqual([1000]);
    // A made-up cookie is no better.
    delays = [];
    expect((await passwordGrant(victim.email, 'errada', nextAddress(), 'x'.repeat(43))).statusCode).toBe(400);
    expect(delays).toEqual([2000]);
  });

  it('gives a known browser its own limit: five failures there make only that browser wait', async () => {
    const medic = await createMedic(t.deps);
    const device = deviceOf(await passwordGrant(medic.email, TEST_PASSWORD, nextAddress()));
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      expect((await passwordGrant(medic.email, 'errada', nextAddress(), device)).statusCode).toBe(400);
    }
    const blocked = await passwordGrant(medic.email, TEST_PASSWORD, nextAddress(), device);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Those failures did not slow anyone else.
    delays = [];
    expect((await passwordGrant(medic.email, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
    expect(delays).toEqual([]);
    t.clock.advance(SIGN_IN_LIMITS.windowSeconds * 1000 + 1000);
    expect((await passwordGrant(medic.email, TEST_PASSWORD, nextAddress(), device)).statusCode).toBe(200);
  });

  it('lets a known browser in from an address that is itself over its limit', async () => {
    const medic = await createMedic(t.deps);
    const shared = nextAddress();
    const device = deviceOf(await passwordGrant(medic.email, TEST_PASSWORD, nextAddress()));
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) await t.deps.rateLimiter.hit(`signin:address:${shared}`, SIGN_IN_LIMITS.windowSeconds);
    expect((await passwordGrant(medic.email, TEST_PASSWORD, shared)).statusCode).toBe(429);
    expect((await passwordGrant(medic.email, TEST_PASSWORD, shared, device)).statusCode).toBe(200);
  });

  it('refuses unknown clients only after a flood, and never the known ones', async () => {
    const medic = await createMedic(t.deps);
    const device = deviceOf(await passwordGrant(medic.email, TEST_PASSWORD, nextAddress()));
    const accountKey = `signin:account:${createHash('sha256').update(medic.email).digest('hex')}`;
    for (let i = 0; i < SIGN_IN_LIMITS.unknownCeiling; i++) await t.deps.rateLimiter.hit(accountKey, SIGN_IN_LIMITS.windowSeconds);

    const flooded = await passwordGrant(medic.email, TEST_PASSWORD, nextAddress());
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toEqual(tooMany);
    expect((await passwordGrant(medic.email, TEST_PASSWORD, nextAddress(), device)).statusCode).toBe(200);
  });
});

describe('POST /auth/token: the device cookie', () => {
  it('is opaque, HttpOnly, SameSite=Strict, sent only to the token endpoint, and kept only hashed', async () => {
    const medic = await createMedic(t.deps);
    const res = await passwordGrant(medic.email, TEST_PASSWORD, nextAddress());
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^cirurgias_device=[A-Za-z0-9_-]{43}; Path=\/auth\/token; Max-Age=7776000; HttpOnly; SameSite=Strict$/);
    const device = deviceOf(res);
    expect(device).not.toBe(res.json().access_token);
    expect(header).not.toContain(medic.email);
    const rows = await t.handle.db.select().from(trustedSignIns).where(eq(trustedSignIns.userId, medic.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(['address', 'device']);
    expect(rows.every((row) => !row.keyHash.includes(device) && !row.keyHash.includes('10.7.'))).toBe(true);

    // The browser keeps its cookie on later sign-ins (and a second account on it shares the cookie).
    const again = await passwordGrant(medic.email, TEST_PASSWORD, nextAddress(), device);
    expect(deviceOf(again)).toBe(device);
  });

  it('is Secure when the product is served over HTTPS', async () => {
    const medic = await createMedic(t.deps);
    const { publicUrl } = t.deps.config;
    t.deps.config.publicUrl = 'https://cirurgias.example';
    try {
      const res = await passwordGrant(medic.email, TEST_PASSWORD, nextAddress());
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      t.deps.config.publicUrl = publicUrl;
    }
  });

  it('is not set when the sign-in fails', async () => {
    const medic = await createMedic(t.deps);
    const res = await passwordGrant(medic.email, 'errada', nextAddress());
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /auth/token: an unknown e-mail does the work of a wrong password', () => {
  it('runs the same statements and one password check at the production cost, for an unknown e-mail as for a known one', async () => {
    // The work itself rather than its timing (which the machine's other load moves): every statement sent to the
    // database, and the password checks run through the hashing queue; the unknown e-mail's stand-in hash has the
    // production parameters (scrypt$N$r$p$salt$key), as the account's hash does.
    const medic = await createMedic(t.deps, { productionHash: true });
    const costOf = (stored: string) => {
      const [scheme, cost, blockSize, parallelism, , key] = stored.split('$');
      return { scheme, cost, blockSize, parallelism, keyBytes: Buffer.from(key!, 'base64').length };
    };
    expect(costOf(await dummyPasswordHash())).toEqual(costOf(medic.passwordHash));
    expect(costOf(medic.passwordHash)).toEqual({ scheme: 'scrypt', cost: String(2 ** 15), blockSize: '8', parallelism: '1', keyBytes: 64 });

    const recorder = recordStatements(t.deps.db);
    let checks = 0;
    t.deps.passwordWork = { ...passwordWork, run: (task) => ((checks += 1), passwordWork.run(task)) };
    const workOf = async (username: string) => {
      recorder.take();
      checks = 0;
      const res = await passwordGrant(username, 'errada-123', nextAddress());
      expect(res.statusCode).toBe(400);
      return { statements: recorder.take(), checks };
    };
    try {
      const known = await workOf(medic.email);
      const unknown = await workOf(`ninguem.${process.pid}@teste.com.br`);
      expect(known.checks).toBe(1);
      expect(unknown.checks).toBe(1);
      expect(unknown.statements.length).toBeGreaterThanOrEqual(3);
      expect(unknown.statements).toEqual(known.statements);
    } finally {
      recorder.stop();
      delete t.deps.passwordWork;
    }
  });
});
