import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, signIn, TEST_CLIENT, TEST_PASSWORD } from '../helpers/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function revoke(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/auth/revoke', payload: { ...TEST_CLIENT, ...payload } });
}

function profile(accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(accessToken) });
}

function refresh(refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { ...TEST_CLIENT, grant_type: 'refresh_token', refresh_token: refreshToken },
  });
}

describe('POST /auth/revoke', () => {
  it('signs out: revoking the refresh token also revokes its access token', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    expect((await profile(tokens.access_token)).statusCode).toBe(200);

    const res = await revoke({ token: tokens.refresh_token, token_type_hint: 'refresh_token' });
    expect(res.statusCode).toBe(200);
    // An empty JSON object (issue 11, item 16): simple-oauth2's revokeAll parses the answer and threw on an empty body.
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({});

    const after = await profile(tokens.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    const renewed = await refresh(tokens.refresh_token);
    expect(renewed.statusCode).toBe(400);
    expect(renewed.json().error).toBe('invalid_grant');
  });

  it('revoking the access token revokes the refresh token of the same sign-in, and only that sign-in', async () => {
    const medic = await createMedic(t.deps);
    const phone = await signIn(t.app, medic.email, TEST_PASSWORD);
    const laptop = await signIn(t.app, medic.email, TEST_PASSWORD);

    expect((await revoke({ token: phone.access_token })).statusCode).toBe(200);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(400);
    expect((await profile(laptop.access_token)).statusCode).toBe(200);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
  });

  it('revokes tokens obtained by refreshing, as they belong to the same family', async () => {
    const medic = await createMedic(t.deps);
    const first = await signIn(t.app, medic.email, TEST_PASSWORD);
    const second = (await refresh(first.refresh_token)).json();
    expect((await revoke({ token: second.refresh_token })).statusCode).toBe(200);
    expect((await profile(second.access_token)).statusCode).toBe(401);
  });

  it('accepts a form-encoded body', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: tokens.refresh_token, ...TEST_CLIENT }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
  });

  it('answers 200 for an unknown or already revoked token (RFC 7009)', async () => {
    expect((await revoke({ token: 'desconhecido' })).statusCode).toBe(200);
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    expect((await revoke({ token: tokens.refresh_token })).statusCode).toBe(200);
    expect((await revoke({ token: tokens.refresh_token })).statusCode).toBe(200);
  });

  it('answers 401 invalid_client for a wrong client and keeps the token valid', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/revoke',
      payload: { token: tokens.access_token, client_id: 'cirurgias-web', client_secret: 'errado' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_client', error_description: 'Cliente não autorizado.' });
    expect((await profile(tokens.access_token)).statusCode).toBe(200);
  });

  it('answers 400 invalid_request when the token is missing', async () => {
    const res = await revoke({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'Informe o token a revogar (token).' });
  });

  it('answers 400 invalid_request to HTTP Basic together with client credentials in the body, and keeps the token valid', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/revoke',
      headers: { authorization: `Basic ${Buffer.from(`${TEST_CLIENT.client_id}:${TEST_CLIENT.client_secret}`).toString('base64')}` },
      payload: { ...TEST_CLIENT, token: tokens.access_token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Envie as credenciais do cliente de um só modo: no cabeçalho Authorization (Basic) ou no corpo.',
    });
    expect((await profile(tokens.access_token)).statusCode).toBe(200);
  });
});
