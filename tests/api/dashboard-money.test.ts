import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStatus, PaymentSource } from '../../machines/constants';
import type { AppealOutcome } from '../../machines/ledger/constants';
import { healthPlans, hospitals, paymentTerms, surgeryGlosas, surgeryLedgers, surgeryReceipts } from '../../server/db/schema/index';
import { normalizeSearchText } from '../../server/services/search-text';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader } from '../helpers/fixtures';
import { signInTenants, type Tenants } from '../helpers/tenants';
import { parseExcelCsv } from '../helpers/csv';

/**
 * The dashboard's money views (issue 14 item 4; DECISIONS §16; openapi Dashboard.money) and its CSV export: aging of
 * the receivables by payer (the boundaries 30/31, 60/61, 90/91 days past due, and not yet due), glosas by payer
 * (amount and rate), the median days from surgery to payment (odd and even counts, percentile_cont), expected vs
 * received per month. Each is compared with a computation here in plain TypeScript over the same fixture rows (the
 * balance rules of DECISIONS §16 written out again: open = max(0, expected − received − glosa net − written off),
 * due date = (billing, else surgery) + the payer's term), and the key figures are also written out by hand.
 *
 * Today is 10 March 2026 in São Paulo (the clock at 2026-03-10T15:00Z).
 */

const URL = '/surgery/api/v1/dashboard/';
const NOW = new Date('2026-03-10T15:00:00Z');
const TODAY = '2026-03-10';

let t: TestApp;
let tenants: Tenants;

/** `code`: the glosa's TISS reason (none when left out). */
type Glosa = { on: string; cents: number; outcome?: AppealOutcome; recovered?: number; code?: keyof typeof GLOSA_REASON_NAMES };
type Fixture = {
  label: string;
  status: CaseStatus;
  source: PaymentSource;
  plan?: keyof typeof PLANS;
  hospital?: 'termHospital';
  fees: string | null;
  /** The surgery's day (accomplishment). */
  surgery: string | null;
  /** Default: 20 days before the surgery, at noon UTC. */
  created?: string;
  billed?: string;
  receipts?: Array<[string, number]>;
  glosas?: Glosa[];
  writtenOff?: number;
};

const PLANS = {
  gama: 'Plano Gama (dinheiro)',
  odd: 'Plano Ímpar (dinheiro)',
  even: 'Plano Par (dinheiro)',
  noTerm: 'Plano Sem Prazo (dinheiro)',
} as const;
/** The TISS reasons of the fixture's glosas as 'Glosas por motivo' names them (server/data/tiss/motivos-glosa.csv). */
const GLOSA_REASON_NAMES = {
  '1402': 'Procedimento não autorizado',
  '1714': 'Valor do serviço superior ao valor de tabela',
  // No published description.
  '1025': 'Motivo de glosa 1025',
} as const;
const TERM_HOSPITAL = 'Hospital Prazo Longo (dinheiro)';
/** Payment terms of the medic: Plano Gama 45 days, the hospital 60; everyone else the default 30. */
const PLAN_TERMS: Partial<Record<keyof typeof PLANS, number>> = { gama: 45 };
const HOSPITAL_TERM = 60;

/** `day` plus `days` days. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** A 'Particular' case (term 30) done `pastDue + 30` days before today: `pastDue` days past due today. */
const aging = (pastDue: number, fees: string): Fixture => ({
  label: `aging ${pastDue}`,
  status: 'pagamento',
  source: 'particular',
  fees,
  surgery: addDays(TODAY, -(pastDue + 30)),
});

/** A case of `plan` paid off `days` days after its surgery (one receipt of the whole fee). */
const paidOff = (plan: keyof typeof PLANS, surgery: string, days: number): Fixture => ({
  label: `paid off ${plan} ${days}`,
  status: 'concluido',
  source: 'plano_saude',
  plan,
  fees: '1000.00',
  surgery,
  receipts: [[addDays(surgery, days), 100_000]],
});

const FIXTURE: Fixture[] = [
  // Aging at the bucket boundaries (Particular, open = the whole fee).
  aging(-5, '10.01'),
  aging(30, '20.02'),
  aging(31, '30.03'),
  aging(60, '40.04'),
  aging(61, '50.05'),
  aging(90, '60.06'),
  aging(91, '70.07'),
  // Plano Gama (term 45), billed 45 + 61 days ago: 61 days past due; 1000 − 300 received − 200 glosa in dispute = 500.
  {
    label: 'gama billed', status: 'pagamento', source: 'plano_saude', plan: 'gama', fees: '1000.00',
    surgery: addDays(TODAY, -130), billed: addDays(TODAY, -106),
    receipts: [[addDays(TODAY, -50), 30_000]], glosas: [{ on: addDays(TODAY, -40), cents: 20_000, code: '1714' }],
  },
  // A Particular case at the hospital with a 60-day term, done 60 + 91 days ago: 91 days past due, 800.00 open.
  { label: 'hospital term', status: 'pagamento', source: 'particular', hospital: 'termHospital', fees: '800.00', surgery: addDays(TODAY, -151) },
  // A plan with no term of its own, at the 60-day hospital: the hospital's term; done 60 + 30 days ago: 30 days, d0_30.
  { label: 'plan no term', status: 'pagamento', source: 'plano_saude', plan: 'noTerm', hospital: 'termHospital', fees: '150.00', surgery: addDays(TODAY, -90) },
  // Not receivable (realizacao): left out of aging, glosas, days and the expected series.
  { label: 'realizacao', status: 'realizacao', source: 'particular', fees: '5000.00', surgery: addDays(TODAY, -200) },
  // Medians: Plano Ímpar paid off after 10, 40, 25 days (odd: 25); Plano Par after 10, 20, 31, 50 (even: 25.5).
  paidOff('odd', '2025-10-01', 10),
  paidOff('odd', '2025-11-03', 40),
  paidOff('odd', '2026-01-05', 25),
  paidOff('even', '2025-09-01', 10),
  paidOff('even', '2025-12-31', 20),
  paidOff('even', '2026-01-31', 31),
  paidOff('even', '2025-08-15', 50),
  // Paid in full but a glosa in dispute: not settled, left out of the medians; its 300.00 glosa counts for Plano Par.
  {
    label: 'disputed', status: 'pagamento', source: 'plano_saude', plan: 'even', fees: '1000.00', surgery: '2026-01-10',
    receipts: [['2026-02-01', 100_000]], glosas: [{ on: '2026-02-05', cents: 30_000, code: '1402' }],
  },
  // Settled by a maintained glosa (800 received + 200 glosa mantida): settled after 16 days (the last receipt).
  {
    label: 'mantida', status: 'concluido', source: 'plano_saude', plan: 'odd', fees: '1000.00', surgery: '2026-02-01',
    receipts: [['2026-02-10', 50_000], ['2026-02-17', 30_000]],
    glosas: [{ on: '2026-02-20', cents: 20_000, outcome: 'mantida', recovered: 0, code: '1714' }],
  },
  // A glosa reverted in full and paid after: gross glosa 500 (the rate counts it), net 0; settled after 45 days.
  {
    label: 'revertida', status: 'concluido', source: 'plano_saude', plan: 'even', fees: '2000.00', surgery: '2025-12-01',
    receipts: [['2025-12-20', 150_000], ['2026-01-15', 50_000]],
    glosas: [{ on: '2025-12-20', cents: 50_000, outcome: 'revertida', recovered: 50_000, code: '1025' }],
  },
  // Partially reverted (300 denied, 100 recovered), the rest written off at conclusion: open 0.
  {
    label: 'parcial', status: 'concluido', source: 'plano_saude', plan: 'gama', fees: '1500.00', surgery: '2025-11-20',
    receipts: [['2025-12-30', 120_000]], glosas: [{ on: '2026-01-02', cents: 30_000, outcome: 'parcial', recovered: 10_000 }],
    writtenOff: 10_000,
  },
  // Paid by the patient before the surgery: 0 days (not −5).
  {
    label: 'advance', status: 'concluido', source: 'coop', fees: '600.00', surgery: '2026-02-15', receipts: [['2026-02-10', 60_000]],
  },
  // Concluded with no fee (CLT): received 250.00 with nothing expected; settled after 3 days.
  { label: 'no fee', status: 'concluido', source: 'clt', fees: null, surgery: '2025-07-01', receipts: [['2025-07-04', 25_000]] },
  // An old receipt on a case still in realizacao: received money all the same (the received series).
  { label: 'early receipt', status: 'agendamento', source: 'particular', fees: '300.00', surgery: null, created: '2025-06-01T12:00:00Z', receipts: [['2025-06-10', 5_000]] },
];

const reais = (cents: number) => cents / 100;
const feesCents = (fees: string | null) => (fees === null ? 0 : Math.round(Number(fees) * 100));
const createdOf = (row: Fixture) => row.created ?? `${addDays(row.surgery ?? TODAY, -20)}T12:00:00Z`;
/** The São Paulo day of an instant (platform time-zone rules). */
const spDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
const inRange = (day: string, from: string | null, to: string | null) => from === null || to === null || (day >= from && day <= to);
const payerOf = (row: Fixture) =>
  row.plan ? PLANS[row.plan] : ({ particular: 'Particular', coop: 'Cooperativa', clt: 'CLT' } as Record<string, string>)[row.source]!;
const byName = (a: string, b: string) => a.localeCompare(b, 'pt-BR');

/** The case's balance by DECISIONS §16, in plain TypeScript. */
function balanceOf(row: Fixture) {
  const expected = feesCents(row.fees);
  const received = (row.receipts ?? []).reduce((sum, [, cents]) => sum + cents, 0);
  const glosas = row.glosas ?? [];
  const glosaNet = glosas.reduce((sum, glosa) => sum + glosa.cents - (glosa.recovered ?? 0), 0);
  const gross = glosas.reduce((sum, glosa) => sum + glosa.cents, 0);
  const disputed = glosas.filter((glosa) => glosa.outcome === undefined).reduce((sum, glosa) => sum + glosa.cents, 0);
  const open = Math.max(0, expected - received - glosaNet - (row.writtenOff ?? 0));
  // What will not come: the write-off and the decided glosas' unrecovered part; 'Honorários a receber' of the case is
  // what is still to come (issue 33 item 15): the fee less the receipts and the lost, never below 0.
  const decidedLoss = glosas.filter((glosa) => glosa.outcome !== undefined).reduce((sum, glosa) => sum + glosa.cents - (glosa.recovered ?? 0), 0);
  const toCome = Math.max(0, expected - received - decidedLoss - (row.writtenOff ?? 0));
  const term = (row.source === 'plano_saude' && row.plan && PLAN_TERMS[row.plan]) || (row.hospital ? HOSPITAL_TERM : 30);
  const base = row.billed ?? row.surgery;
  const due = base === null ? null : addDays(base, term);
  const pastDue = due === null ? 0 : daysBetween(due, TODAY);
  const bucket = pastDue <= 30 ? 'd0_30' : pastDue <= 60 ? 'd31_60' : pastDue <= 90 ? 'd61_90' : 'd90_plus';
  const lastReceipt = (row.receipts ?? []).map(([day]) => day).sort().at(-1) ?? null;
  return { expected, received, gross, disputed, open, toCome, due, bucket, lastReceipt };
}

const RECEIVABLE: readonly CaseStatus[] = ['pagamento', 'concluido'];
const ACTIVE: readonly CaseStatus[] = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento'];

/**
 * The money figures of `data` (issue 33 item 15) for the period's days: 'Honorários a receber' / 'Recebimento previsto'
 * (what is still to come on the active cases indicated in the period) and 'Em aberto' (today, every receivable case).
 */
function figuresByHand(from: string | null, to: string | null) {
  const toCome = FIXTURE.filter((row) => ACTIVE.includes(row.status) && inRange(spDay(createdOf(row)), from, to)).reduce(
    (sum, row) => sum + balanceOf(row).toCome,
    0,
  );
  const open = FIXTURE.filter((row) => RECEIVABLE.includes(row.status)).reduce((sum, row) => sum + balanceOf(row).open, 0);
  return { pending_surgery_value: reais(toCome), fees_payments_month: reais(toCome), open_amount: reais(open) };
}

/** The four money views for the period's days [from, to] (null: all time), computed here. */
function moneyByHand(from: string | null, to: string | null) {
  const rows = FIXTURE.map((row) => ({ row, balance: balanceOf(row), payer: payerOf(row) }));
  const receivable = rows.filter(({ row }) => RECEIVABLE.includes(row.status));

  // Aging is a position today over every open case, whatever the period (issue 33 item 16; DECISIONS §18).
  const agingBy = new Map<string, { d0_30: number; d31_60: number; d61_90: number; d90_plus: number }>();
  for (const { balance, payer } of receivable.filter(({ balance }) => balance.open > 0)) {
    const entry = agingBy.get(payer) ?? { d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 };
    entry[balance.bucket as keyof typeof entry] += balance.open;
    agingBy.set(payer, entry);
  }
  const total = (e: { d0_30: number; d31_60: number; d61_90: number; d90_plus: number }) => e.d0_30 + e.d31_60 + e.d61_90 + e.d90_plus;
  const aging = [...agingBy]
    .sort(([a, x], [b, y]) => total(y) - total(x) || byName(a, b))
    .map(([name, e]) => ({ name, d0_30: reais(e.d0_30), d31_60: reais(e.d31_60), d61_90: reais(e.d61_90), d90_plus: reais(e.d90_plus) }));

  // Glosas follow the glosa's day; the expected fee, the day it falls due (all time: every receivable case).
  const glosaBy = new Map<string, { expected: number; glosa: number }>();
  for (const { row, balance, payer } of receivable) {
    const entry = glosaBy.get(payer) ?? { expected: 0, glosa: 0 };
    if (from === null || (balance.due !== null && inRange(balance.due, from, to))) entry.expected += balance.expected;
    for (const glosa of row.glosas ?? []) if (inRange(glosa.on, from, to)) entry.glosa += glosa.cents;
    glosaBy.set(payer, entry);
  }
  const glosas = [...glosaBy]
    .filter(([, e]) => e.expected > 0 || e.glosa > 0)
    .sort(([a, x], [b, y]) => y.glosa - x.glosa || byName(a, b))
    .map(([name, e]) => ({
      name,
      expected: reais(e.expected),
      glosa: reais(e.glosa),
      rate: e.expected === 0 ? null : Math.round((e.glosa * 10_000) / e.expected) / 10_000,
    }));

  // The same glosas by TISS reason: amount down, then code, the glosas without one last.
  const reasonBy = new Map<string | null, { glosas: number; cents: number }>();
  for (const { row } of receivable) {
    for (const glosa of (row.glosas ?? []).filter((glosa) => inRange(glosa.on, from, to))) {
      const entry = reasonBy.get(glosa.code ?? null) ?? { glosas: 0, cents: 0 };
      reasonBy.set(glosa.code ?? null, { glosas: entry.glosas + 1, cents: entry.cents + glosa.cents });
    }
  }
  const glosaReasons = [...reasonBy]
    .sort(([a, x], [b, y]) => y.cents - x.cents || (a === null ? 1 : b === null ? -1 : Number(a) - Number(b)))
    .map(([code, e]) => ({
      code,
      name: code === null ? 'Motivo TISS não informado' : GLOSA_REASON_NAMES[code as keyof typeof GLOSA_REASON_NAMES],
      glosas: e.glosas,
      glosa: reais(e.cents),
    }));

  const daysBy = new Map<string, number[]>();
  for (const { row, balance, payer } of receivable) {
    const settled = balance.open === 0 && balance.disputed === 0 && balance.received > 0 && row.surgery !== null;
    if (!settled || !inRange(balance.lastReceipt!, from, to)) continue;
    daysBy.set(payer, [...(daysBy.get(payer) ?? []), Math.max(0, daysBetween(row.surgery!, balance.lastReceipt!))]);
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const days = [...daysBy]
    .map(([name, values]) => ({ name, median_days: Math.round(median(values) * 10) / 10, cases: values.length }))
    .sort((a, b) => b.median_days - a.median_days || byName(a.name, b.name));

  const receipts = FIXTURE.flatMap((row) => row.receipts ?? []).filter(([day]) => inRange(day, from, to));
  const dues = receivable
    .filter(({ balance }) => balance.due !== null && inRange(balance.due, from, to))
    .map(({ balance }) => [balance.due!, balance.expected] as const);
  const months: string[] = [];
  const first = from?.slice(0, 7) ?? [...receipts.map(([day]) => day), ...dues.map(([day]) => day)].sort()[0]!.slice(0, 7);
  const last = to?.slice(0, 7) ?? TODAY.slice(0, 7);
  for (let month = first; month <= last; month = addDays(`${month}-28`, 5).slice(0, 7)) months.push(month);
  const sumIn = (entries: ReadonlyArray<readonly [string, number]>, month: string) =>
    entries.filter(([day]) => day.startsWith(month)).reduce((sum, [, cents]) => sum + cents, 0);
  const series = months.map((month) => ({ month, expected: reais(sumIn(dues, month)), received: reais(sumIn(receipts, month)) }));

  return { aging, glosas_by_payer: glosas, glosas_by_reason: glosaReasons, days_to_payment: days, expected_vs_received: series };
}

type Money = ReturnType<typeof moneyByHand>;

async function get(token: string, query = '') {
  const url = `${URL}${query}`;
  const res = await t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  expect(validateInjected('GET', url, res)).toEqual([]);
  return res.json() as {
    money: Money;
    period: { from: string | null; to: string | null };
    data: { pending_surgery_value: number; fees_payments_month: number; open_amount: number };
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = NOW;
  tenants = await signInTenants(t);
  const db = t.deps.db;
  const planIds = {} as Record<keyof typeof PLANS, number>;
  for (const [key, fantasyName] of Object.entries(PLANS) as Array<[keyof typeof PLANS, string]>) {
    const [row] = await db
      .insert(healthPlans)
      .values({ fantasyName, corporateName: `${fantasyName} S.A.`, searchText: normalizeSearchText(fantasyName) })
      .returning({ id: healthPlans.id });
    planIds[key] = row!.id;
  }
  const [hospital] = await db
    .insert(hospitals)
    .values({ fantasyName: TERM_HOSPITAL, searchText: normalizeSearchText(TERM_HOSPITAL) })
    .returning({ id: hospitals.id });
  const medicId = tenants.medic.id;
  await db.insert(paymentTerms).values([
    ...Object.entries(PLAN_TERMS).map(([plan, days]) => ({ medicId, payer: 'plano' as const, payerId: planIds[plan as keyof typeof PLANS], days: days! })),
    { medicId, payer: 'hospital' as const, payerId: hospital!.id, days: HOSPITAL_TERM },
    // The other medic's term for the same plan is not this medic's.
    { medicId: tenants.otherMedic.id, payer: 'plano' as const, payerId: planIds.odd, days: 5 },
  ]);
  for (const row of FIXTURE) {
    const patient = await insertPatient(db, medicId);
    const surgery = await insertSurgery(db, patient, {
      status: row.status,
      paymentFountains: row.source,
      healthPlanId: row.plan ? planIds[row.plan] : null,
      ...(row.hospital ? { hospitalId: hospital!.id } : {}),
      feesPayments: row.fees,
      createdAt: new Date(createdOf(row)),
      stepData: { accomplishment: row.surgery },
    });
    for (const [receivedOn, amountCents] of row.receipts ?? []) {
      await db.insert(surgeryReceipts).values({ surgeryId: surgery.id, receivedOn, amountCents, payer: 'plano_saude' });
    }
    for (const glosa of row.glosas ?? []) {
      await db.insert(surgeryGlosas).values({
        surgeryId: surgery.id,
        glosaOn: glosa.on,
        amountCents: glosa.cents,
        reason: 'Procedimento não autorizado',
        appealDeadline: addDays(glosa.on, 30),
        appealFiledOn: glosa.outcome ? addDays(glosa.on, 3) : null,
        appealOutcome: glosa.outcome ?? null,
        recoveredCents: glosa.recovered ?? null,
        reasonCode: glosa.code ?? null,
      });
    }
    if (row.billed || row.writtenOff) {
      await db.insert(surgeryLedgers).values({ surgeryId: surgery.id, billedOn: row.billed ?? null, writtenOffCents: row.writtenOff ?? 0 });
    }
  }
  // The other medic: a receivable case of Plano Ímpar, 200 days past due, with a glosa. Never in this medic's views.
  const stranger = await insertPatient(db, tenants.otherMedic.id);
  const other = await insertSurgery(db, stranger, {
    status: 'pagamento', paymentFountains: 'plano_saude', healthPlanId: planIds.odd, feesPayments: '7777.00',
    stepData: { accomplishment: addDays(TODAY, -230) },
  });
  await db.insert(surgeryGlosas).values({ surgeryId: other.id, glosaOn: addDays(TODAY, -100), amountCents: 1_000, reason: 'x' });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /surgery/api/v1/dashboard/ money (all time)', () => {
  it('answers the four views as the computation over the same rows does', async () => {
    const body = await get(tenants.medicToken);
    expect(body.money).toEqual(moneyByHand(null, null));
  });

  it('puts each case in its aging bucket at the boundaries 30/31, 60/61, 90/91 days past due', async () => {
    const { money } = await get(tenants.medicToken);
    const particular = money.aging.find((row) => row.name === 'Particular');
    // Written out: d0_30 = not yet due 10.01 + 30 days 20.02; d31_60 = 31 days 30.03 + 60 days 40.04;
    // d61_90 = 61 days 50.05 + 90 days 60.06; d90_plus = 91 days 70.07 + the 60-day hospital's case 800.00.
    expect(particular).toEqual({ name: 'Particular', d0_30: 30.03, d31_60: 70.07, d61_90: 110.11, d90_plus: 870.07 });
    // Billed 106 days ago on a 45-day term: 61 days past due; 1000 − 300 − 200 (glosa in dispute) = 500.
    expect(money.aging.find((row) => row.name === PLANS.gama)).toEqual({ name: PLANS.gama, d0_30: 0, d31_60: 0, d61_90: 500, d90_plus: 0 });
    // The plan has no term: the hospital's 60 days; done 90 days ago, 30 days past due.
    expect(money.aging.find((row) => row.name === PLANS.noTerm)).toEqual({ name: PLANS.noTerm, d0_30: 150, d31_60: 0, d61_90: 0, d90_plus: 0 });
    // Largest open balance first; settled payers and the realizacao case are absent.
    expect(money.aging.map((row) => row.name)).toEqual(['Particular', PLANS.gama, PLANS.noTerm]);
  });

  it('answers the medians of the settled cases: odd and even counts (percentile_cont), 0 for an advance', async () => {
    const { money } = await get(tenants.medicToken);
    // Plano Ímpar: 10, 16 (mantida), 25, 40 → (16 + 25) / 2 = 20.5 (percentile_disc would say 16). Plano Par: 10, 20, 31, 45 (revertida), 50 → 31
    // (the disputed case is out). Cooperativa: paid 5 days before the surgery → 0. CLT: 3. Plano Gama: 1500 − 1200
    // received − 200 net glosa − 100 written off = 0 open, last receipt 30/12 after a surgery on 20/11 → 40.
    expect(money.days_to_payment).toEqual([
      { name: PLANS.gama, median_days: 40, cases: 1 },
      { name: PLANS.even, median_days: 31, cases: 5 },
      { name: PLANS.odd, median_days: 20.5, cases: 4 },
      { name: 'CLT', median_days: 3, cases: 1 },
      { name: 'Cooperativa', median_days: 0, cases: 1 },
    ]);
  });

  it('answers the glosa amount (as denied, before the appeal) and the rate by payer', async () => {
    const { money } = await get(tenants.medicToken);
    // Plano Par: glosas 300 (disputed) + 500 (revertida) over expected 4 × 1000 + 1000 + 2000 = 7000 → 0.1143.
    expect(money.glosas_by_payer.find((row) => row.name === PLANS.even)).toEqual({ name: PLANS.even, expected: 7000, glosa: 800, rate: 0.1143 });
    // Plano Gama: 200 + 300 over 1000 + 1500 → 0.2.
    expect(money.glosas_by_payer.find((row) => row.name === PLANS.gama)).toEqual({ name: PLANS.gama, expected: 2500, glosa: 500, rate: 0.2 });
    // CLT had no fee: no rate, not listed.
    expect(money.glosas_by_payer.some((row) => row.name === 'CLT')).toBe(false);
  });

  it('answers every month from the first with an amount to the current one', async () => {
    const { money } = await get(tenants.medicToken);
    const months = money.expected_vs_received.map((row) => row.month);
    // The first amount is the receipt of 10/06/2025 on the agendamento case; the last month is March 2026.
    expect(months[0]).toBe('2025-06');
    expect(months.at(-1)).toBe('2026-03');
    expect(months).toHaveLength(10);
    // February 2026: received 1000 (01/02) + 500 (10/02) + 300 (17/02) + 600 (10/02) = 2400.
    expect(money.expected_vs_received.find((row) => row.month === '2026-02')!.received).toBe(2400);
  });
});

describe('GET /surgery/api/v1/dashboard/ money (periods)', () => {
  for (const query of ['?period=this_month', '?period=last_3_months', '?period=this_year', '?period=last_12_months', '?period=custom&from=2025-11-01&to=2026-01-31', '?period=custom&from=2026-01-31&to=2026-02-01']) {
    it(`${query}: the four views and the money figures as the computation over the same rows does`, async () => {
      const body = await get(tenants.medicToken, query);
      expect(body.money).toEqual(moneyByHand(body.period.from, body.period.to));
      expect(body.data).toMatchObject(figuresByHand(body.period.from, body.period.to));
    });
  }

  it('answers every month of a period, empty ones with zeros', async () => {
    const { money } = await get(tenants.medicToken, '?period=this_year');
    expect(money.expected_vs_received.map((row) => row.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
    expect(money.expected_vs_received.at(-1)).toEqual({ month: '2026-12', expected: 0, received: 0 });
  });
});

describe('GET /surgery/api/v1/dashboard/ money figures and positions (issue 33 items 15 and 16)', () => {
  it("nets what was received: 'Honorários a receber' and 'Recebimento previsto' against 'Em aberto', written out", async () => {
    const { data } = await get(tenants.medicToken);
    expect(data).toMatchObject(figuresByHand(null, null));
    // Still to come on the active cases: the seven Particular aging cases 280.28 (nothing received) + Plano Gama
    // 1000 − 300 received = 700 (its 200 glosa is still in dispute, so it may still come) + the 60-day hospital's 800 +
    // Plano Sem Prazo 150 + realizacao 5000 (not done yet: still to come) + the disputed case 1000 − 1000 = 0 + the
    // agendamento case 300 − 50 received = 250 → 7180.28. The gross sum of the active fees would say 8480.28.
    expect(data.fees_payments_month).toBe(7180.28);
    expect(data.pending_surgery_value).toBe(7180.28);
    // 'Em aberto', the receivable cases only: 280.28 + Gama 1000 − 300 − 200 in dispute = 500 + 800 + 150 → 1730.28,
    // the aging's total.
    expect(data.open_amount).toBe(1730.28);
  });

  it("keeps the aging a position today over every open case, whatever the period ('Este mês' included)", async () => {
    const all = await get(tenants.medicToken);
    const total = (body: typeof all) =>
      body.money.aging.reduce((sum, row) => sum + Math.round((row.d0_30 + row.d31_60 + row.d61_90 + row.d90_plus) * 100), 0);
    expect(total(all)).toBe(173_028);
    for (const query of ['?period=this_month', '?period=custom&from=2020-01-01&to=2020-01-31']) {
      const body = await get(tenants.medicToken, query);
      expect(body.money.aging, query).toEqual(all.money.aging);
      expect(body.data.open_amount, query).toBe(1730.28);
    }
  });

  it("counts each glosa in the period of its own day, against the fees falling due in the period", async () => {
    // February 2026: glosas of 05/02 (Plano Par, 300, in dispute) and 20/02 (Plano Ímpar, 200, mantida); fees due in
    // February: Plano Ímpar 1000 (paid off, surgery 05/01 + 30), Plano Par 1000 (the disputed case, 10/01 + 30),
    // Particular 20.02 + 30.03 (30 and 31 days past due today), Plano Sem Prazo 150 (90 days ago + the hospital's 60).
    const february = await get(tenants.medicToken, '?period=custom&from=2026-02-01&to=2026-02-28');
    expect(february.money.glosas_by_payer).toEqual([
      { name: PLANS.even, expected: 1000, glosa: 300, rate: 0.3 },
      { name: PLANS.odd, expected: 1000, glosa: 200, rate: 0.2 },
      { name: 'Particular', expected: 50.05, glosa: 0, rate: 0 },
      { name: PLANS.noTerm, expected: 150, glosa: 0, rate: 0 },
    ]);
    // One day with a glosa and no fee falling due: the glosa is listed, with no rate (nothing to divide by).
    const day = await get(tenants.medicToken, '?period=custom&from=2026-02-05&to=2026-02-05');
    expect(day.money.glosas_by_payer).toEqual([{ name: PLANS.even, expected: 0, glosa: 300, rate: null }]);
    // 'Glosas por motivo' of February, written out: 300 for 1402 (05/02), 200 for 1714 (20/02).
    expect(february.money.glosas_by_reason).toEqual([
      { code: '1402', name: 'Procedimento não autorizado', glosas: 1, glosa: 300 },
      { code: '1714', name: 'Valor do serviço superior ao valor de tabela', glosas: 1, glosa: 200 },
    ]);
    expect(day.money.glosas_by_reason).toEqual([{ code: '1402', name: 'Procedimento não autorizado', glosas: 1, glosa: 300 }]);
  });
});

describe('GET /surgery/api/v1/dashboard/ money (tenancy)', () => {
  it("answers the secretary her medic's views and the other medic's to a secretary of his", async () => {
    const medic = await get(tenants.medicToken, '?period=last_12_months');
    expect((await get(tenants.secretaryToken, '?period=last_12_months')).money).toEqual(medic.money);
    const other = await get(tenants.unlinkedSecretaryToken);
    // 7777 − 10 of glosa in dispute; 230 days after the surgery on his own 5-day term for the plan.
    expect(other.money.aging).toEqual([{ name: PLANS.odd, d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 7767 }]);
    expect(other.money.glosas_by_payer).toEqual([{ name: PLANS.odd, expected: 7777, glosa: 10, rate: 0.0013 }]);
    expect(other.money.days_to_payment).toEqual([]);
    expect(other.money.glosas_by_reason).toEqual([{ code: null, name: 'Motivo TISS não informado', glosas: 1, glosa: 10 }]);
  });
});

/** A pt-BR decimal cell as a number: '1234,56' → 1234.56. */
const numberOf = (cell: string) => Number(cell.replace(',', '.'));

describe('GET /surgery/api/v1/dashboard/export.csv', () => {
  it('exports every table of the dashboard of the period, for Excel in Brazil', async () => {
    const query = '?period=last_12_months';
    const body = (await get(tenants.medicToken, query)) as unknown as {
      data: { pending_surgery_value: number; payment_done: number; distribution: Record<string, number>; middle_time: number | null };
      dash_graph: Record<string, Array<{ name: string; value: number }>>;
      money: Money;
    };
    const url = `${URL}export.csv${query}`;
    const res = await t.app.inject({ method: 'GET', url, headers: authHeader(tenants.medicToken) });
    expect(res.statusCode).toBe(200);
    expect(validateInjected('GET', url, res)).toEqual([]);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named in pt-BR like the other exports (what, then São Paulo's day), with the period's name (openapi exportDashboard).
    expect(res.headers['content-disposition']).toBe('attachment; filename="painel-ultimos-12-meses-2026-03-10.csv"');
    const rows = parseExcelCsv(res.body);
    expect(rows[0]).toEqual(['Tabela', 'Nome', 'Medida', 'Valor']);
    expect(rows.every((row) => row.length === 4)).toBe(true);
    const value = (table: string, name: string, measure: string) => {
      const found = rows.filter((row) => row[0] === table && row[1] === name && row[2] === measure);
      expect(found, `${table};${name};${measure}`).toHaveLength(1);
      return found[0]![3]!;
    };
    expect(value('Período', 'Últimos 12 meses', 'De')).toBe('01/04/2025');
    expect(value('Período', 'Últimos 12 meses', 'Até')).toBe('31/03/2026');
    expect(numberOf(value('Dados gerais', 'Recebimento previsto(R$)', 'Valor (R$)'))).toBe(body.data.pending_surgery_value);
    expect(numberOf(value('Dados gerais', 'Valor recebido (R$)', 'Valor (R$)'))).toBe(body.data.payment_done);
    expect(Number(value('Dados gerais', 'Quantidade de cirurgias', 'Cirurgias'))).toBe(
      Object.values(body.data.distribution).reduce((a, b) => a + b, 0),
    );
    for (const item of body.dash_graph.valores_recebidos!) expect(numberOf(value('Valores recebidos', item.name, 'Valor (R$)'))).toBe(item.value);
    for (const item of body.dash_graph.qtd_convenio_real!) {
      expect(Number(value('Cirurgias por convênio: Realizadas', item.name, 'Cirurgias'))).toBe(item.value);
    }
    const buckets = { d0_30: '0–30 dias', d31_60: '31–60 dias', d61_90: '61–90 dias', d90_plus: 'Mais de 90 dias' } as const;
    expect(body.money.aging.length).toBeGreaterThan(0);
    for (const row of body.money.aging) {
      for (const [key, label] of Object.entries(buckets)) {
        expect(numberOf(value('Envelhecimento dos recebíveis', row.name, label))).toBe(row[key as keyof typeof buckets]);
      }
    }
    for (const row of body.money.glosas_by_payer) {
      expect(numberOf(value('Glosas por pagador', row.name, 'Glosa (R$)'))).toBe(row.glosa);
      // One decimal, as the page shows it (machines/ledger/glosaRate.ts): e.g. 0.1639 → '16,4'.
      const rateText = value('Glosas por pagador', row.name, 'Taxa de glosa (%)');
      expect(rateText).toBe(row.rate === null ? '' : (Math.round(row.rate * 1000) / 10).toFixed(1).replace('.', ','));
    }
    expect(body.money.glosas_by_reason.length).toBeGreaterThan(1);
    for (const row of body.money.glosas_by_reason) {
      const name = row.code === null ? row.name : `${row.code} - ${row.name}`;
      expect(Number(value('Glosas por motivo', name, 'Glosas'))).toBe(row.glosas);
      expect(numberOf(value('Glosas por motivo', name, 'Glosa (R$)'))).toBe(row.glosa);
    }
    for (const row of body.money.days_to_payment) {
      expect(numberOf(value('Dias até o pagamento', row.name, 'Mediana (dias)'))).toBe(row.median_days);
      expect(Number(value('Dias até o pagamento', row.name, 'Casos'))).toBe(row.cases);
    }
    expect(rows.filter((row) => row[0] === 'Esperado x recebido por mês')).toHaveLength(24);
    for (const row of body.money.expected_vs_received) {
      const month = `${row.month.slice(5)}/${row.month.slice(0, 4)}`;
      expect(numberOf(value('Esperado x recebido por mês', month, 'Esperado (R$)'))).toBe(row.expected);
      expect(numberOf(value('Esperado x recebido por mês', month, 'Recebido (R$)'))).toBe(row.received);
    }
    // pt-BR decimals: a comma, never a point (1000 → '1000,00').
    expect(rows.slice(1).every((row) => !/^\d+\.\d+$/.test(row[3]!))).toBe(true);
  });
});
