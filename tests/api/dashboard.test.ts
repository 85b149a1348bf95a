import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CaseStatus, PaymentSource } from '../../machines/constants';
import { parseCsvRecords } from '../../server/db/csv';
import { healthPlans, hospitals, procedures, surgeries, surgeryProcedures } from '../../server/db/schema/index';
import { inDashboardOrder } from '../../server/services/dashboard/dashboard-service';
import { normalizeSearchText } from '../../server/services/search-text';
import { projectPath } from '../../server/project-root';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

/**
 * GET /surgery/api/v1/dashboard/ (openapi getDashboard, DECISIONS §5). One fixture of two medics' cases, read at
 * 2026-11-01T02:30:00Z, which is still Saturday 31 October 2026, 23:30, in São Paulo (UTC−3, no daylight saving
 * since 2019): "this month" is October there, November in UTC. Every expected figure below is written out by hand,
 * with its arithmetic, from the fixture table; none is recomputed from the fixture in code.
 */

const URL = '/surgery/api/v1/dashboard/';
/** 2026-10-31 23:30 in São Paulo. */
const NOW = new Date('2026-11-01T02:30:00Z');

let t: TestApp;

type Dashboard = {
  data: {
    pending_surgery_value: number;
    payment_done: number;
    distribution: Record<CaseStatus, number>;
    middle_time: number | null;
    authorized_surgery: number;
    pending_surgery: number;
    payment_done_month: number;
    fees_payments_month: number;
    open_amount: number;
  };
  dash_graph: Record<
    | 'valores_a_receber'
    | 'valores_recebidos'
    | 'qtd_convenio_prev'
    | 'qtd_convenio_real'
    | 'qtd_hospital_prev'
    | 'qtd_hospital_real'
    | 'qtd_procedim_prev'
    | 'qtd_procedim_real',
    Array<{ name: string; value: number }>
  >;
  /** Issue 13's lost cases by reason (tests/api/loss-reasons.test.ts checks it; B has none). */
  lost_by_reason: Array<{ reason: string | null; name: string; value: number }>;
  /** Issue 14's period and money views (tests/api/dashboard-period.test.ts and dashboard-money.test.ts check them). */
  period: { key: string; from: string | null; to: string | null };
  money: Record<'aging' | 'glosas_by_payer' | 'glosas_by_reason' | 'days_to_payment' | 'expected_vs_received', unknown[]>;
};

/** GET the dashboard as `token`: 200, checked against the contract here (and again by t.close()). */
async function dashboard(token: string): Promise<Dashboard> {
  const res = await t.app.inject({ method: 'GET', url: URL, headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  expect(validateInjected('GET', URL, res)).toEqual([]);
  return res.json() as Dashboard;
}

const token = async (account: TestAccount) => (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;

/** Lookup rows with names chosen for the ordering checks (accented initials, two plans and two procedures named alike). */
async function insertLookups() {
  const plan = async (fantasyName: string, corporateName: string) => {
    const [row] = await t.deps.db
      .insert(healthPlans)
      .values({ fantasyName, corporateName, searchText: normalizeSearchText(fantasyName) })
      .returning({ id: healthPlans.id });
    return row!.id;
  };
  const hospital = async (fantasyName: string) => {
    const [row] = await t.deps.db
      .insert(hospitals)
      .values({ fantasyName, searchText: normalizeSearchText(fantasyName) })
      .returning({ id: hospitals.id });
    return row!.id;
  };
  const procedure = async (code: string, description: string, table: 'tuss' | 'sigtap') => {
    const [row] = await t.deps.db
      .insert(procedures)
      .values({ code, description, table, searchText: normalizeSearchText(`${code} ${description}`) })
      .returning({ id: procedures.id });
    return row!.id;
  };
  return {
    bradesco: await plan('Bradesco Saúde', 'Bradesco Saúde S.A.'),
    amil: await plan('Amil', 'Amil Assistência Médica Internacional S.A.'),
    // Another operator with the same fantasy name: the charts group by name, so it adds to 'Amil'.
    amilOther: await plan('Amil', 'Amil Saúde Regional Ltda.'),
    agape: await plan('Ágape Saúde', 'Ágape Saúde Cooperativa'),
    vilaNova: await hospital('Hospital Vila Nova (painel)'),
    aguaBranca: await hospital('Hospital Água Branca (painel)'),
    horizonte: await hospital('Clínica Horizonte (painel)'),
    colecistectomia: await procedure('DASH-001', 'Colecistectomia', 'tuss'),
    // The same description in the other table: its cases add up under the one name 'Colecistectomia'.
    colecistectomiaSigtap: await procedure('DASH-002', 'Colecistectomia', 'sigtap'),
    herniorrafia: await procedure('DASH-003', 'Herniorrafia inguinal', 'tuss'),
    apendicectomia: await procedure('DASH-004', 'Apendicectomia', 'tuss'),
  };
}

type Lookups = Awaited<ReturnType<typeof insertLookups>>;

type Case = {
  status: CaseStatus;
  source: PaymentSource | null;
  plan?: number;
  /** Default: the first seeded hospital. */
  hospital?: number;
  fees: string | null;
  procedures: number[];
  paid?: { amount: string; on: string };
  created?: string;
  concluded?: string;
};

/** Inserts each case for a new patient of `medic`. */
async function insertCases(medic: TestAccount, cases: Case[]) {
  for (const entry of cases) {
    const patient = await insertPatient(t.deps.db, medic.id);
    await insertSurgery(t.deps.db, patient, {
      status: entry.status,
      paymentFountains: entry.source,
      healthPlanId: entry.plan ?? null,
      ...(entry.hospital === undefined ? {} : { hospitalId: entry.hospital }),
      feesPayments: entry.fees,
      procedureIds: entry.procedures,
      ...(entry.created ? { createdAt: new Date(entry.created) } : {}),
      stepData: {
        ...(entry.paid ? { paymentDone: entry.paid.amount, datePayment: entry.paid.on } : {}),
        ...(entry.concluded ? { concludedAt: new Date(entry.concluded) } : {}),
      },
    });
  }
}

/**
 * Medic A's cases. Payer = plan name, else the payment source's label, else 'Não informado'.
 *
 * | case | status       | payer          | hospital      | fees     | received (date)       | procedures            |
 * |------|--------------|----------------|---------------|----------|-----------------------|-----------------------|
 * | A1   | ind_paciente | Bradesco Saúde | Vila Nova     | 1000.00  |                       | Colecist.             |
 * | A2   | prep_doc     | Particular     | Água Branca   | 2500.50  |                       | Colecist., Herniorr.  |
 * | A3   | autorizacao  | Amil           | Vila Nova     | 800.00   |                       | Apendic.              |
 * | A4   | agendamento  | Amil (other)   | Vila Nova     | 1200.00  |                       | Herniorr.             |
 * | A5   | realizacao   | Cooperativa    | Água Branca   | 3000.00  |                       | Colecist.             |
 * | A6   | pagamento    | Bradesco Saúde | Vila Nova     | 1500.00  | 700.00 (2026-10-31)   | Colecist., Apendic.   |
 * | A7   | concluido    | Bradesco Saúde | Vila Nova     | 2000.00  | 1800.00 (2026-10-31)  | Herniorr., Apendic.   |
 * | A8   | concluido    | Particular     | Água Branca   | 1000.00  | 950.25 (2026-11-01)   | Apendic.              |
 * | A9   | concluido    | CLT            | Vila Nova     | —        | 500.00 (2026-09-30)   | Apendic.              |
 * | A10  | cancelado    | Ágape Saúde    | Horizonte     | 4000.00  |                       | Colecist.             |
 * | A11  | arquiv       | Particular     | Horizonte     | 900.00   |                       | Herniorr.             |
 * | A12  | ind_paciente | Não informado  | Horizonte     | 0.00     |                       | Apendic.              |
 * | A13  | agendamento  | Ágape Saúde    | Horizonte     | 2000.00  |                       | Colecist. (SIGTAP)    |
 *
 * Concluded cases, created → concluded (UTC), and the São Paulo calendar days between them:
 *   A7: 2026-10-01T02:30Z (SP 30/09 23:30) → 2026-10-31T03:30Z (SP 31/10 00:30): 31 days (UTC dates: 30)
 *   A8: 2026-08-11T02:30Z (SP 10/08 23:30) → 2026-08-20T13:00Z (SP 20/08 10:00): 10 days (UTC dates: 9)
 *   A9: 2026-09-01T15:00Z (SP 01/09 12:00) → 2026-09-06T15:00Z (SP 06/09 12:00):  5 days
 */
function medicACases(l: Lookups): Case[] {
  return [
    { status: 'ind_paciente', source: 'plano_saude', plan: l.bradesco, hospital: l.vilaNova, fees: '1000.00', procedures: [l.colecistectomia] },
    { status: 'prep_doc', source: 'particular', hospital: l.aguaBranca, fees: '2500.50', procedures: [l.colecistectomia, l.herniorrafia] },
    { status: 'autorizacao', source: 'plano_saude', plan: l.amil, hospital: l.vilaNova, fees: '800.00', procedures: [l.apendicectomia] },
    { status: 'agendamento', source: 'plano_saude', plan: l.amilOther, hospital: l.vilaNova, fees: '1200.00', procedures: [l.herniorrafia] },
    { status: 'realizacao', source: 'coop', hospital: l.aguaBranca, fees: '3000.00', procedures: [l.colecistectomia] },
    {
      status: 'pagamento', source: 'plano_saude', plan: l.bradesco, hospital: l.vilaNova, fees: '1500.00',
      procedures: [l.colecistectomia, l.apendicectomia], paid: { amount: '700.00', on: '2026-10-31' },
    },
    {
      status: 'concluido', source: 'plano_saude', plan: l.bradesco, hospital: l.vilaNova, fees: '2000.00',
      procedures: [l.herniorrafia, l.apendicectomia], paid: { amount: '1800.00', on: '2026-10-31' },
      created: '2026-10-01T02:30:00Z', concluded: '2026-10-31T03:30:00Z',
    },
    {
      status: 'concluido', source: 'particular', hospital: l.aguaBranca, fees: '1000.00', procedures: [l.apendicectomia],
      paid: { amount: '950.25', on: '2026-11-01' }, created: '2026-08-11T02:30:00Z', concluded: '2026-08-20T13:00:00Z',
    },
    {
      status: 'concluido', source: 'clt', hospital: l.vilaNova, fees: null, procedures: [l.apendicectomia],
      paid: { amount: '500.00', on: '2026-09-30' }, created: '2026-09-01T15:00:00Z', concluded: '2026-09-06T15:00:00Z',
    },
    { status: 'cancelado', source: 'plano_saude', plan: l.agape, hospital: l.horizonte, fees: '4000.00', procedures: [l.colecistectomia] },
    { status: 'arquiv', source: 'particular', hospital: l.horizonte, fees: '900.00', procedures: [l.herniorrafia] },
    { status: 'ind_paciente', source: null, hospital: l.horizonte, fees: '0.00', procedures: [l.apendicectomia] },
    { status: 'agendamento', source: 'plano_saude', plan: l.agape, hospital: l.horizonte, fees: '2000.00', procedures: [l.colecistectomiaSigtap] },
  ];
}

/**
 * Medic B's cases.
 *
 * | case | status       | payer          | hospital    | fees    | received (date)      | procedures |
 * |------|--------------|----------------|-------------|---------|----------------------|------------|
 * | B1   | realizacao   | Bradesco Saúde | Vila Nova   | 600.00  |                      | Apendic.   |
 * | B2   | concluido    | Amil           | Água Branca | 1000.00 | 1000.00 (2026-10-01) | Herniorr.  |
 * | B3   | ind_paciente | Hospital       | Água Branca | 400.00  |                      | Colecist.  |
 *
 *   B2: 2026-10-05T02:59Z (SP 04/10 23:59) → 2026-10-05T03:00Z (SP 05/10 00:00): 1 day (UTC dates: 0)
 */
function medicBCases(l: Lookups): Case[] {
  return [
    { status: 'realizacao', source: 'plano_saude', plan: l.bradesco, hospital: l.vilaNova, fees: '600.00', procedures: [l.apendicectomia] },
    {
      status: 'concluido', source: 'plano_saude', plan: l.amil, hospital: l.aguaBranca, fees: '1000.00', procedures: [l.herniorrafia],
      paid: { amount: '1000.00', on: '2026-10-01' }, created: '2026-10-05T02:59:00Z', concluded: '2026-10-05T03:00:00Z',
    },
    { status: 'ind_paciente', source: 'hospital', hospital: l.aguaBranca, fees: '400.00', procedures: [l.colecistectomia] },
  ];
}

const VILA = 'Hospital Vila Nova (painel)';
const AGUA = 'Hospital Água Branca (painel)';
const HORIZONTE = 'Clínica Horizonte (painel)';

const ZERO_DISTRIBUTION: Record<CaseStatus, number> = {
  ind_paciente: 0, prep_doc: 0, env_doc: 0, autorizacao: 0, agendamento: 0,
  realizacao: 0, pagamento: 0, concluido: 0, cancelado: 0, arquiv: 0,
};

const EMPTY: Dashboard = {
  data: {
    pending_surgery_value: 0,
    payment_done: 0,
    distribution: ZERO_DISTRIBUTION,
    // No concluded case: no mean at all (issue 11, item 8), not 0 days.
    middle_time: null,
    authorized_surgery: 0,
    pending_surgery: 0,
    payment_done_month: 0,
    fees_payments_month: 0,
    open_amount: 0,
  },
  dash_graph: {
    valores_a_receber: [], valores_recebidos: [], qtd_convenio_prev: [], qtd_convenio_real: [],
    qtd_hospital_prev: [], qtd_hospital_real: [], qtd_procedim_prev: [], qtd_procedim_real: [],
  },
  lost_by_reason: [],
  // Without a period: all time (SPEC's homes read it so).
  period: { key: 'all', from: null, to: null },
  money: { aging: [], glosas_by_payer: [], glosas_by_reason: [], days_to_payment: [], expected_vs_received: [] },
};

let medicAToken: string;
let medicBToken: string;
let bothSecretaryToken: string;
let unlinkedSecretaryToken: string;
let emptyMedicToken: string;
let lookups: Lookups;
let medicAId: number;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = NOW;
  lookups = await insertLookups();
  const medicA = await createMedic(t.deps);
  medicAId = medicA.id;
  const medicB = await createMedic(t.deps);
  const emptyMedic = await createMedic(t.deps);
  const bothSecretary = await createSecretary(t.deps, { medicIds: [medicA.id, medicB.id] });
  const unlinkedSecretary = await createSecretary(t.deps, { medicIds: [] });
  await insertCases(medicA, medicACases(lookups));
  await insertCases(medicB, medicBCases(lookups));
  medicAToken = await token(medicA);
  medicBToken = await token(medicB);
  bothSecretaryToken = await token(bothSecretary);
  unlinkedSecretaryToken = await token(unlinkedSecretary);
  emptyMedicToken = await token(emptyMedic);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /surgery/api/v1/dashboard/ (a medic)', () => {
  it("answers the figures of the medic's own cases", async () => {
    const body = await dashboard(medicAToken);
    expect(body.data).toEqual({
      // Still to come on the active stages (first seven; issue 33 item 15: net of what was received): A1 1000 +
      // A2 2500.50 + A3 800 + A4 1200 + A5 3000 + A6 (1500 − 700 received) 800 + A12 0 + A13 2000 = 11300.50. The gross
      // sum (12000.50) counted A6's 700 already received.
      pending_surgery_value: 11300.5,
      fees_payments_month: 11300.5,
      // 'Em aberto' today, the receivable cases (pagamento, concluido): A6 1500 − 700 = 800; A7 2000 − 1800 = 200;
      // A8 1000 − 950.25 = 49.75; A9 no fee, 0 → 1049.75.
      open_amount: 1049.75,
      // Every amount received, whatever the stage: A6 700 + A7 1800 + A8 950.25 + A9 500.
      payment_done: 3950.25,
      // Paid in São Paulo's October (today is 31/10 there): A6 700 (31/10) + A7 1800 (31/10). Not A8 (01/11: November,
      // though it is already November in UTC) nor A9 (30/09).
      payment_done_month: 2500,
      // agendamento A4, A13 + realizacao A5 + pagamento A6.
      authorized_surgery: 4,
      // ind_paciente A1, A12 + prep_doc A2 + autorizacao A3 (env_doc none).
      pending_surgery: 4,
      distribution: {
        ind_paciente: 2, prep_doc: 1, env_doc: 0, autorizacao: 1, agendamento: 2,
        realizacao: 1, pagamento: 1, concluido: 3, cancelado: 1, arquiv: 1,
      },
      // (31 + 10 + 5) / 3 = 15.33… → 15.3 (UTC dates would give (30 + 9 + 5) / 3 = 14.7).
      middle_time: 15.3,
    });
  });

  it("answers the charts of the medic's own cases, largest first, ties by name", async () => {
    const { dash_graph: graphs } = await dashboard(medicAToken);
    expect(graphs).toEqual({
      // Still to come on the active cases by payer: Cooperativa A5 3000; Particular A2 2500.50; Ágape A13 2000 (A10 is
      // cancelled); Amil A3 800 + A4 1200 = 2000 (two operators, one name); Bradesco A1 1000 + A6 (1500 − 700) 800 =
      // 1800; 'Não informado' A12 0 is left out. Ágape and Amil tie: 'Ágape' sorts with the a's, before 'Amil'.
      valores_a_receber: [
        { name: 'Cooperativa', value: 3000 },
        { name: 'Particular', value: 2500.5 },
        { name: 'Ágape Saúde', value: 2000 },
        { name: 'Amil', value: 2000 },
        { name: 'Bradesco Saúde', value: 1800 },
      ],
      // Received by payer: Bradesco A6 700 + A7 1800 = 2500; Particular A8 950.25; CLT A9 500.
      valores_recebidos: [
        { name: 'Bradesco Saúde', value: 2500 },
        { name: 'Particular', value: 950.25 },
        { name: 'CLT', value: 500 },
      ],
      // Not carried out yet (ind_paciente..agendamento): Amil A3 + A4; Ágape A13; Bradesco A1; Não informado A12;
      // Particular A2 (A10 cancelled and A11 archived are left out).
      qtd_convenio_prev: [
        { name: 'Amil', value: 2 },
        { name: 'Ágape Saúde', value: 1 },
        { name: 'Bradesco Saúde', value: 1 },
        { name: 'Não informado', value: 1 },
        { name: 'Particular', value: 1 },
      ],
      // Carried out (realizacao, pagamento, concluido): Bradesco A6 + A7; CLT A9; Cooperativa A5; Particular A8.
      qtd_convenio_real: [
        { name: 'Bradesco Saúde', value: 2 },
        { name: 'CLT', value: 1 },
        { name: 'Cooperativa', value: 1 },
        { name: 'Particular', value: 1 },
      ],
      // Vila Nova A1, A3, A4; Horizonte A12, A13; Água Branca A2.
      qtd_hospital_prev: [
        { name: VILA, value: 3 },
        { name: HORIZONTE, value: 2 },
        { name: AGUA, value: 1 },
      ],
      // Vila Nova A6, A7, A9; Água Branca A5, A8.
      qtd_hospital_real: [
        { name: VILA, value: 3 },
        { name: AGUA, value: 2 },
      ],
      // Colecistectomia A1, A2, A13 (its SIGTAP row, same name); Apendicectomia A3, A12; Herniorrafia A2, A4.
      qtd_procedim_prev: [
        { name: 'Colecistectomia', value: 3 },
        { name: 'Apendicectomia', value: 2 },
        { name: 'Herniorrafia inguinal', value: 2 },
      ],
      // Apendicectomia A6, A7, A8, A9; Colecistectomia A5, A6; Herniorrafia A7 (A6 and A7 count in both of theirs).
      qtd_procedim_real: [
        { name: 'Apendicectomia', value: 4 },
        { name: 'Colecistectomia', value: 2 },
        { name: 'Herniorrafia inguinal', value: 1 },
      ],
    });
  });

  it("does not count another medic's cases", async () => {
    // The money views are issue 14's (tests/api/dashboard-money.test.ts).
    const { money: _money, ...body } = await dashboard(medicBToken);
    expect(body).toEqual({
      period: { key: 'all', from: null, to: null },
      data: {
        // B1 600 + B3 400 (nothing received on them).
        pending_surgery_value: 1000,
        fees_payments_month: 1000,
        // B2 paid in full: nothing open.
        open_amount: 0,
        payment_done: 1000,
        // B2 paid on 01/10, the first day of São Paulo's October.
        payment_done_month: 1000,
        authorized_surgery: 1,
        pending_surgery: 1,
        distribution: { ...ZERO_DISTRIBUTION, ind_paciente: 1, realizacao: 1, concluido: 1 },
        // B2: 1 day in São Paulo (0 by UTC dates).
        middle_time: 1,
      },
      dash_graph: {
        valores_a_receber: [
          { name: 'Bradesco Saúde', value: 600 },
          { name: 'Hospital', value: 400 },
        ],
        valores_recebidos: [{ name: 'Amil', value: 1000 }],
        qtd_convenio_prev: [{ name: 'Hospital', value: 1 }],
        qtd_convenio_real: [
          { name: 'Amil', value: 1 },
          { name: 'Bradesco Saúde', value: 1 },
        ],
        qtd_hospital_prev: [{ name: AGUA, value: 1 }],
        // A tie: 'Hospital Água…' before 'Hospital Vila…' (Á with the a's, not after z).
        qtd_hospital_real: [
          { name: AGUA, value: 1 },
          { name: VILA, value: 1 },
        ],
        qtd_procedim_prev: [{ name: 'Colecistectomia', value: 1 }],
        qtd_procedim_real: [
          { name: 'Apendicectomia', value: 1 },
          { name: 'Herniorrafia inguinal', value: 1 },
        ],
      },
      lost_by_reason: [],
    });
  });

  it('answers zeros, the ten stages and empty lists to a medic without cases', async () => {
    expect(await dashboard(emptyMedicToken)).toEqual(EMPTY);
  });
});

describe('GET /surgery/api/v1/dashboard/ (a secretary)', () => {
  it('answers the sum over the medics she is linked to', async () => {
    const body = await dashboard(bothSecretaryToken);
    expect(body.data).toEqual({
      // A 11300.50 + B 1000.
      pending_surgery_value: 12300.5,
      fees_payments_month: 12300.5,
      // A 1049.75 + B 0.
      open_amount: 1049.75,
      // A 3950.25 + B 1000.
      payment_done: 4950.25,
      // A 2500 + B 1000.
      payment_done_month: 3500,
      authorized_surgery: 5,
      pending_surgery: 5,
      distribution: {
        ind_paciente: 3, prep_doc: 1, env_doc: 0, autorizacao: 1, agendamento: 2,
        realizacao: 2, pagamento: 1, concluido: 4, cancelado: 1, arquiv: 1,
      },
      // (31 + 10 + 5 + 1) / 4 = 11.75 → 11.8 (UTC dates: (30 + 9 + 5 + 0) / 4 = 11).
      middle_time: 11.8,
    });
    expect(body.dash_graph).toEqual({
      // Cooperativa 3000; Particular 2500.50; Bradesco A 1800 + B 600 = 2400; Ágape 2000; Amil 2000; Hospital B3 400.
      valores_a_receber: [
        { name: 'Cooperativa', value: 3000 },
        { name: 'Particular', value: 2500.5 },
        { name: 'Bradesco Saúde', value: 2400 },
        { name: 'Ágape Saúde', value: 2000 },
        { name: 'Amil', value: 2000 },
        { name: 'Hospital', value: 400 },
      ],
      // Bradesco 2500; Amil B2 1000; Particular 950.25; CLT 500.
      valores_recebidos: [
        { name: 'Bradesco Saúde', value: 2500 },
        { name: 'Amil', value: 1000 },
        { name: 'Particular', value: 950.25 },
        { name: 'CLT', value: 500 },
      ],
      // A's list plus Hospital B3.
      qtd_convenio_prev: [
        { name: 'Amil', value: 2 },
        { name: 'Ágape Saúde', value: 1 },
        { name: 'Bradesco Saúde', value: 1 },
        { name: 'Hospital', value: 1 },
        { name: 'Não informado', value: 1 },
        { name: 'Particular', value: 1 },
      ],
      // Bradesco A6, A7, B1; Amil B2; CLT; Cooperativa; Particular.
      qtd_convenio_real: [
        { name: 'Bradesco Saúde', value: 3 },
        { name: 'Amil', value: 1 },
        { name: 'CLT', value: 1 },
        { name: 'Cooperativa', value: 1 },
        { name: 'Particular', value: 1 },
      ],
      // Vila Nova 3; Horizonte 2; Água Branca A2 + B3 = 2 (tie: 'Clínica…' before 'Hospital…').
      qtd_hospital_prev: [
        { name: VILA, value: 3 },
        { name: HORIZONTE, value: 2 },
        { name: AGUA, value: 2 },
      ],
      // Vila Nova A 3 + B1 = 4; Água Branca A 2 + B2 = 3.
      qtd_hospital_real: [
        { name: VILA, value: 4 },
        { name: AGUA, value: 3 },
      ],
      // Colecistectomia A 3 + B3 = 4; Apendicectomia 2; Herniorrafia 2.
      qtd_procedim_prev: [
        { name: 'Colecistectomia', value: 4 },
        { name: 'Apendicectomia', value: 2 },
        { name: 'Herniorrafia inguinal', value: 2 },
      ],
      // Apendicectomia A 4 + B1 = 5; Colecistectomia 2; Herniorrafia A7 + B2 = 2.
      qtd_procedim_real: [
        { name: 'Apendicectomia', value: 5 },
        { name: 'Colecistectomia', value: 2 },
        { name: 'Herniorrafia inguinal', value: 2 },
      ],
    });
  });

  it('answers zeros, the ten stages and empty lists to a secretary linked to no medic', async () => {
    expect(await dashboard(unlinkedSecretaryToken)).toEqual(EMPTY);
  });
});

/**
 * The procedure charts from the stored rows, computed here without SQL aggregates: per procedure name, the distinct
 * cases of the medic that list it (planned: not yet carried out; carried out: realizacao reached).
 */
async function proceduresByHand(medicId: number) {
  const rows = await t.deps.db
    .select({ surgeryId: surgeries.id, status: surgeries.status, name: procedures.description })
    .from(surgeries)
    .innerJoin(surgeryProcedures, eq(surgeryProcedures.surgeryId, surgeries.id))
    .innerJoin(procedures, eq(procedures.id, surgeryProcedures.procedureId))
    .where(and(eq(surgeries.medicId, medicId), inArray(surgeries.status, [...PLANNED, ...CARRIED_OUT])));
  const count = (statuses: readonly CaseStatus[]) => {
    const cases = new Map<string, Set<number>>();
    for (const row of rows.filter((entry) => statuses.includes(entry.status))) {
      cases.set(row.name, (cases.get(row.name) ?? new Set()).add(row.surgeryId));
    }
    return [...cases].map(([name, ids]) => ({ name, value: ids.size })).sort(byName);
  };
  return { planned: count(PLANNED), carriedOut: count(CARRIED_OUT), rows: rows.length };
}

const PLANNED: readonly CaseStatus[] = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento'];
const CARRIED_OUT: readonly CaseStatus[] = ['realizacao', 'pagamento', 'concluido'];
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

describe('GET /surgery/api/v1/dashboard/ (cases with several procedures)', () => {
  /**
   * Medic C's cases, several procedures each (issue 11, item 4: the bars count surgeries, not procedure rows).
   *
   * | case | status       | procedures                                              |
   * |------|--------------|---------------------------------------------------------|
   * | C1   | ind_paciente | Colecist. (TUSS), Colecist. (SIGTAP), Herniorr.          |
   * | C2   | prep_doc     | Colecist., Herniorr., Apendic.                           |
   * | C3   | agendamento  | Colecist. (SIGTAP)                                       |
   * | C4   | realizacao   | Apendic., Colecist. (SIGTAP), Colecist. (TUSS)           |
   * | C5   | concluido    | Herniorr., Apendic.                                      |
   * | C6   | cancelado    | Colecist., Herniorr., Apendic. (left out)                |
   */
  it('counts each surgery once per procedure, as a count over the same rows does', async () => {
    const l = lookups;
    const medic = await createMedic(t.deps);
    const base = { source: 'particular' as const, fees: '1000.00' };
    await insertCases(medic, [
      { ...base, status: 'ind_paciente', procedures: [l.colecistectomia, l.colecistectomiaSigtap, l.herniorrafia] },
      { ...base, status: 'prep_doc', procedures: [l.colecistectomia, l.herniorrafia, l.apendicectomia] },
      { ...base, status: 'agendamento', procedures: [l.colecistectomiaSigtap] },
      { ...base, status: 'realizacao', procedures: [l.apendicectomia, l.colecistectomiaSigtap, l.colecistectomia] },
      { ...base, status: 'concluido', procedures: [l.herniorrafia, l.apendicectomia] },
      { ...base, status: 'cancelado', procedures: [l.colecistectomia, l.herniorrafia, l.apendicectomia] },
    ]);
    const { dash_graph: graphs } = await dashboard(await token(medic));

    // Written out: Colecistectomia C1, C2, C3 (C1 lists both of its codes: once); Herniorrafia C1, C2; Apendicectomia C2.
    expect(graphs.qtd_procedim_prev).toEqual([
      { name: 'Colecistectomia', value: 3 },
      { name: 'Herniorrafia inguinal', value: 2 },
      { name: 'Apendicectomia', value: 1 },
    ]);
    // Apendicectomia C4, C5; Colecistectomia C4 (both codes: once); Herniorrafia C5.
    expect(graphs.qtd_procedim_real).toEqual([
      { name: 'Apendicectomia', value: 2 },
      { name: 'Colecistectomia', value: 1 },
      { name: 'Herniorrafia inguinal', value: 1 },
    ]);

    // And recomputed from the stored rows: the same names and counts.
    const byHand = await proceduresByHand(medic.id);
    expect(byHand.rows).toBe(12);
    expect([...graphs.qtd_procedim_prev].sort(byName)).toEqual(byHand.planned);
    expect([...graphs.qtd_procedim_real].sort(byName)).toEqual(byHand.carriedOut);
    // No bar counts more cases than the series holds (four planned, two carried out).
    for (const item of graphs.qtd_procedim_prev) expect(item.value).toBeLessThanOrEqual(graphs.qtd_convenio_prev[0]!.value);
    for (const item of graphs.qtd_procedim_real) expect(item.value).toBeLessThanOrEqual(graphs.qtd_convenio_real[0]!.value);
  });

  it("counts medic A's fixture as a count over its stored rows does", async () => {
    const { dash_graph: graphs } = await dashboard(medicAToken);
    const byHand = await proceduresByHand(medicAId);
    expect([...graphs.qtd_procedim_prev].sort(byName)).toEqual(byHand.planned);
    expect([...graphs.qtd_procedim_real].sort(byName)).toEqual(byHand.carriedOut);
  });
});

describe('GET /surgery/api/v1/dashboard/ (the month and the session)', () => {
  it("counts São Paulo's month on both sides of its midnight, across a new year", async () => {
    const medic = await createMedic(t.deps);
    // Three received payments (100.00 on 01/12, 300.00 on 31/12, 200.00 on 01/01), at the first seeded hospital.
    await insertCases(
      medic,
      [['100.00', '2026-12-01'], ['300.00', '2026-12-31'], ['200.00', '2027-01-01']].map(([amount, on]) => ({
        status: 'concluido',
        source: 'particular',
        fees: '100.00',
        procedures: [],
        paid: { amount: amount!, on: on! },
      })),
    );
    // 2027-01-01T02:59:59Z is 31/12/2026 23:59:59 in São Paulo: December's payments, 100 + 300.
    t.clock.now = new Date('2027-01-01T02:59:59Z');
    try {
      const signedIn = await token(medic);
      expect((await dashboard(signedIn)).data.payment_done_month).toBe(400);
      // One second later it is 01/01/2027 in São Paulo: January's payment only.
      t.clock.advance(1000);
      expect((await dashboard(signedIn)).data.payment_done_month).toBe(200);
    } finally {
      t.clock.now = NOW;
    }
  });

  it("leaves the database connections' time zone as it was", async () => {
    // The days are counted under São Paulo's time zone set for one transaction only (SET LOCAL): a plain SET would
    // leak into the next statements on that pooled connection. Five reads at once occupy every test connection.
    const zones = async () => {
      const rows = await Promise.all(
        Array.from({ length: 5 }, () => t.deps.db.execute(sql`select current_setting('TimeZone') as zone`)),
      );
      return rows.map((result) => (result as unknown as { rows: Array<{ zone: string }> }).rows[0]?.zone);
    };
    const before = await zones();
    await Promise.all([dashboard(medicAToken), dashboard(bothSecretaryToken)]);
    const after = await zones();
    expect(new Set([...before, ...after]).size).toBe(1);
    expect(after[0]).not.toBe('America/Sao_Paulo');
  });

  it('orders names in Node as PostgreSQL\'s "und-x-icu" orders them (the all-time read sorts its rows itself)', async () => {
    // Every procedure (SIGTAP and TUSS), hospital and health plan name of the shipped reference lists, and names
    // that differ only by accent, case, spaces or punctuation.
    const column = (file: string, name: string) =>
      parseCsvRecords(readFileSync(projectPath('server', 'data', file), 'utf8')).map((row) => row[name] ?? '');
    const names = [
      ...column('procedimentos.csv', 'descricao'),
      ...column('procedimentos-tuss.csv', 'descricao'),
      ...column('hospitals.csv', 'nome_fantasia'),
      ...column('operadoras.csv', 'nome_fantasia'),
      ...['Ágata', 'agata', 'Agata', 'ágata', 'Ana Lúcia', 'Ana Lucia', 'ana lucia', 'Ana-Lucia', 'AnaLucia', ' Ana'],
      ...['Çeará', 'Ceara', 'ceará', 'Óleo', 'oleo', 'Oleo 2', 'Oleo 10', 'Ébano', 'ebano', 'Z', 'z', '1ª consulta'],
      ...['1a consulta', '(ortopedia)', 'ortopedia', 'Não informado', 'Sem motivo informado'],
    ];
    const { rows } = (await t.deps.db.execute(
      sql`select name from (select distinct unnest(${sql.param(names)}::text[]) as name) as names order by name collate "und-x-icu"`,
    )) as unknown as { rows: Array<{ name: string }> };
    const inPostgres = rows.map((row) => row.name);
    expect(inPostgres.length).toBeGreaterThan(3000);
    const row = (name: string) => ({ list: 'qtd_procedim_prev', name, sort: '1', position: null, a: '1', b: null, c: null, d: null });
    const inNode = inDashboardOrder([...inPostgres].reverse().map(row)).map((sorted) => sorted.name);
    expect(inNode).toEqual(inPostgres);
  });

  it('answers 401 without a valid access token', async () => {
    for (const headers of [{}, authHeader('not-a-token')]) {
      const res = await t.app.inject({ method: 'GET', url: URL, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
      expect(validateInjected('GET', URL, res)).toEqual([]);
    }
  });
});
