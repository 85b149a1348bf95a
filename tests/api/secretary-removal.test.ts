import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_CLIENT, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

/**
 * A secretary the medic removes (item 33.19): her sign-ins end when she is linked to no medic any more, and the
 * refresh of her revoked tokens says why, so the app tells her on the sign-in page; the medic's 'Auditoria' keeps her
 * in the 'Pessoa' filter (GET /surgery/api/v1/audit/people/), by name, once.
 */
const UNLINKED = 'Seu acesso foi encerrado: você não está mais vinculado(a) a nenhum médico. Para voltar, peça um novo convite ao médico.';
const PEOPLE = '/surgery/api/v1/audit/people/';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const remove = (medicToken: string, secretary: TestAccount) =>
  t.app.inject({ method: 'DELETE', url: `/project_auth/api/v1/remove_secretary/${secretary.id}`, headers: authHeader(medicToken) });

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken, ...TEST_CLIENT } });

const profile = (token: string) => t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(token) });

describe('DELETE /project_auth/api/v1/remove_secretary/{id}: her sign-ins', () => {
  it('ends every sign-in of a secretary left with no medic, and her refresh says why (pt-BR, reason unlinked)', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const medicToken = (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token;
    const phone = await signIn(t.app, secretary.email, TEST_PASSWORD);
    const laptop = await signIn(t.app, secretary.email, TEST_PASSWORD);
    expect((await profile(phone.access_token)).statusCode).toBe(200);

    expect((await remove(medicToken, secretary)).statusCode).toBe(204);

    for (const session of [phone, laptop]) {
      expect((await profile(session.access_token)).statusCode).toBe(401);
      const refused = await refresh(session.refresh_token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: UNLINKED, reason: 'unlinked' });
    }
    // The medic's own sign-in is untouched.
    expect((await profile(medicToken)).statusCode).toBe(200);
  });

  it('keeps the sign-in of a secretary still linked to another medic', async () => {
    const [first, second] = [await createMedic(t.deps), await createMedic(t.deps)];
    const secretary = await createSecretary(t.deps, { medicIds: [first.id, second.id] });
    const firstToken = (await signIn(t.app, first.email, TEST_PASSWORD)).access_token;
    const session = await signIn(t.app, secretary.email, TEST_PASSWORD);

    expect((await remove(firstToken, secretary)).statusCode).toBe(204);

    expect((await profile(session.access_token)).statusCode).toBe(200);
    const renewed = await refresh(session.refresh_token);
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  it('answers a plain expired session without the reason to anyone else', async () => {
    const medic = await createMedic(t.deps);
    const session = await signIn(t.app, medic.email, TEST_PASSWORD);
    await t.app.inject({ method: 'POST', url: '/auth/revoke', payload: { token: session.refresh_token, ...TEST_CLIENT } });
    const refused = await refresh(session.refresh_token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: 'Sessão expirada. Entre novamente.' });
  });
});

describe('GET /surgery/api/v1/audit/people/', () => {
  it('lists the medic, then everyone who ever acted in her audit, by name, once, a removed secretary included', async () => {
    const medic = await createMedic(t.deps, { firstName: 'Clara', lastName: 'Nunes' });
    const former = await createSecretary(t.deps, { medicIds: [medic.id], firstName: 'Beatriz', lastName: 'Antiga' });
    const current = await createSecretary(t.deps, { medicIds: [medic.id], firstName: 'Alice', lastName: 'Atual' });
    const stranger = await createSecretary(t.deps, { medicIds: [], firstName: 'Zoe', lastName: 'Estranha' });
    const patient = await insertPatient(t.deps.db, medic.id);
    const medicToken = (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token;
    const formerToken = (await signIn(t.app, former.email, TEST_PASSWORD)).access_token;
    // The former secretary opens the patient twice (two audit rows), then is removed.
    for (let n = 0; n < 2; n += 1) {
      expect((await t.app.inject({ method: 'GET', url: `/surgery/api/v1/patient/${patient.id}/`, headers: authHeader(formerToken) })).statusCode).toBe(200);
    }
    await t.app.audit.flush();
    expect((await remove(medicToken, former)).statusCode).toBe(204);

    const response = await t.app.inject({ method: 'GET', url: PEOPLE, headers: authHeader(medicToken) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { id: medic.id, name: 'Clara Nunes', type: 'medic' },
        { id: current.id, name: 'Alice Atual', type: 'secretary' },
        { id: former.id, name: 'Beatriz Antiga', type: 'secretary' },
      ],
    });
    expect(JSON.stringify(response.json())).not.toContain(String(stranger.email));
  });

  it('is 404 for a secretary (as the audit) and 401 without a token', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const token = (await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token;
    const asSecretary = await t.app.inject({ method: 'GET', url: PEOPLE, headers: authHeader(token) });
    expect(asSecretary.statusCode).toBe(404);
    expect(asSecretary.json()).toEqual({ error: ['Recurso não encontrado.'] });
    expect((await t.app.inject({ method: 'GET', url: PEOPLE })).statusCode).toBe(401);
  });
});
