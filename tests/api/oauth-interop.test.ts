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
      grant_types_supported: ['password', 'refresh_token', 'urn:cirurgias:oauth:grant-type:mfa-otp', 'urn:cirurgias:oauth:grant-type:mfa-recovery-code'],
      response_types_supported: [],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      revocation_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      service_documentation: 'https://cirurgias.example.com.br/docs',
      scopes_supported: ['cirurgias'],
    });
  });

  it('names PUBLIC_URL as issuer whatever address it was asked through (README, "Security notes")', async () => {
    // A client that discovered the server at 127.0.0.1 gets another issuer and, by RFC 8414 §3.3, must refuse it: the
    // README says to set PUBLIC_URL to the address clients use. The Host header, which a client controls, is never used.
    const res = await t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server',
      headers: { host: '127.0.0.1:3000', 'x-forwarded-host': 'atacante.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().issuer).toBe('https://cirurgias.example.com.br');
    expect(res.json().token_endpoint).toBe('https://cirurgias.example.com.br/auth/token');
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

describe('a method an endpoint does not serve (RFC 9110 §15.5.6)', () => {
  const notServed = (response: { url: string; statusCode: number }) => response.statusCode === 405;

  it.each([
    ['GET', '/auth/token'],
    ['PUT', '/auth/token'],
    ['DELETE', '/auth/token'],
    ['GET', '/auth/revoke'],
    ['PATCH', '/auth/revoke'],
  ])('answers %s %s with 405, Allow: POST and the OAuth error shape', async (method, url) => {
    t.skipContract(notServed);
    const res = await t.app.inject({ method: method as 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'Método não permitido.' });
  });

  it('answers the other POST-only account endpoints with 405 and Allow too', async () => {
    t.skipContract(notServed);
    for (const url of ['/project_auth/api/v1/cadastro/', '/project_auth/api/v1/change_password/', '/project_auth/api/v1/create_secretary/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(405);
      expect(res.headers.allow, url).toBe('POST');
      expect(res.json(), url).toEqual({ error: ['Método não permitido.'] });
    }
  });

  it('lists every method a path serves, HEAD with GET', async () => {
    t.skipContract(notServed);
    const metadata = await t.app.inject({ method: 'POST', url: '/.well-known/oauth-authorization-server' });
    expect(metadata.statusCode).toBe(405);
    expect(metadata.headers.allow).toBe('GET, HEAD');
    const invite = await t.app.inject({ method: 'DELETE', url: '/project_auth/api/v1/secretaria_convite/qualquer' });
    expect(invite.statusCode).toBe(405);
    expect(invite.headers.allow).toBe('GET, HEAD, POST');
  });

  it('still answers 404 for a path that does not exist', async () => {
    t.skipContract((response) => response.url === '/auth/tokens');
    const res = await t.app.inject({ method: 'GET', url: '/auth/tokens' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});
