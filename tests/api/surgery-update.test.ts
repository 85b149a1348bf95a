import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStatus } from '../../machines/constants';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import {
  insertPatient,
  insertSurgery,
  lookupIds,
  statusHistory,
  surgeryRow,
  type SurgeryOverrides,
} from '../helpers/clinical-fixtures';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { stageConflict, STEP_MESSAGES, SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * PUT /surgery/api/v1/update/{id}/ (SPEC §4, §5, §7; DECISIONS §4): saves, advances with each step's data, the six
 * back moves, every SPEC §5 message, the refused bodies (400, nothing written), the 409 shape, tenancy and 401.
 * The messages are written out as SPEC gives them (tests/helpers/spec-texts.ts), not imported from the product, so a
 * changed text fails.
 */

let t: TestApp;
let ids: Awaited<ReturnType<typeof lookupIds>>;
let medic: TestAccount;
let secretary: TestAccount;
let medicToken: string;
let secretaryToken: string;
let otherMedicToken: string;
let unlinkedSecretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await lookupIds(t.deps.db);
  ({ medic, secretary, medicToken, secretaryToken, otherMedicToken, unlinkedSecretaryToken } = await signInTenants(t));
});
afterAll(async () => {
  await t?.close();
});

async function newCase(overrides: SurgeryOverrides = {}) {
  const patient = await insertPatient(t.deps.db, medic.id);
  return insertSurgery(t.deps.db, patient, overrides);
}

/** A case paid by a health plan, with OPME: all three approvals apply. */
const PLAN_WITH_OPME = (): SurgeryOverrides => ({ paymentFountains: 'plano_saude', healthPlanId: ids.healthPlanIds[0]!, opme: true });

function update(id: number | string, body: unknown, token = medicToken) {
  return t.app.inject({
    method: 'PUT',
    url: `/surgery/api/v1/update/${id}/`,
    headers: authHeader(token),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** The stored row and history of case `id`: equal before and after a refused request. */
async function stored(id: number) {
  return { row: await surgeryRow(t.deps.db, id), history: await statusHistory(t.deps.db, id) };
}

/** Sends `body`, expects `status` with exactly `expected` as the body, and that the case was not touched. */
async function expectRefused(id: number, body: unknown, status: number, expected: unknown, token = medicToken) {
  const before = await stored(id);
  const res = await update(id, body, token);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual(expected);
  expect(await stored(id)).toEqual(before);
}

/** Sends `body` and expects a 200 whose Surgery is at `status`; returns it. */
async function expectOk(id: number, body: unknown, status: CaseStatus, token = medicToken) {
  const res = await update(id, body, token);
  expect(res.statusCode, res.body).toBe(200);
  const surgery = res.json() as Record<string, unknown>;
  expect(surgery.id).toBe(id);
  expect(surgery.status).toBe(status);
  return surgery;
}

describe('PUT /surgery/api/v1/update/{id}/: moving forward', () => {
  it('advances ind_paciente → prep_doc with no fields, writing one history row (from, to, who, when)', async () => {
    const surgery = await newCase();
    t.clock.advance(60_000);
    await expectOk(surgery.id, { new_status: 'prep_doc' }, 'prep_doc');
    const { row, history } = await stored(surgery.id);
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: 'ind_paciente', toStatus: 'prep_doc', changedBy: medic.id, changedAt: t.clock.now }),
    ]);
    expect(row.statusChangedAt).toEqual(t.clock.now);
    expect(row.version).toBe(2);
  });

  it('advances prep_doc → env_doc without files when the linked secretary asks (history names her)', async () => {
    const surgery = await newCase({ status: 'prep_doc' });
    await expectOk(surgery.id, { new_status: 'env_doc' }, 'env_doc', secretaryToken);
    expect((await stored(surgery.id)).history).toEqual([
      expect.objectContaining({ fromStatus: 'prep_doc', toStatus: 'env_doc', changedBy: secretary.id }),
    ]);
  });

  it('env_doc: saves the sending date and note in place (no history row), then advances on the stored date', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    const saved = await expectOk(
      surgery.id,
      { new_status: 'env_doc', document_arrivals: '2025-03-10', document_note: '  Enviado por e-mail ao hospital.  ' },
      'env_doc',
    );
    expect(saved).toMatchObject({ document_arrivals: '2025-03-10', document_note: 'Enviado por e-mail ao hospital.' });
    expect((await stored(surgery.id)).history).toEqual([]);
    await expectOk(surgery.id, { new_status: 'autorizacao' }, 'autorizacao');
    expect((await stored(surgery.id)).history).toEqual([expect.objectContaining({ fromStatus: 'env_doc', toStatus: 'autorizacao' })]);
  });

  it('env_doc → autorizacao with the date and note in the same request', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    const moved = await expectOk(surgery.id, { new_status: 'autorizacao', document_arrivals: '2025-03-11', document_note: 'Ok' }, 'autorizacao');
    expect(moved).toMatchObject({ document_arrivals: '2025-03-11', document_note: 'Ok' });
  });

  it('autorizacao: each toggle saves in place; the advance then needs no fields', async () => {
    const surgery = await newCase({ status: 'autorizacao', ...PLAN_WITH_OPME() });
    await expectRefused(surgery.id, { new_status: 'agendamento' }, 400, { error: [STEP_MESSAGES.allApproved] });
    await expectOk(surgery.id, { new_status: 'autorizacao', hospital_approvals: 'aprovada', hospital_approvals_note: 'Guia 123' }, 'autorizacao');
    await expectOk(surgery.id, { new_status: 'autorizacao', plan_approvals: 'aprovada' }, 'autorizacao');
    await expectRefused(surgery.id, { new_status: 'agendamento' }, 400, { error: [STEP_MESSAGES.allApproved] });
    await expectOk(surgery.id, { new_status: 'autorizacao', opme_approvals: 'aprovada', opme_approvals_note: 'Fornecedor X' }, 'autorizacao');
    expect((await stored(surgery.id)).history).toEqual([]);
    const moved = await expectOk(surgery.id, { new_status: 'agendamento' }, 'agendamento');
    expect(moved).toMatchObject({ hospital_approvals_note: 'Guia 123', opme_approvals_note: 'Fornecedor X', plan_approvals_note: null });
    const { row } = await stored(surgery.id);
    expect(row).toMatchObject({ hospitalApprovals: 'aprovada', planApprovals: 'aprovada', opmeApprovals: 'aprovada' });
  });

  it('autorizacao: the advance may carry the approvals; a denied one blocks it', async () => {
    const surgery = await newCase({ status: 'autorizacao', ...PLAN_WITH_OPME() });
    const all = { hospital_approvals: 'aprovada', plan_approvals: 'aprovada', opme_approvals: 'aprovada' };
    await expectRefused(surgery.id, { new_status: 'agendamento', ...all, plan_approvals: 'negada' }, 400, { error: [STEP_MESSAGES.allApproved] });
    await expectOk(surgery.id, { new_status: 'agendamento', ...all }, 'agendamento');
  });

  it('autorizacao: only the hospital approval is needed for a private case without OPME', async () => {
    const surgery = await newCase({ status: 'autorizacao', paymentFountains: 'particular', opme: false });
    await expectOk(surgery.id, { new_status: 'agendamento', hospital_approvals: 'aprovada' }, 'agendamento');
  });

  it('autorizacao: null unmarks an approval', async () => {
    const surgery = await newCase({ status: 'autorizacao', stepData: { hospitalApprovals: 'negada' } });
    await expectOk(surgery.id, { new_status: 'autorizacao', hospital_approvals: null }, 'autorizacao');
    expect((await stored(surgery.id)).row.hospitalApprovals).toBeNull();
  });

  it('autorizacao: a plan approval for a case not paid by a health plan, or an OPME one without OPME, is refused', async () => {
    const surgery = await newCase({ status: 'autorizacao', paymentFountains: 'particular', opme: false });
    const plan = 'A aprovação do plano não se aplica: a fonte pagadora não é Plano de Saúde.';
    const opme = 'A aprovação do OPME não se aplica: esta cirurgia não usa OPME.';
    await expectRefused(surgery.id, { new_status: 'autorizacao', plan_approvals: 'aprovada' }, 400, { error: [plan], plan_approvals: [plan] });
    await expectRefused(surgery.id, { new_status: 'agendamento', hospital_approvals: 'aprovada', opme_approvals: 'aprovada' }, 400, {
      error: [opme],
      opme_approvals: [opme],
    });
    // Unmarking one that does not apply changes nothing and is allowed.
    await expectOk(surgery.id, { new_status: 'autorizacao', plan_approvals: null, opme_approvals: null }, 'autorizacao');
  });

  it('agendamento → realizacao stores the schedule as São Paulo time', async () => {
    const surgery = await newCase({ status: 'agendamento' });
    const moved = await expectOk(
      surgery.id,
      { new_status: 'realizacao', schedule: '2025-04-02 07:30:00', schedule_note: 'Jejum de 8 horas' },
      'realizacao',
    );
    expect(moved).toMatchObject({ schedule: '2025-04-02T07:30:00-03:00', schedule_note: 'Jejum de 8 horas' });
    expect((await stored(surgery.id)).row.schedule).toEqual(new Date('2025-04-02T10:30:00Z'));
  });

  it('realizacao → pagamento with the date it was carried out', async () => {
    const surgery = await newCase({ status: 'realizacao' });
    const moved = await expectOk(surgery.id, { new_status: 'pagamento', accomplishment: '2025-04-02', accomplishment_note: 'Sem intercorrências' }, 'pagamento');
    expect(moved).toMatchObject({ accomplishment: '2025-04-02', accomplishment_note: 'Sem intercorrências' });
  });

  it('pagamento → concluido with the amount received and its date (concluded_at set)', async () => {
    const surgery = await newCase({ status: 'pagamento' });
    t.clock.advance(1000);
    const moved = await expectOk(
      surgery.id,
      { new_status: 'concluido', payment_done: 1850.5, date_payment: '2025-05-05', payment_notes: 'PIX' },
      'concluido',
    );
    expect(moved).toMatchObject({ payment_done: 1850.5, date_payment: '2025-05-05', payment_notes: 'PIX' });
    const { row, history } = await stored(surgery.id);
    expect(row).toMatchObject({ paymentDone: '1850.50', concludedAt: t.clock.now });
    expect(history).toEqual([expect.objectContaining({ fromStatus: 'pagamento', toStatus: 'concluido', changedBy: medic.id })]);
  });

  it('a save with no fields at a step without any (ind_paciente, prep_doc) answers the case and writes no history', async () => {
    for (const status of ['ind_paciente', 'prep_doc'] as const) {
      const surgery = await newCase({ status });
      await expectOk(surgery.id, { new_status: status }, status);
      expect((await stored(surgery.id)).history).toEqual([]);
    }
  });

  it('notes: trimmed, an empty one is stored as null, and exactly 1000 characters pass', async () => {
    const surgery = await newCase({ status: 'realizacao', stepData: { accomplishmentNote: 'antiga' } });
    const cleared = await expectOk(surgery.id, { new_status: 'realizacao', accomplishment_note: '   ' }, 'realizacao');
    expect(cleared.accomplishment_note).toBeNull();
    const long = 'a'.repeat(1000);
    expect((await expectOk(surgery.id, { new_status: 'realizacao', accomplishment_note: long }, 'realizacao')).accomplishment_note).toBe(long);
  });
});

describe('PUT /surgery/api/v1/update/{id}/: moving back', () => {
  const backMoves: Array<[CaseStatus, CaseStatus]> = [
    ['prep_doc', 'ind_paciente'],
    ['env_doc', 'prep_doc'],
    ['autorizacao', 'env_doc'],
    ['agendamento', 'autorizacao'],
    ['realizacao', 'agendamento'],
    ['pagamento', 'realizacao'],
  ];

  it.each(backMoves)('%s → %s keeps every stored field and writes one history row', async (from, to) => {
    const stepData = {
      documentArrivals: '2025-03-10',
      documentNote: 'nota',
      hospitalApprovals: 'aprovada' as const,
      accomplishment: '2025-04-02',
    };
    const surgery = await newCase({ status: from, stepData, schedule: new Date('2025-04-02T10:30:00Z') });
    const before = await stored(surgery.id);
    await expectOk(surgery.id, { new_status: to }, to, secretaryToken);
    const after = await stored(surgery.id);
    expect(after.row).toMatchObject({ ...stepData, schedule: new Date('2025-04-02T10:30:00Z'), status: to });
    expect(after.row.version).toBe(before.row.version + 1);
    expect(after.history).toEqual([expect.objectContaining({ fromStatus: from, toStatus: to, changedBy: secretary.id })]);
  });

  it('refuses a back move that carries step data (400, nothing moves)', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    const message = 'Para voltar uma etapa, envie apenas a etapa, sem dados.';
    await expectRefused(surgery.id, { new_status: 'prep_doc', document_arrivals: '2025-03-10' }, 400, { error: [message] });
    await expectRefused(surgery.id, { new_status: 'prep_doc', document_note: 'x' }, 400, { error: [message] });
  });

  it('ind_paciente has no back move: 409', async () => {
    const surgery = await newCase({ status: 'ind_paciente' });
    await expectRefused(surgery.id, { new_status: 'arquiv' }, 409, stageConflict('ind_paciente'));
  });
});

describe('PUT /surgery/api/v1/update/{id}/: SPEC §5 messages (400, nothing written)', () => {
  const cases: Array<[string, CaseStatus, Record<string, unknown>, string[]]> = [
    ['env_doc without the sending date', 'env_doc', { new_status: 'autorizacao' }, [STEP_MESSAGES.documentArrivals]],
    ['env_doc with a null date', 'env_doc', { new_status: 'autorizacao', document_arrivals: null }, [STEP_MESSAGES.documentArrivals]],
    ['env_doc with an empty date', 'env_doc', { new_status: 'autorizacao', document_arrivals: '' }, [STEP_MESSAGES.documentArrivals]],
    ['env_doc with 30/02', 'env_doc', { new_status: 'autorizacao', document_arrivals: '2025-02-30' }, [STEP_MESSAGES.documentArrivals]],
    ['env_doc with a dd/MM/yyyy date', 'env_doc', { new_status: 'autorizacao', document_arrivals: '10/03/2025' }, [STEP_MESSAGES.documentArrivals]],
    ['env_doc saving a bad date', 'env_doc', { new_status: 'env_doc', document_arrivals: '2025-03-32' }, [STEP_MESSAGES.documentArrivals]],
    // A value of the wrong JSON type is malformed, whatever the field (the schemas' one rule).
    ['env_doc saving a date as a number', 'env_doc', { new_status: 'env_doc', document_arrivals: 20250310 }, ['Dados inválidos.']],
    ['autorizacao without approvals', 'autorizacao', { new_status: 'agendamento' }, [STEP_MESSAGES.allApproved]],
    ['autorizacao with the hospital denied', 'autorizacao', { new_status: 'agendamento', hospital_approvals: 'negada' }, [STEP_MESSAGES.allApproved]],
    ['agendamento without the schedule', 'agendamento', { new_status: 'realizacao' }, [STEP_MESSAGES.dayRequired]],
    ['agendamento with no day', 'agendamento', { new_status: 'realizacao', schedule: ' 07:30:00' }, [STEP_MESSAGES.dayRequired]],
    ['agendamento with 30/02', 'agendamento', { new_status: 'realizacao', schedule: '2025-02-30 07:30:00' }, [STEP_MESSAGES.dayRequired]],
    ['agendamento with a day only', 'agendamento', { new_status: 'realizacao', schedule: '2025-04-02' }, [STEP_MESSAGES.invalidHour]],
    ['agendamento with hour 25', 'agendamento', { new_status: 'realizacao', schedule: '2025-04-02 25:00:00' }, [STEP_MESSAGES.invalidHour]],
    ['agendamento with minute 60', 'agendamento', { new_status: 'realizacao', schedule: '2025-04-02 10:60:00' }, [STEP_MESSAGES.invalidHour]],
    ['agendamento saving hour 24', 'agendamento', { new_status: 'agendamento', schedule: '2025-04-02 24:00:00' }, [STEP_MESSAGES.invalidHour]],
    ['realizacao without the date', 'realizacao', { new_status: 'pagamento' }, [STEP_MESSAGES.invalidDate]],
    ['realizacao with 2025-13-01', 'realizacao', { new_status: 'pagamento', accomplishment: '2025-13-01' }, [STEP_MESSAGES.invalidDate]],
    ['pagamento without anything', 'pagamento', { new_status: 'concluido' }, [STEP_MESSAGES.payment, STEP_MESSAGES.invalidDate]],
    ['pagamento with zero received', 'pagamento', { new_status: 'concluido', payment_done: 0, date_payment: '2025-05-05' }, [STEP_MESSAGES.payment]],
    ['pagamento with a negative value', 'pagamento', { new_status: 'concluido', payment_done: -10, date_payment: '2025-05-05' }, [STEP_MESSAGES.payment]],
    ['pagamento with the value as text', 'pagamento', { new_status: 'concluido', payment_done: '1500', date_payment: '2025-05-05' }, ['Dados inválidos.']],
    ['pagamento without the date', 'pagamento', { new_status: 'concluido', payment_done: 1500 }, [STEP_MESSAGES.invalidDate]],
    ['pagamento with 29/02/2025', 'pagamento', { new_status: 'concluido', payment_done: 1500, date_payment: '2025-02-29' }, [STEP_MESSAGES.invalidDate]],
  ];

  it.each(cases)('%s', async (_name, status, body, messages) => {
    const surgery = await newCase({ status, ...PLAN_WITH_OPME() });
    const before = await stored(surgery.id);
    const res = await update(surgery.id, body);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string[] }).error).toEqual(messages);
    expect(await stored(surgery.id)).toEqual(before);
  });
});

describe('PUT /surgery/api/v1/update/{id}/: refused bodies (400, nothing written)', () => {
  it('new_status missing, null or unknown', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    const required = 'Informe a etapa da cirurgia.';
    const unknown = 'Etapa da cirurgia desconhecida.';
    await expectRefused(surgery.id, {}, 400, { error: [required], new_status: [required] });
    await expectRefused(surgery.id, { new_status: null, document_note: 'x' }, 400, { error: [unknown], new_status: [unknown] });
    await expectRefused(surgery.id, { new_status: 'finalizado' }, 400, { error: [unknown], new_status: [unknown] });
    await expectRefused(surgery.id, { new_status: 3 }, 400, { error: [unknown], new_status: [unknown] });
  });

  it('a body that is not a JSON object, or none', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    await expectRefused(surgery.id, ['env_doc'], 400, { error: ['Dados inválidos.'] });
    await expectRefused(surgery.id, undefined, 400, { error: ['Dados inválidos.'] });
    const before = await stored(surgery.id);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `/surgery/api/v1/update/${surgery.id}/`,
      headers: { ...authHeader(medicToken), 'content-type': 'application/json' },
      payload: '{"new_status": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: ['Dados inválidos.'] });
    expect(await stored(surgery.id)).toEqual(before);
  });

  it('an unknown field (a typo would otherwise lose the data)', async () => {
    const surgery = await newCase({ status: 'pagamento' });
    await expectRefused(surgery.id, { new_status: 'pagamento', payment_note: 'PIX' }, 400, { error: ['Campo não reconhecido: payment_note.'] });
  });

  it('an approval that is neither aprovada nor negada', async () => {
    const surgery = await newCase({ status: 'autorizacao' });
    const message = 'Aprovação inválida: os valores aceitos são aprovada e negada.';
    await expectRefused(surgery.id, { new_status: 'autorizacao', hospital_approvals: 'sim' }, 400, { error: [message], hospital_approvals: [message] });
    await expectRefused(surgery.id, { new_status: 'autorizacao', hospital_approvals: true }, 400, { error: [message], hospital_approvals: [message] });
  });

  it('a note over 1000 characters, or not text', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    await expectRefused(surgery.id, { new_status: 'env_doc', document_note: 'a'.repeat(1001) }, 400, {
      error: [STEP_MESSAGES.noteTooLong],
      document_note: [STEP_MESSAGES.noteTooLong],
    });
    const notText = 'Dados inválidos.';
    await expectRefused(surgery.id, { new_status: 'env_doc', document_note: 12 }, 400, { error: [notText], document_note: [notText] });
  });

  it('a received value with more than two decimals or too large', async () => {
    const surgery = await newCase({ status: 'pagamento' });
    const message = 'Valor recebido inválido: use no máximo duas casas decimais e até R$ 9.999.999.999,99.';
    for (const value of [10.555, 1e10, 1e21]) {
      await expectRefused(surgery.id, { new_status: 'concluido', payment_done: value, date_payment: '2025-05-05' }, 400, {
        error: [message],
        payment_done: [message],
      });
    }
  });

  it('every problem at once', async () => {
    const surgery = await newCase({ status: 'pagamento' });
    await expectRefused(surgery.id, { new_status: 'concluido', payment_done: 0, date_payment: 'ontem', payment_notes: 'a'.repeat(1001) }, 400, {
      // In the schema's order of the optional fields (by name).
      error: [STEP_MESSAGES.invalidDate, STEP_MESSAGES.payment, STEP_MESSAGES.noteTooLong],
      payment_done: [STEP_MESSAGES.payment],
      date_payment: [STEP_MESSAGES.invalidDate],
      payment_notes: [STEP_MESSAGES.noteTooLong],
    });
  });

  it('fields of two steps in one request', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    await expectRefused(surgery.id, { new_status: 'autorizacao', document_arrivals: '2025-03-10', schedule_note: 'x' }, 400, {
      error: ['Envie apenas os dados de uma etapa.'],
      document_arrivals: ['Este campo é da etapa "Envio de documentação (Hospital)".'],
      schedule_note: ['Este campo é da etapa "Agendamento de cirurgia".'],
    });
  });

  it('a step’s fields with a status that neither saves it nor advances from it', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    await expectRefused(surgery.id, { new_status: 'agendamento', document_arrivals: '2025-03-10' }, 400, {
      error: ['Os dados da etapa "Envio de documentação (Hospital)" só podem ser gravados nessa etapa ou ao avançar dela.'],
    });
  });
});

describe('PUT /surgery/api/v1/update/{id}/: 409, 404, 401', () => {
  it('a move the machine does not have answers 409 with the actual status, nothing written', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    for (const status of ['ind_paciente', 'agendamento', 'realizacao', 'pagamento', 'concluido', 'cancelado', 'arquiv'] as const) {
      await expectRefused(surgery.id, { new_status: status }, 409, stageConflict('env_doc'));
    }
  });

  it('a finished case takes no change at all, not even a save', async () => {
    for (const status of ['concluido', 'cancelado', 'arquiv'] as const) {
      const surgery = await newCase({ status });
      await expectRefused(surgery.id, { new_status: status }, 409, stageConflict(status));
      await expectRefused(surgery.id, { new_status: 'pagamento' }, 409, stageConflict(status));
    }
  });

  it('a step’s data sent when the case has moved on is a stale client: 409 with where the case is', async () => {
    const surgery = await newCase({ status: 'autorizacao', stepData: { documentArrivals: '2025-03-10' } });
    // A second tab still on env_doc: its advance, and its save (which would otherwise be the back move).
    await expectRefused(surgery.id, { new_status: 'autorizacao', document_arrivals: '2025-03-12' }, 409, stageConflict('autorizacao'));
    await expectRefused(surgery.id, { new_status: 'env_doc', document_arrivals: '2025-03-12' }, 409, stageConflict('autorizacao'));
  });

  it('another medic’s case, an unlinked secretary, a missing case or a bad id: 404', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    await expectRefused(surgery.id, { new_status: 'prep_doc' }, 404, SURGERY_NOT_FOUND, otherMedicToken);
    await expectRefused(surgery.id, { new_status: 'prep_doc' }, 404, SURGERY_NOT_FOUND, unlinkedSecretaryToken);
    for (const id of [surgery.id + 10_000, 0, 'abc', '99999999999', '1.5']) {
      const res = await update(id, { new_status: 'prep_doc' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
  });

  it('a bad id is 404 even with a bad body', async () => {
    const res = await update('abc', { new_status: 'nada' });
    expect(res.statusCode).toBe(404);
  });

  it('401 without a valid token', async () => {
    const surgery = await newCase({ status: 'env_doc' });
    const before = await stored(surgery.id);
    const res = await t.app.inject({ method: 'PUT', url: `/surgery/api/v1/update/${surgery.id}/`, payload: { new_status: 'prep_doc' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    const bad = await update(surgery.id, { new_status: 'prep_doc' }, 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(await stored(surgery.id)).toEqual(before);
  });
});

describe('moves carry the case version they were made from (issue 11, item 17)', () => {
  it('answers the second of two advances from the same step with the 409 and the actual step, not a silent 200', async () => {
    const surgery = await newCase({ status: 'ind_paciente' });
    const read = (await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${surgery.id}/`, headers: authHeader(medicToken) })).json() as {
      version: number;
    };
    expect(read.version).toBeGreaterThanOrEqual(1);
    const first = await expectOk(surgery.id, { new_status: 'prep_doc', version: read.version }, 'prep_doc');
    expect(first.version).toBe(read.version + 1);
    // The secretary's screen still shows the case at ind_paciente, version read.version.
    await expectRefused(surgery.id, { new_status: 'prep_doc', version: read.version }, 409, stageConflict('prep_doc'), secretaryToken);
    // Archive and cancel from a stale version are refused the same way.
    const archive = await t.app.inject({
      method: 'PUT',
      url: `/surgery/api/v1/archive_surgery/${surgery.id}/`,
      headers: authHeader(medicToken),
      payload: { version: read.version },
    });
    expect(archive.statusCode).toBe(409);
    expect(archive.json()).toEqual(stageConflict('prep_doc'));
    expect((await surgeryRow(t.deps.db, surgery.id))?.status).toBe('prep_doc');
    // From the version it now has, the move goes through.
    await expectOk(surgery.id, { new_status: 'env_doc', version: read.version + 1 }, 'env_doc');
  });

  it('refuses a version that is no positive integer (400, nothing written)', async () => {
    const surgery = await newCase({ status: 'ind_paciente' });
    for (const version of [0, -3, 1.5, 2147483648]) {
      await expectRefused(surgery.id, { new_status: 'prep_doc', version }, 400, {
        error: ['Versão da cirurgia inválida.'],
        version: ['Versão da cirurgia inválida.'],
      });
    }
    await expectRefused(surgery.id, { new_status: 'prep_doc', version: '1' }, 400, {
      error: ['Dados inválidos.'],
      version: ['Dados inválidos.'],
    });
  });
});

describe('what already happened cannot be dated after today (issue 11, item 17)', () => {
  function saoPauloDayAfter(days: number): string {
    const at = new Date(t.clock.now.getTime() + days * 86_400_000);
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
  }

  it('refuses a future accomplishment and payment date, and accepts today', async () => {
    const future = 'A data não pode ser depois de hoje!';
    const atRealization = await newCase({ status: 'realizacao' });
    await expectRefused(atRealization.id, { new_status: 'pagamento', accomplishment: saoPauloDayAfter(1) }, 400, {
      error: [future],
      accomplishment: [future],
    });
    await expectRefused(atRealization.id, { new_status: 'pagamento', accomplishment: '2062-01-01' }, 400, {
      error: [future],
      accomplishment: [future],
    });
    await expectOk(atRealization.id, { new_status: 'pagamento', accomplishment: saoPauloDayAfter(0) }, 'pagamento');

    const atPayment = await newCase({ status: 'pagamento' });
    await expectRefused(atPayment.id, { new_status: 'concluido', payment_done: 1500, date_payment: saoPauloDayAfter(2) }, 400, {
      error: [future],
      date_payment: [future],
    });
    await expectOk(atPayment.id, { new_status: 'concluido', payment_done: 1500, date_payment: saoPauloDayAfter(-1) }, 'concluido');
  });
});

describe('the documents’ sending date is not after today either (third week, item 6)', () => {
  const future = 'A data não pode ser depois de hoje!';
  function saoPauloDayAfter(days: number): string {
    const at = new Date(t.clock.now.getTime() + days * 86_400_000);
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
  }

  it('refuses a future document_arrivals on a save or an advance (400, nothing written), accepts today', async () => {
    const atSending = await newCase({ status: 'env_doc' });
    await expectRefused(atSending.id, { new_status: 'autorizacao', document_arrivals: saoPauloDayAfter(9) }, 400, {
      error: [future],
      document_arrivals: [future],
    });
    await expectRefused(atSending.id, { new_status: 'env_doc', document_arrivals: saoPauloDayAfter(1) }, 400, {
      error: [future],
      document_arrivals: [future],
    });
    const moved = await expectOk(atSending.id, { new_status: 'autorizacao', document_arrivals: saoPauloDayAfter(0) }, 'autorizacao');
    expect(moved.document_arrivals).toBe(saoPauloDayAfter(0));
  });

  it('answers 404 for another tenant’s case (nothing written)', async () => {
    const atSending = await newCase({ status: 'env_doc' });
    const body = { new_status: 'autorizacao', document_arrivals: saoPauloDayAfter(0) };
    await expectRefused(atSending.id, body, 404, SURGERY_NOT_FOUND, otherMedicToken);
  });
});
