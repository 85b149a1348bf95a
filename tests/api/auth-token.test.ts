import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthTokens } from '../../server/db/schema/index';
import { hashToken } from '../../server/services/auth/token-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, signIn, TEST_CLIENT, TEST_PASSWORD } from '../helpers/fixtures';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let addressSeq = 0;
/** Each test signs in from its own address, so the per-address limit of one test does not leak into another. */
const nextAddress = () => `10.0.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function postToken(payload: Record<string, unknown>, remoteAddress = '10.9.9.9') {
  return t.app.inject({ method: 'POST', url: '/auth/token', payload: { ...TEST_CLIENT, ...payload }, remoteAddress });
}

function passwordGrant(username: string, password: string, remoteAddress?: string) {
  return postToken({ grant_type: 'password', username, password }, remoteAddress);
}

function refreshGrant(refreshToken: string) {
  return postToken({ grant_type: 'refresh_token', refresh_token: refreshToken });
}

function profile(accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(accessToken) });
}

describe('POST /auth/token (password grant)', () => {
  it('issues tokens when the body is form-encoded', async () => {
    const medic = await createMedic(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: medic.email, password: TEST_PASSWORD, ...TEST_CLIENT }).toString(),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'cirurgias',
    });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    expect((await profile(body.access_token)).statusCode).toBe(200);
  });

  it('issues tokens when the body is JSON', async () => {
    const medic = await createMedic(t.deps);
    const res = await passwordGrant(medic.email, TEST_PASSWORD, nextAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json().token_type).toBe('Bearer');
  });

  it('matches the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const medic = await createMedic(t.deps, { email: 'Dra.Ana@Clinica.com.br' });
    const res = await passwordGrant('  DRA.ANA@CLINICA.COM.BR ', TEST_PASSWORD, nextAddress());
    expect(res.statusCode).toBe(200);
    expect((await profile(res.json().access_token)).json().user.id).toBe(medic.id);
  });

  it('answers 401 invalid_client when the client secret is wrong or missing', async () => {
    const medic = await createMedic(t.deps);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username: medic.email, password: TEST_PASSWORD, client_id: 'cirurgias-web', client_secret: 'x' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Cliente não autorizado.' });

    const missing = await t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', username: medic.email, password: TEST_PASSWORD } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('invalid_client');
  });

  it('accepts the client credentials by HTTP Basic as well (RFC 6749 §2.3.1)', async () => {
    const medic = await createMedic(t.deps);
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { authorization: basic(TEST_CLIENT.client_id, TEST_CLIENT.client_secret) },
      payload: { grant_type: 'password', username: medic.email, password: TEST_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(ok.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { authorization: basic(TEST_CLIENT.client_id, 'errado') },
      payload: { grant_type: 'password', username: medic.email, password: TEST_PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
  });

  it('checks the client before anything else', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'magic', client_id: 'other', client_secret: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
  });

  it('answers 400 invalid_request with a pt-BR description when fields are missing', async () => {
    const noPassword = await postToken({ grant_type: 'password', username: 'alguem@teste.com.br' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ error: 'invalid_request', error_description: 'Informe o e-mail e a senha.' });

    const noGrant = await postToken({ username: 'alguem@teste.com.br', password: 'x' });
    expect(noGrant.statusCode).toBe(400);
    expect(noGrant.json()).toEqual({ error: 'invalid_request', error_description: 'Informe o tipo de acesso (grant_type).' });

    const noRefresh = await postToken({ grant_type: 'refresh_token' });
    expect(noRefresh.statusCode).toBe(400);
    expect(noRefresh.json().error).toBe('invalid_request');
  });

  it('answers 400 unsupported_grant_type for other grants', async () => {
    const res = await postToken({ grant_type: 'client_credentials' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'unsupported_grant_type', error_description: 'Tipo de acesso não suportado.' });
  });

  it('answers 400 invalid_grant when the password is wrong', async () => {
    const medic = await createMedic(t.deps);
    const res = await passwordGrant(medic.email, 'errada123', nextAddress());
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Usuário ou senha inválidos.' });
  });

  it('answers the same 400 invalid_grant when the e-mail is unknown', async () => {
    const res = await passwordGrant('ninguem@teste.com.br', TEST_PASSWORD, nextAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Usuário ou senha inválidos.' });
  });
});

describe('POST /auth/token: one client authentication method (RFC 6749 §2.3.1)', () => {
  const basic = `Basic ${Buffer.from(`${TEST_CLIENT.client_id}:${TEST_CLIENT.client_secret}`).toString('base64')}`;
  const TWO_METHODS = {
    error: 'invalid_request',
    error_description: 'Envie as credenciais do cliente de um só modo: no cabeçalho Authorization (Basic) ou no corpo.',
  };

  it('refuses HTTP Basic together with client credentials in the body, issuing nothing', async () => {
    const medic = await createMedic(t.deps);
    const countTokens = async () => (await t.handle.db.select().from(oauthTokens).where(eq(oauthTokens.userId, medic.id))).length;
    const before = await countTokens();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { authorization: basic },
      payload: { grant_type: 'password', username: medic.email, password: TEST_PASSWORD, ...TEST_CLIENT },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TWO_METHODS);
    expect(await countTokens()).toBe(before);
  });

  it('refuses HTTP Basic with a client_secret in the body, even a wrong Basic one', async () => {
    const medic = await createMedic(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { authorization: `Basic ${Buffer.from('x:y').toString('base64')}` },
      payload: { grant_type: 'password', username: medic.email, password: TEST_PASSWORD, client_secret: TEST_CLIENT.client_secret },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TWO_METHODS);
  });

  it('accepts HTTP Basic with the same client_id in the body (identifying, not authenticating)', async () => {
    const medic = await createMedic(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { authorization: basic },
      payload: { grant_type: 'password', username: medic.email, password: TEST_PASSWORD, client_id: TEST_CLIENT.client_id },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { authorization: basic },
      payload: { grant_type: 'password', username: medic.email, password: TEST_PASSWORD, client_id: 'outro-cliente' },
      remoteAddress: nextAddress(),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual(TWO_METHODS);
  });
});

describe('POST /auth/token: scope (RFC 6749 §3.3)', () => {
  it('grants the one scope, cirurgias, and says so, whatever scope was asked for', async () => {
    const medic = await createMedic(t.deps);
    for (const scope of [undefined, 'cirurgias', 'openid profile', 'leitura']) {
      const res = await postToken({ grant_type: 'password', username: medic.email, password: TEST_PASSWORD, ...(scope ? { scope } : {}) }, nextAddress());
      expect(res.statusCode, String(scope)).toBe(200);
      expect(res.json().scope, String(scope)).toBe('cirurgias');
    }
  });

  it('says the scope on a refresh too, asked for or not', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const plain = await refreshGrant(tokens.refresh_token);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().scope).toBe('cirurgias');
    const narrower = await postToken({ grant_type: 'refresh_token', refresh_token: plain.json().refresh_token, scope: 'leitura' });
    expect(narrower.statusCode).toBe(200);
    expect(narrower.json().scope).toBe('cirurgias');
  });

  it('answers 400 invalid_scope for a scope outside the RFC syntax, and invalid_request for a repeated one', async () => {
    const medic = await createMedic(t.deps);
    for (const scope of ['a"b', 'a\\b', 'cirurgias  leitura', ' cirurgias', 'ação']) {
      const res = await postToken({ grant_type: 'password', username: medic.email, password: TEST_PASSWORD, scope }, nextAddress());
      expect(res.statusCode, scope).toBe(400);
      expect(res.json(), scope).toEqual({ error: 'invalid_scope', error_description: 'Escopo inválido.' });
    }
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['grant_type', 'password'],
        ['username', medic.email],
        ['password', TEST_PASSWORD],
        ['client_id', TEST_CLIENT.client_id],
        ['client_secret', TEST_CLIENT.client_secret],
        ['scope', 'cirurgias'],
        ['scope', 'leitura'],
      ]).toString(),
      remoteAddress: nextAddress(),
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({ error: 'invalid_request', error_description: 'Parâmetros inválidos.' });
  });
});

describe('POST /auth/token (refresh_token grant)', () => {
  it('rotates: the new pair works and the used refresh token is refused', async () => {
    const medic = await createMedic(t.deps);
    const first = await signIn(t.app, medic.email, TEST_PASSWORD);
    const res = await refreshGrant(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await profile(second.access_token)).statusCode).toBe(200);

    t.clock.advance(31_000);
    const again = await refreshGrant(first.refresh_token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: 'Sessão expirada. Entre novamente.' });
  });

  it('revokes the whole family when a used refresh token is presented again (reuse detection)', async () => {
    const medic = await createMedic(t.deps);
    const first = await signIn(t.app, medic.email, TEST_PASSWORD);
    const second = (await refreshGrant(first.refresh_token)).json();
    const third = (await refreshGrant(second.refresh_token)).json();
    expect((await profile(third.access_token)).statusCode).toBe(200);

    t.clock.advance(31_000);
    expect((await refreshGrant(first.refresh_token)).statusCode).toBe(400);

    expect((await profile(third.access_token)).statusCode).toBe(401);
    expect((await profile(second.access_token)).statusCode).toBe(401);
    expect((await refreshGrant(third.refresh_token)).statusCode).toBe(400);
    // Another sign-in of the same user is another family and keeps working.
    const other = await signIn(t.app, medic.email, TEST_PASSWORD);
    expect((await profile(other.access_token)).statusCode).toBe(200);
  });

  it.each([2, 3])('gives %i simultaneous refreshes of one token the same successor pair (DECISIONS §14)', async (count) => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const results = await Promise.all(Array.from({ length: count }, () => refreshGrant(tokens.refresh_token)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(count).fill(200));
    const pairs = results.map((r) => r.json());
    expect(new Set(pairs.map((pair) => pair.access_token)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.refresh_token)).size).toBe(1);
    expect(pairs[0].refresh_token).not.toBe(tokens.refresh_token);
    expect((await profile(pairs[0].access_token)).statusCode).toBe(200);
    expect((await refreshGrant(pairs[0].refresh_token)).statusCode).toBe(200);
  });

  it('answers a replay within 30 seconds with the same pair and the seconds left on it', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const first = (await refreshGrant(tokens.refresh_token)).json();
    t.clock.advance(29_000);
    const replay = await refreshGrant(tokens.refresh_token);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ...first, expires_in: first.expires_in - 29 });
    expect((await profile(first.access_token)).statusCode).toBe(200);
  });

  it('revokes the family when the used token comes back after the 30-second window', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const successor = (await refreshGrant(tokens.refresh_token)).json();
    t.clock.advance(30_000);
    const late = await refreshGrant(tokens.refresh_token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'invalid_grant', error_description: 'Sessão expirada. Entre novamente.' });
    expect((await profile(successor.access_token)).statusCode).toBe(401);
    expect((await refreshGrant(successor.refresh_token)).statusCode).toBe(400);
  });

  it('never replays a successor once the sign-in is revoked, even within the window', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const successor = (await refreshGrant(tokens.refresh_token)).json();
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/auth/revoke',
      payload: { ...TEST_CLIENT, token: successor.refresh_token },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await refreshGrant(tokens.refresh_token)).statusCode).toBe(400);
  });

  it('keeps the successor only sealed, and only while the window lasts', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const successor = (await refreshGrant(tokens.refresh_token)).json();
    const [used] = await t.handle.db
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.tokenHash, hashToken(tokens.refresh_token)));
    expect(used!.successorSealed).toBeTruthy();
    expect(used!.successorSealed).not.toContain(successor.refresh_token);
    expect(used!.successorSealed).not.toContain(successor.access_token);

    t.clock.advance(31_000);
    await signIn(t.app, medic.email, TEST_PASSWORD);
    const [after] = await t.handle.db
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.tokenHash, hashToken(tokens.refresh_token)));
    expect(after!.successorSealed).toBeNull();
  });

  it('refuses an unknown refresh token', async () => {
    const res = await refreshGrant('bm9wZS1ub3BlLW5vcGUtbm9wZS1ub3BlLW5vcGUtbm9wZQ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('refuses an access token passed as a refresh token', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    expect((await refreshGrant(tokens.access_token)).statusCode).toBe(400);
  });
});

describe('token expiry', () => {
  it('expires the access token after one hour while the refresh token still works', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    t.clock.advance(HOUR - 60_000);
    expect((await profile(tokens.access_token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const expired = await profile(tokens.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });

    const renewed = await refreshGrant(tokens.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(renewed.json().access_token)).statusCode).toBe(200);
  });

  it('expires the refresh token after thirty days', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    t.clock.advance(30 * DAY);
    const res = await refreshGrant(tokens.refresh_token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Sessão expirada. Entre novamente.' });
  });

  it("deletes a user's expired tokens at the next sign-in, keeping the live ones", async () => {
    const medic = await createMedic(t.deps);
    const old = await signIn(t.app, medic.email, TEST_PASSWORD);
    t.clock.advance(2 * HOUR);
    const recent = await signIn(t.app, medic.email, TEST_PASSWORD);
    const rows = await t.handle.db.select().from(oauthTokens).where(eq(oauthTokens.userId, medic.id));
    // The old access token expired and is gone; the old refresh token (30 days) and the new pair stay.
    expect(rows.map((row) => row.kind).sort()).toEqual(['access', 'refresh', 'refresh']);
    expect(rows.some((row) => row.tokenHash === hashToken(old.access_token))).toBe(false);
    expect((await profile(recent.access_token)).statusCode).toBe(200);
    expect((await refreshGrant(old.refresh_token)).statusCode).toBe(200);
  });
});

describe('POST /auth/token rate limiting of failed sign-ins', () => {
  const tooMany = { error: 'invalid_request', error_description: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.' };

  it('slows, not blocks, unknown addresses after five failures of an account (sign-in-lockout.test.ts has the rest)', async () => {
    const medic = await createMedic(t.deps);
    const delays: number[] = [];
    t.deps.sleep = async (ms) => {
      delays.push(ms);
    };
    try {
      for (let i = 0; i < 5; i++) {
        expect((await passwordGrant(medic.email, `errada-${i}`, nextAddress())).statusCode).toBe(400);
      }
      expect(delays).toEqual([]);
      expect((await passwordGrant(medic.email.toUpperCase(), TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
      expect(delays).toEqual([500]);
    } finally {
      delete t.deps.sleep;
    }
  });

  it('counts only failures and starts the account count again after a success', async () => {
    const medic = await createMedic(t.deps);
    for (let i = 0; i < 4; i++) await passwordGrant(medic.email, 'errada123', nextAddress());
    expect((await passwordGrant(medic.email, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await passwordGrant(medic.email, 'errada123', nextAddress())).statusCode).toBe(400);
    }
    expect((await passwordGrant(medic.email, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('blocks an address after twenty failures across accounts', async () => {
    const address = '192.0.2.77';
    const medic = await createMedic(t.deps);
    for (let i = 0; i < 20; i++) {
      expect((await passwordGrant(`alvo${i}@teste.com.br`, 'errada123', address)).statusCode).toBe(400);
    }
    const blocked = await passwordGrant(medic.email, TEST_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address is fine.
    expect((await passwordGrant(medic.email, TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
  });
});
