import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema/index';
import { createInviteService } from '../../server/services/auth/invite-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

const URL = '/project_auth/api/v1/settings/';
const FORBIDDEN = { error: ['Você não tem permissão para esta ação.'] };
const UNAUTHORIZED = { error: ['Sessão expirada. Entre novamente.'] };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function tokenOf(account: TestAccount): Promise<string> {
  return (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;
}

async function signedInMedic(overrides: Parameters<typeof createMedic>[1] = {}) {
  const medic = await createMedic(t.deps, overrides);
  return { medic, token: await tokenOf(medic) };
}

function getSettings(token: string) {
  return t.app.inject({ method: 'GET', url: URL, headers: authHeader(token) });
}

function putSettings(token: string, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: URL, headers: authHeader(token), payload: payload as Record<string, unknown> });
}

async function userRow(id: number) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('GET /project_auth/api/v1/settings/', () => {
  it("answers the medic's settings with the linked secretaries by e-mail and the pending invites apart", async () => {
    const { medic, token } = await signedInMedic({
      firstName: 'Paulo',
      lastName: 'Reis',
      nickname: 'Dr. Paulo',
      crm: '123456/SP',
      email: 'paulo.reis@clinica.com.br',
    });
    const other = await createMedic(t.deps);
    const zelia = await createSecretary(t.deps, { medicIds: [medic.id], email: 'zelia@clinica.com.br' });
    const ana = await createSecretary(t.deps, { medicIds: [medic.id, other.id], email: 'ana.souza@clinica.com.br' });
    const anab = await createSecretary(t.deps, { medicIds: [medic.id], email: 'anab@clinica.com.br' });
    await createSecretary(t.deps, { medicIds: [other.id], email: 'bia@clinica.com.br' });
    await createInviteService(t.deps).createInvite({ medicId: medic.id, email: 'pendente@clinica.com.br' });

    const res = await getSettings(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      first_name: 'Paulo',
      last_name: 'Reis',
      nickname: 'Dr. Paulo',
      crm: '123456/SP',
      email: 'paulo.reis@clinica.com.br',
      image: null,
      // By e-mail, character by character ('.' before letters), the same on every database.
      secretary_set: [
        { id: ana.id, email: 'ana.souza@clinica.com.br' },
        { id: anab.id, email: 'anab@clinica.com.br' },
        { id: zelia.id, email: 'zelia@clinica.com.br' },
      ],
      invite_set: [expect.objectContaining({ email: 'pendente@clinica.com.br', expired: false })],
    });
  });

  it('answers an empty secretary_set and a null nickname for a medic without them', async () => {
    const { token } = await signedInMedic();
    const body = (await getSettings(token)).json();
    expect(body).toMatchObject({ nickname: null, secretary_set: [] });
  });

  it('answers 403 to a secretary and 401 without a token', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const res = await getSettings(await tokenOf(secretary));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    const anonymous = await t.app.inject({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(UNAUTHORIZED);
  });
});

describe('PUT /project_auth/api/v1/settings/ (saving)', () => {
  it('saves the first and last names together, trimmed, and answers the updated settings', async () => {
    const { medic, token } = await signedInMedic({ nickname: 'Dr. P' });
    const res = await putSettings(token, { first_name: '  Paula ', last_name: ' Reis Souza  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Paula', last_name: 'Reis Souza', nickname: 'Dr. P', email: medic.email });
    expect(await userRow(medic.id)).toMatchObject({ firstName: 'Paula', lastName: 'Reis Souza', nickname: 'Dr. P' });
    // The header's first name comes from the profile, which now reads the new name.
    const profile = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(token) });
    expect(profile.json().user).toEqual({ id: medic.id, first_name: 'Paula', last_name: 'Reis Souza', nickname: 'Dr. P', image: null });
  });

  it('saves the nickname alone, trimmed; an empty or null nickname is stored as null', async () => {
    const { medic, token } = await signedInMedic({ firstName: 'Paulo' });
    const saved = await putSettings(token, { nickname: '  Paulinho ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ first_name: 'Paulo', nickname: 'Paulinho' });
    for (const nickname of ['   ', null]) {
      await putSettings(token, { nickname: 'Outro' });
      const cleared = await putSettings(token, { nickname });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().nickname).toBeNull();
      expect((await userRow(medic.id)).nickname).toBeNull();
    }
  });

  it('gives the profile the saved nickname, which the SPA greets the user with (DECISIONS §14)', async () => {
    const { token } = await signedInMedic({ firstName: 'Paulo' });
    const profileUser = async () =>
      (await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(token) })).json().user;
    expect(await profileUser()).toMatchObject({ first_name: 'Paulo', nickname: null });
    await putSettings(token, { nickname: ' Dr. Paulinho ' });
    expect(await profileUser()).toMatchObject({ first_name: 'Paulo', nickname: 'Dr. Paulinho' });
  });

  it('saves names and nickname sent together, and accepts 150 characters', async () => {
    const { token } = await signedInMedic();
    const long = 'A'.repeat(150);
    const res = await putSettings(token, { first_name: long, last_name: 'Reis', nickname: long });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: long, last_name: 'Reis', nickname: long });
  });

  it('changes nothing of another account', async () => {
    const { token } = await signedInMedic();
    const other = await createMedic(t.deps);
    const before = await userRow(other.id);
    await putSettings(token, { first_name: 'Novo', last_name: 'Nome', nickname: 'X' });
    expect(await userRow(other.id)).toEqual(before);
  });
});

describe('PUT /project_auth/api/v1/settings/ (refusals write nothing)', () => {
  // Each field's messages come beside the `error` list (SPEC §8); a refusal of the body as a whole has none.
  it.each([
    [{ first_name: 'Paula' }, ['Envie o nome e o sobrenome juntos.'], {}],
    [{ last_name: 'Reis', nickname: 'P' }, ['Envie o nome e o sobrenome juntos.'], {}],
    [{}, ['Envie o nome e o sobrenome, ou o apelido.'], {}],
    [
      { first_name: '   ', last_name: '' },
      ['Preencha o nome.', 'Preencha o sobrenome.'],
      { first_name: ['Preencha o nome.'], last_name: ['Preencha o sobrenome.'] },
    ],
    [{ first_name: null, last_name: 'Reis' }, ['Dados inválidos.'], { first_name: ['Dados inválidos.'] }],
    [{ first_name: 'B'.repeat(151), last_name: 'Reis' }, ['Use no máximo 150 caracteres.'], { first_name: ['Use no máximo 150 caracteres.'] }],
    [{ nickname: 'C'.repeat(151) }, ['Use no máximo 150 caracteres.'], { nickname: ['Use no máximo 150 caracteres.'] }],
    [{ nickname: 'P', email: 'outro@clinica.com.br' }, ['O campo E-mail não pode ser alterado.'], {}],
    [{ crm: '999/SP' }, ['O campo CRM não pode ser alterado.', 'Envie o nome e o sobrenome, ou o apelido.'], {}],
    [{ nickname: 'P', apelido: 'Q' }, ['Campo não reconhecido: apelido.'], {}],
    [{ first_name: 1, last_name: 'Reis' }, ['Dados inválidos.'], { first_name: ['Dados inválidos.'] }],
    [{ nickname: ['P'] }, ['Dados inválidos.'], { nickname: ['Dados inválidos.'] }],
    [['nickname'], ['Dados inválidos.'], {}],
  ])('answers 400 in pt-BR for %j', async (payload, messages, fields) => {
    const { medic, token } = await signedInMedic({ firstName: 'Paulo', lastName: 'Reis', nickname: 'Dr. P' });
    const before = await userRow(medic.id);
    const res = await putSettings(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: messages, ...fields });
    expect(await userRow(medic.id)).toEqual(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { medic, token } = await signedInMedic();
    const before = await userRow(medic.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...authHeader(token), 'content-type': 'application/json' },
      payload: '{"nickname": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ['Dados inválidos.'] });
    expect(await userRow(medic.id)).toEqual(before);
  });

  it('answers 403 to a secretary without writing, and 401 without a token', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const before = await userRow(secretary.id);
    const res = await putSettings(await tokenOf(secretary), { first_name: 'Nova', last_name: 'Secretária' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    expect(await userRow(secretary.id)).toEqual(before);
    const anonymous = await t.app.inject({ method: 'PUT', url: URL, payload: { nickname: 'X' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
