import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseHandovers } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, countRows, createSecretary, signIn, TEST_PASSWORD } from '../helpers/fixtures';
import { signInTenants, type Tenants } from '../helpers/tenants';

/**
 * Cases handed over (issue 33 item 13: handing a case over notified no one): PUT …/holder/ records a handover the
 * receiver reads from GET /surgery/api/v1/handovers/ (who handed it over, when, who held it before) until he dismisses
 * it (POST …/dismiss/) or the case leaves him; taking a case oneself is no handover; another person's handover is 404.
 */

const NOW = new Date('2026-03-10T12:00:00Z');
const NOT_FOUND = { error: ['Aviso não encontrado.'] };

let t: TestApp;
let own: Tenants;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = NOW;
  own = await signInTenants(t);
});
afterAll(async () => {
  await t?.close();
});

function setHolder(id: number, token: string, holder: number) {
  return t.app.inject({ method: 'PUT', url: `/surgery/api/v1/surgery/${id}/holder/`, headers: authHeader(token), payload: { holder } });
}

async function handovers(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/handovers/', headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: Array<Record<string, unknown>> }).results;
}

function dismiss(id: number | string, token: string | null) {
  return t.app.inject({ method: 'POST', url: `/surgery/api/v1/handovers/${id}/dismiss/`, headers: token ? authHeader(token) : {} });
}

const person = (account: { id: number; firstName: string; lastName: string }) => ({
  id: account.id,
  first_name: account.firstName,
  last_name: account.lastName,
});

describe('cases handed over', () => {
  it('the medic hands a case to the secretary: her home lists it with who and when; dismissed, it goes', async () => {
    const patient = await insertPatient(t.deps.db, own.medic.id);
    const row = await insertSurgery(t.deps.db, patient, { status: 'prep_doc' });
    expect(await handovers(own.secretaryToken)).toEqual([]);

    t.clock.now = new Date('2026-03-10T12:30:00Z');
    expect((await setHolder(row.id, own.medicToken, own.secretary.id)).statusCode).toBe(200);
    const listed = await handovers(own.secretaryToken);
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        surgery_id: row.id,
        patient_name: patient.nomeCompleto,
        status: 'prep_doc',
        by: person(own.medic),
        from: person(own.medic),
        handed_at: '2026-03-10T12:30:00.000Z',
      },
    ]);
    // The medic who handed it over is told nothing; nor is anyone else.
    expect(await handovers(own.medicToken)).toEqual([]);
    expect(await handovers(own.otherMedicToken)).toEqual([]);
    expect(await handovers(own.unlinkedSecretaryToken)).toEqual([]);

    const id = listed[0]!.id as number;
    // Only the receiver dismisses it: anyone else, a missing id or a bad one is 404; no token 401.
    for (const [handover, token] of [
      [id, own.medicToken],
      [id, own.unlinkedSecretaryToken],
      [id + 100_000, own.secretaryToken],
      ['abc', own.secretaryToken],
    ] as const) {
      const res = await dismiss(handover, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await dismiss(id, null)).statusCode).toBe(401);
    expect(await handovers(own.secretaryToken)).toHaveLength(1);

    expect((await dismiss(id, own.secretaryToken)).statusCode).toBe(204);
    expect(await handovers(own.secretaryToken)).toEqual([]);
    expect((await dismiss(id, own.secretaryToken)).statusCode).toBe(204);
  });

  it('a secretary hands one back to the medic: he is told; taking a case oneself or leaving it where it is tells no one', async () => {
    const patient = await insertPatient(t.deps.db, own.medic.id);
    const row = await insertSurgery(t.deps.db, patient, { status: 'env_doc' });
    const before = await countRows(t.deps.db, caseHandovers);
    // The secretary takes the case herself: no handover.
    expect((await setHolder(row.id, own.secretaryToken, own.secretary.id)).statusCode).toBe(200);
    expect(await countRows(t.deps.db, caseHandovers)).toBe(before);
    // The same holder again: nothing.
    expect((await setHolder(row.id, own.medicToken, own.secretary.id)).statusCode).toBe(200);
    expect(await countRows(t.deps.db, caseHandovers)).toBe(before);

    expect((await setHolder(row.id, own.secretaryToken, own.medic.id)).statusCode).toBe(200);
    const listed = await handovers(own.medicToken);
    expect(listed.filter((item) => item.surgery_id === row.id)).toEqual([
      expect.objectContaining({ surgery_id: row.id, by: person(own.secretary), from: person(own.secretary), status: 'env_doc' }),
    ]);
  });

  it('a handover leaves the list once the case is no longer the receiver\'s', async () => {
    const second = await createSecretary(t.deps, { medicIds: [own.medic.id] });
    const secondToken = (await signIn(t.app, second.email, TEST_PASSWORD)).access_token;
    const patient = await insertPatient(t.deps.db, own.medic.id);
    const row = await insertSurgery(t.deps.db, patient, { status: 'autorizacao' });
    expect((await setHolder(row.id, own.medicToken, second.id)).statusCode).toBe(200);
    expect((await handovers(secondToken)).map((item) => item.surgery_id)).toEqual([row.id]);
    // The medic gives it to the other secretary: the first one's notice goes; the second one's comes.
    expect((await setHolder(row.id, own.medicToken, own.secretary.id)).statusCode).toBe(200);
    expect(await handovers(secondToken)).toEqual([]);
    expect((await handovers(own.secretaryToken)).map((item) => item.surgery_id)).toContain(row.id);
  });
});
