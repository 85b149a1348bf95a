/**
 * The secretary's 'Minha conta' (issue 35 item 2): her name and nickname (account/), her password with the current
 * one required (change_password/, which then ends her other sign-ins), and the medic's settings unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, createSecretary, signIn, TEST_CLIENT, TEST_PASSWORD } from '../helpers/fixtures';

const ACCOUNT = '/project_auth/api/v1/account/';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false });
});
afterAll(async () => {
  await t?.close();
});

const signInAttempt = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', username: email, password, ...TEST_CLIENT } });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken, ...TEST_CLIENT } });

async function secretarySignedIn() {
  const medic = await createMedic(t.deps);
  const secretary = await createSecretary(t.deps, { medicIds: [medic.id], firstName: 'Joana', lastName: 'Dias' });
  return { medic, secretary, session: await signIn(t.app, secretary.email, TEST_PASSWORD) };
}

describe('account/ (both roles)', () => {
  it("answers the secretary's own account and saves her name and nickname", async () => {
    const { secretary, session } = await secretarySignedIn();
    const read = await t.app.inject({ method: 'GET', url: ACCOUNT, headers: authHeader(session.access_token) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ type: 'secretary', first_name: 'Joana', last_name: 'Dias', nickname: null, email: secretary.email, image: null });

    const saved = await t.app.inject({
      method: 'PUT',
      url: ACCOUNT,
      headers: authHeader(session.access_token),
      payload: { first_name: 'Joana Maria', last_name: 'Dias', nickname: 'Jo' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ first_name: 'Joana Maria', last_name: 'Dias', nickname: 'Jo' });
    const profile = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(session.access_token) });
    expect(profile.json()).toMatchObject({ type: 'secretary', user: { first_name: 'Joana Maria', nickname: 'Jo' } });
  });

  it('refuses what it cannot save with the settings messages, and a stranger', async () => {
    const { session } = await secretarySignedIn();
    const res = await t.app.inject({ method: 'PUT', url: ACCOUNT, headers: authHeader(session.access_token), payload: { email: 'outro@teste.com.br' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('O campo E-mail não pode ser alterado.');
    const half = await t.app.inject({ method: 'PUT', url: ACCOUNT, headers: authHeader(session.access_token), payload: { first_name: 'Só' } });
    expect(half.json().error).toContain('Envie o nome e o sobrenome juntos.');
    expect((await t.app.inject({ method: 'GET', url: ACCOUNT })).statusCode).toBe(401);
  });

  it("leaves the medic's settings as they were: still medic-only", async () => {
    const { session } = await secretarySignedIn();
    const res = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/settings/', headers: authHeader(session.access_token) });
    expect(res.statusCode).toBe(403);
  });
});

describe("the secretary's password", () => {
  it('changes with the current password; she signs in with the new one and her old tokens stop', async () => {
    const { secretary, session } = await secretarySignedIn();
    const elsewhere = await signIn(t.app, secretary.email, TEST_PASSWORD);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/project_auth/api/v1/change_password/',
      headers: authHeader(session.access_token),
      payload: { password: 'errada-123', new_password: 'Agenda@2027' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: ['Senha atual incorreta.'] });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/project_auth/api/v1/change_password/',
      headers: authHeader(session.access_token),
      payload: { password: TEST_PASSWORD, new_password: 'Agenda@2027' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Senha alterada com sucesso!' });

    expect((await signInAttempt(secretary.email, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await signInAttempt(secretary.email, 'Agenda@2027')).statusCode).toBe(200);
    // Her other sign-in stops: access and refresh tokens.
    expect((await t.app.inject({ method: 'GET', url: ACCOUNT, headers: authHeader(elsewhere.access_token) })).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(400);
    // The one that made the change goes on.
    expect((await t.app.inject({ method: 'GET', url: ACCOUNT, headers: authHeader(session.access_token) })).statusCode).toBe(200);
  });
});
