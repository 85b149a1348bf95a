import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surgeryAuthorizations } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { authHeader, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND, stageConflict } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * The authorization records (issue 13; DECISIONS §15): GET/PUT surgery/{id}/authorizations/…, the toggles of
 * update/{id}/ kept in step both ways, the Surgery answer's `authorization_alerts` and the homes' alerts list.
 * The clock is fixed at 2026-11-27 (São Paulo) so the alerts' day counts are exact.
 */

const TODAY = '2026-11-27';

let t: TestApp;
let ids: Awaited<ReturnType<typeof lookupIds>>;
let medic: TestAccount;
let medicToken: string;
let secretaryToken: string;
let otherMedicToken: string;
let unlinkedSecretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date(`${TODAY}T15:00:00Z`);
  ids = await lookupIds(t.deps.db);
  ({ medic, medicToken, secretaryToken, otherMedicToken, unlinkedSecretaryToken } = await signInTenants(t));
});
afterAll(async () => {
  await t?.close();
});

async function newCase(overrides: SurgeryOverrides = {}) {
  const patient = await insertPatient(t.deps.db, medic.id);
  return insertSurgery(t.deps.db, patient, { status: 'autorizacao', ...overrides });
}

const planCase = (overrides: SurgeryOverrides = {}) =>
  newCase({ paymentFountains: 'plano_saude', healthPlanId: ids.healthPlanIds[0]!, opme: true, ...overrides });

function list(id: number | string, token: string | null = medicToken) {
  return t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/authorizations/`, headers: token ? authHeader(token) : {} });
}

function put(id: number | string, payer: string, payload: unknown, token: string | null = secretaryToken) {
  return t.app.inject({
    method: 'PUT',
    url: `/surgery/api/v1/surgery/${id}/authorizations/${payer}/`,
    headers: token ? authHeader(token) : {},
    payload: payload as Record<string, unknown>,
  });
}

function update(id: number, payload: Record<string, unknown>, token = secretaryToken) {
  return t.app.inject({ method: 'PUT', url: `/surgery/api/v1/update/${id}/`, headers: authHeader(token), payload });
}

const record = (over: Record<string, unknown> = {}) => ({
  status: 'aprovada',
  requested_on: '2026-11-10',
  protocol: 'GUIA-778812',
  password: 'S3NH4',
  decided_on: '2026-11-20',
  valid_until: '2026-12-20',
  notes: 'Liberada por telefone',
  ...over,
});

async function storedRecords(surgeryId: number) {
  return t.deps.db.select().from(surgeryAuthorizations).where(eq(surgeryAuthorizations.surgeryId, surgeryId));
}

const pending = (payer: string) => ({
  payer,
  status: 'pendente',
  requested_on: null,
  protocol: null,
  password: null,
  decided_on: null,
  valid_until: null,
  notes: null,
});

describe('GET surgery/{id}/authorizations/', () => {
  it('the payers that apply, in order; a missing row reads as the toggle or pendente', async () => {
    const surgery = await planCase({ stepData: { planApprovals: 'negada' } });
    const res = await list(surgery.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [pending('hospital'), { ...pending('plano'), status: 'negada' }, pending('opme')] });
  });

  it('a private case without OPME: the hospital only', async () => {
    const surgery = await newCase({ paymentFountains: 'particular', opme: false });
    expect((await list(surgery.id, secretaryToken)).json()).toEqual({ results: [pending('hospital')] });
  });
});

describe('PUT surgery/{id}/authorizations/{payer}/', () => {
  it('records a request, then the approval: the toggle mirrors it and the version goes up', async () => {
    const surgery = await planCase();
    const asked = await put(surgery.id, 'plano', record({ status: 'solicitada', decided_on: null, valid_until: null, password: null }));
    expect(asked.statusCode).toBe(200);
    expect(asked.json().authorization).toEqual({
      payer: 'plano',
      status: 'solicitada',
      requested_on: '2026-11-10',
      protocol: 'GUIA-778812',
      password: null,
      decided_on: null,
      valid_until: null,
      notes: 'Liberada por telefone',
    });
    expect(asked.json().surgery.version).toBe(surgery.version + 1);
    expect((await surgeryRow(t.deps.db, surgery.id)).planApprovals).toBeNull();

    const approved = await put(surgery.id, 'plano', record({ version: surgery.version + 1 }));
    expect(approved.statusCode).toBe(200);
    expect(approved.json().authorization).toMatchObject({ status: 'aprovada', decided_on: '2026-11-20', valid_until: '2026-12-20' });
    expect(approved.json().surgery.version).toBe(surgery.version + 2);
    const row = await surgeryRow(t.deps.db, surgery.id);
    expect(row.planApprovals).toBe('aprovada');
    expect((await list(surgery.id)).json().results[1]).toMatchObject({ payer: 'plano', status: 'aprovada', protocol: 'GUIA-778812' });
    // The approvals read of SPEC sees it too.
    const approvals = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/approvals/${surgery.id}/`, headers: authHeader(medicToken) });
    expect(approvals.json()).toMatchObject({ plan_approvals: 'aprovada', hospital_approvals: null });
  });

  it('negada mirrors negada; parcial and pendente clear the toggle', async () => {
    const surgery = await planCase();
    expect((await put(surgery.id, 'hospital', record({ status: 'negada', valid_until: null }))).statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).hospitalApprovals).toBe('negada');
    expect((await put(surgery.id, 'hospital', record({ status: 'parcial' }))).statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).hospitalApprovals).toBeNull();
    expect((await put(surgery.id, 'opme', record())).statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).opmeApprovals).toBe('aprovada');
    expect((await put(surgery.id, 'opme', record({ status: 'pendente', decided_on: null }))).statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).opmeApprovals).toBeNull();
  });

  it('a decided status without a decision date is decided today', async () => {
    const surgery = await newCase();
    const res = await put(surgery.id, 'hospital', record({ decided_on: null }));
    expect(res.json().authorization.decided_on).toBe(TODAY);
  });

  it('approving every record lets the case move on with SPEC rule intact', async () => {
    const surgery = await planCase();
    const moveOn = () => update(surgery.id, { new_status: 'agendamento' });
    let res = await moveOn();
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(['Todos os status tem que está aprovado!']);
    for (const payer of ['hospital', 'plano', 'opme']) expect((await put(surgery.id, payer, record())).statusCode).toBe(200);
    res = await moveOn();
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('agendamento');
  });

  it('each body rule: 400 in pt-BR, nothing written', async () => {
    const surgery = await newCase();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [record({ status: 'solicitada', requested_on: null, decided_on: null }), { requested_on: ['Informe a data da solicitação.'] }],
      [record({ status: 'solicitada' }), { decided_on: ['Uma autorização pendente ou solicitada ainda não tem data de decisão.'] }],
      [record({ decided_on: '2026-11-01' }), { decided_on: ['A data da decisão não pode ser antes da data da solicitação.'] }],
      [record({ valid_until: '2026-11-19' }), { valid_until: ['A validade não pode ser antes da data da decisão.'] }],
      [record({ requested_on: '2026-11-28', decided_on: null }), { requested_on: ['A data não pode ser depois de hoje!'] }],
      [record({ status: 'ok' }), { status: ['Situação da autorização inválida: use pendente, solicitada, aprovada, parcial ou negada.'] }],
      [record({ protocol: 'x'.repeat(61) }), { protocol: ['O número do protocolo ou da guia deve ter no máximo 60 caracteres.'] }],
      [record({ valid_until: '31/12/2026' }), { valid_until: ['Data de validade inválida.'] }],
    ];
    for (const [payload, fields] of cases) {
      const res = await put(surgery.id, 'hospital', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: Object.values(fields).flat(), ...fields });
    }
    for (const payload of [[], { status: 'aprovada' }, { ...record(), extra: 1 }]) {
      expect((await put(surgery.id, 'hospital', payload)).statusCode).toBe(400);
    }
    expect(await storedRecords(surgery.id)).toEqual([]);
    expect((await surgeryRow(t.deps.db, surgery.id)).version).toBe(surgery.version);
  });

  it('the OPME record is approved only when every OPME item is decided (DECISIONS §15), as its toggle', async () => {
    const surgery = await planCase();
    const item = { description: 'Parafuso pedicular', quantity: 4, suppliers: [{ supplier: 'A' }, { supplier: 'B' }, { supplier: 'C' }] };
    const created = await t.app.inject({
      method: 'POST',
      url: `/surgery/api/v1/surgery/${surgery.id}/opme/`,
      headers: authHeader(secretaryToken),
      payload: item,
    });
    expect(created.statusCode, created.body).toBe(201);
    const itemId = (created.json() as { results: Array<{ id: number }> }).results[0]!.id;
    const message = 'Decida a autorização de todos os itens de OPME (autorizado, parcial ou negado) antes de aprovar a OPME.';
    const refused = await put(surgery.id, 'opme', record());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: [message], status: [message] });
    expect(await storedRecords(surgery.id)).toEqual([]);
    // Any other status is recorded while the item waits.
    expect((await put(surgery.id, 'opme', record({ status: 'solicitada', decided_on: null }))).statusCode).toBe(200);
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/surgery/api/v1/surgery/${surgery.id}/opme/${itemId}/`,
      headers: authHeader(secretaryToken),
      payload: { ...item, decision: 'parcial', authorized_quantity: 2 },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const approved = await put(surgery.id, 'opme', record());
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).opmeApprovals).toBe('aprovada');
  });

  it('a payer that does not apply: 400; an unknown payer: 404', async () => {
    const surgery = await newCase({ paymentFountains: 'particular', opme: false });
    let res = await put(surgery.id, 'plano', record());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ['A autorização do plano não se aplica: a fonte pagadora não é Plano de Saúde.'] });
    res = await put(surgery.id, 'opme', record());
    expect(res.json()).toEqual({ error: ['A autorização da OPME não se aplica: esta cirurgia não usa OPME.'] });
    res = await put(surgery.id, 'convenio', record());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ['Autorização não encontrada.'] });
    expect(await storedRecords(surgery.id)).toEqual([]);
  });

  it('after the authorization step the status is locked, the rest still editable', async () => {
    const surgery = await newCase({ status: 'agendamento', stepData: { hospitalApprovals: 'aprovada' } });
    let res = await put(surgery.id, 'hospital', record({ status: 'parcial' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual([
      'A situação da autorização só pode mudar até a etapa Autorização; depois dela, altere apenas os demais dados.',
    ]);
    res = await put(surgery.id, 'hospital', record({ valid_until: '2027-01-30' }));
    expect(res.statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).hospitalApprovals).toBe('aprovada');
  });

  it('a closed case or a stale version: 409 with the actual status, nothing written', async () => {
    const closed = await newCase({ status: 'arquiv' });
    let res = await put(closed.id, 'hospital', record());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(stageConflict('arquiv'));
    const open = await newCase();
    res = await put(open.id, 'hospital', record({ version: open.version + 5 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(stageConflict('autorizacao'));
    expect(await storedRecords(open.id)).toEqual([]);
  });

  it('another tenant, a missing case or a bad id: 404; no token: 401', async () => {
    const surgery = await newCase();
    for (const [id, token] of [
      [surgery.id, otherMedicToken],
      [surgery.id, unlinkedSecretaryToken],
      [surgery.id + 10_000, medicToken],
      ['abc', medicToken],
    ] as const) {
      expect((await list(id, token)).json()).toEqual(SURGERY_NOT_FOUND);
      const res = await put(id, 'hospital', record(), token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect(await storedRecords(surgery.id)).toEqual([]);
    expect((await list(surgery.id, null)).statusCode).toBe(401);
    expect((await put(surgery.id, 'hospital', record(), null)).statusCode).toBe(401);
    const alerts = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/authorization_alerts/' });
    expect(alerts.statusCode).toBe(401);
  });
});

describe('update/{id}/ toggles write the records', () => {
  it('aprovada/negada set the status (decided today, once); null goes back to solicitada or pendente', async () => {
    const surgery = await planCase();
    expect((await put(surgery.id, 'hospital', record({ status: 'solicitada', decided_on: null, valid_until: null }))).statusCode).toBe(200);
    const version = (await surgeryRow(t.deps.db, surgery.id)).version;
    expect((await update(surgery.id, { new_status: 'autorizacao', hospital_approvals: 'aprovada', plan_approvals: 'negada', version })).statusCode).toBe(200);
    let results = (await list(surgery.id)).json().results;
    expect(results[0]).toMatchObject({ status: 'aprovada', decided_on: TODAY, requested_on: '2026-11-10', protocol: 'GUIA-778812' });
    expect(results[1]).toMatchObject({ status: 'negada', decided_on: TODAY, requested_on: null });
    expect(results[2]).toMatchObject({ status: 'pendente' });

    expect((await update(surgery.id, { new_status: 'autorizacao', hospital_approvals: null, plan_approvals: null })).statusCode).toBe(200);
    results = (await list(surgery.id)).json().results;
    expect(results[0]).toMatchObject({ status: 'solicitada', decided_on: null, protocol: 'GUIA-778812' });
    expect(results[1]).toMatchObject({ status: 'pendente', decided_on: null });
  });

  it('a parcial record stays parcial when its toggle is sent cleared; the decision date is kept when set', async () => {
    const surgery = await newCase();
    expect((await put(surgery.id, 'hospital', record({ status: 'parcial', decided_on: '2026-11-21' }))).statusCode).toBe(200);
    expect((await update(surgery.id, { new_status: 'autorizacao', hospital_approvals: null })).statusCode).toBe(200);
    expect((await list(surgery.id)).json().results[0]).toMatchObject({ status: 'parcial', decided_on: '2026-11-21' });
  });

  it('turning the approval on over a parcial record keeps the record’s answer (third week, item 9)', async () => {
    const surgery = await planCase();
    expect((await put(surgery.id, 'opme', record({ status: 'parcial', decided_on: '2026-11-21' }))).statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).opmeApprovals).toBeNull();
    expect((await update(surgery.id, { new_status: 'autorizacao', opme_approvals: 'aprovada' })).statusCode).toBe(200);
    // The approval is on (the case may move on) and the record still says what the payer answered.
    expect((await surgeryRow(t.deps.db, surgery.id)).opmeApprovals).toBe('aprovada');
    expect((await list(surgery.id)).json().results[2]).toMatchObject({ payer: 'opme', status: 'parcial', decided_on: '2026-11-21' });
    // Editing the record's other fields keeps both; a record changed to another status speaks for itself again.
    const version = (await surgeryRow(t.deps.db, surgery.id)).version;
    expect((await put(surgery.id, 'opme', record({ status: 'parcial', password: 'NOVA', version }))).statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).opmeApprovals).toBe('aprovada');
    expect((await put(surgery.id, 'opme', record({ status: 'solicitada', decided_on: null, valid_until: null }))).statusCode).toBe(200);
    expect((await surgeryRow(t.deps.db, surgery.id)).opmeApprovals).toBeNull();
    // Turned off, the approval is a formal denial (the page asks first), over a parcial record too.
    expect((await put(surgery.id, 'opme', record({ status: 'parcial' }))).statusCode).toBe(200);
    expect((await update(surgery.id, { new_status: 'autorizacao', opme_approvals: 'negada' })).statusCode).toBe(200);
    expect((await list(surgery.id)).json().results[2]).toMatchObject({ status: 'negada' });
  });

  it('a refused toggle writes no record', async () => {
    const surgery = await newCase({ paymentFountains: 'particular' });
    expect((await update(surgery.id, { new_status: 'autorizacao', plan_approvals: 'aprovada' })).statusCode).toBe(400);
    expect(await storedRecords(surgery.id)).toEqual([]);
  });
});

describe('alerts', () => {
  it('the Surgery answer carries the case alerts, and the homes list them soonest first', async () => {
    const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Alerta Vence Logo' });
    const soon = await insertSurgery(t.deps.db, patient, {
      status: 'autorizacao',
      paymentFountains: 'plano_saude',
      healthPlanId: ids.healthPlanIds[0]!,
    });
    expect((await put(soon.id, 'hospital', record({ valid_until: '2026-11-30' }))).statusCode).toBe(200);
    const saved = await put(soon.id, 'plano', record({ valid_until: '2026-11-20', decided_on: '2026-11-12' }));
    expect(saved.json().surgery.authorization_alerts).toEqual([
      { payer: 'plano', kind: 'expired', valid_until: '2026-11-20', message: 'Autorização do plano de saúde venceu em 20/11/2026' },
      { payer: 'hospital', kind: 'expiring', valid_until: '2026-11-30', message: 'Autorização do hospital vence em 3 dias (30/11/2026)' },
    ]);
    const read = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${soon.id}/`, headers: authHeader(medicToken) });
    expect(read.json().authorization_alerts).toHaveLength(2);

    const later = await newCase({ status: 'agendamento', opme: true, schedule: new Date('2027-02-10T13:00:00Z'), stepData: { opmeApprovals: 'aprovada', hospitalApprovals: 'aprovada' } });
    expect((await put(later.id, 'opme', record({ valid_until: '2027-02-01' }))).statusCode).toBe(200);
    // A record far from expiring, a pending one, and an operated case give no alert.
    expect((await put(later.id, 'hospital', record({ valid_until: '2027-06-01' }))).statusCode).toBe(200);
    const operated = await newCase({ status: 'pagamento', stepData: { hospitalApprovals: 'aprovada' } });
    await t.deps.db.insert(surgeryAuthorizations).values({ surgeryId: operated.id, payer: 'hospital', status: 'aprovada', validUntil: '2026-11-01' });

    const res = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/authorization_alerts/', headers: authHeader(secretaryToken) });
    expect(res.statusCode).toBe(200);
    const mine = res.json().results.filter((item: { surgery_id: number }) => [soon.id, later.id, operated.id].includes(item.surgery_id));
    expect(mine).toEqual([
      {
        surgery_id: soon.id,
        status: 'autorizacao',
        schedule: null,
        patient: { id: patient.id, nome_completo: 'Alerta Vence Logo' },
        payer: 'plano',
        kind: 'expired',
        valid_until: '2026-11-20',
        message: 'Autorização do plano de saúde venceu em 20/11/2026',
      },
      expect.objectContaining({ surgery_id: soon.id, payer: 'hospital', kind: 'expiring' }),
      expect.objectContaining({
        surgery_id: later.id,
        payer: 'opme',
        kind: 'before_schedule',
        schedule: '2027-02-10T10:00:00-03:00',
        message: 'Autorização da OPME vence antes da cirurgia (vence em 01/02/2027; cirurgia em 10/02/2027)',
      }),
    ]);
    // Sorted by validity across every visible case.
    const dates = res.json().results.map((item: { valid_until: string }) => item.valid_until);
    expect(dates).toEqual([...dates].sort());

    // Another medic sees none of them; a day later the counts move.
    const other = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/authorization_alerts/', headers: authHeader(otherMedicToken) });
    expect(other.json()).toEqual({ results: [] });
    t.clock.advance(24 * 60 * 60 * 1000);
    try {
      const token = (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token;
      const next = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${soon.id}/`, headers: authHeader(token) });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().authorization_alerts[1].message).toBe('Autorização do hospital vence em 2 dias (30/11/2026)');
    } finally {
      t.clock.advance(-24 * 60 * 60 * 1000);
    }
  });
});
