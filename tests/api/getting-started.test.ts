import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_TTL_MS, createInviteService } from '../../server/services/auth/invite-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

const URL = '/project_auth/api/v1/getting_started/';
const PROFILE = '/project_auth/profile/';

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

async function stepsOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: URL, headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { patient: boolean; surgery: boolean; secretary: string };
}

describe('GET /project_auth/api/v1/getting_started/ (DECISIONS §13)', () => {
  it('answers nothing done for a new medic, then follows his patient, case and invite', async () => {
    const medic = await createMedic(t.deps);
    const other = await createMedic(t.deps);
    const token = await tokenOf(medic);
    // Another medic's rows never count.
    const foreign = await insertPatient(t.deps.db, other.id);
    await insertSurgery(t.deps.db, foreign);
    await createInviteService(t.deps).createInvite({ medicId: other.id, email: 'alheia@clinica.com.br' });
    expect(await stepsOf(token)).toEqual({ patient: false, surgery: false, secretary: 'none' });

    const patient = await insertPatient(t.deps.db, medic.id);
    expect(await stepsOf(token)).toEqual({ patient: true, surgery: false, secretary: 'none' });
    await insertSurgery(t.deps.db, patient);
    await createInviteService(t.deps).createInvite({ medicId: medic.id, email: 'nova@clinica.com.br' });
    expect(await stepsOf(token)).toEqual({ patient: true, surgery: true, secretary: 'invited' });
  });

  it('counts an expired invite as none and a linked secretary as linked', async () => {
    const medic = await createMedic(t.deps);
    await createInviteService(t.deps).createInvite({ medicId: medic.id, email: 'expira@clinica.com.br' });
    t.clock.advance(INVITE_TTL_MS + 1000);
    try {
      expect((await stepsOf(await tokenOf(medic))).secretary).toBe('none');
    } finally {
      t.clock.advance(-(INVITE_TTL_MS + 1000));
    }
    await createSecretary(t.deps, { medicIds: [medic.id] });
    expect((await stepsOf(await tokenOf(medic))).secretary).toBe('linked');
  });

  it('answers 403 to a secretary and 401 without a token', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const res = await t.app.inject({ method: 'GET', url: URL, headers: authHeader(await tokenOf(secretary)) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ['Você não tem permissão para esta ação.'] });
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('GET /project_auth/profile/ has_secretary (DECISIONS §13)', () => {
  it('is false for a medic without a linked secretary (an invite is not a link) and true once one is linked', async () => {
    const medic = await createMedic(t.deps);
    const token = await tokenOf(medic);
    await createInviteService(t.deps).createInvite({ medicId: medic.id, email: 'convidada@clinica.com.br' });
    const before = await t.app.inject({ method: 'GET', url: PROFILE, headers: authHeader(token) });
    expect(before.json()).toMatchObject({ type: 'medic', has_secretary: false });
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const after = await t.app.inject({ method: 'GET', url: PROFILE, headers: authHeader(token) });
    expect(after.json()).toMatchObject({ type: 'medic', has_secretary: true });
    const hers = await t.app.inject({ method: 'GET', url: PROFILE, headers: authHeader(await tokenOf(secretary)) });
    expect(hers.json()).toMatchObject({ type: 'secretary', has_secretary: false });
  });
});
