import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

const URL = '/project_auth/api/v1/list_medic/';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false });
});
afterAll(async () => {
  await t?.close();
});

async function listAs(account: TestAccount) {
  const { access_token } = await signIn(t.app, account.email, TEST_PASSWORD);
  const res = await t.app.inject({ method: 'GET', url: URL, headers: authHeader(access_token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { results: { id: number; first_name: string; last_name: string }[] };
}

describe('GET /project_auth/api/v1/list_medic/', () => {
  it("answers a secretary's linked medics ordered by name, and no other medic", async () => {
    const vera = await createMedic(t.deps, { firstName: 'Vera', lastName: 'Nunes' });
    const alvaro = await createMedic(t.deps, { firstName: 'Álvaro', lastName: 'Teixeira' });
    const bia = await createMedic(t.deps, { firstName: 'bia', lastName: 'Campos' });
    await createMedic(t.deps, { firstName: 'Aaron', lastName: 'Fora' });
    const secretary = await createSecretary(t.deps, { medicIds: [vera.id, alvaro.id, bia.id] });

    expect(await listAs(secretary)).toEqual({
      results: [
        { id: alvaro.id, first_name: 'Álvaro', last_name: 'Teixeira' },
        { id: bia.id, first_name: 'bia', last_name: 'Campos' },
        { id: vera.id, first_name: 'Vera', last_name: 'Nunes' },
      ],
    });
  });

  it('answers only the medic themself to a medic', async () => {
    const medic = await createMedic(t.deps, { firstName: 'Marta', lastName: 'Ribeiro' });
    await createSecretary(t.deps, { medicIds: [medic.id] });
    expect(await listAs(medic)).toEqual({ results: [{ id: medic.id, first_name: 'Marta', last_name: 'Ribeiro' }] });
  });

  it('answers an empty list to a secretary linked to no medic', async () => {
    const secretary = await createSecretary(t.deps, { medicIds: [] });
    expect(await listAs(secretary)).toEqual({ results: [] });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
  });
});
