import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStatus } from '../../machines/constants';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, statusHistory, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { stageConflict, SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * PUT archive_surgery/{id}/ and cancel_surgery/{id}/ (SPEC §4 "Arquivar ciclo" at steps 1–6, cancelling at the
 * payment step; DECISIONS §4): no body, 200 with the Surgery and one history row; 409 with the actual status from any
 * other stage; tenancy 404 and 401.
 */

const ALL: CaseStatus[] = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento', 'concluido', 'cancelado', 'arquiv'];
const ARCHIVABLE: CaseStatus[] = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao'];

let t: TestApp;
let medic: TestAccount;
let secretary: TestAccount;
let medicToken: string;
let secretaryToken: string;
let otherMedicToken: string;
let unlinkedSecretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ medic, secretary, medicToken, secretaryToken, otherMedicToken, unlinkedSecretaryToken } = await signInTenants(t));
});
afterAll(async () => {
  await t?.close();
});

async function newCase(overrides: SurgeryOverrides = {}) {
  const patient = await insertPatient(t.deps.db, medic.id);
  return insertSurgery(t.deps.db, patient, overrides);
}

type Body = { payload?: unknown; contentType?: string };

function put(route: 'archive_surgery' | 'cancel_surgery', id: number | string, token: string | null = medicToken, body: Body = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/surgery/api/v1/${route}/${id}/`,
    headers: {
      ...(token ? authHeader(token) : {}),
      ...(body.contentType ? { 'content-type': body.contentType } : {}),
    },
    ...(body.payload === undefined ? {} : { payload: body.payload as string }),
  });
}

async function stored(id: number) {
  return { row: await surgeryRow(t.deps.db, id), history: await statusHistory(t.deps.db, id) };
}

async function expectConflict(route: 'archive_surgery' | 'cancel_surgery', status: CaseStatus) {
  const surgery = await newCase({ status });
  const before = await stored(surgery.id);
  const res = await put(route, surgery.id);
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual(stageConflict(status));
  expect(await stored(surgery.id)).toEqual(before);
}

describe('PUT /surgery/api/v1/archive_surgery/{id}/', () => {
  it.each(ARCHIVABLE)('archives a case at %s: 200 with the Surgery, data kept, one history row', async (status) => {
    const surgery = await newCase({ status, stepData: { documentArrivals: '2025-03-10', documentNote: 'nota' } });
    t.clock.advance(1000);
    const res = await put('archive_surgery', surgery.id, secretaryToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: surgery.id, status: 'arquiv', document_arrivals: '2025-03-10', document_note: 'nota' });
    const { row, history } = await stored(surgery.id);
    expect(row).toMatchObject({ status: 'arquiv', statusChangedAt: t.clock.now, concludedAt: null });
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: status, toStatus: 'arquiv', changedBy: secretary.id, changedAt: t.clock.now }),
    ]);
  });

  it.each(ALL.filter((status) => !ARCHIVABLE.includes(status)))('refuses a case at %s: 409, nothing written', async (status) => {
    await expectConflict('archive_surgery', status);
  });

  it('takes no body, an empty JSON body, {} or an object whose content is ignored', async () => {
    const bodies: Body[] = [
      {},
      { payload: '', contentType: 'application/json' },
      { payload: '  ', contentType: 'application/json; charset=utf-8' },
      { payload: '{}', contentType: 'application/json' },
      { payload: '{"new_status":"pagamento"}', contentType: 'application/json' },
    ];
    for (const body of bodies) {
      const surgery = await newCase({ status: 'prep_doc' });
      const res = await put('archive_surgery', surgery.id, medicToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect((await stored(surgery.id)).row.status).toBe('arquiv');
    }
  });

  it.each(['archive_surgery', 'cancel_surgery'] as const)('%s: malformed JSON is a 400 and writes nothing', async (route) => {
    const surgery = await newCase({ status: 'pagamento' });
    const before = await stored(surgery.id);
    const res = await put(route, surgery.id, medicToken, { payload: '{"oops', contentType: 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ['Dados inválidos.'] });
    expect(await stored(surgery.id)).toEqual(before);
  });
});

describe('PUT /surgery/api/v1/cancel_surgery/{id}/', () => {
  it('cancels a case at pagamento: 200 with the Surgery, one history row', async () => {
    const surgery = await newCase({ status: 'pagamento', stepData: { accomplishment: '2025-04-02' } });
    const res = await put('cancel_surgery', surgery.id, medicToken, { payload: '{}', contentType: 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: surgery.id, status: 'cancelado', accomplishment: '2025-04-02' });
    const { row, history } = await stored(surgery.id);
    expect(row).toMatchObject({ status: 'cancelado', concludedAt: null });
    expect(history).toEqual([expect.objectContaining({ fromStatus: 'pagamento', toStatus: 'cancelado', changedBy: medic.id })]);
  });

  it.each(ALL.filter((status) => status !== 'pagamento'))('refuses a case at %s: 409, nothing written', async (status) => {
    await expectConflict('cancel_surgery', status);
  });
});

describe('archive and cancel: tenancy and authentication', () => {
  it.each(['archive_surgery', 'cancel_surgery'] as const)('%s: another medic, an unlinked secretary, a missing case, a bad id: 404', async (route) => {
    const surgery = await newCase({ status: 'pagamento' });
    const before = await stored(surgery.id);
    for (const [id, token] of [
      [surgery.id, otherMedicToken],
      [surgery.id, unlinkedSecretaryToken],
      [surgery.id + 10_000, medicToken],
      ['x1', medicToken],
      ['0', medicToken],
    ] as const) {
      const res = await put(route, id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect(await stored(surgery.id)).toEqual(before);
  });

  it.each(['archive_surgery', 'cancel_surgery'] as const)('%s: 401 without a token', async (route) => {
    const surgery = await newCase({ status: 'pagamento' });
    const res = await put(route, surgery.id, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    expect((await stored(surgery.id)).row.status).toBe('pagamento');
  });
});
