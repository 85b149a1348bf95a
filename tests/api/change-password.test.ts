import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import {
  authHeader,
  createMedic,
  createSecretary,
  signIn,
  TEST_CLIENT,
  TEST_PASSWORD,
  type SignedIn,
  type TestAccount,
} from '../helpers/fixtures';

const URL = '/project_auth/api/v1/change_password/';
const NEW_PASSWORD = 'Nova@Senha2026';
const WRONG_CURRENT = { error: ['Senha atual incorreta.'] };
const TOO_MANY = { error: ['Muitas tentativas com a senha atual incorreta. Aguarde alguns minutos e tente novamente.'] };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function changePassword(token: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: URL, headers: authHeader(token), payload: payload as Record<string, unknown> });
}

function signInAttempt(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', username: email, password, ...TEST_CLIENT } });
}

function profile(token: string) {
  return t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(token) });
}

function refresh(refreshToken: string) {
  return t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken, ...TEST_CLIENT } });
}

async function passwordHash(id: number): Promise<string> {
  const [row] = await t.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row!.hash;
}

/** Two sign-ins of one account: the device making the change and another one. */
async function twoDevices(account: TestAccount): Promise<{ current: SignedIn; other: SignedIn }> {
  return { current: await signIn(t.app, account.email, TEST_PASSWORD), other: await signIn(t.app, account.email, TEST_PASSWORD) };
}

describe('POST /project_auth/api/v1/change_password/ (success)', () => {
  it('replaces the password: the new one signs in, the old one no longer does', async () => {
    const medic = await createMedic(t.deps);
    const { current } = await twoDevices(medic);
    const res = await changePassword(current.access_token, { password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha alterada com sucesso!' });

    const old = await signInAttempt(medic.email, TEST_PASSWORD);
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe('invalid_grant');
    await expect(signIn(t.app, medic.email, NEW_PASSWORD)).resolves.toMatchObject({ access_token: expect.any(String) });
  });

  it("ends the user's other sessions and keeps the one that made the change", async () => {
    const medic = await createMedic(t.deps);
    const { current, other } = await twoDevices(medic);
    const bystander = await createMedic(t.deps);
    const bystanderSession = await signIn(t.app, bystander.email, TEST_PASSWORD);

    expect((await changePassword(current.access_token, { password: TEST_PASSWORD, new_password: NEW_PASSWORD })).statusCode).toBe(200);

    expect((await profile(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(400);
    expect((await profile(current.access_token)).statusCode).toBe(200);
    // The kept session renews as usual, and its new tokens work.
    const renewed = await refresh(current.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(renewed.json().access_token)).statusCode).toBe(200);
    // Nobody else is signed out.
    expect((await profile(bystanderSession.access_token)).statusCode).toBe(200);
  });

  it('works for a secretary too', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const session = await signIn(t.app, secretary.email, TEST_PASSWORD);
    const res = await changePassword(session.access_token, { password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    await expect(signIn(t.app, secretary.email, NEW_PASSWORD)).resolves.toBeTruthy();
  });
});

describe('POST /project_auth/api/v1/change_password/ (refusals write nothing)', () => {
  it('answers 400 "Senha atual incorreta." for a wrong current password', async () => {
    const medic = await createMedic(t.deps);
    const { current, other } = await twoDevices(medic);
    const before = await passwordHash(medic.id);
    const res = await changePassword(current.access_token, { password: 'nao-e-essa-senha', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(WRONG_CURRENT);
    expect(await passwordHash(medic.id)).toBe(before);
    expect((await profile(other.access_token)).statusCode).toBe(200);
  });

  // Each field's messages come beside the `error` list (SPEC §8).
  it.each([
    [{ password: TEST_PASSWORD, new_password: 'curta' }, { new_password: ['A senha deve ter pelo menos 8 caracteres.'] }],
    [{ password: TEST_PASSWORD, new_password: 'x'.repeat(129) }, { new_password: ['A senha deve ter no máximo 128 caracteres.'] }],
    [{ password: TEST_PASSWORD, new_password: TEST_PASSWORD }, { new_password: ['A nova senha deve ser diferente da atual.'] }],
    [{ password: '', new_password: NEW_PASSWORD }, { password: ['Informe a senha atual.'] }],
    [{ password: TEST_PASSWORD }, { new_password: ['Informe a nova senha.'] }],
    [{}, { password: ['Informe a senha atual.'], new_password: ['Informe a nova senha.'] }],
    [{ password: TEST_PASSWORD, new_password: 12345678 }, { new_password: ['Dados inválidos.'] }],
    [[TEST_PASSWORD, NEW_PASSWORD], {}],
  ])('answers 400 in pt-BR for %j', async (payload, fields: Record<string, string[]>) => {
    const medic = await createMedic(t.deps);
    const { current, other } = await twoDevices(medic);
    const before = await passwordHash(medic.id);
    const res = await changePassword(current.access_token, payload);
    expect(res.statusCode).toBe(400);
    const messages = Object.values(fields).flat();
    expect(res.json()).toEqual({ error: messages.length > 0 ? expect.arrayContaining(messages) : ['Dados inválidos.'], ...fields });
    expect(res.json().error).toHaveLength(Math.max(1, messages.length));
    expect(await passwordHash(medic.id)).toBe(before);
    expect((await profile(other.access_token)).statusCode).toBe(200);
  });

  it('answers 401 without a token or with a revoked one', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: URL, payload: { password: TEST_PASSWORD, new_password: NEW_PASSWORD } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });

    const medic = await createMedic(t.deps);
    const { current, other } = await twoDevices(medic);
    await changePassword(current.access_token, { password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    // The signed-out device cannot change the password back.
    const res = await changePassword(other.access_token, { password: NEW_PASSWORD, new_password: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    await expect(signIn(t.app, medic.email, NEW_PASSWORD)).resolves.toBeTruthy();
  });
});

describe('POST /project_auth/api/v1/change_password/ (repeated wrong current passwords)', () => {
  it('refuses with 429 after five wrong current passwords, even the right one, until the window ends', async () => {
    const medic = await createMedic(t.deps);
    const { current } = await twoDevices(medic);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await changePassword(current.access_token, { password: `errada-${attempt}`, new_password: NEW_PASSWORD });
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
      expect(res.json()).toEqual(WRONG_CURRENT);
    }
    const blocked = await changePassword(current.access_token, { password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await expect(signIn(t.app, medic.email, TEST_PASSWORD)).resolves.toBeTruthy();

    // Another account is not affected.
    const other = await createMedic(t.deps);
    const otherSession = await signIn(t.app, other.email, TEST_PASSWORD);
    expect((await changePassword(otherSession.access_token, { password: TEST_PASSWORD, new_password: NEW_PASSWORD })).statusCode).toBe(200);

    t.clock.advance(15 * 60 * 1000 + 1000);
    const after = await changePassword(current.access_token, { password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(after.statusCode).toBe(200);
  });

  it('starts counting again after a successful change', async () => {
    const medic = await createMedic(t.deps);
    const { current } = await twoDevices(medic);
    for (let attempt = 1; attempt <= 4; attempt++) {
      await changePassword(current.access_token, { password: 'errada', new_password: NEW_PASSWORD });
    }
    expect((await changePassword(current.access_token, { password: TEST_PASSWORD, new_password: NEW_PASSWORD })).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await changePassword(current.access_token, { password: 'errada', new_password: 'Outra@Senha99' });
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
    }
    expect((await changePassword(current.access_token, { password: NEW_PASSWORD, new_password: 'Outra@Senha99' })).statusCode).toBe(200);
  });
});
