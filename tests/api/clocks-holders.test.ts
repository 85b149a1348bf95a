import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_STATUSES, type CaseStatus } from '../../machines/constants';
import { DEFAULT_STAGE_TARGET_DAYS } from '../../machines/preoperative/constants';
import { stageTargets } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, surgeryRow } from '../helpers/clinical-fixtures';
import { authHeader, countRows, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants, type Tenants } from '../helpers/tenants';

/**
 * Clocks and holders (issue 13 item 4; DECISIONS §15): GET/PUT stage_targets/, the Surgery's days_in_stage,
 * stage_target_days, overdue and holder at a fixed clock (checked against a computation of the São Paulo days made
 * here with Intl, not the server's SQL), the list's overdue=true and mine=true, and the holder's rules.
 */

const FORBIDDEN = { error: ['Você não tem permissão para esta ação.'] };
const TARGETS_URL = '/project_auth/api/v1/stage_targets/';
const HOLDER_NOT_ALLOWED = 'O responsável deve ser o médico do caso ou uma secretária vinculada a ele.';

/** 09:00 in São Paulo on 10 March 2026. */
const NOW = new Date('2026-03-10T12:00:00Z');

let t: TestApp;
let tenants: Tenants;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = NOW;
  tenants = await signInTenants(t);
});
afterAll(async () => {
  await t?.close();
});

/** The São Paulo calendar day of an instant, by the platform's time-zone data (independent of the server's SQL). */
function saoPauloDayOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** Whole calendar days between the São Paulo days of two instants. */
function expectedDays(changedAt: Date, now: Date): number {
  return (Date.parse(`${saoPauloDayOf(now)}T00:00:00Z`) - Date.parse(`${saoPauloDayOf(changedAt)}T00:00:00Z`)) / 86_400_000;
}

async function newCase(medic: TestAccount, status: CaseStatus, statusChangedAt: Date) {
  const patient = await insertPatient(t.deps.db, medic.id);
  return insertSurgery(t.deps.db, patient, { status, statusChangedAt });
}

function getTargets(token: string | null, query = '') {
  return t.app.inject({ method: 'GET', url: `${TARGETS_URL}${query}`, headers: token ? authHeader(token) : {} });
}

function putTargets(token: string | null, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: TARGETS_URL, headers: token ? authHeader(token) : {}, payload: payload as object });
}

function readCase(id: number, token: string) {
  return t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/`, headers: authHeader(token) });
}

function setHolder(id: number | string, token: string | null, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/surgery/api/v1/surgery/${id}/holder/`,
    headers: token ? authHeader(token) : {},
    payload: payload as object,
  });
}

async function listIds(token: string, query: string): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${query}`, headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { results: Array<{ id: number }>; count: number };
  expect(body.count).toBe(body.results.length);
  return body.results.map((row) => row.id).sort((a, b) => a - b);
}

const targetRows = (medicId: number) => t.deps.db.select().from(stageTargets).where(eq(stageTargets.medicId, medicId));

describe('stage targets', () => {
  it('a medic who never changed them reads the defaults of DECISIONS §15', async () => {
    const res = await getTargets(tenants.medicToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ind_paciente: 3, prep_doc: 5, env_doc: 3, autorizacao: 10, agendamento: 7, realizacao: 2, pagamento: 30 });
  });

  it('the medic saves all seven; the next read and a linked secretary see them; another medic keeps the defaults', async () => {
    const { otherMedic } = tenants;
    const saved = { ind_paciente: 1, prep_doc: 2, env_doc: 4, autorizacao: 15, agendamento: 365, realizacao: 1, pagamento: 45 };
    const res = await putTargets(tenants.otherMedicToken, saved);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(saved);
    expect((await getTargets(tenants.otherMedicToken)).json()).toEqual(saved);
    expect((await getTargets(tenants.otherMedicToken, `?medic=${otherMedic.id}`)).json()).toEqual(saved);
    // The secretary linked to the other medic reads his.
    expect((await getTargets(tenants.unlinkedSecretaryToken, `?medic=${otherMedic.id}`)).json()).toEqual(saved);
    expect((await getTargets(tenants.medicToken)).json()).toEqual(DEFAULT_STAGE_TARGET_DAYS);
    // Saved again: updated in place, seven rows.
    const again = { ...saved, agendamento: 8 };
    expect((await putTargets(tenants.otherMedicToken, again)).json()).toEqual(again);
    expect(await targetRows(otherMedic.id)).toHaveLength(7);
  });

  it('a secretary reads only her medics\' targets, naming the medic; a medic only his own', async () => {
    const missing = await getTargets(tenants.secretaryToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: ['Informe o médico (medic).'], medic: ['Informe o médico (medic).'] });
    for (const [token, query] of [
      [tenants.secretaryToken, `?medic=${tenants.otherMedic.id}`],
      [tenants.medicToken, `?medic=${tenants.otherMedic.id}`],
    ] as const) {
      const res = await getTargets(token, query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ['Médico não encontrado.'] });
    }
    const bad = await getTargets(tenants.secretaryToken, '?medic=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(['Médico inválido.']);
    expect((await getTargets(tenants.secretaryToken, `?medic=${tenants.medic.id}`)).statusCode).toBe(200);
  });

  it('a secretary cannot save them: 403, nothing written', async () => {
    const before = await countRows(t.deps.db, stageTargets);
    const res = await putTargets(tenants.secretaryToken, DEFAULT_STAGE_TARGET_DAYS);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    expect(await countRows(t.deps.db, stageTargets)).toBe(before);
  });

  it('bad targets: a pt-BR 400 naming the stage, nothing written', async () => {
    const { medic, medicToken } = tenants;
    const cases: Array<[unknown, string, string]> = [
      [{ ...DEFAULT_STAGE_TARGET_DAYS, prep_doc: 0 }, 'prep_doc', 'O prazo da etapa "Preparação de documentação" deve ser um número inteiro de 1 a 365 dias.'],
      [{ ...DEFAULT_STAGE_TARGET_DAYS, pagamento: 366 }, 'pagamento', 'O prazo da etapa "Pagamento de honorário" deve ser um número inteiro de 1 a 365 dias.'],
      [{ ...DEFAULT_STAGE_TARGET_DAYS, env_doc: 2.5 }, 'env_doc', 'O prazo da etapa "Envio de documentação (Hospital)" deve ser um número inteiro de 1 a 365 dias.'],
      [{ ...DEFAULT_STAGE_TARGET_DAYS, autorizacao: '10' }, 'autorizacao', 'O prazo da etapa "Autorização" deve ser um número inteiro de 1 a 365 dias.'],
      [{ ...DEFAULT_STAGE_TARGET_DAYS, realizacao: undefined }, 'realizacao', 'Informe o prazo da etapa "Realização de cirurgia".'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await putTargets(medicToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: [message], [field]: [message] });
    }
    const extra = await putTargets(medicToken, { ...DEFAULT_STAGE_TARGET_DAYS, concluido: 3 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toEqual(['Campo não reconhecido: concluido.']);
    expect(await targetRows(medic.id)).toEqual([]);
  });

  it('401 without a token', async () => {
    expect((await getTargets(null)).statusCode).toBe(401);
    expect((await putTargets(null, DEFAULT_STAGE_TARGET_DAYS)).statusCode).toBe(401);
  });
});

describe('days in stage, target and overdue on the Surgery', () => {
  it('counts São Paulo days to today and flags cases past their target (strictly more days)', async () => {
    const own = await signInTenants(t);
    // [status, when it entered the stage]: evening UTC instants that are still the previous day in São Paulo.
    const entries: Array<[CaseStatus, Date]> = [
      ['ind_paciente', new Date('2026-03-06T02:30:00Z')], // 5 March 23:30 in São Paulo: 5 days > 3
      ['prep_doc', new Date('2026-03-05T12:00:00Z')], // 5 days = 5: on time
      ['env_doc', new Date('2026-03-10T02:59:00Z')], // 9 March 23:59: 1 day
      ['autorizacao', new Date('2026-02-27T15:00:00Z')], // 11 days > 10
      ['agendamento', new Date('2026-03-10T11:00:00Z')], // today: 0
      ['realizacao', new Date('2026-03-07T03:00:00Z')], // 7 March 00:00: 3 days > 2
      ['pagamento', new Date('2026-02-08T13:00:00Z')], // 30 days = 30: on time
    ];
    const rows = [];
    for (const [status, at] of entries) rows.push(await newCase(own.medic, status, at));
    for (const [index, row] of rows.entries()) {
      const [status, at] = entries[index]!;
      const body = (await readCase(row.id, own.medicToken)).json();
      const days = expectedDays(at, NOW);
      const target = DEFAULT_STAGE_TARGET_DAYS[status as keyof typeof DEFAULT_STAGE_TARGET_DAYS];
      expect(body).toMatchObject({ days_in_stage: days, stage_target_days: target, overdue: days > target });
    }
    const flagged = rows.filter((_, index) => {
      const [status, at] = entries[index]!;
      return expectedDays(at, NOW) > DEFAULT_STAGE_TARGET_DAYS[status as keyof typeof DEFAULT_STAGE_TARGET_DAYS];
    });
    expect(flagged.map((row) => row.status)).toEqual(['ind_paciente', 'autorizacao', 'realizacao']);

    // The medic's own target counts, and the clock moves on with the app's.
    expect((await putTargets(own.medicToken, { ...DEFAULT_STAGE_TARGET_DAYS, prep_doc: 4 })).statusCode).toBe(200);
    expect((await readCase(rows[1]!.id, own.medicToken)).json()).toMatchObject({ days_in_stage: 5, stage_target_days: 4, overdue: true });
    t.clock.advance(86_400_000);
    try {
      // Signed in again: a day later the first sign-in's access token has expired.
      const token = (await signIn(t.app, own.medic.email, TEST_PASSWORD)).access_token;
      expect((await readCase(rows[6]!.id, token)).json()).toMatchObject({ days_in_stage: 31, overdue: true });
      expect((await readCase(rows[4]!.id, token)).json()).toMatchObject({ days_in_stage: 1, overdue: false });
    } finally {
      t.clock.now = NOW;
    }
  });

  it('at realizacao the target counts from the surgery\'s day when it is later than the stage\'s first day', async () => {
    const own = await signInTenants(t);
    const entered = new Date('2026-02-28T15:00:00Z'); // 10 days in the stage
    const at = async (schedule: string | null) => {
      const patient = await insertPatient(t.deps.db, own.medic.id);
      const row = await insertSurgery(t.deps.db, patient, {
        status: 'realizacao',
        statusChangedAt: entered,
        schedule: schedule === null ? null : new Date(schedule),
      });
      return (await readCase(row.id, own.medicToken)).json();
    };
    // Surgery next week: ten days in the stage, yet not late for a 2-day target that starts on the surgery's day.
    expect(await at('2026-03-17T13:00:00Z')).toMatchObject({ days_in_stage: 10, stage_target_days: 2, overdue: false });
    // Surgery on 8 March (São Paulo), unrecorded 2 days later: on time; on 7 March, 3 days later: late.
    expect(await at('2026-03-08T13:00:00Z')).toMatchObject({ days_in_stage: 10, overdue: false });
    expect(await at('2026-03-07T13:00:00Z')).toMatchObject({ days_in_stage: 10, overdue: true });
    // 22:30 UTC on 9 March is 19:30 in São Paulo, still 9 March: 1 day after, on time.
    expect(await at('2026-03-09T22:30:00Z')).toMatchObject({ overdue: false });
    // Without a schedule the stage's own first day counts.
    expect(await at(null)).toMatchObject({ days_in_stage: 10, overdue: true });
  });

  it('a closed case has no clock', async () => {
    const own = await signInTenants(t);
    for (const status of ['concluido', 'cancelado', 'arquiv'] as const) {
      const row = await newCase(own.medic, status, new Date('2025-01-01T12:00:00Z'));
      expect((await readCase(row.id, own.medicToken)).json()).toMatchObject({ days_in_stage: null, stage_target_days: null, overdue: false });
    }
  });

  it('the list answers the same fields, and overdue=true keeps only the cases past their target', async () => {
    const own = await signInTenants(t);
    const late = await newCase(own.medic, 'env_doc', new Date('2026-03-01T12:00:00Z')); // 9 > 3
    const onTime = await newCase(own.medic, 'env_doc', new Date('2026-03-07T12:00:00Z')); // 3 = 3
    const lateAuth = await newCase(own.medic, 'autorizacao', new Date('2026-01-10T12:00:00Z'));
    const archived = await newCase(own.medic, 'arquiv', new Date('2025-01-01T12:00:00Z'));
    const all = await t.app.inject({ method: 'GET', url: '/surgery/api/v1/surgery/', headers: authHeader(own.medicToken) });
    const byId = new Map((all.json().results as Array<{ id: number; overdue: boolean }>).map((row) => [row.id, row]));
    expect(byId.get(late.id)).toMatchObject({ days_in_stage: 9, stage_target_days: 3, overdue: true });
    expect(byId.get(onTime.id)).toMatchObject({ days_in_stage: 3, overdue: false });
    expect(await listIds(own.medicToken, '?overdue=true')).toEqual([late.id, lateAuth.id].sort((a, b) => a - b));
    expect(await listIds(own.secretaryToken, '?overdue=true&status__in=env_doc')).toEqual([late.id]);
    expect(await listIds(own.medicToken, '?overdue=false')).toEqual([late.id, onTime.id, lateAuth.id, archived.id].sort((a, b) => a - b));
    // The medic's own target changes what is overdue.
    await putTargets(own.medicToken, { ...DEFAULT_STAGE_TARGET_DAYS, env_doc: 2, autorizacao: 365 });
    expect(await listIds(own.medicToken, '?overdue=true')).toEqual([late.id, onTime.id].sort((a, b) => a - b));
    // Another medic's list shows none of these.
    expect(await listIds(own.otherMedicToken, '?overdue=true')).toEqual([]);
  });

  it('bad flags: a pt-BR 400', async () => {
    for (const [query, message] of [
      ['?overdue=sim', 'O filtro overdue aceita apenas true ou false.'],
      ['?mine=1', 'O filtro mine aceita apenas true ou false.'],
      ['?mine=true&mine=true', 'Parâmetro repetido na consulta.'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${query}`, headers: authHeader(tenants.medicToken) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual([message]);
    }
  });
});

describe('the case holder', () => {
  it('the medic holds a new case; a linked secretary takes it, finds it under mine=true, and gives it back', async () => {
    const own = await signInTenants(t);
    const { medic, secretary } = own;
    const held = await newCase(medic, 'prep_doc', new Date('2026-03-09T12:00:00Z'));
    const other = await newCase(medic, 'env_doc', new Date('2026-03-09T12:00:00Z'));
    const medicRef = { id: medic.id, first_name: medic.firstName, last_name: medic.lastName };
    expect((await readCase(held.id, own.secretaryToken)).json().holder).toEqual(medicRef);
    expect(await listIds(own.medicToken, '?mine=true')).toEqual([held.id, other.id]);
    expect(await listIds(own.secretaryToken, '?mine=true')).toEqual([]);

    const before = await surgeryRow(t.deps.db, held.id);
    const res = await setHolder(held.id, own.secretaryToken, { holder: secretary.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: held.id,
      holder: { id: secretary.id, first_name: secretary.firstName, last_name: secretary.lastName },
      version: before.version + 1,
    });
    expect((await surgeryRow(t.deps.db, held.id)).holderId).toBe(secretary.id);
    expect(await listIds(own.secretaryToken, '?mine=true')).toEqual([held.id]);
    expect(await listIds(own.medicToken, '?mine=true')).toEqual([other.id]);

    // A stale save (made on the version before the reassignment) is 409.
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/surgery/api/v1/archive_surgery/${held.id}/`,
      headers: authHeader(own.medicToken),
      payload: { version: before.version },
    });
    expect(stale.statusCode).toBe(409);

    // The same holder again: nothing changes, the version stays.
    const same = await setHolder(held.id, own.secretaryToken, { holder: secretary.id });
    expect(same.json().version).toBe(before.version + 1);

    // Back to the medic: stored as "no holder".
    const back = await setHolder(held.id, own.medicToken, { holder: medic.id });
    expect(back.statusCode).toBe(200);
    expect(back.json().holder).toEqual(medicRef);
    expect((await surgeryRow(t.deps.db, held.id)).holderId).toBeNull();
    expect(await listIds(own.medicToken, '?mine=true')).toEqual([held.id, other.id]);
  });

  it('lists who may hold the case: its medic, then his linked secretaries', async () => {
    const own = await signInTenants(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/surgery/api/v1/surgery/${(await newCase(own.medic, 'ind_paciente', NOW)).id}/holders/`,
      headers: authHeader(own.secretaryToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: own.medic.id, first_name: own.medic.firstName, last_name: own.medic.lastName, role: 'medic' },
        { id: own.secretary.id, first_name: own.secretary.firstName, last_name: own.secretary.lastName, role: 'secretary' },
      ],
    });
  });

  it('anyone but the medic or a linked secretary: 400, nothing written', async () => {
    const own = await signInTenants(t);
    const row = await newCase(own.medic, 'ind_paciente', NOW);
    for (const holder of [own.unlinkedSecretary.id, own.otherMedic.id, 2_000_000]) {
      const res = await setHolder(row.id, own.medicToken, { holder });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: [HOLDER_NOT_ALLOWED], holder: [HOLDER_NOT_ALLOWED] });
    }
    for (const [payload, message] of [
      [{}, 'Escolha quem fica responsável pelo caso.'],
      [{ holder: 'ana' }, 'Responsável inválido.'],
      [{ holder: 0 }, 'Responsável inválido.'],
      [{ holder: own.secretary.id, version: 1 }, 'Campo não reconhecido: version.'],
    ] as const) {
      const res = await setHolder(row.id, own.medicToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual([message]);
    }
    expect(await surgeryRow(t.deps.db, row.id)).toEqual(row);
  });

  it("another tenant's case, a missing one or a bad id: 404; no token: 401", async () => {
    const own = await signInTenants(t);
    const row = await newCase(own.medic, 'ind_paciente', NOW);
    for (const [id, token] of [
      [row.id, own.otherMedicToken],
      [row.id, own.unlinkedSecretaryToken],
      [row.id + 100_000, own.medicToken],
      ['abc', own.medicToken],
    ] as const) {
      const res = await setHolder(id, token, { holder: own.secretary.id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
      const options = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/holders/`, headers: authHeader(token) });
      expect(options.statusCode).toBe(404);
    }
    expect(await surgeryRow(t.deps.db, row.id)).toEqual(row);
    expect((await setHolder(row.id, null, { holder: own.secretary.id })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${row.id}/holders/` })).statusCode).toBe(401);
  });

  it('a secretary removed from the medic gives his cases back to him', async () => {
    const own = await signInTenants(t);
    const row = await newCase(own.medic, 'ind_paciente', NOW);
    expect((await setHolder(row.id, own.secretaryToken, { holder: own.secretary.id })).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/project_auth/api/v1/remove_secretary/${own.secretary.id}`,
      headers: authHeader(own.medicToken),
    });
    expect(removed.statusCode).toBe(204);
    expect((await surgeryRow(t.deps.db, row.id)).holderId).toBeNull();
    expect((await readCase(row.id, own.medicToken)).json().holder.id).toBe(own.medic.id);
  });
});

describe('every active stage has a default target', () => {
  it('DECISIONS §15: 3, 5, 3, 10, 7, 2, 30', () => {
    expect(ACTIVE_STATUSES.map((status) => DEFAULT_STAGE_TARGET_DAYS[status])).toEqual([3, 5, 3, 10, 7, 2, 30]);
  });
});
