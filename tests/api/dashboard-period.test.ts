import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CaseStatus, PaymentSource } from '../../machines/constants';
import { PERIOD_MESSAGES as P } from '../../machines/ledger/periodSchemas';
import { healthPlans, hospitals, procedures, surgeryReceipts } from '../../server/db/schema/index';
import { normalizeSearchText } from '../../server/services/search-text';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader } from '../helpers/fixtures';
import { signInTenants, type Tenants } from '../helpers/tenants';

/**
 * The dashboard's period (issue 14 item 4; DECISIONS §16; openapi getDashboard): every SPEC figure and chart of one
 * medic's cases under each period, compared with a computation here in plain TypeScript over the same fixture rows
 * (the cases by their São Paulo indication day, the receipts by their day). The fixture sits on month ends in
 * America/Sao_Paulo: a case created on 31 January at 23:30 there (1 February 02:30Z) is January's; one created at
 * 28 February 23:59 (1 March 02:59Z) is February's. Bad period input: pt-BR 400. Tenancy and 401.
 */

const URL = '/surgery/api/v1/dashboard/';

let t: TestApp;
let tenants: Tenants;

type Fixture = {
  status: CaseStatus;
  source: PaymentSource;
  plan?: 'alfa' | 'beta';
  fees: string;
  created: string;
  concluded?: string;
  /** Receipts: day and centavos. */
  receipts?: Array<[string, number]>;
};

/**
 * | # | status       | payer       | fees    | created (UTC)         | SP day     | receipts                          |
 * |---|--------------|-------------|---------|-----------------------|------------|-----------------------------------|
 * | 1 | ind_paciente | Plano Alfa  | 1000.00 | 2026-02-01T02:30Z     | 31/01/2026 |                                   |
 * | 2 | agendamento  | Particular  | 2000.00 | 2026-02-01T03:00Z     | 01/02/2026 |                                   |
 * | 3 | concluido    | Plano Beta  | 3000.00 | 2025-12-31T12:00Z     | 31/12/2025 | 31/01 2500.00, 01/02 500.00        |
 * | 4 | cancelado    | Particular  | 500.00  | 2026-02-28T12:00Z     | 28/02/2026 |                                   |
 * | 5 | realizacao   | Plano Alfa  | 700.00  | 2026-03-01T02:59Z     | 28/02/2026 |                                   |
 * | 6 | pagamento    | Plano Beta  | 1234.56 | 2024-02-29T12:00Z     | 29/02/2024 | 01/03/2024 34.56, 28/02/2026 100.00 |
 * | 7 | prep_doc     | Particular  | 800.00  | 2026-01-15T12:00Z     | 15/01/2026 |                                   |
 * | 8 | concluido    | Particular  | 400.00  | 2026-03-01T03:00Z     | 01/03/2026 | 01/03/2026 400.00, 31/12/2025 0.01 |
 */
const FIXTURE: Fixture[] = [
  { status: 'ind_paciente', source: 'plano_saude', plan: 'alfa', fees: '1000.00', created: '2026-02-01T02:30:00Z' },
  { status: 'agendamento', source: 'particular', fees: '2000.00', created: '2026-02-01T03:00:00Z' },
  {
    status: 'concluido', source: 'plano_saude', plan: 'beta', fees: '3000.00', created: '2025-12-31T12:00:00Z',
    concluded: '2026-01-10T12:00:00Z', receipts: [['2026-01-31', 250_000], ['2026-02-01', 50_000]],
  },
  { status: 'cancelado', source: 'particular', fees: '500.00', created: '2026-02-28T12:00:00Z' },
  { status: 'realizacao', source: 'plano_saude', plan: 'alfa', fees: '700.00', created: '2026-03-01T02:59:00Z' },
  {
    status: 'pagamento', source: 'plano_saude', plan: 'beta', fees: '1234.56', created: '2024-02-29T12:00:00Z',
    receipts: [['2024-03-01', 3_456], ['2026-02-28', 10_000]],
  },
  { status: 'prep_doc', source: 'particular', fees: '800.00', created: '2026-01-15T12:00:00Z' },
  {
    status: 'concluido', source: 'particular', fees: '400.00', created: '2026-03-01T03:00:00Z',
    concluded: '2026-03-05T15:00:00Z', receipts: [['2026-03-01', 40_000], ['2025-12-31', 1]],
  },
];

const PLAN_NAMES = { alfa: 'Plano Alfa (período)', beta: 'Plano Beta (período)' } as const;
let hospitalName: string;
let procedureName: string;

const ACTIVE: readonly CaseStatus[] = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento'];
const AUTHORIZED: readonly CaseStatus[] = ['agendamento', 'realizacao', 'pagamento'];
const PENDING: readonly CaseStatus[] = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao'];
const PLANNED: readonly CaseStatus[] = [...PENDING, 'agendamento'];
const CARRIED_OUT: readonly CaseStatus[] = ['realizacao', 'pagamento', 'concluido'];
const ALL_STATUSES: readonly CaseStatus[] = [...ACTIVE, 'concluido', 'cancelado', 'arquiv'];

/** The São Paulo calendar day of an instant, by the platform's time-zone rules (not the server's helper). */
function spDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
const cents = (reais: string) => Math.round(Number(reais) * 100);
const payerOf = (row: Fixture) => (row.plan ? PLAN_NAMES[row.plan] : row.source === 'particular' ? 'Particular' : row.source);
const inRange = (day: string, from: string | null, to: string | null) => from === null || to === null || (day >= from && day <= to);

type Item = { name: string; value: number };

/** A chart list as the contract orders it: values above zero, largest first, ties by name. */
function list(values: Map<string, number>): Item[] {
  return [...values]
    .filter(([, value]) => value > 0)
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'pt-BR'));
}

function add(map: Map<string, number>, name: string, value: number) {
  map.set(name, (map.get(name) ?? 0) + value);
}

/** Every SPEC figure of the fixture for the period's days [from, to] and São Paulo's `today`, computed here. */
function byHand(from: string | null, to: string | null, today: string) {
  const cases = FIXTURE.filter((row) => inRange(spDay(row.created), from, to));
  const distribution = Object.fromEntries(ALL_STATUSES.map((status) => [status, cases.filter((row) => row.status === status).length]));
  // Issue 33 item 15: what is still to come on a case = the fee less every receipt of it (whatever its day), never
  // below 0 (this fixture has no glosa nor write-off).
  const toCome = (row: Fixture) => Math.max(0, cents(row.fees) - (row.receipts ?? []).reduce((sum, [, amount]) => sum + amount, 0));
  const activeCents = cases.filter((row) => ACTIVE.includes(row.status)).reduce((sum, row) => sum + toCome(row), 0);
  // 'Em aberto' is today's position over every receivable case, whatever the period.
  const openCents = FIXTURE.filter((row) => row.status === 'pagamento' || row.status === 'concluido').reduce((sum, row) => sum + toCome(row), 0);
  const receipts = FIXTURE.flatMap((row) => (row.receipts ?? []).map(([day, amount]) => ({ row, day, amount })));
  const received = receipts.filter((receipt) => inRange(receipt.day, from, to));
  const month = today.slice(0, 7);
  const concluded = cases.filter((row) => row.status === 'concluido' && row.concluded);
  const meanDays = concluded.length === 0
    ? null
    : Math.round((concluded.reduce((sum, row) => sum + daysBetween(spDay(row.created), spDay(row.concluded!)), 0) / concluded.length) * 10) / 10;
  const toReceive = new Map<string, number>();
  const receivedBy = new Map<string, number>();
  const plannedBy = new Map<string, number>();
  const carriedBy = new Map<string, number>();
  for (const row of cases) {
    if (ACTIVE.includes(row.status)) add(toReceive, payerOf(row), toCome(row));
    if (PLANNED.includes(row.status)) add(plannedBy, payerOf(row), 1);
    if (CARRIED_OUT.includes(row.status)) add(carriedBy, payerOf(row), 1);
  }
  for (const receipt of received) add(receivedBy, payerOf(receipt.row), receipt.amount);
  const reais = (map: Map<string, number>) => new Map([...map].map(([name, value]) => [name, value / 100]));
  const planned = cases.filter((row) => PLANNED.includes(row.status)).length;
  const carried = cases.filter((row) => CARRIED_OUT.includes(row.status)).length;
  const lost = cases.filter((row) => row.status === 'cancelado' || row.status === 'arquiv').length;
  return {
    data: {
      pending_surgery_value: activeCents / 100,
      fees_payments_month: activeCents / 100,
      open_amount: openCents / 100,
      payment_done: received.reduce((sum, receipt) => sum + receipt.amount, 0) / 100,
      payment_done_month: receipts.filter((receipt) => receipt.day.startsWith(month)).reduce((sum, receipt) => sum + receipt.amount, 0) / 100,
      authorized_surgery: cases.filter((row) => AUTHORIZED.includes(row.status)).length,
      pending_surgery: cases.filter((row) => PENDING.includes(row.status)).length,
      distribution,
      middle_time: meanDays,
    },
    dash_graph: {
      valores_a_receber: list(reais(toReceive)),
      valores_recebidos: list(reais(receivedBy)),
      qtd_convenio_prev: list(plannedBy),
      qtd_convenio_real: list(carriedBy),
      // One hospital and one procedure for every case.
      qtd_hospital_prev: list(new Map([[hospitalName, planned]])),
      qtd_hospital_real: list(new Map([[hospitalName, carried]])),
      qtd_procedim_prev: list(new Map([[procedureName, planned]])),
      qtd_procedim_real: list(new Map([[procedureName, carried]])),
    },
    lost_by_reason: lost === 0 ? [] : [{ reason: null, name: 'Sem motivo informado', value: lost }],
  };
}

async function get(token: string | null, query = '') {
  const url = `${URL}${query}`;
  const res = await t.app.inject({ method: 'GET', url, headers: token ? authHeader(token) : {} });
  expect(validateInjected('GET', url, res)).toEqual([]);
  return res;
}

async function dashboardAt(now: string, token: string, query: string) {
  t.clock.now = new Date(now);
  const res = await get(token, query);
  expect(res.statusCode).toBe(200);
  return res.json() as ReturnType<typeof byHand> & { period: { key: string; from: string | null; to: string | null } };
}

beforeAll(async () => {
  t = await buildTestApp();
  tenants = await signInTenants(t);
  const ids = await lookupIds(t.deps.db);
  const planId = async (fantasyName: string) => {
    const [row] = await t.deps.db
      .insert(healthPlans)
      .values({ fantasyName, corporateName: `${fantasyName} S.A.`, searchText: normalizeSearchText(fantasyName) })
      .returning({ id: healthPlans.id });
    return row!.id;
  };
  const plans = { alfa: await planId(PLAN_NAMES.alfa), beta: await planId(PLAN_NAMES.beta) };
  const hospitalId = ids.hospitalIds[0]!;
  const procedureId = ids.procedureIds[0]!;
  hospitalName = (await t.deps.db.select().from(hospitals).where(eq(hospitals.id, hospitalId)))[0]!.fantasyName;
  procedureName = (await t.deps.db.select().from(procedures).where(eq(procedures.id, procedureId)))[0]!.description;
  for (const row of FIXTURE) {
    const patient = await insertPatient(t.deps.db, tenants.medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, {
      status: row.status,
      paymentFountains: row.source,
      healthPlanId: row.plan ? plans[row.plan] : null,
      hospitalId,
      procedureIds: [procedureId],
      feesPayments: row.fees,
      createdAt: new Date(row.created),
      stepData: row.concluded ? { concludedAt: new Date(row.concluded) } : {},
    });
    for (const [receivedOn, amountCents] of row.receipts ?? []) {
      await t.deps.db.insert(surgeryReceipts).values({ surgeryId: surgery.id, receivedOn, amountCents, payer: 'outro' });
    }
  }
  // Another medic's case, created and paid inside every period: never counted.
  const stranger = await insertPatient(t.deps.db, tenants.otherMedic.id);
  await insertSurgery(t.deps.db, stranger, {
    status: 'concluido',
    feesPayments: '9999.00',
    createdAt: new Date('2026-02-10T12:00:00Z'),
    stepData: { paymentDone: '9999.00', datePayment: '2026-02-10', concludedAt: new Date('2026-02-11T12:00:00Z') },
  });
});

afterAll(async () => {
  await t?.close();
});

/** 2026-03-01T02:59:59Z: still Saturday 28 February 2026, 23:59:59, in São Paulo. */
const END_OF_FEBRUARY = '2026-03-01T02:59:59Z';
/** One second later: Sunday 1 March in São Paulo. */
const START_OF_MARCH = '2026-03-01T03:00:00Z';

describe('GET /surgery/api/v1/dashboard/?period=… (every SPEC figure follows the period)', () => {
  const cases: Array<{ now: string; query: string; key: string; from: string | null; to: string | null; today: string }> = [
    { now: END_OF_FEBRUARY, query: '', key: 'all', from: null, to: null, today: '2026-02-28' },
    { now: END_OF_FEBRUARY, query: '?period=all', key: 'all', from: null, to: null, today: '2026-02-28' },
    { now: END_OF_FEBRUARY, query: '?period=this_month', key: 'this_month', from: '2026-02-01', to: '2026-02-28', today: '2026-02-28' },
    { now: START_OF_MARCH, query: '?period=this_month', key: 'this_month', from: '2026-03-01', to: '2026-03-31', today: '2026-03-01' },
    { now: END_OF_FEBRUARY, query: '?period=last_3_months', key: 'last_3_months', from: '2025-12-01', to: '2026-02-28', today: '2026-02-28' },
    { now: START_OF_MARCH, query: '?period=last_3_months', key: 'last_3_months', from: '2026-01-01', to: '2026-03-31', today: '2026-03-01' },
    { now: END_OF_FEBRUARY, query: '?period=this_year', key: 'this_year', from: '2026-01-01', to: '2026-12-31', today: '2026-02-28' },
    { now: '2026-01-01T02:59:59Z', query: '?period=this_year', key: 'this_year', from: '2025-01-01', to: '2025-12-31', today: '2025-12-31' },
    { now: END_OF_FEBRUARY, query: '?period=last_12_months', key: 'last_12_months', from: '2025-03-01', to: '2026-02-28', today: '2026-02-28' },
    // January in São Paulo: case 1 (31/01 23:30 there, 1 February in UTC) is in; case 2 (01/02 00:00) is out.
    { now: END_OF_FEBRUARY, query: '?period=custom&from=2026-01-01&to=2026-01-31', key: 'custom', from: '2026-01-01', to: '2026-01-31', today: '2026-02-28' },
    // 29 February 2024 to 1 March 2024: case 6 and its first receipt.
    { now: END_OF_FEBRUARY, query: '?period=custom&from=2024-02-29&to=2024-03-01', key: 'custom', from: '2024-02-29', to: '2024-03-01', today: '2026-02-28' },
    // One day, 31 December 2025: case 3 and the 0.01 receipt of case 8.
    { now: END_OF_FEBRUARY, query: '?period=custom&from=2025-12-31&to=2025-12-31', key: 'custom', from: '2025-12-31', to: '2025-12-31', today: '2026-02-28' },
  ];

  for (const c of cases) {
    it(`${c.query || '(no period)'} at ${c.now}: ${c.from ?? 'all'}..${c.to ?? ''}`, async () => {
      const body = await dashboardAt(c.now, tenants.medicToken, c.query);
      expect(body.period).toEqual({ key: c.key, from: c.from, to: c.to });
      const expected = byHand(c.from, c.to, c.today);
      expect(body.data).toEqual(expected.data);
      expect(body.dash_graph).toEqual(expected.dash_graph);
      expect(body.lost_by_reason).toEqual(expected.lost_by_reason);
    });
  }

  it('writes the month ends out by hand: January holds case 1 and 7, and the receipt of 31 January', async () => {
    const body = await dashboardAt(END_OF_FEBRUARY, tenants.medicToken, '?period=custom&from=2026-01-01&to=2026-01-31');
    expect(body.data.distribution).toMatchObject({ ind_paciente: 1, prep_doc: 1, agendamento: 0, realizacao: 0 });
    // 1000.00 (case 1) + 800.00 (case 7).
    expect(body.data.pending_surgery_value).toBe(1800);
    // Case 3's 2500.00 on 31/01 (its 500.00 of 01/02 is February's).
    expect(body.data.payment_done).toBe(2500);
    // February in São Paulo (today 28/02): 500.00 (01/02) + 100.00 (28/02).
    expect(body.data.payment_done_month).toBe(600);
    const february = await dashboardAt(END_OF_FEBRUARY, tenants.medicToken, '?period=this_month');
    // Case 2 (01/02 00:00), 4 (28/02) and 5 (28/02 23:59 in São Paulo, 1 March in UTC).
    expect(february.data.distribution).toMatchObject({ agendamento: 1, cancelado: 1, realizacao: 1, ind_paciente: 0 });
    expect(february.data.payment_done).toBe(600);
  });

  it("answers the secretary her medic's figures, and nothing of another medic's to a secretary not linked to her", async () => {
    const query = '?period=last_3_months';
    const medic = await dashboardAt(END_OF_FEBRUARY, tenants.medicToken, query);
    expect(await dashboardAt(END_OF_FEBRUARY, tenants.secretaryToken, query)).toEqual(medic);
    const other = await dashboardAt(END_OF_FEBRUARY, tenants.unlinkedSecretaryToken, query);
    // The other medic's one case (created 10/02, paid 9999.00).
    expect(other.data.distribution.concluido).toBe(1);
    expect(other.data.payment_done).toBe(9999);
    expect(other.dash_graph.valores_recebidos).toEqual([{ name: 'Particular', value: 9999 }]);
  });
});

describe('GET /surgery/api/v1/dashboard/ (bad period input)', () => {
  const bad: Array<[string, Record<string, string[]>]> = [
    ['?period=semana', { period: [P.invalidPeriod] }],
    ['?period=custom', { from: [P.fromRequired], to: [P.toRequired] }],
    ['?period=custom&from=2026-02-30&to=2026-03-01', { from: [P.invalidFrom] }],
    ['?period=custom&from=2026-03-01&to=01/04/2026', { to: [P.invalidTo] }],
    ['?period=custom&from=2026-03-02&to=2026-03-01', { to: [P.toBeforeFrom] }],
    ['?period=custom&from=2016-01-01&to=2026-01-01', { to: [P.tooLong] }],
    ['?period=all&period=this_month', { period: ['Parâmetro repetido na consulta.'] }],
  ];
  for (const [query, fields] of bad) {
    it(`answers 400 in pt-BR to ${query}`, async () => {
      const res = await get(tenants.medicToken, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: Object.values(fields).flat(), ...fields });
      const csv = await t.app.inject({ method: 'GET', url: `${URL}export.csv${query}`, headers: authHeader(tenants.medicToken) });
      expect(csv.statusCode).toBe(400);
      expect(validateInjected('GET', `${URL}export.csv${query}`, csv)).toEqual([]);
    });
  }

  it('answers 401 without a valid token, whatever the period', async () => {
    for (const query of ['?period=this_month', '?period=semana']) {
      for (const url of [`${URL}${query}`, `${URL}export.csv${query}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
        expect(validateInjected('GET', url, res)).toEqual([]);
      }
    }
  });
});
