import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD } from '../helpers/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SESSION_EXPIRED = { error: ['Sessão expirada. Entre novamente.'] };

describe('GET /project_auth/profile/', () => {
  it('answers the medic profile for a medic', async () => {
    const medic = await createMedic(t.deps, { firstName: 'Ana', lastName: 'Souza' });
    const { access_token } = await signIn(t.app, medic.email, TEST_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'medic', user: { id: medic.id, first_name: 'Ana', last_name: 'Souza', nickname: null, image: null }, has_secretary: false });
  });

  it('answers the secretary profile for a secretary', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id], firstName: 'Bia', lastName: 'Lima' });
    const { access_token } = await signIn(t.app, secretary.email, TEST_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'secretary', user: { id: secretary.id, first_name: 'Bia', last_name: 'Lima', nickname: null, image: null }, has_secretary: false });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/project_auth/profile/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('answers 401 with an unknown token or another scheme', async () => {
    for (const authorization of ['Bearer abc', 'Bearer ', 'Basic Y2lydXJnaWFzOng=', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SESSION_EXPIRED);
    }
  });

  it('answers 401 when a refresh token is used as the access token', async () => {
    const medic = await createMedic(t.deps);
    const { refresh_token } = await signIn(t.app, medic.email, TEST_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(refresh_token) });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /project_auth/api/v1/list_specialty/', () => {
  it('lists every specialty, ordered by name, without authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/list_specialty/' });
    expect(res.statusCode).toBe(200);
    const { results } = res.json() as { results: { id: number; nome_fantasia: string }[] };
    expect(results).toHaveLength(55);
    for (const item of results) expect(item).toEqual({ id: expect.any(Number), nome_fantasia: expect.any(String) });
    const names = results.map((item) => item.nome_fantasia);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
  });
});
