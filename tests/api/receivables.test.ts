import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_SOURCE_LABELS, STATUS_LABELS, type CaseStatus, type PaymentSource } from '../../machines/constants';
import { caseBalance, type GlosaFacts } from '../../machines/ledger/balance';
import { centsOf } from '../../machines/rules/money';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  agingBucketOf,
  APPEAL_WARNING_DAYS,
  DEFAULT_PAYMENT_TERM_DAYS,
  type AgingBucket,
  type AppealOutcome,
} from '../../machines/ledger/constants';
import { RECEIVABLES_PAGE_SIZE } from '../../machines/ledger/receivablesSchemas';
import {
  healthPlans,
  paymentTerms,
  surgeries,
  surgeryEvents,
  surgeryGlosas,
  surgeryLedgers,
  surgeryReceipts,
  surgeryStatusHistory,
} from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { parseExcelCsv } from '../helpers/csv';

/**
 * 'A receber' and the appeal flags (issue 14 item 3; DECISIONS §16; openapi listReceivables, exportReceivables,
 * listAppealAlerts). The ledger rows are inserted straight into the tables (the ledger's write endpoints are another
 * part of the issue); every figure the server computes in SQL is compared with an independent computation here, over
 * the same facts: caseBalance (machines/ledger/balance.ts) for the balances, plain date arithmetic for the due date
 * and the days past due, agingBucketOf for the buckets. Every answer is checked against openapi.yaml.
 */

const LIST = '/surgery/api/v1/receivables/';
const EXPORT = '/surgery/api/v1/receivables/export.csv';
const ALERTS = '/surgery/api/v1/appeal_alerts/';
/** The test clock: 2026-03-10 at noon in São Paulo. */
const TODAY = '2026-03-10';

let t: TestApp;
let planIds: number[];
let planNames: Map<number, string>;
let hospitalIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  ({ healthPlanIds: planIds, hospitalIds } = await lookupIds(t.deps.db));
  const plans = await t.deps.db.select({ id: healthPlans.id, name: healthPlans.fantasyName }).from(healthPlans).where(inArray(healthPlans.id, planIds));
  planNames = new Map(plans.map((plan) => [plan.id, plan.name]));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.clock.now = new Date(`${TODAY}T15:00:00Z`);
});

// --- dates (plain UTC-day arithmetic, independent of the server's SQL) ---

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
const brDate = (day: string | null) => (day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '');
const brMoney = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

// --- accounts and cases ---

type Practice = { medic: TestAccount; medicToken: string; secretaryToken: string };

async function token(account: TestAccount) {
  return (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;
}

/** A fresh medic with a linked secretary (each test reads its own practice's list). */
async function practice(): Promise<Practice> {
  const medic = await createMedic(t.deps);
  const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  return { medic, medicToken: await token(medic), secretaryToken: await token(secretary) };
}

type GlosaSpec = { on: string; amount: number; deadline?: string | null; filed?: string | null; outcome?: AppealOutcome | null; recovered?: number | null };
type CaseSpec = {
  name?: string;
  status?: CaseStatus;
  fee?: string | null;
  source?: PaymentSource | null;
  planId?: number | null;
  hospitalId?: number;
  accomplishment?: string | null;
  billedOn?: string | null;
  writtenOff?: number;
  receipts?: number[];
  glosas?: GlosaSpec[];
};

/** Everything the test knows about a case it inserted: the facts its independent computation reads. */
type Facts = Required<Omit<CaseSpec, 'name'>> & { id: number; name: string; medicId: number; medicName: string };

const factsOf = new Map<number, Facts>();
let caseCounter = 0;

async function newCase(medic: TestAccount, spec: CaseSpec = {}): Promise<Facts> {
  caseCounter += 1;
  const name = spec.name ?? `Paciente Receber ${caseCounter}`;
  const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: name });
  const facts: Facts = {
    status: spec.status ?? 'pagamento',
    fee: spec.fee === undefined ? '1500.00' : spec.fee,
    source: spec.source === undefined ? 'particular' : spec.source,
    planId: spec.planId ?? null,
    hospitalId: spec.hospitalId ?? hospitalIds[0]!,
    accomplishment: spec.accomplishment === undefined ? '2026-02-01' : spec.accomplishment,
    billedOn: spec.billedOn ?? null,
    writtenOff: spec.writtenOff ?? 0,
    receipts: spec.receipts ?? [],
    glosas: spec.glosas ?? [],
    id: 0,
    name,
    medicId: medic.id,
    medicName: `${medic.firstName} ${medic.lastName}`,
  };
  const row = await insertSurgery(t.deps.db, patient, {
    status: facts.status,
    feesPayments: facts.fee,
    paymentFountains: facts.source,
    healthPlanId: facts.planId,
    hospitalId: facts.hospitalId,
    stepData: { accomplishment: facts.accomplishment },
  });
  facts.id = row.id;
  const db = t.deps.db;
  if (facts.billedOn !== null || facts.writtenOff > 0) {
    await db.insert(surgeryLedgers).values({ surgeryId: row.id, billedOn: facts.billedOn, writtenOffCents: facts.writtenOff });
  }
  for (const [index, amount] of facts.receipts.entries()) {
    await db.insert(surgeryReceipts).values({ surgeryId: row.id, receivedOn: addDays('2026-02-10', index), amountCents: amount, payer: 'particular' });
  }
  for (const glosa of facts.glosas) {
    await db.insert(surgeryGlosas).values({
      surgeryId: row.id,
      glosaOn: glosa.on,
      amountCents: glosa.amount,
      reason: 'Código não autorizado',
      appealDeadline: glosa.deadline === undefined ? addDays(glosa.on, 30) : glosa.deadline,
      appealFiledOn: glosa.filed ?? null,
      appealOutcome: glosa.outcome ?? null,
      recoveredCents: glosa.recovered ?? null,
    });
  }
  factsOf.set(row.id, facts);
  return facts;
}

async function setTerm(medic: TestAccount, payer: 'plano' | 'hospital', payerId: number, days: number) {
  await t.deps.db.insert(paymentTerms).values({ medicId: medic.id, payer, payerId, days });
}

/** The medic's configured terms, read back for the independent computation. */
async function termsOf(medicId: number) {
  return t.deps.db.select().from(paymentTerms).where(eq(paymentTerms.medicId, medicId)).orderBy(asc(paymentTerms.payerId));
}

// --- the independent computation ---

type Expected = {
  surgery: number;
  patient: { nome_completo: string };
  medic: { id: number; first_name: string; last_name: string };
  payer: string;
  status: CaseStatus;
  accomplishment: string | null;
  billed_on: string | null;
  due_date: string | null;
  days_past_due: number | null;
  bucket: AgingBucket;
  expected_cents: number;
  received_cents: number;
  glosa_net_cents: number;
  disputed_cents: number;
  open_cents: number;
  next_appeal_deadline: string | null;
  appeal_warning: boolean;
};

async function expectedRow(facts: Facts, asOf: string): Promise<Expected | null> {
  const glosas: GlosaFacts[] = facts.glosas.map((g) => ({ amount_cents: g.amount, appeal_outcome: g.outcome ?? null, recovered_cents: g.recovered ?? null }));
  const balance = caseBalance({
    expected_cents: facts.fee === null ? 0 : centsOf(Number(facts.fee)),
    receipts: facts.receipts.map((amount) => ({ amount_cents: amount })),
    glosas,
    written_off_cents: facts.writtenOff,
  });
  const owes = (facts.status === 'pagamento' || facts.status === 'concluido') && (balance.open_cents > 0 || balance.disputed_cents > 0);
  if (!owes) return null;
  const terms = await termsOf(facts.medicId);
  const planTerm = facts.source === 'plano_saude' && facts.planId !== null ? terms.find((term) => term.payer === 'plano' && term.payerId === facts.planId) : undefined;
  const hospitalTerm = terms.find((term) => term.payer === 'hospital' && term.payerId === facts.hospitalId);
  const termDays = planTerm?.days ?? hospitalTerm?.days ?? DEFAULT_PAYMENT_TERM_DAYS;
  const from = facts.billedOn ?? facts.accomplishment;
  const due = from === null ? null : addDays(from, termDays);
  const days = due === null ? null : daysBetween(due, asOf);
  const deadlines = facts.glosas.filter((g) => !g.outcome && !g.filed && g.deadline !== null).map((g) => g.deadline === undefined ? addDays(g.on, 30) : g.deadline!);
  const next = deadlines.length > 0 ? deadlines.sort()[0]! : null;
  const [first, ...rest] = facts.medicName.split(' ');
  return {
    surgery: facts.id,
    patient: { nome_completo: facts.name },
    medic: { id: facts.medicId, first_name: first!, last_name: rest.join(' ') },
    payer: (facts.planId !== null ? planNames.get(facts.planId) : undefined) ?? (facts.source ? PAYMENT_SOURCE_LABELS[facts.source] : 'Não informado'),
    status: facts.status,
    accomplishment: facts.accomplishment,
    billed_on: facts.billedOn,
    due_date: due,
    days_past_due: days,
    bucket: agingBucketOf(days ?? 0),
    expected_cents: balance.expected_cents,
    received_cents: balance.received_cents,
    glosa_net_cents: balance.glosa_net_cents,
    disputed_cents: balance.disputed_cents,
    open_cents: balance.open_cents,
    next_appeal_deadline: next,
    appeal_warning: next !== null && daysBetween(asOf, next) <= APPEAL_WARNING_DAYS,
  };
}

/** The whole expected list of some cases at `asOf`: owing cases only, most days past due first, then by id. */
async function expectedList(cases: Facts[], asOf: string, keep: (row: Expected) => boolean = () => true) {
  const rows: Expected[] = [];
  for (const facts of cases) {
    const row = await expectedRow(facts, asOf);
    if (row && keep(row)) rows.push(row);
  }
  rows.sort((a, b) => (b.days_past_due ?? -Infinity) - (a.days_past_due ?? -Infinity) || a.surgery - b.surgery);
  const byBucket = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, rows.filter((row) => row.bucket === bucket).reduce((sum, row) => sum + row.open_cents, 0)]));
  return {
    rows,
    totals: {
      open_cents: rows.reduce((sum, row) => sum + row.open_cents, 0),
      disputed_cents: rows.reduce((sum, row) => sum + row.disputed_cents, 0),
      by_bucket: byBucket,
    },
  };
}

// --- calls ---

type ListAnswer = {
  as_of: string;
  count: number;
  page: number;
  page_size: number;
  totals: { open_cents: number; disputed_cents: number; by_bucket: Record<AgingBucket, number> };
  payers: string[];
  results: Expected[];
};

async function get(url: string, tokenValue: string | null) {
  const res = await t.app.inject({ method: 'GET', url, headers: tokenValue ? authHeader(tokenValue) : {} });
  expect(validateInjected('GET', url, res), res.body).toEqual([]);
  return res;
}

async function list(tokenValue: string, query = '') {
  const res = await get(`${LIST}${query}`, tokenValue);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListAnswer;
}

const CSV_HEADER = ['Paciente', 'Médico', 'Pagador', 'Etapa', 'Realização', 'Faturamento', 'Vencimento', 'Dias em atraso', 'Faixa', 'Esperado', 'Recebido', 'Glosado', 'Em recurso', 'Em aberto', 'Próximo prazo de recurso'];

function csvOf(row: Expected): string[] {
  return [
    row.patient.nome_completo,
    `${row.medic.first_name} ${row.medic.last_name}`,
    row.payer,
    STATUS_LABELS[row.status],
    brDate(row.accomplishment),
    brDate(row.billed_on),
    brDate(row.due_date),
    // What the screen's 'Dias em atraso' column says (ReceivablesPage): the days, 'A vencer' up to the due day.
    row.days_past_due === null ? 'Sem vencimento' : row.days_past_due <= 0 ? 'A vencer' : String(row.days_past_due),
    AGING_BUCKET_LABELS[row.bucket],
    brMoney(row.expected_cents),
    brMoney(row.received_cents),
    brMoney(row.glosa_net_cents),
    brMoney(row.disputed_cents),
    brMoney(row.open_cents),
    brDate(row.next_appeal_deadline),
  ];
}

describe('GET receivables/', () => {
  it('lists every case that owes money with its balance, due date and bucket, and totals over the filtered rows', async () => {
    const { medic, medicToken, secretaryToken } = await practice();
    const cases = [
      await newCase(medic, { receipts: [50_000], accomplishment: '2026-01-05' }), // partial receipt, 34 days past due
      await newCase(medic, { fee: '2000.50', accomplishment: '2025-11-01', glosas: [{ on: '2026-02-01', amount: 30_000 }] }),
      await newCase(medic, { fee: '999.99', receipts: [99_999] }), // paid: not listed
      await newCase(medic, { fee: '800.00', receipts: [50_000], glosas: [{ on: '2026-02-20', amount: 30_000, filed: '2026-02-25' }] }), // open 0, disputed
      await newCase(medic, { fee: '800.00', receipts: [50_000], glosas: [{ on: '2026-02-20', amount: 30_000, filed: '2026-02-25', outcome: 'mantida', recovered: 0 }] }), // settled: not listed
      await newCase(medic, { status: 'concluido', fee: '1200.00', receipts: [100_000], writtenOff: 10_000, glosas: [{ on: '2026-03-01', amount: 5_000, deadline: '2026-03-12' }] }),
      await newCase(medic, { status: 'realizacao' }), // not yet in pagamento
      await newCase(medic, { status: 'agendamento' }),
      await newCase(medic, { fee: null }), // no fee: nothing owed
      await newCase(medic, { fee: '1500.00', receipts: [100_000, 60_000] }), // paid above the fee
      await newCase(medic, { accomplishment: null }), // no due date
    ];
    const expected = await expectedList(cases, TODAY);
    expect(expected.rows.map((row) => row.surgery)).toEqual([cases[1]!.id, cases[0]!.id, cases[3]!.id, cases[5]!.id, cases[10]!.id]);

    for (const tokenValue of [medicToken, secretaryToken]) {
      const answer = await list(tokenValue);
      expect(answer).toEqual({
        as_of: TODAY,
        count: expected.rows.length,
        page: 1,
        page_size: RECEIVABLES_PAGE_SIZE,
        totals: expected.totals,
        payers: ['Particular'],
        results: expected.rows,
      });
    }
    // A few figures stated outright, so the computation above is itself checked.
    const [oldest, partial] = (await list(medicToken)).results;
    expect(oldest).toMatchObject({ due_date: '2025-12-01', days_past_due: 99, bucket: 'd90_plus', open_cents: 170_050, disputed_cents: 30_000, glosa_net_cents: 30_000 });
    expect(partial).toMatchObject({ due_date: '2026-02-04', days_past_due: 34, bucket: 'd31_60', open_cents: 100_000, received_cents: 50_000 });
  });

  it('puts a case in its aging bucket at every boundary (30/31, 60/61, 90/91 days past due), by as_of and by the clock', async () => {
    const { medic } = await practice();
    let medicToken = await token(medic);
    const facts = await newCase(medic, { accomplishment: '2026-01-01' }); // due 2026-01-31
    const due = '2026-01-31';
    const cases: Array<[number, AgingBucket]> = [
      [-10, 'd0_30'], [0, 'd0_30'], [1, 'd0_30'], [30, 'd0_30'], [31, 'd31_60'], [60, 'd31_60'],
      [61, 'd61_90'], [90, 'd61_90'], [91, 'd90_plus'], [400, 'd90_plus'],
    ];
    for (const [days, bucket] of cases) {
      const asOf = addDays(due, days);
      const answer = await list(medicToken, `?as_of=${asOf}`);
      const expected = await expectedList([facts], asOf);
      expect(answer.results, `${days} days`).toEqual(expected.rows);
      expect(answer.results[0]).toMatchObject({ days_past_due: days, bucket, due_date: due });
      expect(answer.totals.by_bucket, `${days} days`).toEqual({ d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0, [bucket]: 150_000 });
      // The bucket filter agrees with the bucket shown.
      for (const other of AGING_BUCKETS) {
        expect((await list(medicToken, `?as_of=${asOf}&bucket=${other}`)).count).toBe(other === bucket ? 1 : 0);
      }
      // Without as_of, the clock's São Paulo day is the reference (23:30 there is already the next UTC day).
      // (The access token's life follows the clock: sign in again at that moment.)
      t.clock.now = new Date(`${asOf}T23:30:00-03:00`);
      const byClock = await list(await token(medic));
      expect(byClock.as_of).toBe(asOf);
      expect(byClock.results[0]).toMatchObject({ days_past_due: days, bucket });
      t.clock.now = new Date(`${TODAY}T15:00:00Z`);
      medicToken = await token(medic);
    }
  });

  it('counts the due date from the billing day, else the surgery day, with the plan\'s term, else the hospital\'s, else 30 days', async () => {
    const { medic, medicToken } = await practice();
    const [planA, planB] = planIds as [number, number];
    const [hospitalA, hospitalB] = hospitalIds as [number, number];
    await setTerm(medic, 'plano', planA, 45);
    await setTerm(medic, 'hospital', hospitalA, 60);
    const cases = [
      await newCase(medic, { hospitalId: hospitalB, accomplishment: '2026-01-10' }), // accomplishment + 30
      await newCase(medic, { hospitalId: hospitalB, accomplishment: '2026-01-10', billedOn: '2026-01-20' }), // billing + 30
      await newCase(medic, { source: 'plano_saude', planId: planA, hospitalId: hospitalB, billedOn: '2026-01-20' }), // + 45 (plan)
      await newCase(medic, { source: 'plano_saude', planId: planA, hospitalId: hospitalA, billedOn: '2026-01-20' }), // plan wins: + 45
      await newCase(medic, { source: 'plano_saude', planId: planB, hospitalId: hospitalA, billedOn: '2026-01-20' }), // plan without a term: hospital + 60
      await newCase(medic, { source: 'particular', planId: planA, hospitalId: hospitalB, billedOn: '2026-01-20' }), // not a plan case: 30
      await newCase(medic, { source: 'hospital', hospitalId: hospitalA, accomplishment: '2026-01-10' }), // hospital + 60
    ];
    // Another medic's terms never apply.
    const other = await createMedic(t.deps);
    await setTerm(other, 'hospital', hospitalB, 5);
    const answer = await list(medicToken);
    const byId = new Map(answer.results.map((row) => [row.surgery, row]));
    expect(cases.map((facts) => byId.get(facts.id)?.due_date)).toEqual([
      '2026-02-09', '2026-02-19', '2026-03-06', '2026-03-06', '2026-03-21', '2026-02-19', '2026-03-11',
    ]);
    expect(answer.results).toEqual((await expectedList(cases, TODAY)).rows);
  });

  it('filters by payer, bucket, appeals, patient and medic, the totals following the filters', async () => {
    const medicA = await createMedic(t.deps, { firstName: 'Ana', lastName: 'Lima' });
    const medicB = await createMedic(t.deps, { firstName: 'Bruno', lastName: 'Melo' });
    const secretary = await createSecretary(t.deps, { medicIds: [medicA.id, medicB.id] });
    const secretaryToken = await token(secretary);
    const plan = planIds[0]!;
    const cases = [
      await newCase(medicA, { name: 'Joana Dárc Souza', source: 'plano_saude', planId: plan, accomplishment: '2025-12-01' }),
      await newCase(medicA, { name: 'Pedro Alves', source: 'hospital', accomplishment: '2026-02-20', glosas: [{ on: '2026-02-25', amount: 20_000, deadline: '2026-03-17' }] }),
      await newCase(medicA, { name: 'Maria Souza', source: null, accomplishment: '2026-01-15', glosas: [{ on: '2026-02-25', amount: 10_000, deadline: '2026-03-18' }] }),
      await newCase(medicB, { name: 'Carlos Souza', source: 'coop', accomplishment: '2025-10-01', glosas: [{ on: '2026-01-05', amount: 10_000, deadline: '2026-02-04' }] }),
      await newCase(medicB, { name: 'Rita Prado', accomplishment: '2026-02-28', glosas: [{ on: '2026-03-01', amount: 10_000, deadline: '2026-03-05', filed: '2026-03-04' }] }),
    ];
    const all = await list(secretaryToken);
    const everything = await expectedList(cases, TODAY);
    expect(all.results).toEqual(everything.rows);
    expect(all.totals).toEqual(everything.totals);
    expect(all.payers).toEqual([...new Set(everything.rows.map((row) => row.payer))].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(all.payers).toContain('Não informado');

    const checks: Array<[string, (row: Expected) => boolean]> = [
      [`?payer=${encodeURIComponent(planNames.get(plan)!)}`, (row) => row.payer === planNames.get(plan)],
      ['?payer=Hospital', (row) => row.payer === 'Hospital'],
      ['?payer=Ningu%C3%A9m', () => false],
      ['?bucket=d90_plus', (row) => row.bucket === 'd90_plus'],
      ['?bucket=d0_30', (row) => row.bucket === 'd0_30'],
      // 2026-03-17 is 7 days away (flagged), 2026-03-18 is 8 (not), 2026-02-04 passed (flagged), the filed one is not.
      ['?appeals=1', (row) => row.appeal_warning],
      ['?appeals=true&bucket=d90_plus', (row) => row.appeal_warning && row.bucket === 'd90_plus'],
      ['?q=souza', (row) => row.patient.nome_completo.includes('Souza')],
      ['?q=joana%20darc', (row) => row.patient.nome_completo === 'Joana Dárc Souza'],
      [`?medic=${medicB.id}`, (row) => row.medic.id === medicB.id],
      [`?medic=${medicA.id}&q=souza`, (row) => row.medic.id === medicA.id && row.patient.nome_completo.includes('Souza')],
    ];
    for (const [query, keep] of checks) {
      const answer = await list(secretaryToken, query);
      const expected = await expectedList(cases, TODAY, keep);
      expect(answer.results, query).toEqual(expected.rows);
      expect(answer.totals, query).toEqual(expected.totals);
      expect(answer.count, query).toBe(expected.rows.length);
    }
    expect((await list(secretaryToken, '?appeals=1')).results.map((row) => row.patient.nome_completo).sort()).toEqual(['Carlos Souza', 'Pedro Alves']);
    // The payer options follow the medic, not the other filters.
    expect((await list(secretaryToken, `?medic=${medicB.id}&bucket=d0_30`)).payers).toEqual(['Cooperativa', 'Particular']);
  });

  it('filters by the TISS reason of a glosa (issue 37), at a past day by the glosas dated until it', async () => {
    const { medic, medicToken } = await practice();
    const cases = [
      await newCase(medic, { accomplishment: '2026-01-10', glosas: [{ on: '2026-02-01', amount: 10_000, deadline: '2026-03-30' }] }),
      await newCase(medic, { accomplishment: '2026-01-12', glosas: [{ on: '2026-03-10', amount: 10_000, deadline: '2026-04-09' }] }),
      await newCase(medic, { accomplishment: '2026-01-14', glosas: [{ on: '2026-02-03', amount: 5_000, deadline: '2026-03-30' }] }),
      await newCase(medic, { accomplishment: '2026-01-16' }),
    ];
    const codes = ['1310', '1310', '1402'];
    for (const [index, code] of codes.entries()) {
      await t.deps.db.update(surgeryGlosas).set({ reasonCode: code }).where(eq(surgeryGlosas.surgeryId, cases[index]!.id));
    }
    const answer = await list(medicToken, '?reason=1310');
    const expected = await expectedList(cases, TODAY, (row) => row.surgery === cases[0]!.id || row.surgery === cases[1]!.id);
    expect(answer.results).toEqual(expected.rows);
    expect(answer.totals).toEqual(expected.totals);
    expect(answer.results.map((row) => row.surgery).sort()).toEqual([cases[0]!.id, cases[1]!.id].sort());
    expect((await list(medicToken, '?reason=1402')).results.map((row) => row.surgery)).toEqual([cases[2]!.id]);
    expect((await list(medicToken, '?reason=1001')).results).toEqual([]);
    // On 2026-03-01 the second case's glosa (10 March) did not exist yet.
    expect((await list(medicToken, '?reason=1310&as_of=2026-03-01')).results.map((row) => row.surgery)).toEqual([cases[0]!.id]);
    const csv = await get(`${EXPORT}?reason=1402`, medicToken);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter((line) => line.trim() !== '')).toHaveLength(2);
    const bad = await get(`${LIST}?reason=13`, medicToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: ['Motivo de glosa inválido: informe o código TISS de 4 dígitos.'], reason: ['Motivo de glosa inválido: informe o código TISS de 4 dígitos.'] });
  });

  it('pages the list by 50, the count and totals over every page', async () => {
    const { medic, medicToken } = await practice();
    const cases: Facts[] = [];
    for (let i = 0; i < RECEIVABLES_PAGE_SIZE + 3; i++) {
      cases.push(await newCase(medic, { accomplishment: addDays('2025-12-01', i * 2), fee: `${100 + i}.${String(i % 100).padStart(2, '0')}` }));
    }
    const expected = await expectedList(cases, TODAY);
    const first = await list(medicToken);
    const second = await list(medicToken, '?page=2');
    const third = await list(medicToken, '?page=3');
    expect(first.results).toEqual(expected.rows.slice(0, RECEIVABLES_PAGE_SIZE));
    expect(second.results).toEqual(expected.rows.slice(RECEIVABLES_PAGE_SIZE));
    expect(third.results).toEqual([]);
    for (const page of [first, second, third]) {
      expect(page.count).toBe(RECEIVABLES_PAGE_SIZE + 3);
      expect(page.totals).toEqual(expected.totals);
    }
    expect(second.page).toBe(2);
  });

  it('answers 400 in pt-BR for a bad query value', async () => {
    const { medicToken } = await practice();
    const bad: Array<[string, string, string]> = [
      ['?bucket=d30', 'bucket', 'Faixa inválida: use d0_30, d31_60, d61_90, d90_plus.'],
      ['?appeals=sim', 'appeals', 'O filtro appeals aceita apenas 1 (ou true) para ligar.'],
      ['?medic=abc', 'medic', 'Médico inválido.'],
      ['?as_of=2026-02-30', 'as_of', 'Data de posição inválida: use o formato aaaa-mm-dd.'],
      ['?as_of=10/03/2026', 'as_of', 'Data de posição inválida: use o formato aaaa-mm-dd.'],
      ['?page=0', 'page', 'A página deve ser um número inteiro de 1 a 100000.'],
      ['?page=1.5', 'page', 'A página deve ser um número inteiro de 1 a 100000.'],
      ['?q=' + 'a'.repeat(101), 'q', 'O texto de busca deve ter no máximo 100 caracteres.'],
      ['?bucket=d0_30&bucket=d31_60', 'bucket', 'Parâmetro repetido na consulta.'],
    ];
    for (const [query, field, message] of bad) {
      // The export has no page (every row): it ignores one, as the status list's export ignores limit and offset.
      for (const url of field === 'page' ? [LIST] : [LIST, EXPORT]) {
        const res = await get(`${url}${query}`, medicToken);
        expect(res.statusCode, `${url}${query}`).toBe(400);
        expect(res.json(), query).toEqual({ error: [message], [field]: [message] });
      }
    }
  });

  it("never shows another medic's cases; a medic the user does not see is 404", async () => {
    const { medic, medicToken, secretaryToken } = await practice();
    const mine = await newCase(medic);
    const stranger = await createMedic(t.deps);
    const strangerCase = await newCase(stranger, { glosas: [{ on: '2026-03-01', amount: 1_000, deadline: '2026-03-11' }] });
    const strangerToken = await token(stranger);
    const unlinked = await createSecretary(t.deps, { medicIds: [] });
    for (const tokenValue of [medicToken, secretaryToken]) {
      expect((await list(tokenValue)).results.map((row) => row.surgery)).toEqual([mine.id]);
      const res = await get(`${LIST}?medic=${stranger.id}`, tokenValue);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ['Médico não encontrado.'] });
      const csv = await get(`${EXPORT}?medic=${stranger.id}`, tokenValue);
      expect(csv.statusCode).toBe(404);
      expect((await get(ALERTS, tokenValue)).json()).toEqual({ results: [] });
    }
    expect((await list(strangerToken)).results.map((row) => row.surgery)).toEqual([strangerCase.id]);
    expect((await list(strangerToken, `?medic=${stranger.id}`)).count).toBe(1);
    expect(await list(await token(unlinked))).toMatchObject({ count: 0, results: [], payers: [] });
  });

  it('answers 401 without a token', async () => {
    for (const url of [LIST, EXPORT, ALERTS]) {
      const res = await get(url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    }
  });
});

describe('GET receivables/export.csv', () => {
  it('exports every filtered row for Excel in Brazil, equal to the JSON rows', async () => {
    const { medic, medicToken } = await practice();
    const cases = [
      await newCase(medic, { name: 'Ana; "Nena" Lima', fee: '1234.56', receipts: [34_56], accomplishment: '2025-12-24', billedOn: '2026-01-02' }),
      await newCase(medic, { name: '=HYPERLINK("x")', fee: '10.05', glosas: [{ on: '2026-03-02', amount: 500, deadline: '2026-03-15' }] }),
      await newCase(medic, { name: 'Úrsula Araújo', accomplishment: '2026-03-01' }),
    ];
    for (let i = 0; i < RECEIVABLES_PAGE_SIZE; i++) cases.push(await newCase(medic, { accomplishment: addDays('2025-06-01', i) }));
    const res = await get(`${EXPORT}?as_of=2026-03-20`, medicToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="a-receber-2026-03-20.csv"');
    const rows = parseExcelCsv(res.body);
    expect(rows[0]).toEqual(CSV_HEADER);
    const expected = await expectedList(cases, '2026-03-20');
    // Every row (more than one page of the list), as the JSON pages show them.
    const json = [...(await list(medicToken, '?as_of=2026-03-20')).results, ...(await list(medicToken, '?as_of=2026-03-20&page=2')).results];
    expect(json).toEqual(expected.rows);
    const fromJson = json.map(csvOf);
    // The formula-looking name is kept as text with an apostrophe (CSV injection guard).
    const injected = fromJson.find((row) => row[0] === '=HYPERLINK("x")')!;
    injected[0] = `'=HYPERLINK("x")`;
    expect(rows.slice(1)).toEqual(fromJson);
    expect(rows.find((row) => row[0] === 'Ana; "Nena" Lima')).toEqual(
      expect.arrayContaining(['24/12/2025', '02/01/2026', '01/02/2026', '1234,56', '34,56', '1200,00', '47', '31–60 dias']),
    );
    // Not yet due (due 31/03/2026, 11 days after the reference day): 'A vencer', as on the screen, not −11.
    const notDue = rows.find((row) => row[0] === 'Úrsula Araújo')!;
    expect(notDue.slice(6, 8)).toEqual(['31/03/2026', 'A vencer']);
    // A filter narrows the file as it narrows the list.
    const filtered = parseExcelCsv((await get(`${EXPORT}?as_of=2026-03-20&appeals=1`, medicToken)).body);
    expect(filtered.slice(1).map((row) => row[0])).toEqual([`'=HYPERLINK("x")`]);
    const none = parseExcelCsv((await get(`${EXPORT}?payer=Ningu%C3%A9m`, medicToken)).body);
    expect(none).toEqual([CSV_HEADER]);
  });
});

describe('GET appeal_alerts/', () => {
  it('flags the glosas whose appeal is due within 7 days or passed, not filed nor decided, soonest first', async () => {
    const { medic, medicToken, secretaryToken } = await practice();
    const a = await newCase(medic, {
      name: 'Alerta Um',
      glosas: [
        { on: '2026-02-01', amount: 10_000, deadline: '2026-03-17' }, // 7 days: flagged
        { on: '2026-02-01', amount: 20_000, deadline: '2026-03-18' }, // 8 days: not
        { on: '2026-02-01', amount: 30_000, deadline: '2026-03-09' }, // passed: flagged
      ],
    });
    const b = await newCase(medic, {
      name: 'Alerta Dois',
      status: 'concluido',
      glosas: [
        { on: '2026-02-01', amount: 40_000, deadline: '2026-03-10' }, // today: flagged
        { on: '2026-02-01', amount: 50_000, deadline: '2026-03-11', filed: '2026-03-05' }, // filed: not
        { on: '2026-02-01', amount: 60_000, deadline: '2026-03-11', filed: '2026-03-05', outcome: 'revertida', recovered: 60_000 }, // decided: not
        { on: '2026-02-01', amount: 70_000, deadline: null }, // no deadline: not
      ],
    });
    const glosas = await t.deps.db.select().from(surgeryGlosas).where(inArray(surgeryGlosas.surgeryId, [a.id, b.id])).orderBy(asc(surgeryGlosas.id));
    const expected = glosas
      .filter((g) => g.appealOutcome === null && g.appealFiledOn === null && g.appealDeadline !== null && daysBetween(TODAY, g.appealDeadline) <= APPEAL_WARNING_DAYS)
      .map((g) => ({
        surgery: g.surgeryId,
        glosa: g.id,
        patient: { nome_completo: factsOf.get(g.surgeryId)!.name },
        amount_cents: Number(g.amountCents),
        appeal_deadline: g.appealDeadline!,
        days_left: daysBetween(TODAY, g.appealDeadline!),
      }))
      .sort((x, y) => x.appeal_deadline.localeCompare(y.appeal_deadline) || x.glosa - y.glosa);
    expect(expected.map((alert) => alert.days_left)).toEqual([-1, 0, 7]);
    for (const tokenValue of [medicToken, secretaryToken]) {
      const res = await get(ALERTS, tokenValue);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ results: expected });
    }
    // A day later the 8-day one is flagged too, and the list's warning follows the same rule at its as_of.
    t.clock.now = new Date('2026-03-11T15:00:00Z');
    expect((await get(ALERTS, await token(medic))).json().results.map((alert: { days_left: number }) => alert.days_left)).toEqual([-2, -1, 6, 7]);
    // Case a's next deadline is 2026-03-09 (the passed one): 8 days from 2026-03-01, 7 from 2026-03-02.
    t.clock.now = new Date(`${TODAY}T15:00:00Z`);
    const again = await token(medic);
    expect((await list(again, '?as_of=2026-03-01')).results.find((row) => row.surgery === a.id)).toMatchObject({ next_appeal_deadline: '2026-03-09', appeal_warning: false });
    expect((await list(again, '?as_of=2026-03-02')).results.find((row) => row.surgery === a.id)).toMatchObject({ next_appeal_deadline: '2026-03-09', appeal_warning: true });
  });
});

// --- 'Posição em' a past day (issue 33 item 16) ---

/** São Paulo's day of an instant (a fixed −03:00: São Paulo keeps no daylight saving since 2019). */
const spDay = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
/** An instant at `hour` o'clock of São Paulo day `day`. */
const spAt = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`);

/**
 * The position of some cases on `asOf`, computed here from the rows the database holds (read back plainly), by the
 * rules docs/LEDGER.md "Posição em" states: before today, only what was dated on or before the day (receipts, glosas,
 * each glosa's last appeal entry of the history by then, else its appeal from its last change; the billing; the
 * write-off by its settlement day), the stage from the moves recorded by then (a case with none keeps its stage), and
 * only cases carried out by then; today or later, the books as they stand.
 */
async function positionOf(ids: number[], asOf: string) {
  const db = t.deps.db;
  const past = asOf < spDay(t.clock.now);
  const cases = await db.select().from(surgeries).where(inArray(surgeries.id, ids));
  const receipts = await db.select().from(surgeryReceipts).where(inArray(surgeryReceipts.surgeryId, ids));
  const glosas = await db.select().from(surgeryGlosas).where(inArray(surgeryGlosas.surgeryId, ids));
  const ledgers = await db.select().from(surgeryLedgers).where(inArray(surgeryLedgers.surgeryId, ids));
  const moves = await db.select().from(surgeryStatusHistory).where(inArray(surgeryStatusHistory.surgeryId, ids));
  const events = await db.select().from(surgeryEvents).where(inArray(surgeryEvents.surgeryId, ids));
  const onDay = (day: string | null) => !past || (day !== null && day <= asOf);
  const rows: Expected[] = [];
  for (const row of cases) {
    const facts = factsOf.get(row.id)!;
    const caseMoves = moves.filter((move) => move.surgeryId === row.id).sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime() || a.id - b.id);
    const status = !past || caseMoves.length === 0 ? row.status : (caseMoves.filter((move) => spDay(move.changedAt) <= asOf).at(-1)?.toStatus ?? null);
    if (status !== 'pagamento' && status !== 'concluido') continue;
    if (past && row.accomplishment !== null && row.accomplishment > asOf) continue;
    const ledger = ledgers.find((l) => l.surgeryId === row.id);
    const billedOn = ledger && onDay(ledger.billedOn) ? ledger.billedOn : null;
    const writtenOff = ledger && onDay(ledger.settledOn ?? spDay(ledger.updatedAt)) ? Number(ledger.writtenOffCents) : 0;
    const glosasThen = glosas
      .filter((g) => g.surgeryId === row.id && onDay(g.glosaOn))
      .map((g) => {
        if (!past) return { ...g, recoveredCents: g.recoveredCents === null ? null : Number(g.recoveredCents) };
        const appeals = events.filter((e) => e.kind === 'glosa_appeal' && e.detail.glosa === g.id).sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
        if (appeals.length > 0) {
          const last = appeals.filter((e) => spDay(e.at) <= asOf).at(-1)?.detail;
          return { ...g, appealFiledOn: (last?.appeal_filed_on as string | null) ?? null, appealOutcome: (last?.appeal_outcome as AppealOutcome | null) ?? null, recoveredCents: (last?.recovered_cents as number | null) ?? null };
        }
        const decided = spDay(g.updatedAt) <= asOf;
        return {
          ...g,
          appealFiledOn: onDay(g.appealFiledOn) ? g.appealFiledOn : null,
          appealOutcome: decided ? g.appealOutcome : null,
          recoveredCents: decided && g.recoveredCents !== null ? Number(g.recoveredCents) : null,
        };
      });
    const balance = caseBalance({
      expected_cents: row.feesPayments === null ? 0 : centsOf(Number(row.feesPayments)),
      receipts: receipts.filter((r) => r.surgeryId === row.id && onDay(r.receivedOn)).map((r) => ({ amount_cents: Number(r.amountCents) })),
      glosas: glosasThen.map((g) => ({ amount_cents: Number(g.amountCents), appeal_outcome: g.appealOutcome, recovered_cents: g.recoveredCents })),
      written_off_cents: writtenOff,
    });
    if (balance.open_cents === 0 && balance.disputed_cents === 0) continue;
    const from = billedOn ?? row.accomplishment;
    const due = from === null ? null : addDays(from, DEFAULT_PAYMENT_TERM_DAYS); // these practices set no terms
    const days = due === null ? null : daysBetween(due, asOf);
    const deadlines = glosasThen.filter((g) => g.appealOutcome === null && g.appealFiledOn === null && g.appealDeadline !== null).map((g) => g.appealDeadline!).sort();
    const next = deadlines[0] ?? null;
    const [first, ...rest] = facts.medicName.split(' ');
    rows.push({
      surgery: row.id,
      patient: { nome_completo: facts.name },
      medic: { id: facts.medicId, first_name: first!, last_name: rest.join(' ') },
      payer: row.paymentFountains ? PAYMENT_SOURCE_LABELS[row.paymentFountains] : 'Não informado',
      status,
      accomplishment: row.accomplishment,
      billed_on: billedOn,
      due_date: due,
      days_past_due: days,
      bucket: agingBucketOf(days ?? 0),
      expected_cents: balance.expected_cents,
      received_cents: balance.received_cents,
      glosa_net_cents: balance.glosa_net_cents,
      disputed_cents: balance.disputed_cents,
      open_cents: balance.open_cents,
      next_appeal_deadline: next,
      appeal_warning: next !== null && daysBetween(asOf, next) <= APPEAL_WARNING_DAYS,
    });
  }
  rows.sort((a, b) => (b.days_past_due ?? -Infinity) - (a.days_past_due ?? -Infinity) || a.surgery - b.surgery);
  const byBucket = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, rows.filter((row) => row.bucket === bucket).reduce((sum, row) => sum + row.open_cents, 0)]));
  return {
    rows,
    totals: { open_cents: rows.reduce((sum, row) => sum + row.open_cents, 0), disputed_cents: rows.reduce((sum, row) => sum + row.disputed_cents, 0), by_bucket: byBucket },
  };
}

/** The case's moves, each `[stage, São Paulo day]` in order (the first one is the registration). */
async function recordMoves(surgeryId: number, moves: Array<[CaseStatus, string]>) {
  await t.deps.db.insert(surgeryStatusHistory).values(
    moves.map(([toStatus, day], index) => ({ surgeryId, fromStatus: index === 0 ? null : moves[index - 1]![0], toStatus, changedAt: spAt(day, 10 + index) })),
  );
}
async function addReceipt(surgeryId: number, receivedOn: string, amountCents: number) {
  await t.deps.db.insert(surgeryReceipts).values({ surgeryId, receivedOn, amountCents, payer: 'particular' });
}
const CARRIED_OUT: Array<[CaseStatus, string]> = [['ind_paciente', '2025-12-01'], ['realizacao', '2025-12-20'], ['pagamento', '2026-01-06']];

describe("GET receivables/ at a past 'Posição em'", () => {
  it('shows the cases receivable that day with the books as they stood at its end; today, the current list', async () => {
    const { medic, medicToken } = await practice();
    const db = t.deps.db;
    const D = '2026-02-15';
    // A: a receipt before D and one after; billed after D; a glosa before D, appealed before D, decided after D.
    const a = await newCase(medic, { name: 'Posição Straddle', accomplishment: '2026-01-05', billedOn: '2026-02-25' });
    await recordMoves(a.id, CARRIED_OUT);
    await addReceipt(a.id, '2026-02-01', 50_000);
    await addReceipt(a.id, '2026-02-20', 70_000);
    const [glosaA] = await db.insert(surgeryGlosas).values({
      surgeryId: a.id, glosaOn: '2026-02-10', amountCents: 10_000, reason: 'Código não autorizado', appealDeadline: '2026-02-18',
      appealFiledOn: '2026-02-12', appealOutcome: 'mantida', recoveredCents: 0, updatedAt: spAt('2026-03-01'),
    }).returning();
    await db.insert(surgeryEvents).values([
      { surgeryId: a.id, kind: 'glosa_appeal', at: spAt('2026-02-12'), detail: { glosa: glosaA!.id, amount_cents: 10_000, appeal_filed_on: '2026-02-12', appeal_outcome: null, recovered_cents: null } },
      { surgeryId: a.id, kind: 'glosa_appeal', at: spAt('2026-03-01'), detail: { glosa: glosaA!.id, amount_cents: 10_000, appeal_filed_on: '2026-02-12', appeal_outcome: 'mantida', recovered_cents: 0 } },
    ]);
    // B: carried out after D (and in pagamento only after it).
    const b = await newCase(medic, { name: 'Posição Depois', accomplishment: '2026-02-20' });
    await recordMoves(b.id, [['ind_paciente', '2026-01-10'], ['realizacao', '2026-02-01'], ['pagamento', '2026-02-21']]);
    // C: paid off before D: absent on D and today, listed on a day before its receipt.
    const c = await newCase(medic, { name: 'Posição Quitada', status: 'concluido', accomplishment: '2026-01-05' });
    await recordMoves(c.id, [...CARRIED_OUT, ['concluido', '2026-02-02']]);
    await addReceipt(c.id, '2026-02-01', 150_000);
    // E: paid off after D: listed on D only.
    const e = await newCase(medic, { name: 'Posição Paga Depois', accomplishment: '2026-01-05' });
    await recordMoves(e.id, CARRIED_OUT);
    await addReceipt(e.id, '2026-03-01', 150_000);
    // F: carried out before D but still in realizacao on D (moved to pagamento after it).
    const f = await newCase(medic, { name: 'Posição Etapa', accomplishment: '2026-02-10' });
    await recordMoves(f.id, [['ind_paciente', '2026-01-10'], ['realizacao', '2026-02-01'], ['pagamento', '2026-02-20']]);
    // G: no move recorded (before the history): its stage now, carried out before D.
    const g = await newCase(medic, { name: 'Posição Sem Histórico', accomplishment: '2026-01-10' });
    // H: concluded after D with a write-off; a glosa dated after D; a decided glosa without an appeal entry.
    const h = await newCase(medic, { name: 'Posição Baixa', status: 'concluido', accomplishment: '2026-01-05' });
    await recordMoves(h.id, [...CARRIED_OUT, ['concluido', '2026-03-05']]);
    await addReceipt(h.id, '2026-02-01', 100_000);
    await db.insert(surgeryLedgers).values({ surgeryId: h.id, writtenOffCents: 20_000, settlement: 'perda', settledOn: '2026-03-05' });
    await db.insert(surgeryGlosas).values([
      { surgeryId: h.id, glosaOn: '2026-02-20', amountCents: 10_000, reason: 'Depois', appealDeadline: '2026-03-30' },
      { surgeryId: h.id, glosaOn: '2026-02-05', amountCents: 20_000, reason: 'Antes', appealDeadline: '2026-03-07', appealFiledOn: '2026-02-06', appealOutcome: 'parcial', recoveredCents: 5_000, updatedAt: spAt('2026-02-14', 23) },
    ]);
    const ids = [a, b, c, e, f, g, h].map((facts) => facts.id);

    const onD = await list(medicToken, `?as_of=${D}`);
    const expectedOnD = await positionOf(ids, D);
    expect(onD.results).toEqual(expectedOnD.rows);
    expect(onD.totals).toEqual(expectedOnD.totals);
    expect(onD.count).toBe(expectedOnD.rows.length);
    // The figures stated outright, so the computation above is itself checked.
    expect(onD.results.map((row) => row.surgery)).toEqual([a.id, e.id, h.id, g.id]);
    const byId = new Map(onD.results.map((row) => [row.surgery, row]));
    // A on D: 500 received (not the 700 of 20/02), the glosa still in dispute, not billed yet (due from the surgery).
    expect(byId.get(a.id)).toMatchObject({ received_cents: 50_000, glosa_net_cents: 10_000, disputed_cents: 10_000, open_cents: 90_000, billed_on: null, due_date: '2026-02-04', days_past_due: 11, next_appeal_deadline: null, status: 'pagamento' });
    expect(byId.get(e.id)).toMatchObject({ received_cents: 0, open_cents: 150_000 });
    // H on D: in pagamento, no write-off yet, the later glosa not counted, the partial appeal decided on 14/02.
    expect(byId.get(h.id)).toMatchObject({ status: 'pagamento', received_cents: 100_000, glosa_net_cents: 15_000, disputed_cents: 0, open_cents: 35_000 });
    expect(byId.get(g.id)).toMatchObject({ open_cents: 150_000, due_date: '2026-02-09' });

    // Today: the current figures, exactly (as_of today, no as_of, and the computation over the rows as they are).
    const today = await list(medicToken, `?as_of=${TODAY}`);
    const current = await list(medicToken);
    expect(today).toEqual(current);
    const expectedToday = await positionOf(ids, TODAY);
    expect(current.results).toEqual(expectedToday.rows);
    expect(current.totals).toEqual(expectedToday.totals);
    expect(current.results.map((row) => row.surgery).sort((x, y) => x - y)).toEqual([a.id, b.id, f.id, g.id, h.id].sort((x, y) => x - y));
    expect(current.results.find((row) => row.surgery === a.id)).toMatchObject({ received_cents: 120_000, glosa_net_cents: 10_000, disputed_cents: 0, open_cents: 20_000, billed_on: '2026-02-25' });

    // Every other day around the entries agrees with the computation; a day before C's receipt lists it.
    for (const day of ['2025-12-31', '2026-01-05', '2026-01-06', '2026-01-31', '2026-02-01', '2026-02-12', '2026-02-14', '2026-02-20', '2026-03-01', '2026-03-05', '2026-03-09']) {
      const answer = await list(medicToken, `?as_of=${day}`);
      const expected = await positionOf(ids, day);
      expect(answer.results, day).toEqual(expected.rows);
      expect(answer.totals, day).toEqual(expected.totals);
    }
    expect((await list(medicToken, '?as_of=2026-01-31')).results.map((row) => row.surgery)).toContain(c.id);
    // The day before the moves to pagamento, and before G's surgery: nothing was receivable.
    expect((await list(medicToken, '?as_of=2026-01-05')).results).toEqual([]);

    // A later day: today's balances, that day's lateness.
    const later = await list(medicToken, '?as_of=2026-04-10');
    const withoutLateness = ({ days_past_due: _d, bucket: _b, appeal_warning: _w, ...rest }: Expected) => rest;
    const currentById = new Map(current.results.map((row) => [row.surgery, withoutLateness(row)]));
    expect(later.results.map(withoutLateness)).toEqual(later.results.map((row) => currentById.get(row.surgery)));
    expect(later.count).toBe(current.count);
    expect(later.results).toEqual((await positionOf(ids, '2026-04-10')).rows);

    // The export at a past day holds the JSON's rows.
    const csv = parseExcelCsv((await get(`${EXPORT}?as_of=${D}`, medicToken)).body);
    expect(csv.slice(1)).toEqual(onD.results.map(csvOf));
  });

  it('agrees with the computation over random dated books on every day around them (seeded)', async () => {
    const { medic, medicToken } = await practice();
    const db = t.deps.db;
    let state = 0x33_16;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let x = state;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const dayIn = (from: string, to: string) => addDays(from, int(0, daysBetween(from, to)));
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const accomplishment = dayIn('2025-12-01', '2026-03-05');
      const concluded = random() < 0.3;
      const facts = await newCase(medic, { status: concluded ? 'concluido' : 'pagamento', accomplishment, fee: `${int(500, 3000)}.${String(int(0, 99)).padStart(2, '0')}` });
      ids.push(facts.id);
      const toPagamento = addDays(accomplishment, int(0, 3));
      if (random() < 0.85) {
        const moves: Array<[CaseStatus, string]> = [['ind_paciente', addDays(accomplishment, -30)], ['realizacao', addDays(accomplishment, -1)], ['pagamento', toPagamento]];
        if (concluded) moves.push(['concluido', addDays(toPagamento, int(1, 30))]);
        await recordMoves(facts.id, moves);
      }
      for (let r = int(0, 3); r > 0; r--) await addReceipt(facts.id, dayIn(accomplishment, '2026-03-10'), int(1, 60_000));
      if (random() < 0.5) {
        await db.insert(surgeryLedgers).values({
          surgeryId: facts.id,
          billedOn: random() < 0.7 ? dayIn(accomplishment, '2026-03-10') : null,
          writtenOffCents: concluded && random() < 0.5 ? int(1, 20_000) : 0,
          settledOn: random() < 0.8 ? dayIn(accomplishment, '2026-03-10') : null,
          updatedAt: spAt(dayIn(accomplishment, '2026-03-10'), int(0, 23)),
        });
      }
      for (let k = int(0, 2); k > 0; k--) {
        const glosaOn = dayIn(accomplishment, '2026-03-10');
        const amount = int(1, 30_000);
        const filed = random() < 0.6 ? dayIn(glosaOn, '2026-03-10') : null;
        const outcome = filed && random() < 0.6 ? (['revertida', 'mantida', 'parcial'] as const)[int(0, 2)]! : null;
        const recovered = outcome === 'revertida' ? amount : outcome === 'parcial' ? int(0, amount) : outcome === 'mantida' ? 0 : null;
        const decidedOn = filed ? dayIn(filed, '2026-03-10') : glosaOn;
        const [glosa] = await db.insert(surgeryGlosas).values({
          surgeryId: facts.id, glosaOn, amountCents: amount, reason: 'Aleatória', appealDeadline: random() < 0.8 ? addDays(glosaOn, int(1, 40)) : null,
          appealFiledOn: filed, appealOutcome: outcome, recoveredCents: recovered, updatedAt: spAt(decidedOn, int(0, 23)),
        }).returning();
        if (filed && random() < 0.6) {
          // The history's appeal entries: the filing, then the outcome (when decided).
          await db.insert(surgeryEvents).values({ surgeryId: facts.id, kind: 'glosa_appeal', at: spAt(filed, int(0, 23)), detail: { glosa: glosa!.id, amount_cents: amount, appeal_filed_on: filed, appeal_outcome: null, recovered_cents: null } });
          if (outcome) {
            await db.insert(surgeryEvents).values({ surgeryId: facts.id, kind: 'glosa_appeal', at: spAt(decidedOn, int(0, 23)), detail: { glosa: glosa!.id, amount_cents: amount, appeal_filed_on: filed, appeal_outcome: outcome, recovered_cents: recovered } });
          }
        }
      }
    }
    let listedSomewhere = 0;
    for (let day = '2025-11-30'; day <= '2026-03-12'; day = addDays(day, 3)) {
      const answer = await list(medicToken, `?as_of=${day}`);
      const expected = await positionOf(ids, day);
      expect(answer.results, day).toEqual(expected.rows.slice(0, RECEIVABLES_PAGE_SIZE));
      expect(answer.totals, day).toEqual(expected.totals);
      listedSomewhere += answer.count;
    }
    expect(listedSomewhere).toBeGreaterThan(100);
    expect(await list(medicToken, `?as_of=${TODAY}`)).toEqual(await list(medicToken));
  });
});
