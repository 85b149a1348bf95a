import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CASE_STATUSES, type CaseStatus } from '../../machines/constants';
import { healthPlans, hospitals, surgeries, surgeryDocuments } from '../../server/db/schema/index';
import { createLinkSigner, linkSigningContext } from '../../server/services/files/signed-links';
import { createSurgeryService } from '../../server/services/surgeries/surgery-service';
import { LIST_INDEXES } from '../../server/services/surgeries/surgery-response';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { loggingDatabase } from '../helpers/query-log';

const URL = '/surgery/api/v1/surgery/';

let t: TestApp;
let ids: Awaited<ReturnType<typeof lookupIds>>;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await lookupIds(t.deps.db);
});
afterAll(async () => {
  await t?.close();
});

type Listed = { results: Array<{ id: number; status: CaseStatus; schedule: string | null; medic: { id: number } }>; count: number };

/** A medic with a token. */
async function signedInMedic(): Promise<{ medic: TestAccount; token: string }> {
  const medic = await createMedic(t.deps);
  return { medic, token: (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token };
}

/** One case per entry, each for a new patient of `medicId`; returns their ids in order. */
async function cases(medicId: number, entries: SurgeryOverrides[]): Promise<number[]> {
  const out: number[] = [];
  for (const overrides of entries) {
    const patient = await insertPatient(t.deps.db, medicId);
    out.push((await insertSurgery(t.deps.db, patient, overrides)).id);
  }
  return out;
}

async function list(token: string, query = '') {
  return t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: authHeader(token) });
}

async function listIds(token: string, query = ''): Promise<number[]> {
  const res = await list(token, query);
  expect(res.statusCode).toBe(200);
  return (res.json() as Listed).results.map((surgery) => surgery.id);
}

/** São Paulo wall time (UTC−3 in 2025) as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);

describe('GET /surgery/api/v1/surgery/ (status filter)', () => {
  it('lists every stage but concluido without status__in', async () => {
    const { medic, token } = await signedInMedic();
    const created = await cases(medic.id, CASE_STATUSES.map((status) => ({ status })));
    const res = await list(token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Listed;
    expect(body.results.map((s) => s.status).sort()).toEqual(CASE_STATUSES.filter((s) => s !== 'concluido').sort());
    expect(body.count).toBe(9);
    expect(body.results.map((s) => s.id)).not.toContain(created[CASE_STATUSES.indexOf('concluido')]);
    // An empty parameter is the same default.
    expect((await listIds(token, '?status__in=')).sort()).toEqual(body.results.map((s) => s.id).sort());
  });

  // A list filtered by stage alone is counted from the maintained per-stage totals (issue 41): the count must stay the
  // cases' own, checked here against count(*) over the surgeries table, as cases move, leave and arrive.
  it('counts a stage-only list as the cases stand, for the medic and for a secretary of two medics', async () => {
    const { medic, token } = await signedInMedic();
    const { medic: second } = await signedInMedic();
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id, second.id] });
    const secretaryToken = (await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token;
    const mine = await cases(medic.id, CASE_STATUSES.map((status) => ({ status })));
    await cases(second.id, [{ status: 'prep_doc' }, { status: 'concluido' }, { status: 'prep_doc' }]);
    const queries = ['', '?status__in=prep_doc', '?status__in=prep_doc,concluido,arquiv', '?status__in=concluido'];
    const expectCounts = async () => {
      for (const query of queries) {
        const statuses = new URLSearchParams(query).get('status__in')?.split(',') ?? CASE_STATUSES.filter((s) => s !== 'concluido');
        const counted = async (medicIds: number[]) =>
          (await t.deps.db.select({ status: surgeries.status }).from(surgeries).where(inArray(surgeries.medicId, medicIds))).filter((row) =>
            statuses.includes(row.status),
          ).length;
        expect((await list(token, query)).json().count, `medic ${query}`).toBe(await counted([medic.id]));
        expect((await list(secretaryToken, query)).json().count, `secretary ${query}`).toBe(await counted([medic.id, second.id]));
      }
    };
    await expectCounts();
    await t.deps.db.update(surgeries).set({ status: 'concluido' }).where(eq(surgeries.id, mine[0]!));
    await t.deps.db.update(surgeries).set({ medicId: second.id }).where(eq(surgeries.id, mine[1]!));
    await t.deps.db.delete(surgeries).where(eq(surgeries.id, mine[2]!));
    await cases(medic.id, [{ status: 'prep_doc' }]);
    await expectCounts();
    expect((await list(token, '?status__in=prep_doc')).json().count).toBe(1);
  });

  it('lists only the stages of status__in', async () => {
    const { medic, token } = await signedInMedic();
    const [ind, prep, , conc] = await cases(medic.id, [
      { status: 'ind_paciente' },
      { status: 'prep_doc' },
      { status: 'env_doc' },
      { status: 'concluido' },
    ]);
    expect((await listIds(token, '?status__in=ind_paciente,prep_doc')).sort()).toEqual([ind, prep].sort());
    expect(await listIds(token, '?status__in=concluido')).toEqual([conc]);
  });

  it('answers 400 in pt-BR for an unknown stage', async () => {
    const { token } = await signedInMedic();
    const res = await list(token, '?status__in=ind_paciente,finalizado');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ['Etapa desconhecida: finalizado.'], status__in: ['Etapa desconhecida: finalizado.'] });
  });
});

describe('GET /surgery/api/v1/surgery/ (schedule filters)', () => {
  it('lists only scheduled cases with is_schedule=true, and does not filter with false', async () => {
    const { medic, token } = await signedInMedic();
    const [scheduled, unscheduled] = await cases(medic.id, [
      { status: 'realizacao', schedule: sp('2025-03-10T09:00:00') },
      { status: 'ind_paciente' },
    ]);
    expect(await listIds(token, '?is_schedule=true')).toEqual([scheduled]);
    expect(await listIds(token, '?is_schedule=false')).toEqual([scheduled, unscheduled]);
    const res = await list(token, '?is_schedule=talvez');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([expect.stringContaining('is_schedule')]);
  });

  it('puts a case at 23:30 São Paulo time on its São Paulo day, not the UTC one', async () => {
    const { medic, token } = await signedInMedic();
    const [late10, early11, start10, late09] = await cases(medic.id, [
      { status: 'realizacao', schedule: sp('2025-03-10T23:30:00') }, // 2025-03-11T02:30Z
      { status: 'realizacao', schedule: sp('2025-03-11T00:10:00') },
      { status: 'realizacao', schedule: sp('2025-03-10T00:00:00') },
      { status: 'realizacao', schedule: sp('2025-03-09T23:59:00') }, // 2025-03-10T02:59Z
    ]);
    expect(await listIds(token, '?is_schedule=true&date=2025-03-10')).toEqual([start10, late10]);
    expect(await listIds(token, '?is_schedule=true&date=2025-03-11')).toEqual([early11]);
    expect(await listIds(token, '?date=2025-03-09')).toEqual([late09]);
    expect(await listIds(token, '?date=2025-03-12')).toEqual([]);
  });

  it('answers schedules with the São Paulo offset of their date (daylight saving before 2019 included)', async () => {
    const { medic, token } = await signedInMedic();
    await cases(medic.id, [
      { status: 'realizacao', schedule: new Date('2019-01-15T12:00:00Z') }, // 10:00 at −02:00 (summer time)
      { status: 'realizacao', schedule: new Date('2025-03-11T02:30:00Z') },
    ]);
    const res = await list(token, '?is_schedule=true');
    expect((res.json() as Listed).results.map((s) => s.schedule)).toEqual([
      '2019-01-15T10:00:00-02:00',
      '2025-03-10T23:30:00-03:00',
    ]);
    expect(await listIds(token, '?date=2019-01-15')).toHaveLength(1);
  });

  it('answers 400 in pt-BR for a date that is not a real yyyy-MM-dd', async () => {
    const { token } = await signedInMedic();
    for (const date of ['2025-02-30', '10/03/2025', '2025-3-1', 'hoje']) {
      const res = await list(token, `?is_schedule=true&date=${encodeURIComponent(date)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ['Data inválida: use o formato aaaa-mm-dd.'], date: ['Data inválida: use o formato aaaa-mm-dd.'] });
    }
  });
});

describe('GET /surgery/api/v1/surgery/ (order and pages)', () => {
  it('orders by schedule (unscheduled last), then latest status change, then id', async () => {
    const { medic, token } = await signedInMedic();
    const changed = new Date('2025-04-01T12:00:00Z');
    const [may2, may1, old, recentA, recentB] = await cases(medic.id, [
      { status: 'realizacao', schedule: sp('2025-05-02T08:00:00'), statusChangedAt: new Date('2025-04-20T00:00:00Z') },
      { status: 'realizacao', schedule: sp('2025-05-01T08:00:00'), statusChangedAt: new Date('2025-03-01T00:00:00Z') },
      { status: 'prep_doc', statusChangedAt: new Date('2025-01-01T00:00:00Z') },
      { status: 'env_doc', statusChangedAt: changed },
      { status: 'ind_paciente', statusChangedAt: changed },
    ]);
    expect(await listIds(token)).toEqual([may1, may2, recentA, recentB, old]);
  });

  it('pages with limit and offset and counts every matching case', async () => {
    const { medic, token } = await signedInMedic();
    const created = await cases(
      medic.id,
      [0, 1, 2, 3, 4].map((day) => ({ status: 'agendamento' as const, schedule: sp(`2025-06-0${day + 1}T10:00:00`) })),
    );
    const page = async (query: string) => (await list(token, query)).json() as Listed;
    expect(await page('?limit=2')).toMatchObject({ count: 5, results: [{ id: created[0] }, { id: created[1] }] });
    expect((await page('?limit=2&offset=2')).results.map((s) => s.id)).toEqual(created.slice(2, 4));
    expect(await page('?limit=2&offset=4')).toMatchObject({ count: 5, results: [{ id: created[4] }] });
    expect(await page('?offset=10')).toEqual({ count: 5, results: [] });
    expect((await page('')).results).toHaveLength(5);
  });

  it('answers 400 in pt-BR for a limit outside 1..500, a bad offset or a repeated parameter', async () => {
    const { token } = await signedInMedic();
    for (const query of ['?limit=0', '?limit=501', '?limit=abc', '?limit=-1', '?offset=-1', '?offset=x', '?limit=1.5']) {
      const res = await list(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error[0]).toMatch(/limite|deslocamento/);
    }
    const res = await list(token, '?status__in=ind_paciente&status__in=prep_doc');
    const repeated = ['Parâmetro repetido na consulta.'];
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: repeated, status__in: repeated });
    expect((await list(token, '?limit=500')).statusCode).toBe(200);
  });
});

describe('GET /surgery/api/v1/surgery/ (ordering)', () => {
  const tie = new Date('2025-04-01T12:00:00Z');

  /** Five cases whose two orders differ: one scheduled but changed long ago, two changed at the same instant. */
  async function orderingCases(medicId: number) {
    const [scheduledOld, recent, tieA, tieB, oldest] = await cases(medicId, [
      { status: 'agendamento', schedule: sp('2025-05-01T08:00:00'), statusChangedAt: new Date('2025-02-01T00:00:00Z') },
      { status: 'env_doc', statusChangedAt: new Date('2025-04-20T00:00:00Z') },
      { status: 'prep_doc', statusChangedAt: tie },
      { status: 'ind_paciente', statusChangedAt: tie },
      { status: 'cancelado', statusChangedAt: new Date('2025-01-01T00:00:00Z') },
    ]);
    return { scheduledOld: scheduledOld!, recent: recent!, tieA: tieA!, tieB: tieB!, oldest: oldest! };
  }

  it('lists the latest status change first (ties: the newest case first) with ordering=-status_changed_at', async () => {
    const { medic, token } = await signedInMedic();
    const c = await orderingCases(medic.id);
    expect(await listIds(token, '?ordering=-status_changed_at')).toEqual([c.recent, c.tieB, c.tieA, c.scheduledOld, c.oldest]);
  });

  it('keeps the schedule order by default and with ordering=schedule', async () => {
    const { medic, token } = await signedInMedic();
    const c = await orderingCases(medic.id);
    const bySchedule = [c.scheduledOld, c.recent, c.tieA, c.tieB, c.oldest];
    expect(await listIds(token)).toEqual(bySchedule);
    expect(await listIds(token, '?ordering=schedule')).toEqual(bySchedule);
    expect(await listIds(token, '?ordering=')).toEqual(bySchedule);
  });

  it('pages the -status_changed_at order without gaps or overlaps, after the filters', async () => {
    const { medic, token } = await signedInMedic();
    const c = await orderingCases(medic.id);
    const query = '?ordering=-status_changed_at&status__in=agendamento,env_doc,prep_doc,ind_paciente&limit=2';
    const first = (await list(token, query)).json() as Listed;
    const second = (await list(token, `${query}&offset=2`)).json() as Listed;
    expect(first.count).toBe(4);
    expect([...first.results, ...second.results].map((s) => s.id)).toEqual([c.recent, c.tieB, c.tieA, c.scheduledOld]);
    expect(await listIds(token, '?ordering=-status_changed_at&is_schedule=true')).toEqual([c.scheduledOld]);
  });

  it('answers 400 in pt-BR for an unknown or repeated ordering', async () => {
    const { token } = await signedInMedic();
    for (const ordering of ['--schedule', 'id', 'SCHEDULE', '-status_changed_at,schedule', 'patient_name']) {
      const res = await list(token, `?ordering=${encodeURIComponent(ordering)}`);
      expect(res.statusCode, ordering).toBe(400);
      const unknown = ['Ordem desconhecida: use schedule, status_changed_at ou patient (com - na frente para inverter).'];
      expect(res.json()).toEqual({ error: unknown, ordering: unknown });
    }
    const repeated = await list(token, '?ordering=schedule&ordering=-status_changed_at');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({ error: ['Parâmetro repetido na consulta.'], ordering: ['Parâmetro repetido na consulta.'] });
  });

  it('chooses the page ids from surgeries alone in the requested order, then reads only those rows (docs/BENCHMARKS.md)', async () => {
    const { medic } = await signedInMedic();
    await orderingCases(medic.id);
    const log = loggingDatabase(t.handle);
    const service = createSurgeryService({ db: log.db, storage: t.deps.storage, signer: createLinkSigner(t.deps), now: t.deps.now });
    const user = { id: medic.id, type: 'medic' as const };
    await service.list(user, {}); // the link key is loaded once per signer
    for (const [ordering, orderBy] of [
      ['-status_changed_at', '"surgeries"."status_changed_at" desc, "surgeries"."id" desc'],
      ['schedule', '"surgeries"."schedule" asc nulls last, "surgeries"."status_changed_at" desc, "surgeries"."id" asc'],
    ] as const) {
      log.clear();
      const listed = await service.list(user, { ordering });
      // The ids: the surgeries table alone, sorted and cut to the page, no join.
      const chosen = log.queries
        .map((query) => /^select "id" from "surgeries" where (.*?) order by (.*?) limit \$\d+(?: offset \$\d+)?$/.exec(query))
        .find(Boolean);
      expect(chosen, log.queries.join('\n')).toBeDefined();
      expect(chosen![1]).not.toMatch(/join/i);
      expect(chosen![2]).toBe(orderBy);
      // The rows: only the chosen ids, one array parameter; the answer keeps the page's order.
      const rows = log.queries.find((query) => query.includes('json_agg'));
      expect(rows).toMatch(/where "surgeries"\."id" = any\(\$\d+::int\[\]\)$/);
      const expected = await t.deps.db
        .select({ id: surgeries.id })
        .from(surgeries)
        .where(and(eq(surgeries.medicId, medic.id), ne(surgeries.status, 'concluido')))
        .orderBy(sql.raw(orderBy));
      expect(listed.results.map((surgery) => surgery.id)).toEqual(expected.map((row) => row.id));
    }
  });

  it('adds the predicate of the list index that holds the stages asked (migration 0023), and none when none does', async () => {
    const { medic } = await signedInMedic();
    const log = loggingDatabase(t.handle);
    const service = createSurgeryService({ db: log.db, storage: t.deps.storage, signer: createLinkSigner(t.deps), now: t.deps.now });
    const user = { id: medic.id, type: 'medic' as const };
    const predicateOf = (name: string) => new PgDialect().sqlToQuery(LIST_INDEXES.find((index) => index.name === name)!.predicate).sql;
    const migration = readFileSync(new globalThis.URL('../../server/db/migrations/0023_list_indexes.sql', import.meta.url), 'utf8');
    for (const { name } of LIST_INDEXES) expect(migration).toContain(`"${name}" ON "surgeries" USING btree ("medic_id","schedule","status_changed_at" DESC,"id") WHERE ${predicateOf(name)};`);
    for (const [status, index] of [
      [undefined, 'surgeries_unconcluded_list_idx'], // no stage filter: every stage but concluido
      ['ind_paciente,prep_doc,env_doc,autorizacao,agendamento,realizacao,pagamento', 'surgeries_open_list_idx'],
      ['pagamento', 'surgeries_open_list_idx'],
      ['ind_paciente,cancelado', 'surgeries_unconcluded_list_idx'],
      ['concluido', null],
      ['pagamento,concluido', null],
    ] as const) {
      for (const search of [undefined, 'silva']) {
        log.clear();
        await service.list(user, { ...(status ? { status__in: status.split(',') as CaseStatus[] } : {}), ...(search ? { search } : {}) });
        const chosen = log.queries.find((query) => query.startsWith('select "id" from "surgeries"'));
        expect(chosen, `${status} ${search}`).toBeDefined();
        for (const { name } of LIST_INDEXES) expect(chosen!.includes(predicateOf(name)), `${status} ${search} ${name}`).toBe(name === index);
      }
    }
  });
});

describe('GET /surgery/api/v1/surgery/ (search and sort by patient, issue 11 item 6)', () => {
  /** Three patients of one medic with cases; names with accents and mixed case. */
  async function namedCases(medicId: number) {
    const names = ['Zélia Antunes', 'ana maria souza', 'João Ávila Brandão'];
    const out: Record<string, { patientId: number; cpf: string; caseId: number }> = {};
    for (const [index, nomeCompleto] of names.entries()) {
      const patient = await insertPatient(t.deps.db, medicId, { nomeCompleto });
      const surgery = await insertSurgery(t.deps.db, patient, {
        status: 'prep_doc',
        statusChangedAt: new Date(Date.UTC(2025, 3, 10 - index)),
        schedule: index === 1 ? null : sp(`2025-06-0${index + 1}T09:00:00`),
      });
      out[nomeCompleto] = { patientId: patient.id, cpf: patient.cpf, caseId: surgery.id };
    }
    return out;
  }

  it('finds cases by the patient name, any word order, ignoring case and accents', async () => {
    const { medic, token } = await signedInMedic();
    const c = await namedCases(medic.id);
    expect(await listIds(token, `?search=${encodeURIComponent('ZELIA')}`)).toEqual([c['Zélia Antunes']!.caseId]);
    expect(await listIds(token, `?search=${encodeURIComponent('brandao joão')}`)).toEqual([c['João Ávila Brandão']!.caseId]);
    expect(await listIds(token, `?search=${encodeURIComponent('ÁNA')}`)).toEqual([c['ana maria souza']!.caseId]);
    const res = await list(token, `?search=${encodeURIComponent('Antunes')}&status__in=concluido`);
    expect((res.json() as Listed).count).toBe(0);
    // LIKE wildcards are literal.
    expect(await listIds(token, `?search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await listIds(token, `?search=${encodeURIComponent('_')}`)).toEqual([]);
  });

  it('finds cases by CPF digits, with or without the mask, and counts only what matches', async () => {
    const { medic, token } = await signedInMedic();
    const c = await namedCases(medic.id);
    const { cpf, caseId } = c['ana maria souza']!;
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    for (const search of [cpf, masked, cpf.slice(0, 9)]) {
      const res = await list(token, `?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Listed).results.map((s) => s.id), search).toEqual([caseId]);
      expect((res.json() as Listed).count).toBe(1);
    }
  });

  it('counts the closed cases a search matches when none of the stages asked matches (issue 33 item 12)', async () => {
    const { medic, token } = await signedInMedic();
    const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Teodora Encerrada Quintela' });
    for (const status of ['concluido', 'cancelado', 'arquiv', 'concluido'] as const) await insertSurgery(t.deps.db, patient, { status });
    const active = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento'].join(',');
    const closed = await list(token, `?search=${encodeURIComponent('quintela')}&status__in=${active}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ results: [], count: 0, closed_count: 4 });
    // Without status__in (every stage but concluido) the cancelled and archived ones are listed: no closed_count.
    const listed = (await list(token, `?search=${encodeURIComponent('quintela')}`)).json();
    expect(listed.count).toBe(2);
    expect(listed).not.toHaveProperty('closed_count');
    // Only the closed stages not asked for are counted.
    expect((await list(token, `?search=quintela&status__in=prep_doc,cancelado&overdue=false`)).json()).toMatchObject({ count: 1 });
    expect((await list(token, `?search=quintela&status__in=prep_doc,pagamento`)).json()).toMatchObject({ count: 0, closed_count: 4 });
    expect((await list(token, `?search=nobody-like-this&status__in=prep_doc`)).json()).toEqual({ results: [], count: 0, closed_count: 0 });
    // Another medic's closed cases are not counted.
    const other = await signedInMedic();
    expect((await list(other.token, `?search=quintela&status__in=prep_doc`)).json()).toEqual({ results: [], count: 0, closed_count: 0 });
  });

  it("never finds another medic's patient, whatever the search", async () => {
    const { medic, token } = await signedInMedic();
    await namedCases(medic.id);
    const other = await signedInMedic();
    const c = await namedCases(other.medic.id);
    expect(await listIds(token, `?search=${encodeURIComponent(c['Zélia Antunes']!.cpf)}`)).toEqual([]);
    expect((await listIds(token, `?search=${encodeURIComponent('Zelia')}`)).length).toBe(1);
  });

  it('orders by patient name (A–Z and Z–A, accents ignored), by schedule both ways and by status change both ways', async () => {
    const { medic, token } = await signedInMedic();
    const c = await namedCases(medic.id);
    const ana = c['ana maria souza']!.caseId;
    const joao = c['João Ávila Brandão']!.caseId;
    const zelia = c['Zélia Antunes']!.caseId;
    expect(await listIds(token, '?ordering=patient')).toEqual([ana, joao, zelia]);
    expect(await listIds(token, '?ordering=-patient')).toEqual([zelia, joao, ana]);
    // Schedules: Zélia 1/6, João 3/6, Ana none (last both ways).
    expect(await listIds(token, '?ordering=schedule')).toEqual([zelia, joao, ana]);
    expect(await listIds(token, '?ordering=-schedule')).toEqual([joao, zelia, ana]);
    // Status changes: Zélia 10/4, Ana 9/4, João 8/4.
    expect(await listIds(token, '?ordering=-status_changed_at')).toEqual([zelia, ana, joao]);
    expect(await listIds(token, '?ordering=status_changed_at')).toEqual([joao, ana, zelia]);
    // Search and sort together, paged.
    const first = (await list(token, '?ordering=-patient&search=a&limit=2')).json() as Listed;
    const second = (await list(token, '?ordering=-patient&search=a&limit=2&offset=2')).json() as Listed;
    expect(first.count).toBe(3);
    expect([...first.results, ...second.results].map((s) => s.id)).toEqual([zelia, joao, ana]);
  });

  it('answers 400 in pt-BR for a search over 100 characters or repeated, and sends the text as a parameter', async () => {
    const { medic, token } = await signedInMedic();
    const long = await list(token, `?search=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: ['O texto de busca deve ter no máximo 100 caracteres.'] });
    const repeated = await list(token, '?search=a&search=b');
    expect(repeated.statusCode).toBe(400);
    const log = loggingDatabase(t.handle);
    const service = createSurgeryService({ db: log.db, storage: t.deps.storage, signer: createLinkSigner(t.deps), now: t.deps.now });
    await service.list({ id: medic.id, type: 'medic' }, { search: "o'brien; drop table patients", ordering: 'patient' });
    expect(log.queries.some((query) => query.includes('brien'))).toBe(false);
    expect(log.params.flat()).toEqual(expect.arrayContaining(["%o'brien;%"]));
  });
});

describe('GET /surgery/api/v1/surgery/ (who sees what)', () => {
  it("lists a medic's own cases only, and a secretary's linked medics' cases only", async () => {
    const a = await signedInMedic();
    const b = await signedInMedic();
    const c = await signedInMedic();
    const [caseA] = await cases(a.medic.id, [{ status: 'ind_paciente' }]);
    const [caseB] = await cases(b.medic.id, [{ status: 'prep_doc' }]);
    await cases(c.medic.id, [{ status: 'env_doc' }]);
    const secretary = await createSecretary(t.deps, { medicIds: [a.medic.id, b.medic.id] });
    const secretaryToken = (await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token;

    expect(await listIds(a.token)).toEqual([caseA]);
    expect((await listIds(secretaryToken)).sort()).toEqual([caseA, caseB].sort());
    const body = (await list(secretaryToken)).json() as Listed;
    expect(body.count).toBe(2);
    expect(new Set(body.results.map((s) => s.medic.id))).toEqual(new Set([a.medic.id, b.medic.id]));
  });

  it('lists nothing for a secretary linked to no medic', async () => {
    const lonely = await createSecretary(t.deps, { medicIds: [] });
    const token = (await signIn(t.app, lonely.email, TEST_PASSWORD)).access_token;
    expect((await list(token)).json()).toEqual({ results: [], count: 0 });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /surgery/api/v1/surgery/ (the Surgery objects)', () => {
  it('answers full Surgery objects: patient photo and document links signed, template flags from the hospital and plan', async () => {
    const { medic, token } = await signedInMedic();
    const hospitalId = ids.hospitalIds[3]!;
    const planId = ids.healthPlanIds[3]!;
    await t.deps.db.update(hospitals).set({ templateFileKey: 'templates/hospital-1.docx' }).where(eq(hospitals.id, hospitalId));
    await t.deps.db.update(healthPlans).set({ templateFileKey: 'templates/plano-1.docx' }).where(eq(healthPlans.id, planId));
    const patient = await insertPatient(t.deps.db, medic.id, { photoKey: 'patients/x/photo.jpg', photoContentType: 'image/jpeg' });
    const surgery = await insertSurgery(t.deps.db, patient, {
      status: 'prep_doc',
      hospitalId,
      healthPlanId: planId,
      paymentFountains: 'plano_saude',
      feesPayments: '3200.75',
    });
    await t.deps.db.insert(surgeryDocuments).values([
      { surgeryId: surgery.id, kind: 'doctor_request', fileKey: 'surgeries/x/a.pdf', contentType: 'application/pdf', size: 10 },
      { surgeryId: surgery.id, kind: 'hospital_consent', fileKey: 'surgeries/x/b.png', contentType: 'image/png', size: 10 },
    ]);

    const res = await list(token);
    expect(res.statusCode).toBe(200);
    const [item] = (res.json() as { results: Record<string, unknown>[] }).results;
    const link = (path: string) => expect.stringMatching(new RegExp(`^${path}\\?expires=\\d+&session=[0-9a-f-]{36}&signature=[A-Za-z0-9_-]+$`));
    expect(item).toMatchObject({
      id: surgery.id,
      patient: { id: patient.id, nome_completo: patient.nomeCompleto, foto: link(`/surgery/api/v1/patient/${patient.id}/foto/`), cellphone: patient.cellphone },
      medic: { id: medic.id, first_name: medic.firstName, last_name: medic.lastName },
      hospital: { id: hospitalId, fantasy_name: expect.any(String) },
      health_plan: { id: planId, fantasy_name: expect.any(String) },
      fees_payments: 3200.75,
      doctor_request: link(`/surgery/api/v1/surgery/${surgery.id}/documents/doctor_request/`),
      hospital_consent: link(`/surgery/api/v1/surgery/${surgery.id}/documents/hospital_consent/`),
      patient_document: null,
      health_plan_template: null,
      hospital_template_ok: true,
      plano_template_ok: true,
      status_changed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[23]:00$/),
    });
    // The flags come from the hospital and plan, not from the case's own columns (still false).
    expect(surgery.hospitalTemplateOk).toBe(false);
    // The signed links verify with the server's key.
    const signer = createLinkSigner(t.deps);
    const [path, query] = String(item!.doctor_request).split('?') as [string, string];
    const params = new URLSearchParams(query);
    expect(await signer.verifySignature(path, params.get('expires'), params.get('session'), params.get('signature'))).toBe(true);
  });

  it('reads a page with a fixed number of parameterized queries, whatever its size', async () => {
    const { medic } = await signedInMedic();
    const log = loggingDatabase(t.handle);
    const { db, queries, params } = log;
    const service = createSurgeryService({ db, storage: t.deps.storage, signer: createLinkSigner(t.deps), now: t.deps.now });
    const user = { id: medic.id, type: 'medic' as const };

    // The links of a page belong to a sign-in (any family will do: signing them reads nothing).
    const list = () => linkSigningContext.run({ familyId: '0f8b6c4e-2a1d-4c3b-9e7f-5a6b7c8d9e0f' }, () => service.list(user, {}));
    const countFor = async () => {
      log.clear();
      const page = await list();
      return { queries: queries.length, results: page.results.length };
    };
    await cases(medic.id, [{ status: 'ind_paciente' }]);
    await list(); // the link key is loaded once
    const small = await countFor();
    const patient = await insertPatient(t.deps.db, medic.id, { photoKey: 'patients/y/photo.jpg' });
    for (let i = 0; i < 12; i++) {
      const surgery = await insertSurgery(t.deps.db, patient, { cidIds: ids.cidIds.slice(0, 3), procedureIds: ids.procedureIds.slice(0, 2) });
      await t.deps.db.insert(surgeryDocuments).values({ surgeryId: surgery.id, kind: 'medical_report', fileKey: `s/${i}.pdf`, contentType: 'application/pdf', size: 1 });
    }
    const large = await countFor();
    expect(small.results).toBe(1);
    expect(large.results).toBe(13);
    expect(large.queries).toBe(small.queries);
    expect(large.queries).toBeLessThanOrEqual(3); // the count, the page's ids, their rows (a medic needs no scope query)
    // The user's values travel as parameters, never inside the SQL text (the open stages' predicate is the code's own
    // constant, written as the open cases' index is defined).
    const predicates = LIST_INDEXES.map((index) => new PgDialect().sqlToQuery(index.predicate).sql);
    expect(queries.some((query) => predicates.reduce((text, predicate) => text.replace(predicate, ''), query).includes('ind_paciente'))).toBe(false);
    expect(params.flat()).toEqual(expect.arrayContaining([medic.id, 'ind_paciente', 100]));
  });
});
