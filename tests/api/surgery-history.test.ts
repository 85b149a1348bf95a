import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants, type Tenants } from '../helpers/tenants';

/**
 * GET /surgery/api/v1/surgery/{id}/history/ (issue 33 item 7): the case's timeline, newest first — moves (from → to,
 * who, the loss reason), handovers, the billing, receipts and glosas (with the appeal), deletions, documents — for both
 * roles; another office's case 404, a malformed id 400. Every answer is checked against the contract by the helper.
 */

let t: TestApp;
let tenants: Tenants;
let clock = Date.parse('2026-03-10T12:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  tenants = await signInTenants(t);
});
afterAll(async () => {
  await t?.close();
});

/** Each write a minute after the previous one, so the timeline's order is the order of the writes. */
function tick() {
  clock += 60_000;
  t.clock.now = new Date(clock);
}

async function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) {
  tick();
  return t.app.inject({ method, url, headers: authHeader(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const history = (id: number | string, token: string) => call('GET', `/surgery/api/v1/surgery/${id}/history/`, token);

describe('GET /surgery/api/v1/surgery/{id}/history/', () => {
  it('lists moves, the handover and the ledger, newest first, with people by name', async () => {
    const { medic, secretary, medicToken, secretaryToken } = tenants;
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'realizacao' });
    const ledger = (tail: string) => `/surgery/api/v1/surgery/${surgery.id}/ledger/${tail}`;

    expect((await call('PUT', `/surgery/api/v1/surgery/${surgery.id}/holder/`, medicToken, { holder: secretary.id })).statusCode).toBe(200);
    expect((await call('PUT', ledger('billing/'), secretaryToken, { billed_on: '2026-03-02', billing_reference: 'G-77' })).statusCode).toBe(200);
    const first = await call('POST', ledger('receipts/'), secretaryToken, { received_on: '2026-03-05', amount_cents: 50_000, payer: 'particular' });
    expect(first.statusCode, first.body).toBe(201);
    await call('POST', ledger('receipts/'), medicToken, { received_on: '2026-03-06', amount_cents: 20_000, payer: 'particular' });
    const receipts = (first.json() as { receipts: Array<{ id: number; amount_cents: number }> }).receipts;
    expect((await call('DELETE', ledger(`receipts/${receipts[0]!.id}/`), medicToken)).statusCode).toBe(200);
    const glosa = { glosa_on: '2026-03-07', amount_cents: 30_000, reason: 'Código não coberto' };
    const added = await call('POST', ledger('glosas/'), secretaryToken, glosa);
    expect(added.statusCode, added.body).toBe(201);
    const glosaId = (added.json() as { glosas: Array<{ id: number }> }).glosas[0]!.id;
    const filed = await call('PUT', ledger(`glosas/${glosaId}/`), secretaryToken, { ...glosa, appeal_deadline: '2026-04-06', appeal_filed_on: '2026-03-08' });
    expect(filed.statusCode, filed.body).toBe(200);
    const back = await call('PUT', `/surgery/api/v1/update/${surgery.id}/`, secretaryToken, { new_status: 'agendamento' });
    expect(back.statusCode, back.body).toBe(200);

    const res = await history(surgery.id, secretaryToken);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json() as { results: Array<Record<string, unknown>> };
    const who = (person: unknown) => (person as { first_name: string } | null)?.first_name ?? null;
    expect(results.map((entry) => [entry.kind, who(entry.actor)])).toEqual([
      ['moved', secretary.firstName],
      ['glosa_appeal', secretary.firstName],
      ['glosa', secretary.firstName],
      ['receipt_removed', medic.firstName],
      ['receipt', medic.firstName],
      ['billing', secretary.firstName],
      ['holder', medic.firstName],
    ]);
    expect(results[0]).toMatchObject({ from_status: 'realizacao', to_status: 'agendamento', reason: null, missing_documents: [] });
    expect(results[1]).toMatchObject({ on: '2026-03-08', text: null, amount_cents: null });
    expect(results[2]).toMatchObject({ on: '2026-03-07', amount_cents: 30_000, text: 'Código não coberto' });
    expect(results[3]).toMatchObject({ on: '2026-03-05', amount_cents: 50_000 });
    expect(results[4]).toMatchObject({ on: '2026-03-06', amount_cents: 20_000 });
    expect(results[5]).toMatchObject({ on: '2026-03-02', text: 'G-77' });
    expect(results[6]).toMatchObject({
      from_holder: { id: medic.id, first_name: medic.firstName },
      to_holder: { id: secretary.id, first_name: secretary.firstName },
    });
    // Newest first, with the instant of each write.
    const times = results.map((entry) => Date.parse(entry.at as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(results[0]!.at).toBe(new Date(clock - 60_000).toISOString());

    // The medic reads the same timeline.
    const medicRes = await history(surgery.id, medicToken);
    expect((medicRes.json() as { results: unknown[] }).results).toEqual(results);
  });

  it('names the stage of origin of an archive and its reason', async () => {
    const patient = await insertPatient(t.deps.db, tenants.medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'prep_doc' });
    const archived = await call('PUT', `/surgery/api/v1/archive_surgery/${surgery.id}/`, tenants.secretaryToken, { reason: 'outro', reason_note: 'Mudou de cidade' });
    expect(archived.statusCode, archived.body).toBe(200);
    const { results } = (await history(surgery.id, tenants.medicToken)).json() as { results: Array<Record<string, unknown>> };
    expect(results[0]).toMatchObject({ kind: 'moved', from_status: 'prep_doc', to_status: 'arquiv', reason: 'outro', reason_note: 'Mudou de cidade' });
  });

  it("answers 404 for another office's case, and for a case that does not exist", async () => {
    const patient = await insertPatient(t.deps.db, tenants.otherMedic.id);
    const surgery = await insertSurgery(t.deps.db, patient);
    for (const token of [tenants.medicToken, tenants.secretaryToken, tenants.unlinkedSecretaryToken]) {
      const res = await history(token === tenants.unlinkedSecretaryToken ? 999_999 : surgery.id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect((await history(surgery.id, tenants.otherMedicToken)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await history(bad, tenants.medicToken);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: ['Identificador de cirurgia inválido.'] });
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/surgery/1/history/' });
    expect(res.statusCode).toBe(401);
  });
});
