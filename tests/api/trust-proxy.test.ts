import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { SIGN_IN_LIMITS } from '../../server/services/auth/sign-in-guard';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { createMedic, TEST_CLIENT, TEST_PASSWORD } from '../helpers/fixtures';

/**
 * Issue 11 item 18: with TRUST_PROXY naming the proxy, a forged X-Forwarded-For does not escape the
 * per-address sign-in limit; only the proxy's own hop is believed.
 */
const PROXY = '10.20.0.2';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false, config: { trustProxy: loadConfig({ TRUST_PROXY: `${PROXY}, 10.30.0.0/16` }).trustProxy } });
});
afterAll(async () => {
  await t?.close();
});

function signIn(username: string, password: string, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { ...TEST_CLIENT, grant_type: 'password', username, password },
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });
}

describe('TRUST_PROXY', () => {
  it('refuses TRUST_PROXY=true at start', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
  });

  it('counts a direct client that forges X-Forwarded-For under its own address', async () => {
    const attacker = '198.51.100.7';
    const medic = await createMedic(t.deps);
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      const res = await signIn(`alvo${i}@teste.com.br`, 'errada', attacker, `203.0.113.${i + 1}`);
      expect(res.statusCode).toBe(400);
    }
    const refused = await signIn(medic.email, TEST_PASSWORD, attacker, '203.0.113.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_description).toBe('Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.');
  });

  it("believes the named proxy's last hop only: an address forged before it does not help", async () => {
    const client = '198.51.100.9';
    const medic = await createMedic(t.deps);
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      // The client forges a first hop; the proxy appends the address it saw.
      const res = await signIn(`outro${i}@teste.com.br`, 'errada', PROXY, `203.0.113.${i + 1}, ${client}`);
      expect(res.statusCode).toBe(400);
    }
    expect((await signIn(medic.email, TEST_PASSWORD, PROXY, `192.0.2.1, ${client}`)).statusCode).toBe(429);
    // Another client behind the same proxy (through a second trusted hop in the CIDR) is its own address.
    expect((await signIn(medic.email, TEST_PASSWORD, PROXY, `198.51.100.10, 10.30.4.4`)).statusCode).toBe(200);
  });
});
