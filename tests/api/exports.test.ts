import { asc, sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_SOURCE_LABELS, STATUS_LABELS, type CaseStatus } from '../../machines/constants';
import { buildApp, createLoggerOptions } from '../../server/app';
import type { Database } from '../../server/db/client';
import { healthPlans, patients, surgeries } from '../../server/db/schema/index';
import { saoPauloDay } from '../../server/services/sao-paulo-time';
import { normalizeSearchText } from '../../server/services/search-text';
import { EXPORT_PAGE_SIZE, surgeryExportRows } from '../../server/services/surgeries/surgery-export';
import { csvLine } from '../../server/http/csv';
import type { components } from '../../openapi/schema';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, validCpf, type TestAccount } from '../helpers/fixtures';
import { loggingDatabase } from '../helpers/query-log';
import { signInTenants } from '../helpers/tenants';
import { parseExcelCsv } from '../helpers/csv';

/**
 * The lists' CSV exports (issue 14 item 5; openapi exportSurgeries, exportPatients): the file read back as Excel pt-BR
 * reads it (UTF-8 BOM, `;`, CRLF, quoted cells, `1234,56`, dd/MM/yyyy) equals what the JSON list answers for the same
 * filters over all its pages (mapped here independently, in plain TypeScript); the formula guard; tenancy; 401; the
 * list's pt-BR 400; a 2,500-case export arrives whole, read in keyset pages (statements counted); a failure in the
 * middle of the stream ends that response only, logged without personal data.
 */

type Surgery = components['schemas']['Surgery'];
type Patient = components['schemas']['Patient'];

let t: TestApp;
let medic: TestAccount;
let otherMedic: TestAccount;
let medicToken: string;
let secretaryToken: string;
let otherMedicToken: string;
let unlinkedSecretaryToken: string;

const SURGERY_EXPORT = '/surgery/api/v1/surgery/export.csv';
const PATIENT_EXPORT = '/surgery/api/v1/patient/export.csv';
const FORMULA_NAME = '=HYPERLINK("http://x.example";"clique")';

/** The export read back: BOM checked and removed, header and rows. */
function readCsv(body: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = parseExcelCsv(body);
  return { header: header!, rows };
}

/** What Excel is given for a text: an apostrophe before a formula's first character. */
const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
/** Reais (the JSON's numbers) as pt-BR text with two decimals, computed apart from csvMoney. */
const reais = (value: number | null) => (value === null ? '' : value.toFixed(2).replace('.', ','));
/** The JSON's ISO instant (São Paulo offset) as dd/MM/yyyy HH:mm. */
const wallClock = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}` : '');
const isoDay = (day: string | null) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '');

function expectedSurgeryRow(s: Surgery): string[] {
  return [
    guarded(s.patient.nome_completo),
    guarded(`${s.medic.first_name} ${s.medic.last_name}`.trim()),
    s.payment_fountains ? PAYMENT_SOURCE_LABELS[s.payment_fountains] : '',
    s.health_plan?.fantasy_name ?? '',
    s.hospital?.fantasy_name ?? '',
    guarded(s.procedure.map((p) => p.description).join(', ')),
    STATUS_LABELS[s.status],
    wallClock(s.schedule),
    reais(s.fees_payments),
    reais(s.payment_done),
    s.days_in_stage === null ? '' : String(s.days_in_stage),
    s.holder ? guarded(`${s.holder.first_name} ${s.holder.last_name}`.trim()) : '',
  ];
}

function expectedPatientRow(p: Patient): string[] {
  const phone = p.cellphone ?? '';
  const digits = phone.replace(/\D/g, '');
  const cep = p.cep ?? '';
  return [
    guarded(p.nome_completo),
    p.cpf,
    isoDay(p.birthday),
    digits.length === 11
      ? `(${digits.slice(0, 2)}) ${digits[2]} ${digits.slice(3, 7)}-${digits.slice(7)}`
      : digits.length === 10
        ? `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`
        : phone,
    p.gender === 'male' ? 'Masculino' : p.gender === 'female' ? 'Feminino' : '',
    p.convenio?.fantasy_name ?? '',
    guarded(p.address ?? ''),
    cep.length === 8 ? `${cep.slice(0, 2)}.${cep.slice(2, 5)}-${cep.slice(5)}` : cep,
    guarded(`${p.medic.first_name} ${p.medic.last_name}`.trim()),
  ];
}

async function get(url: string, token: string | null) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? authHeader(token) : {} });
  expect(validateInjected('GET', url, res), res.body).toEqual([]);
  return res;
}

/** Every page of a JSON list (pages of `limit`), in order. */
async function allPages<T>(path: string, query: string, token: string, limit = 2): Promise<T[]> {
  const results: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const res = await get(`${path}?${query}${query ? '&' : ''}limit=${limit}&offset=${offset}`, token);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { results: T[]; count: number };
    results.push(...page.results);
    if (offset + limit >= page.count) return results;
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ medic, otherMedic, medicToken, secretaryToken, otherMedicToken, unlinkedSecretaryToken } = await signInTenants(t));
  const ids = await lookupIds(t.deps.db);
  const [plan] = await t.deps.db.select({ id: healthPlans.id }).from(healthPlans).orderBy(asc(healthPlans.id)).limit(1);
  const people = [
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Ana; Maria "Nina" Souza', birthday: '1980-02-29', cep: '01310100', address: 'Av. Paulista, 1000; ap. 5' }),
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: FORMULA_NAME, gender: 'male', cellphone: '1134567890' }),
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Ábio Ângelo', healthPlanId: plan!.id, cellphone: null }),
    await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Zélia Duarte' }),
  ];
  const at = (iso: string) => new Date(iso);
  const statuses: CaseStatus[] = ['agendamento', 'realizacao', 'pagamento', 'concluido', 'autorizacao', 'ind_paciente', 'cancelado'];
  const sameTime = at('2026-03-10T13:30:00Z');
  let n = 0;
  for (const status of statuses) {
    for (const patient of people) {
      n += 1;
      await insertSurgery(t.deps.db, patient, {
        status,
        // Ties on the schedule (and unscheduled cases) so the keyset must use every sort key.
        schedule: n % 3 === 0 ? null : n % 3 === 1 ? sameTime : at(`2026-0${(n % 8) + 1}-1${n % 9}T1${n % 10}:05:00Z`),
        feesPayments: n % 4 === 0 ? null : `${1234 + n}.${String(n % 100).padStart(2, '0')}`,
        paymentFountains: n % 5 === 0 ? 'plano_saude' : n % 5 === 1 ? null : 'particular',
        healthPlanId: n % 5 === 0 ? plan!.id : null,
        procedureIds: n % 2 === 0 ? ids.procedureIds.slice(0, 3) : [],
        stepData: status === 'pagamento' || status === 'concluido' ? { paymentDone: '999.05', datePayment: '2026-03-01' } : {},
      });
    }
  }
  const stranger = await insertPatient(t.deps.db, otherMedic.id, { nomeCompleto: 'Paciente De Outro Médico' });
  await insertSurgery(t.deps.db, stranger, { status: 'agendamento' });
});

afterAll(async () => {
  await t?.close();
});

describe('the status list export', () => {
  const filterSets = [
    '',
    'status__in=agendamento,realizacao,pagamento,concluido,cancelado',
    'ordering=patient',
    'ordering=-patient&status__in=concluido,cancelado,agendamento',
    'ordering=-schedule',
    'ordering=status_changed_at',
    'ordering=-status_changed_at',
    'search=ana%20maria',
    'is_schedule=true&date=2026-03-10',
    'overdue=true',
    'mine=true',
  ];

  it.each(filterSets)('with "%s" equals the JSON list over all its pages', async (query) => {
    for (const token of [secretaryToken, medicToken]) {
      const res = await get(`${SURGERY_EXPORT}${query ? `?${query}` : ''}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const { header, rows } = readCsv(res.body);
      expect(header).toEqual([
        'Paciente', 'Médico', 'Fonte pagadora', 'Plano de saúde', 'Hospital', 'Procedimentos', 'Etapa', 'Agendamento',
        'Valor esperado', 'Valor recebido', 'Na etapa (dias)', 'Responsável',
      ]);
      const listed = await allPages<Surgery>('/surgery/api/v1/surgery/', query, token);
      expect(rows).toEqual(listed.map(expectedSurgeryRow));
      if (query === '') expect(rows.length).toBeGreaterThan(10);
    }
  });

  it('reads the same rows whatever the keyset page size (ties on the schedule, microsecond status changes)', async () => {
    const query = { ordering: '-schedule' as const, status__in: undefined };
    const user = { id: medic.id, type: 'medic' as const };
    const whole: string[] = [];
    for await (const cells of surgeryExportRows(t.deps.db, user, query, t.deps.now, 1000)) whole.push(csvLine(cells));
    for (const size of [1, 2, 3, 7]) {
      const paged: string[] = [];
      for await (const cells of surgeryExportRows(t.deps.db, user, query, t.deps.now, size)) paged.push(csvLine(cells));
      expect(paged).toEqual(whole);
    }
    expect(whole.length).toBeGreaterThan(10);
  });

  it('writes pt-BR money and dates, quotes cells with ; or quotes, and guards formulas, as the bytes show', async () => {
    const res = await get(`${SURGERY_EXPORT}?status__in=pagamento&ordering=patient`, medicToken);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    // Quoted cells: the name with ';' and '"', and the formula (quoted for its ';' and '"', apostrophe first).
    expect(res.body).toContain('"Ana; Maria ""Nina"" Souza";');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x.example"";""clique"")";`);
    expect(res.body).not.toMatch(/(^|;|\r\n)=HYPERLINK/);
    const { rows } = readCsv(res.body);
    for (const row of rows) {
      expect(row[8]).toMatch(/^(\d+,\d{2})?$/);
      expect(row[9]).toBe('999,05');
      expect(row[7]).toMatch(/^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})?$/);
    }
    // 13:30 UTC on 2026-03-10 is 10:30 in São Paulo.
    expect(rows.some((row) => row[7] === '10/03/2026 10:30')).toBe(true);
  });

  it('names the file by São Paulo’s day and is never cached', async () => {
    const saved = t.clock.now;
    // 01:30 UTC of the day before: São Paulo is still on the day before that. Always in the past, so the tokens
    // signed in at the real time stay valid (01:30 of the same day is over their hour ahead before 00:30 UTC).
    t.clock.now = new Date(Date.UTC(saved.getUTCFullYear(), saved.getUTCMonth(), saved.getUTCDate() - 1, 1, 30));
    try {
      const day = saoPauloDay(t.clock.now);
      expect(day).not.toBe(t.clock.now.toISOString().slice(0, 10));
      const res = await get(SURGERY_EXPORT, medicToken);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="cirurgias-${day}.csv"`);
      expect(res.headers['cache-control']).toBe('no-store');
      const patientsRes = await get(PATIENT_EXPORT, medicToken);
      expect(patientsRes.headers['content-disposition']).toBe(`attachment; filename="pacientes-${day}.csv"`);
    } finally {
      t.clock.now = saved;
    }
  });

  it('keeps to the user’s medics: another medic’s cases never appear; each secretary gets her medics’', async () => {
    const mine = readCsv((await get(SURGERY_EXPORT, medicToken)).body).rows;
    expect(mine.some((row) => row[0] === 'Paciente De Outro Médico')).toBe(false);
    expect(readCsv((await get(SURGERY_EXPORT, secretaryToken)).body).rows).toEqual(mine);
    const others = readCsv((await get(SURGERY_EXPORT, otherMedicToken)).body).rows;
    expect(others.map((row) => row[0])).toEqual(['Paciente De Outro Médico']);
    expect(readCsv((await get(SURGERY_EXPORT, unlinkedSecretaryToken)).body).rows).toEqual(others);
  });

  it('answers 401 without a token, and the list’s pt-BR 400 for a bad filter', async () => {
    const anonymous = await get(SURGERY_EXPORT, null);
    expect(anonymous.statusCode).toBe(401);
    for (const query of ['status__in=pagamento,voando', 'date=2026-02-30', 'ordering=preco', 'overdue=talvez', 'status__in=a&status__in=b']) {
      const exported = await get(`${SURGERY_EXPORT}?${query}`, medicToken);
      const listed = await get(`/surgery/api/v1/surgery/?${query}`, medicToken);
      expect(exported.statusCode).toBe(400);
      expect(exported.json()).toEqual(listed.json());
    }
    expect((await get(`${SURGERY_EXPORT}?status__in=pagamento,voando`, medicToken)).json()).toEqual({
      error: ['Etapa desconhecida: voando.'],
      status__in: ['Etapa desconhecida: voando.'],
    });
    // The page is not a filter of the export: ignored, like any unknown parameter.
    expect((await get(`${SURGERY_EXPORT}?limit=abc&offset=-1`, medicToken)).statusCode).toBe(200);
  });
});

describe('the patients export', () => {
  it.each(['', 'search=ana', `search=${validCpf(1).slice(0, 3)}`, 'search=zelia'])('with "%s" equals the JSON list', async (query) => {
    for (const token of [secretaryToken, medicToken, otherMedicToken]) {
      const res = await get(`${PATIENT_EXPORT}${query ? `?${query}` : ''}`, token);
      expect(res.statusCode).toBe(200);
      const { header, rows } = readCsv(res.body);
      expect(header).toEqual(['Nome', 'CPF', 'Data de nascimento', 'Celular', 'Sexo', 'Convênio', 'Endereço', 'CEP', 'Médico']);
      const listed = await allPages<Patient>('/surgery/api/v1/patient/', query, token);
      expect(rows).toEqual(listed.map(expectedPatientRow));
    }
  });

  it('formats the CPF, the birthday and the phone, guards the formula, keeps to the user’s medics', async () => {
    const { rows } = readCsv((await get(PATIENT_EXPORT, secretaryToken)).body);
    const ana = rows.find((row) => row[0] === 'Ana; Maria "Nina" Souza')!;
    expect(ana[1]).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(ana[2]).toBe('29/02/1980');
    expect(ana[3]).toBe('(11) 9 8765-4321');
    expect(ana[6]).toBe('Av. Paulista, 1000; ap. 5');
    expect(ana[7]).toBe('01.310-100');
    expect(rows.find((row) => row[0] === `'${FORMULA_NAME}`)?.[3]).toBe('(11) 3456-7890');
    expect(rows.some((row) => row[0] === 'Paciente De Outro Médico')).toBe(false);
  });

  it('answers 401 without a token, and the list’s 400 for a bad search', async () => {
    expect((await get(PATIENT_EXPORT, null)).statusCode).toBe(401);
    const long = `search=${'a'.repeat(101)}`;
    const exported = await get(`${PATIENT_EXPORT}?${long}`, medicToken);
    expect(exported.statusCode).toBe(400);
    expect(exported.json()).toEqual((await get(`/surgery/api/v1/patient/?${long}`, medicToken)).json());
  });
});

describe('a large export', () => {
  const TOTAL = 2500;
  let bulkMedic: TestAccount;
  let bulkToken: string;

  beforeAll(async () => {
    ({ medic: bulkMedic, medicToken: bulkToken } = await signInTenants(t));
    const names = Array.from({ length: TOTAL }, (_, i) => `Lote ${String(i).padStart(4, '0')} Silva`);
    const inserted = await t.deps.db
      .insert(patients)
      .values(names.map((nome, i) => ({ medicId: bulkMedic.id, nomeCompleto: nome, searchText: normalizeSearchText(nome), cpf: validCpf(5_000_000 + i) })))
      .returning({ id: patients.id });
    const [hospital] = (await lookupIds(t.deps.db)).hospitalIds;
    await t.deps.db.insert(surgeries).values(
      inserted.map((patient, i) => ({
        medicId: bulkMedic.id,
        patientId: patient.id,
        hospitalId: hospital!,
        status: (['agendamento', 'realizacao', 'pagamento'] as const)[i % 3]!,
        // Many ties: 50 distinct schedules, a fifth unscheduled.
        schedule: i % 5 === 0 ? null : new Date(Date.UTC(2026, 2, 1 + (i % 50), 12)),
        feesPayments: `${1000 + i}.${String(i % 100).padStart(2, '0')}`,
      })),
    );
  });

  it('arrives complete and in the list’s order, read in keyset pages smaller than the total', async () => {
    const log = loggingDatabase(t.handle);
    const logged = await buildApp({ ...t.deps, db: log.db });
    try {
      log.clear();
      const res = await logged.inject({ method: 'GET', url: SURGERY_EXPORT, headers: authHeader(bulkToken) });
      expect(res.statusCode).toBe(200);
      const { rows } = readCsv(res.body);
      expect(rows).toHaveLength(TOTAL);
      const pages = log.queries.filter((query) => query.includes('json_build_array'));
      // 500 rows a page: five full pages and the empty one that ends the read.
      expect(EXPORT_PAGE_SIZE).toBe(500);
      expect(pages).toHaveLength(TOTAL / EXPORT_PAGE_SIZE + 1);
      expect(pages.every((query) => /limit \$\d+/i.test(query))).toBe(true);
      const listed = await allPages<Surgery>('/surgery/api/v1/surgery/', '', bulkToken, 500);
      expect(rows).toEqual(listed.map(expectedSurgeryRow));
    } finally {
      await logged.close();
    }
  });

  it('a failure in the middle of the stream ends that answer only, logged without personal data', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    let pages = 0;
    const failing = new Proxy(t.deps.db, {
      get(target, property, receiver) {
        if (property !== 'select') return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<Database['select']>) => {
          const fields = args[0] as Record<string, unknown> | undefined;
          if (fields && 'sortKey' in fields && ++pages === 2) {
            throw new Error('Failed query: select … where nome = $1\nparams: Lote 0001 Silva,12345678909');
          }
          return target.select(...args);
        };
      },
    });
    const app = await buildApp({ ...t.deps, db: failing as Database }, { logger: { ...(createLoggerOptions({ logLevel: 'info' }) as object), stream } as never });
    try {
      const res = await app.inject({ method: 'GET', url: SURGERY_EXPORT, headers: authHeader(bulkToken) }).catch((error: unknown) => error);
      if (!(res instanceof Error)) {
        // The headers went out with the first page: the answer is cut short, never a whole-looking file.
        expect((res as { body: string }).body.split('\r\n').length).toBeLessThan(TOTAL);
      }
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      const text = lines.join('');
      expect(text).toContain('stream errored');
      expect(text).not.toMatch(/Lote|12345678909|Silva/);
      // The app still serves the export afterwards.
      pages = 10;
      const again = await app.inject({ method: 'GET', url: SURGERY_EXPORT, headers: authHeader(bulkToken) });
      expect(readCsv(again.body).rows).toHaveLength(TOTAL);
    } finally {
      await app.close();
    }
  });

  it('exports 2,500 patients whole too', async () => {
    const res = await get(PATIENT_EXPORT, bulkToken);
    const { rows } = readCsv(res.body);
    expect(rows).toHaveLength(TOTAL);
    expect(rows.map((row) => row[0])).toEqual([...rows.map((row) => row[0]!)].sort());
    const [total] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(patients).where(sql`${patients.medicId} = ${bulkMedic.id}`);
    expect(rows).toHaveLength(total!.n);
  });
});
