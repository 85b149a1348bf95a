import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { CaseStatus } from '../../machines/constants';
import { LOSS_REASON_LABELS, LOSS_REASONS, type LossReason } from '../../machines/preoperative/constants';
import { surgeries, surgeryStatusHistory } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, statusHistory, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * Loss reasons (issue 13 item 5; DECISIONS §15 "Reasons"): archive_surgery / cancel_surgery take an optional
 * `reason` (LOSS_REASONS) and `reason_note` ('outro' needs it), stored on the move's status history row; the
 * Surgery answers the reason of a lost case; the dashboard counts the lost cases by reason, checked here against a
 * computation in the test over the same rows (read plainly, grouped in JS).
 */

type Route = 'archive_surgery' | 'cancel_surgery';

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

async function newCase(medicId: number, overrides: SurgeryOverrides = {}) {
  const patient = await insertPatient(t.deps.db, medicId);
  return insertSurgery(t.deps.db, patient, overrides);
}

function put(route: Route, id: number, token: string | null, body?: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/surgery/api/v1/${route}/${id}/`,
    headers: { ...(token ? authHeader(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function stored(id: number) {
  return { row: await surgeryRow(t.deps.db, id), history: await statusHistory(t.deps.db, id) };
}

const routeOf = (status: CaseStatus): Route => (status === 'pagamento' ? 'cancel_surgery' : 'archive_surgery');

describe('archive and cancel with a reason', () => {
  it('archives with a reason: the history row holds it, the Surgery answers it', async () => {
    const surgery = await newCase(medic.id, { status: 'autorizacao' });
    const res = await put('archive_surgery', surgery.id, secretaryToken, { reason: 'autorizacao_negada', reason_note: '  Plano negou a guia.  ' });
    expect(res.statusCode).toBe(200);
    expect(validateInjected('PUT', `/surgery/api/v1/archive_surgery/${surgery.id}/`, res)).toEqual([]);
    expect(res.json()).toMatchObject({ status: 'arquiv', loss_reason: 'autorizacao_negada', loss_reason_note: 'Plano negou a guia.' });
    const { history } = await stored(surgery.id);
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: 'autorizacao',
        toStatus: 'arquiv',
        changedBy: secretary.id,
        reason: 'autorizacao_negada',
        reasonNote: 'Plano negou a guia.',
      }),
    ]);
    const read = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${surgery.id}/`, headers: authHeader(medicToken) });
    expect(read.json()).toMatchObject({ loss_reason: 'autorizacao_negada', loss_reason_note: 'Plano negou a guia.' });
  });

  it('cancels with a reason and the version read', async () => {
    const surgery = await newCase(medic.id, { status: 'pagamento' });
    const res = await put('cancel_surgery', surgery.id, medicToken, { version: surgery.version, reason: 'financeiro' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelado', loss_reason: 'financeiro', loss_reason_note: null });
    expect((await stored(surgery.id)).history).toEqual([
      expect.objectContaining({ fromStatus: 'pagamento', toStatus: 'cancelado', reason: 'financeiro', reasonNote: null }),
    ]);
  });

  it("'outro' with its text; a blank note with another reason is stored as null", async () => {
    const other = await newCase(medic.id, { status: 'ind_paciente' });
    const res = await put('archive_surgery', other.id, medicToken, { reason: 'outro', reason_note: 'Mudou de cidade.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ loss_reason: 'outro', loss_reason_note: 'Mudou de cidade.' });
    const blank = await newCase(medic.id, { status: 'ind_paciente' });
    const res2 = await put('archive_surgery', blank.id, medicToken, { reason: 'paciente_desistiu', reason_note: '   ' });
    expect(res2.statusCode).toBe(200);
    expect((await stored(blank.id)).history[0]).toMatchObject({ reason: 'paciente_desistiu', reasonNote: null });
  });

  it('no body, or {} as SPEC §7 has it, still archives and cancels, with no reason stored', async () => {
    for (const [status, body] of [
      ['prep_doc', undefined],
      ['pagamento', {}],
    ] as const) {
      const surgery = await newCase(medic.id, { status });
      const res = await put(routeOf(status), surgery.id, medicToken, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ loss_reason: null, loss_reason_note: null });
      expect((await stored(surgery.id)).history).toEqual([expect.objectContaining({ reason: null, reasonNote: null })]);
    }
  });

  it('an active case answers no reason', async () => {
    const surgery = await newCase(medic.id, { status: 'agendamento' });
    const read = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${surgery.id}/`, headers: authHeader(medicToken) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ loss_reason: null, loss_reason_note: null });
  });
});

describe('bad reasons: 400 in pt-BR, nothing moved, nothing written', () => {
  const cases: Array<[string, unknown, Record<string, unknown>]> = [
    ['an unknown reason', { reason: 'desistiu' }, { error: ['Motivo inválido.'], reason: ['Motivo inválido.'] }],
    ['a reason of the wrong type', { reason: 3 }, { error: ['Motivo inválido.'], reason: ['Motivo inválido.'] }],
    ['a null reason', { reason: null }, { error: ['Motivo inválido.'], reason: ['Motivo inválido.'] }],
    ["'outro' without its text", { reason: 'outro' }, { error: ['Descreva o motivo.'], reason_note: ['Descreva o motivo.'] }],
    ["'outro' with a blank text", { reason: 'outro', reason_note: '  ' }, { error: ['Descreva o motivo.'], reason_note: ['Descreva o motivo.'] }],
    [
      'a text over 500 characters',
      { reason: 'financeiro', reason_note: 'x'.repeat(501) },
      {
        error: ['A descrição do motivo deve ter no máximo 500 caracteres.'],
        reason_note: ['A descrição do motivo deve ter no máximo 500 caracteres.'],
      },
    ],
    ['a text without a reason', { reason_note: 'Sem motivo' }, { error: ['Selecione o motivo da descrição.'], reason: ['Selecione o motivo da descrição.'] }],
  ];

  it.each(cases)('%s', async (_name, body, expected) => {
    for (const status of ['agendamento', 'pagamento'] as const) {
      const surgery = await newCase(medic.id, { status });
      const before = await stored(surgery.id);
      const url = `/surgery/api/v1/${routeOf(status)}/${surgery.id}/`;
      const res = await put(routeOf(status), surgery.id, medicToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
      expect(validateInjected('PUT', url, res)).toEqual([]);
      expect(await stored(surgery.id)).toEqual(before);
    }
  });

  it('exactly 500 characters are accepted', async () => {
    const surgery = await newCase(medic.id, { status: 'env_doc' });
    const note = 'é'.repeat(500);
    const res = await put('archive_surgery', surgery.id, medicToken, { reason: 'outro', reason_note: note });
    expect(res.statusCode).toBe(200);
    expect((await stored(surgery.id)).history[0]?.reasonNote).toBe(note);
  });

  it('a stale version with a valid reason is 409 and writes nothing', async () => {
    const surgery = await newCase(medic.id, { status: 'pagamento' });
    const before = await stored(surgery.id);
    const res = await put('cancel_surgery', surgery.id, medicToken, { version: surgery.version + 1, reason: 'financeiro' });
    expect(res.statusCode).toBe(409);
    expect(await stored(surgery.id)).toEqual(before);
  });
});

describe('tenancy and authentication', () => {
  it.each(['archive_surgery', 'cancel_surgery'] as const)('%s: another tenant is 404 and nothing is written', async (route) => {
    const surgery = await newCase(medic.id, { status: route === 'cancel_surgery' ? 'pagamento' : 'realizacao' });
    const before = await stored(surgery.id);
    for (const token of [otherMedicToken, unlinkedSecretaryToken]) {
      const res = await put(route, surgery.id, token, { reason: 'financeiro' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect(await stored(surgery.id)).toEqual(before);
  });

  it('401 without a token, with a reason', async () => {
    const surgery = await newCase(medic.id, { status: 'pagamento' });
    const res = await put('cancel_surgery', surgery.id, null, { reason: 'financeiro' });
    expect(res.statusCode).toBe(401);
    expect((await stored(surgery.id)).row.status).toBe('pagamento');
  });
});

type LostItem = { reason: LossReason | null; name: string; value: number };

/**
 * The lost cases of `medicIds` by reason, computed here from the plain rows: for each case now cancelado or arquiv,
 * the latest history row into that status (by time, then id) gives the reason; counts sorted by count, then
 * LOSS_REASONS' order, no reason last.
 */
async function expectedLost(medicIds: number[]): Promise<LostItem[]> {
  const cases = await t.deps.db.select().from(surgeries).where(inArray(surgeries.medicId, medicIds));
  const lost = cases.filter((row) => row.status === 'cancelado' || row.status === 'arquiv');
  const rows = lost.length
    ? await t.deps.db.select().from(surgeryStatusHistory).where(inArray(surgeryStatusHistory.surgeryId, lost.map((row) => row.id)))
    : [];
  const counts = new Map<LossReason | null, number>();
  for (const row of lost) {
    const into = rows
      .filter((h) => h.surgeryId === row.id && h.toStatus === row.status)
      .sort((a, b) => b.changedAt.getTime() - a.changedAt.getTime() || b.id - a.id);
    const reason = into[0]?.reason ?? null;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const rank = (reason: LossReason | null) => (reason === null ? LOSS_REASONS.length : LOSS_REASONS.indexOf(reason));
  return [...counts.entries()]
    .map(([reason, value]) => ({ reason, name: reason === null ? 'Sem motivo informado' : LOSS_REASON_LABELS[reason], value }))
    .sort((a, b) => b.value - a.value || rank(a.reason) - rank(b.reason));
}

describe('dashboard: cases lost by reason', () => {
  let lossMedic: TestAccount;
  let lossMedicToken: string;
  let lossSecretaryToken: string;
  let neighbourToken: string;

  async function dashboard(token: string) {
    const res = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/dashboard/', headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    expect(validateInjected('GET', '/surgery/api/v1/dashboard/', res)).toEqual([]);
    return res.json() as { lost_by_reason: LostItem[]; data: { distribution: Record<CaseStatus, number> } };
  }

  beforeAll(async () => {
    lossMedic = await createMedic(t.deps);
    const neighbour = await createMedic(t.deps);
    const lossSecretary = await createSecretary(t.deps, { medicIds: [lossMedic.id] });
    const token = async (account: TestAccount) => (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;
    lossMedicToken = await token(lossMedic);
    lossSecretaryToken = await token(lossSecretary);
    neighbourToken = await token(neighbour);

    const close = async (medicId: number, status: CaseStatus, body: unknown, as: string) => {
      const surgery = await newCase(medicId, { status });
      t.clock.advance(1000);
      const res = await put(routeOf(status), surgery.id, as, body);
      expect(res.statusCode).toBe(200);
      return surgery;
    };
    // Through the API: financeiro 3 (one cancelled), paciente_desistiu 2, outro 1, autorizacao_negada 1 (cancelled),
    // and 2 without a reason (no body; {}).
    await close(lossMedic.id, 'agendamento', { reason: 'financeiro' }, lossMedicToken);
    await close(lossMedic.id, 'ind_paciente', { reason: 'financeiro', reason_note: 'Sem cobertura.' }, lossSecretaryToken);
    await close(lossMedic.id, 'pagamento', { reason: 'financeiro' }, lossSecretaryToken);
    await close(lossMedic.id, 'prep_doc', { reason: 'paciente_desistiu' }, lossMedicToken);
    await close(lossMedic.id, 'realizacao', { reason: 'paciente_desistiu' }, lossMedicToken);
    await close(lossMedic.id, 'env_doc', { reason: 'outro', reason_note: 'Óbito.' }, lossMedicToken);
    await close(lossMedic.id, 'pagamento', { reason: 'autorizacao_negada' }, lossMedicToken);
    await close(lossMedic.id, 'autorizacao', undefined, lossMedicToken);
    await close(lossMedic.id, 'pagamento', {}, lossMedicToken);
    // A lost case stored without any history row (older data): no reason.
    await newCase(lossMedic.id, { status: 'cancelado' });
    // A case whose latest row into arquiv differs from an older one: the latest counts (opme_indisponivel).
    const twice = await newCase(lossMedic.id, { status: 'arquiv' });
    const at = t.clock.now.getTime();
    await t.deps.db.insert(surgeryStatusHistory).values([
      { surgeryId: twice.id, fromStatus: 'agendamento', toStatus: 'arquiv', reason: 'financeiro', changedAt: new Date(at - 60_000) },
      { surgeryId: twice.id, fromStatus: 'agendamento', toStatus: 'arquiv', reason: 'opme_indisponivel', changedAt: new Date(at) },
    ]);
    // An active case with a reason on a history row (no move out of it): not lost, not counted.
    const active = await newCase(lossMedic.id, { status: 'agendamento' });
    await t.deps.db
      .insert(surgeryStatusHistory)
      .values({ surgeryId: active.id, fromStatus: 'autorizacao', toStatus: 'agendamento', reason: 'condicao_clinica' });
    // Another medic's lost case with a reason: only hers.
    await close(neighbour.id, 'agendamento', { reason: 'condicao_clinica' }, neighbourToken);
  });

  it('counts the medic’s cancelled and archived cases by the reason that closed them, as computed from the rows', async () => {
    const body = await dashboard(lossMedicToken);
    expect(body.lost_by_reason).toEqual(await expectedLost([lossMedic.id]));
    // Written out by hand too: financeiro 3; paciente_desistiu 2; no reason 3 (no body, {}, no row); outro 1;
    // autorizacao_negada 1; opme_indisponivel 1 (the latest row). Ties in the list's order, no reason last.
    expect(body.lost_by_reason).toEqual([
      { reason: 'financeiro', name: 'Motivo financeiro', value: 3 },
      { reason: null, name: 'Sem motivo informado', value: 3 },
      { reason: 'paciente_desistiu', name: 'Paciente desistiu', value: 2 },
      { reason: 'autorizacao_negada', name: 'Autorização negada', value: 1 },
      { reason: 'opme_indisponivel', name: 'OPME indisponível', value: 1 },
      { reason: 'outro', name: 'Outro motivo', value: 1 },
    ]);
    // Every lost case of the distribution is in exactly one reason.
    const total = body.lost_by_reason.reduce((sum, item) => sum + item.value, 0);
    expect(total).toBe(body.data.distribution.cancelado + body.data.distribution.arquiv);
  });

  it('the linked secretary sees the same; the other medic only hers', async () => {
    expect((await dashboard(lossSecretaryToken)).lost_by_reason).toEqual(await expectedLost([lossMedic.id]));
    expect((await dashboard(neighbourToken)).lost_by_reason).toEqual([
      { reason: 'condicao_clinica', name: 'Condição clínica do paciente', value: 1 },
    ]);
  });
});
