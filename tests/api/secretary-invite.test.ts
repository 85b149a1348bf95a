import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatCpf } from '../../machines/rules/cpf';
import { invites, medicSecretaries, users } from '../../server/db/schema/index';
import { createInviteService } from '../../server/services/auth/invite-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, validCpf } from '../helpers/fixtures';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = (token: string) => `/project_auth/api/v1/secretaria_convite/${token}`;

/** A medic and an invite of theirs; the token is read back from the e-mailed link. */
async function invite(email = `sec${++seq}@clinica.com.br`, medic?: { id: number; firstName: string }) {
  const owner = medic ?? (await createMedic(t.deps, { firstName: 'Paulo', lastName: 'Reis' }));
  await createInviteService(t.deps).createInvite({ medicId: owner.id, email, firstName: 'Joana', lastName: 'Dias' });
  const token = /\/signup-secretary\/([A-Za-z0-9_-]+)/.exec(t.mail.at(-1)!.text)![1]!;
  return { medic: owner, email, token };
}

function secretaryPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nickname: 'Jô',
    first_name: 'Joana',
    last_name: 'Dias',
    cpf: formatCpf(validCpf(700_000 + ++seq * 17)),
    password: 'Agenda@2024',
    confirmPassword: 'Agenda@2024',
    IAcceptToStoreData: true,
    news: true,
    ...overrides,
  };
}

function accept(token: string, body: unknown) {
  return t.app.inject({ method: 'POST', url: url(token), payload: body as Record<string, unknown> });
}

async function counts() {
  return { users: await countRows(t.deps.db, users), links: await countRows(t.deps.db, medicSecretaries) };
}

async function isLinked(medicId: number, secretaryId: number) {
  const rows = await t.deps.db
    .select()
    .from(medicSecretaries)
    .where(and(eq(medicSecretaries.medicId, medicId), eq(medicSecretaries.secretaryId, secretaryId)));
  return rows.length === 1;
}

describe('createInvite', () => {
  it('e-mails a pt-BR invite with the signup link and stores only the token hash', async () => {
    const { medic, email, token } = await invite();
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Convite para acessar a agenda cirúrgica do(a) Dr(a). Paulo');
    expect(mail.text).toContain(`${t.deps.config.publicUrl}/signup-secretary/${token}`);
    expect(mail.text).toContain('Paulo Reis');
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.medicId, medic.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * DAY);
  });

  it('refuses the e-mail of a medic and a secretary already linked', async () => {
    const medic = await createMedic(t.deps);
    const other = await createMedic(t.deps);
    const linked = await createSecretary(t.deps, { medicIds: [medic.id] });
    const service = createInviteService(t.deps);
    await expect(service.createInvite({ medicId: medic.id, email: other.email })).rejects.toMatchObject({ statusCode: 400 });
    await expect(service.createInvite({ medicId: medic.id, email: linked.email })).rejects.toMatchObject({
      statusCode: 400,
      body: { error: ['Esta secretária já está vinculada a você.'] },
    });
    await expect(service.createInvite({ medicId: medic.id, email: 'nao-e-email' })).rejects.toMatchObject({
      body: { error: ['Informe um e-mail válido.'] },
    });
  });
});

describe('GET /project_auth/api/v1/secretaria_convite/{token}', () => {
  it('answers the invite information', async () => {
    const { email, token } = await invite();
    const res = await t.app.inject({ method: 'GET', url: url(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email,
      first_name: 'Joana',
      last_name: 'Dias',
      medic: { first_name: 'Paulo', last_name: 'Reis' },
      existing_account: false,
    });
  });

  it('answers 404 for an unknown token', async () => {
    for (const token of ['desconhecido-desconhecido-desconhecido', 'x']) {
      const res = await t.app.inject({ method: 'GET', url: url(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ['Convite não encontrado.'] });
    }
  });
});

describe('POST /project_auth/api/v1/secretaria_convite/{token}', () => {
  it('creates the secretary linked to the medic, who can sign in as a secretary', async () => {
    const { medic, email, token } = await invite();
    const res = await accept(token, secretaryPayload({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(res.json()).toEqual({ id: expect.any(Number), message: 'Cadastrado com sucesso!' });

    const tokens = await signIn(t.app, email, 'Agenda@2024');
    const profile = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(tokens.access_token) });
    expect(profile.json()).toEqual({ type: 'secretary', user: { id, first_name: 'Joana', last_name: 'Dias', nickname: 'Jô', image: null }, has_secretary: false });
    expect(await isLinked(medic.id, id)).toBe(true);
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.medicId, medic.id));
    expect(row).toMatchObject({ acceptedBy: id });
    expect(row!.acceptedAt).toBeInstanceOf(Date);
  });

  it('answers 410 when the invite is used again', async () => {
    const { token } = await invite();
    expect((await accept(token, secretaryPayload())).statusCode).toBe(201);
    const again = await accept(token, secretaryPayload());
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: ['Este convite já foi utilizado.'] });
    const info = await t.app.inject({ method: 'GET', url: url(token) });
    expect(info.statusCode).toBe(410);
    expect(info.json()).toEqual({ error: ['Este convite já foi utilizado.'] });
  });

  it('answers 410 when the invite expired (seven days)', async () => {
    const { token } = await invite();
    t.clock.advance(7 * DAY + 60_000);
    const before = await counts();
    const res = await accept(token, secretaryPayload());
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: ['Este convite expirou. Peça um novo convite ao médico.'] });
    expect((await t.app.inject({ method: 'GET', url: url(token) })).statusCode).toBe(410);
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown token', async () => {
    const res = await accept('desconhecido-desconhecido-desconhecido', secretaryPayload());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ['Convite não encontrado.'] });
  });

  it('links an existing secretary account when her password is given', async () => {
    const firstMedic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [firstMedic.id] });
    const { medic, token } = await invite(secretary.email);

    const info = await t.app.inject({ method: 'GET', url: url(token) });
    expect(info.json().existing_account).toBe(true);

    const before = await counts();
    const wrong = await accept(token, { password: 'nao-e-essa' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: ['Senha incorreta para a conta existente.'] });
    expect(await counts()).toEqual(before);

    const res = await accept(token, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toBe(secretary.id);
    expect(await counts()).toEqual({ users: before.users, links: before.links + 1 });
    expect(await isLinked(medic.id, secretary.id)).toBe(true);
    expect(await isLinked(firstMedic.id, secretary.id)).toBe(true);
  });

  it('refuses an invite whose e-mail now belongs to a medic', async () => {
    const { token, email } = await invite();
    await createMedic(t.deps, { email });
    const before = await counts();
    const res = await accept(token, secretaryPayload());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(['Este e-mail pertence a uma conta de médico e não pode ser usado por uma secretária.']);
    expect(await counts()).toEqual(before);
  });

  it('refuses another e-mail than the invited one', async () => {
    const { token } = await invite();
    const before = await counts();
    const res = await accept(token, secretaryPayload({ email: 'outra@clinica.com.br' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ['Use o e-mail para o qual o convite foi enviado.'] });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ first_name: '' }, 'Preencha o nome.'],
    [{ last_name: undefined }, 'Preencha o sobrenome.'],
    [{ cpf: '123.456.789-00' }, 'CPF Invalido!'],
    [{ confirmPassword: 'Outra@2024' }, 'As senhas não conferem.'],
    [{ password: 'curta', confirmPassword: 'curta' }, 'A senha deve ter pelo menos 8 caracteres.'],
    [{ first_name: 7 }, 'Dados inválidos.'],
    [{ news: 'sim' }, 'Dados inválidos.'],
    // The LGPD consent, as the doctor's signup (item 33.19).
    [{ IAcceptToStoreData: false }, 'É preciso autorizar o armazenamento dos dados para criar a conta.'],
    [{ IAcceptToStoreData: undefined }, 'É preciso autorizar o armazenamento dos dados para criar a conta.'],
  ])('writes nothing and keeps the invite usable when the data are invalid (%o)', async (overrides, message) => {
    const { token } = await invite();
    const before = await counts();
    const res = await accept(token, secretaryPayload(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect(await counts()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: url(token) })).statusCode).toBe(200);
  });

  it('answers Dados inválidos. for a body that is not an object', async () => {
    const { token } = await invite();
    const res = await accept(token, ['x']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ['Dados inválidos.'] });
  });

  it('refuses a CPF that another secretary already has', async () => {
    const medic = await createMedic(t.deps);
    const existing = await createSecretary(t.deps, { medicIds: [medic.id] });
    const { token } = await invite();
    const res = await accept(token, secretaryPayload({ cpf: existing.cpf }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Este CPF já está cadastrado.');
  });

  it('lets only one of two simultaneous acceptances of one invite through', async () => {
    const { token } = await invite();
    const before = await counts();
    const results = await Promise.all([accept(token, secretaryPayload()), accept(token, secretaryPayload())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 410]);
    expect(await counts()).toEqual({ users: before.users + 1, links: before.links + 1 });
  });
});
