import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, signIn, TEST_PASSWORD } from '../helpers/fixtures';

/**
 * What an off-the-shelf OAuth client expects (issue 11, item 16): the RFC 8414 metadata document, and the RFC 6750
 * challenge that tells "no token" from "a refused token". The revoke's `{}` is in auth-revoke.test.ts.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: 'https://cirurgias.example.com.br' } });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /.well-known/oauth-authorization-server', () => {
  it('publishes the RFC 8414 metadata with the public URL as issuer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      issuer: 'https://cirurgias.example.com.br',
      token_endpoint: 'https://cirurgias.example.com.br/auth/token',
      revocation_endpoint: 'https://cirurgias.example.com.br/auth/revoke',
      grant_types_supported: ['password', 'refresh_token'],
      response_types_supported: [],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      revocation_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      service_documentation: 'https://cirurgias.example.com.br/docs',
    });
  });

  it('is never answered with the SPA, even by a browser asking for HTML', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
      headers: { accept: 'text/html' },
    });
    t.skipContract((response) => response.url === '/.well-known/openid-configuration');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('the bearer challenge (RFC 6750 §3)', () => {
  const PROFILE = '/project_auth/profile/';

  it('is a bare "Bearer" without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: PROFILE });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('says error="invalid_token" for an unknown, malformed or revoked token', async () => {
    const medic = await createMedic(t.deps);
    const tokens = await signIn(t.app, medic.email, TEST_PASSWORD);
    await t.app.inject({ method: 'POST', url: '/auth/revoke', payload: { token: tokens.access_token, client_id: 'cirurgias-web', client_secret: 'cirurgias-web-secret' } });
    for (const authorization of ['Bearer desconhecido', 'Bearer !!!', authHeader(tokens.access_token).authorization]) {
      const res = await t.app.inject({ method: 'GET', url: PROFILE, headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    }
  });

  it('stays bare for credentials of another scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: PROFILE, headers: { authorization: 'Basic YTpi' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });
});
