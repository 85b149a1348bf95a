import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../../server/services/files/signed-links';
import { createSurgeryService } from '../../server/services/surgeries/surgery-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { loggingDatabase } from '../helpers/query-log';

const URL = '/surgery/api/v1/schedule_days/';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Days = { month: string; results: Array<{ date: string; count: number }> };

async function signedIn(account: TestAccount): Promise<string> {
  return (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;
}

async function cases(medicId: number, entries: SurgeryOverrides[]): Promise<number[]> {
  const out: number[] = [];
  for (const overrides of entries) {
    const patient = await insertPatient(t.deps.db, medicId);
    out.push((await insertSurgery(t.deps.db, patient, overrides)).id);
  }
  return out;
}

function days(token: string, query: string) {
  return t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: authHeader(token) });
}

async function daysOf(token: string, query: string): Promise<Days['results']> {
  const res = await days(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Days).results;
}

/** São Paulo wall time as an instant (−03:00 since 2019; no daylight saving). */
const sp = (local: string) => new Date(`${local}-03:00`);

/**
 * A medic whose cases straddle the November/December 2026 month end in São Paulo time (the UTC day
 * differs for every case after 21:00), plus cases the default filter or the month leave out.
 */
async function monthEndMedic() {
  const medic = await createMedic(t.deps);
  await cases(medic.id, [
    { status: 'agendamento', schedule: sp('2026-11-30T23:30:00') }, // 2026-12-01T02:30Z
    { status: 'realizacao', schedule: sp('2026-11-30T10:00:00') },
    { status: 'agendamento', schedule: sp('2026-12-01T00:10:00') },
    { status: 'agendamento', schedule: sp('2026-11-01T00:00:00') }, // the month's first instant
    { status: 'agendamento', schedule: sp('2026-10-31T23:59:00') }, // 2026-11-01T02:59Z, still October
    { status: 'concluido', schedule: sp('2026-11-15T09:00:00') },
    { status: 'cancelado', schedule: sp('2026-11-20T09:00:00') },
    { status: 'ind_paciente' }, // not scheduled
  ]);
  return { medic, token: await signedIn(medic) };
}

describe('GET /surgery/api/v1/schedule_days/ (days and counts)', () => {
  it('counts the cases of each São Paulo day of the month, only days with cases, in order', async () => {
    const { token } = await monthEndMedic();
    const res = await days(token, '?month=2026-11');
    expect(res.statusCode).toBe(200);
    // Default statuses: every stage but concluido (as the list), so the cancelled case counts and the concluded one does not.
    expect(res.json()).toEqual({
      month: '2026-11',
      results: [
        { date: '2026-11-01', count: 1 },
        { date: '2026-11-20', count: 1 },
        { date: '2026-11-30', count: 2 },
      ],
    });
    expect(await daysOf(token, '?month=2026-12')).toEqual([{ date: '2026-12-01', count: 1 }]);
    expect(await daysOf(token, '?month=2026-10')).toEqual([{ date: '2026-10-31', count: 1 }]);
    expect(await daysOf(token, '?month=2027-01')).toEqual([]);
  });

  it('reads status__in as the list does (explicit stages, empty = the default)', async () => {
    const { token } = await monthEndMedic();
    expect(await daysOf(token, '?month=2026-11&status__in=agendamento')).toEqual([
      { date: '2026-11-01', count: 1 },
      { date: '2026-11-30', count: 1 },
    ]);
    expect(await daysOf(token, '?month=2026-11&status__in=concluido')).toEqual([{ date: '2026-11-15', count: 1 }]);
    expect(await daysOf(token, '?month=2026-11&status__in=')).toEqual(await daysOf(token, '?month=2026-11'));
    expect(await daysOf(token, '?month=2026-11&status__in=pagamento')).toEqual([]);
  });

  it('marks exactly the days the list of the day shows, with the same count', async () => {
    const { token } = await monthEndMedic();
    for (const status of ['', '&status__in=agendamento,realizacao']) {
      for (const { date, count } of await daysOf(token, `?month=2026-11${status}`)) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/surgery/api/v1/surgery/?is_schedule=true&date=${date}${status}`,
          headers: authHeader(token),
        });
        expect(res.json().count, date).toBe(count);
      }
    }
  });

  it("puts a case on its São Paulo day in a month with daylight saving (summer time of 2019, −02:00)", async () => {
    const medic = await createMedic(t.deps);
    await cases(medic.id, [
      { status: 'agendamento', schedule: new Date('2019-01-15T01:30:00Z') }, // 2019-01-14 23:30 at −02:00
      { status: 'agendamento', schedule: new Date('2019-02-01T01:59:00Z') }, // 2019-01-31 23:59 at −02:00
    ]);
    expect(await daysOf(await signedIn(medic), '?month=2019-01')).toEqual([
      { date: '2019-01-14', count: 1 },
      { date: '2019-01-31', count: 1 },
    ]);
  });
});

describe('GET /surgery/api/v1/schedule_days/ (who sees what)', () => {
  it("counts a medic's own cases only, and a secretary's linked medics' cases only", async () => {
    const a = await createMedic(t.deps);
    const b = await createMedic(t.deps);
    const c = await createMedic(t.deps);
    await cases(a.id, [{ status: 'agendamento', schedule: sp('2026-11-10T08:00:00') }]);
    await cases(b.id, [
      { status: 'agendamento', schedule: sp('2026-11-10T09:00:00') },
      { status: 'realizacao', schedule: sp('2026-11-11T09:00:00') },
    ]);
    await cases(c.id, [{ status: 'agendamento', schedule: sp('2026-11-10T10:00:00') }]);
    const both = await createSecretary(t.deps, { medicIds: [a.id, b.id] });
    const onlyC = await createSecretary(t.deps, { medicIds: [c.id] });
    const lonely = await createSecretary(t.deps, { medicIds: [] });

    expect(await daysOf(await signedIn(a), '?month=2026-11')).toEqual([{ date: '2026-11-10', count: 1 }]);
    expect(await daysOf(await signedIn(both), '?month=2026-11')).toEqual([
      { date: '2026-11-10', count: 2 },
      { date: '2026-11-11', count: 1 },
    ]);
    expect(await daysOf(await signedIn(onlyC), '?month=2026-11')).toEqual([{ date: '2026-11-10', count: 1 }]);
    expect(await daysOf(await signedIn(lonely), '?month=2026-11')).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}?month=2026-11` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
  });

  it("reads a secretary's month in one parameterized statement", async () => {
    const medic = await createMedic(t.deps);
    await cases(medic.id, [{ status: 'agendamento', schedule: sp('2026-11-10T08:00:00') }]);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const log = loggingDatabase(t.handle);
    const service = createSurgeryService({ db: log.db, storage: t.deps.storage, signer: createLinkSigner(t.deps), now: t.deps.now });
    const answer = await service.scheduleDays({ id: secretary.id, type: 'secretary' }, { month: '2026-11', status__in: ['agendamento'] });
    expect(answer).toEqual({ month: '2026-11', results: [{ date: '2026-11-10', count: 1 }] });
    expect(log.queries).toHaveLength(1);
    expect(log.queries[0]).not.toContain('agendamento');
    expect(log.params[0]).toEqual(expect.arrayContaining([secretary.id, 'agendamento']));
  });
});

describe('GET /surgery/api/v1/schedule_days/ (bad queries)', () => {
  it('answers 400 in pt-BR without a month', async () => {
    const token = await signedIn(await createMedic(t.deps));
    for (const query of ['', '?month=', '?status__in=agendamento']) {
      const res = await days(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error: ['Informe o mês (month) no formato aaaa-mm.'], month: ['Informe o mês (month) no formato aaaa-mm.'] });
    }
  });

  it('answers 400 in pt-BR for a month that is not a real yyyy-MM', async () => {
    const token = await signedIn(await createMedic(t.deps));
    for (const month of ['2026-13', '2026-00', '2026-1', '11/2026', '2026-11-01', 'novembro', '9999-12']) {
      const res = await days(token, `?month=${encodeURIComponent(month)}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json()).toEqual({ error: ['Mês inválido: use o formato aaaa-mm.'], month: ['Mês inválido: use o formato aaaa-mm.'] });
    }
  });

  it('answers 400 in pt-BR for an unknown stage or a repeated parameter', async () => {
    const token = await signedIn(await createMedic(t.deps));
    const unknown = await days(token, '?month=2026-11&status__in=agendamento,finalizado');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: ['Etapa desconhecida: finalizado.'], status__in: ['Etapa desconhecida: finalizado.'] });
    for (const [query, field] of [['?month=2026-11&month=2026-12', 'month'], ['?month=2026-11&status__in=agendamento&status__in=realizacao', 'status__in']] as const) {
      const res = await days(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error: ['Parâmetro repetido na consulta.'], [field!]: ['Parâmetro repetido na consulta.'] });
    }
  });
});
