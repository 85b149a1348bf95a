import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invites, medicSecretaries, surgeries, users } from '../../server/db/schema/index';
import { createInviteService } from '../../server/services/auth/invite-service';
import { generateOpaqueToken, hashToken } from '../../server/services/auth/token-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { signInTenants } from '../helpers/tenants';

const CREATE_URL = '/project_auth/api/v1/create_secretary/';
const removeUrl = (id: number | string) => `/project_auth/api/v1/remove_secretary/${id}`;
const FORBIDDEN = { error: ['Você não tem permissão para esta ação.'] };
const NOT_FOUND = { error: ['Secretária não encontrada.'] };

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function tokenOf(account: TestAccount): Promise<string> {
  return (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;
}

function invite(token: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: CREATE_URL, headers: authHeader(token), payload: payload as Record<string, unknown> });
}

function remove(token: string, id: number | string) {
  return t.app.inject({ method: 'DELETE', url: removeUrl(id), headers: authHeader(token) });
}

function get(token: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: authHeader(token) });
}

const ids = (res: { json(): unknown }) => (res.json() as { results: Array<{ id: number }> }).results.map((item) => item.id);

async function isLinked(medicId: number, secretaryId: number): Promise<boolean> {
  const rows = await t.deps.db
    .select()
    .from(medicSecretaries)
    .where(and(eq(medicSecretaries.medicId, medicId), eq(medicSecretaries.secretaryId, secretaryId)));
  return rows.length === 1;
}

async function counts() {
  return {
    invites: await countRows(t.deps.db, invites),
    links: await countRows(t.deps.db, medicSecretaries),
    users: await countRows(t.deps.db, users),
    mail: t.mail.length,
  };
}

describe('POST /project_auth/api/v1/create_secretary/', () => {
  it('stores the invite and e-mails its link; answers 201 "Enviado com sucesso!"', async () => {
    const medic = await createMedic(t.deps, { firstName: 'Paulo', lastName: 'Reis' });
    const email = `nova${++seq}@clinica.com.br`;
    const res = await invite(await tokenOf(medic), { first_name: ' Joana ', last_name: 'Dias ', email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Enviado com sucesso!' });

    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Convite para acessar a agenda cirúrgica do(a) Dr(a). Paulo');
    expect(mail.text).toContain('Olá, Joana!');
    const token = /\/signup-secretary\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.medicId, medic.id));
    expect(row).toMatchObject({ email, firstName: 'Joana', lastName: 'Dias', acceptedAt: null });
    expect(row!.tokenHash).not.toContain(token);
    // The link opens the invite page's data.
    const info = await t.app.inject({ method: 'GET', url: `/project_auth/api/v1/secretaria_convite/${token}` });
    expect(info.json()).toMatchObject({ email, first_name: 'Joana', last_name: 'Dias', existing_account: false });
    // A pending invite is not a link: Settings does not list her yet.
    expect((await get(await tokenOf(medic), '/project_auth/api/v1/settings/')).json().secretary_set).toEqual([]);
  });

  // Each field's messages come beside the `error` list (SPEC §8).
  it.each([
    [
      { first_name: '', last_name: ' ', email: '' },
      { first_name: ['Preencha o nome.'], last_name: ['Preencha o sobrenome.'], email: ['Preencha o e-mail.'] },
    ],
    [{ last_name: 'Dias', email: 'joana@clinica.com.br' }, { first_name: ['Preencha o nome.'] }],
    [{ first_name: 'Joana', last_name: 'Dias', email: 'nao-e-email' }, { email: ['Informe um e-mail válido.'] }],
    [{ first_name: 'J'.repeat(151), last_name: 'Dias', email: 'joana@clinica.com.br' }, { first_name: ['Use no máximo 150 caracteres.'] }],
    [{ first_name: 'Joana', last_name: 'Dias', email: 42 }, { email: ['Dados inválidos.'] }],
    [['Joana'], {}],
  ])('answers 400 in pt-BR for %j, without storing or sending anything', async (payload, fields: Record<string, string[]>) => {
    const medic = await createMedic(t.deps);
    const token = await tokenOf(medic);
    const before = await counts();
    const res = await invite(token, payload);
    expect(res.statusCode).toBe(400);
    const messages = Object.values(fields).flat();
    expect(res.json()).toEqual({ error: messages.length > 0 ? expect.arrayContaining(messages) : ['Dados inválidos.'], ...fields });
    expect(res.json().error).toHaveLength(Math.max(1, messages.length));
    expect(await counts()).toEqual(before);
  });

  it("refuses a medic's e-mail and a secretary already linked to this medic", async () => {
    const medic = await createMedic(t.deps);
    const other = await createMedic(t.deps);
    const linked = await createSecretary(t.deps, { medicIds: [medic.id] });
    const token = await tokenOf(medic);
    const before = await counts();
    const medicEmail = await invite(token, { first_name: 'X', last_name: 'Y', email: other.email });
    expect(medicEmail.statusCode).toBe(400);
    expect(medicEmail.json()).toEqual({ error: ['Este e-mail pertence a uma conta de médico e não pode ser usado por uma secretária.'] });
    const own = await invite(token, { first_name: 'X', last_name: 'Y', email: medic.email });
    expect(own.statusCode).toBe(400);
    const already = await invite(token, { first_name: 'X', last_name: 'Y', email: linked.email });
    expect(already.statusCode).toBe(400);
    expect(already.json()).toEqual({ error: ['Esta secretária já está vinculada a você.'] });
    expect(await counts()).toEqual(before);
  });

  it("invites another medic's secretary (she is linked only when she accepts)", async () => {
    const { medic, medicToken, unlinkedSecretary } = await signInTenants(t);
    const res = await invite(medicToken, { first_name: 'Outra', last_name: 'Secretária', email: unlinkedSecretary.email });
    expect(res.statusCode).toBe(201);
    expect(await isLinked(medic.id, unlinkedSecretary.id)).toBe(false);
  });

  it('answers 403 to a secretary and 401 without a token, without storing anything', async () => {
    const { secretaryToken } = await signInTenants(t);
    const before = await counts();
    const res = await invite(secretaryToken, { first_name: 'A', last_name: 'B', email: `x${++seq}@clinica.com.br` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    const anonymous = await t.app.inject({ method: 'POST', url: CREATE_URL, payload: { first_name: 'A', last_name: 'B', email: 'a@b.com.br' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe('DELETE /project_auth/api/v1/remove_secretary/{id}', () => {
  it("unlinks the secretary: 204, her account and work stay, and she no longer sees the medic's patients or surgeries", async () => {
    const { medic, medicToken, secretary, secretaryToken } = await signInTenants(t);
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'agendamento', schedule: new Date('2026-11-10T12:00:00Z') });
    await t.deps.db.update(surgeries).set({ createdBy: secretary.id }).where(eq(surgeries.id, surgery.id));
    expect(ids(await get(secretaryToken, '/surgery/api/v1/patient/'))).toEqual([patient.id]);
    expect(ids(await get(secretaryToken, '/surgery/api/v1/surgery/'))).toEqual([surgery.id]);

    const res = await remove(medicToken, secretary.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(await isLinked(medic.id, secretary.id)).toBe(false);
    expect((await get(medicToken, '/project_auth/api/v1/settings/')).json().secretary_set).toEqual([]);
    // Her account and what she did stay; she can still sign in, but sees nothing of this medic.
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, secretary.id));
    expect(account).toBeDefined();
    expect((await t.deps.db.select().from(surgeries).where(eq(surgeries.id, surgery.id)))[0]!.createdBy).toBe(secretary.id);
    const token = await tokenOf(secretary);
    expect(ids(await get(token, '/surgery/api/v1/patient/'))).toEqual([]);
    expect(ids(await get(token, '/surgery/api/v1/surgery/'))).toEqual([]);
    expect(ids(await get(token, '/project_auth/api/v1/list_medic/'))).toEqual([]);
    expect((await get(token, `/surgery/api/v1/surgery/${surgery.id}/`)).statusCode).toBe(404);
    expect((await get(token, `/surgery/api/v1/patient/${patient.id}/`)).statusCode).toBe(404);
    expect((await get(token, '/surgery/api/v1/schedule_days/?month=2026-11')).json().results).toEqual([]);
    // The medic still sees their case.
    expect(ids(await get(medicToken, '/surgery/api/v1/surgery/'))).toEqual([surgery.id]);
  });

  it("keeps her other medics' links and cases", async () => {
    const a = await createMedic(t.deps);
    const b = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [a.id, b.id] });
    const [caseA, caseB] = [
      await insertSurgery(t.deps.db, await insertPatient(t.deps.db, a.id)),
      await insertSurgery(t.deps.db, await insertPatient(t.deps.db, b.id)),
    ];
    expect((await remove(await tokenOf(a), secretary.id)).statusCode).toBe(204);
    expect(await isLinked(b.id, secretary.id)).toBe(true);
    const token = await tokenOf(secretary);
    expect(ids(await get(token, '/surgery/api/v1/surgery/'))).toEqual([caseB.id]);
    expect(ids(await get(token, '/surgery/api/v1/surgery/'))).not.toContain(caseA.id);
    expect(ids(await get(token, '/project_auth/api/v1/list_medic/'))).toEqual([b.id]);
  });

  it('voids the medic’s pending invites to her e-mail, so an old link cannot link her back', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [] });
    const service = createInviteService(t.deps);
    const first = await service.createInvite({ medicId: medic.id, email: secretary.email });
    const other = await createMedic(t.deps);
    const othersInvite = await service.createInvite({ medicId: other.id, email: secretary.email });
    const accept = (token: string) =>
      t.app.inject({ method: 'POST', url: `/project_auth/api/v1/secretaria_convite/${token}`, payload: { password: TEST_PASSWORD } });
    expect((await accept(first.token)).statusCode).toBe(201);
    // A second pending invite to her (a new invite replaces the old one and an acceptance settles the rest, so
    // only data from before those rules holds one): written straight into the table.
    const second = { token: generateOpaqueToken() };
    await t.deps.db.insert(invites).values({
      medicId: medic.id,
      email: secretary.email,
      firstName: '',
      lastName: '',
      tokenHash: hashToken(second.token),
      expiresAt: new Date(t.clock.now.getTime() + 86_400_000),
    });

    expect((await remove(await tokenOf(medic), secretary.id)).statusCode).toBe(204);
    const stale = await accept(second.token);
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({ error: ['Convite não encontrado.'] });
    expect(await isLinked(medic.id, secretary.id)).toBe(false);
    // Another medic's invite is theirs to keep.
    expect((await accept(othersInvite.token)).statusCode).toBe(201);
    expect(await isLinked(other.id, secretary.id)).toBe(true);
  });

  it("answers 404 for another medic's secretary, an unknown id, a medic's id and a malformed id, unlinking nothing", async () => {
    const { medic, medicToken, otherMedic, unlinkedSecretary, secretary } = await signInTenants(t);
    const before = await counts();
    for (const id of [unlinkedSecretary.id, 2_000_000_000, otherMedic.id, medic.id, 'abc', '0', '-1', '1.5', '99999999999']) {
      const res = await remove(medicToken, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await counts()).toEqual(before);
    expect(await isLinked(otherMedic.id, unlinkedSecretary.id)).toBe(true);
    expect(await isLinked(medic.id, secretary.id)).toBe(true);
  });

  it('answers 404 the second time (already unlinked)', async () => {
    const { medicToken, secretary } = await signInTenants(t);
    expect((await remove(medicToken, secretary.id)).statusCode).toBe(204);
    const again = await remove(medicToken, secretary.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
  });

  it('answers 403 to a secretary (even for herself) and 401 without a token, unlinking nothing', async () => {
    const { medic, secretary, secretaryToken } = await signInTenants(t);
    const res = await remove(secretaryToken, secretary.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    const anonymous = await t.app.inject({ method: 'DELETE', url: removeUrl(secretary.id) });
    expect(anonymous.statusCode).toBe(401);
    expect(await isLinked(medic.id, secretary.id)).toBe(true);
  });
});
