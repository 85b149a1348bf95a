import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../machines/ledger/ledgerRules';
import {
  auditEvents,
  healthPlans,
  hospitals,
  medicHospitalBilling,
  patients,
  surgeries,
  surgeryReceipts,
} from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { parseExcelCsv } from '../helpers/csv';
import { checkPdfStructure, pdfInfo, pdfText } from '../helpers/pdf';
import { authHeader, countRows, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { signInTenants } from '../helpers/tenants';

/**
 * 'Relatório para o contador' (issue 38 item 5; openapi getIncomeReport, exportIncomeReport, createReceipt): receipts
 * record the payer's CNPJ and the taxes withheld at source; the report's months, halves (persons / companies) and
 * totals, computed in SQL by the product, are compared with a computation here over the same receipts read back raw,
 * receipts at the edges of São Paulo's months included; bad input 400 with nothing written; another tenant's case
 * 404; a secretary refused (403, as the other medic-only routes). The messages are written out, not imported.
 */

const REPORT = '/surgery/api/v1/income_report/';
const EXPORT = '/surgery/api/v1/income_report/export.csv';
const EXPORT_PDF = '/surgery/api/v1/income_report/export.pdf';
/** The patient who pays himself: a name with pt-BR accents, for the PDF's WinAnsi text. */
const PARTICULAR_NAME = 'Conceição Araújo Ávila';

let t: TestApp;
let medic: TestAccount;
let otherMedic: TestAccount;
let medicToken: string;
let secretaryToken: string;
let otherMedicToken: string;

/** A CNPJ with its check digits, computed here (Receita Federal's weights), from a 12-digit base. */
function cnpjOf(base: string): string {
  const digit = (digits: string) => {
    let weight = 2;
    let sum = 0;
    for (let i = digits.length - 1; i >= 0; i--) {
      sum += Number(digits[i]) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = `${base}${digit(base)}`;
  return `${first}${digit(first)}`;
}

const PLAN_CNPJ = cnpjOf('123456780001');
const COOP_CNPJ = cnpjOf('987654320001');
const HOSPITAL_CNPJ = cnpjOf('555666770001');
const masked = (cnpj: string) => `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

type Method = 'GET' | 'POST';
async function call(method: Method, url: string, token: string | null, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: token ? authHeader(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

const receiptsUrl = (id: number) => `/surgery/api/v1/surgery/${id}/ledger/receipts/`;

let secretary: TestAccount;

/**
 * Sets the app's clock to São Paulo's wall time `local` (yyyy-MM-ddTHH:mm; São Paulo is UTC−3 all year), and signs
 * the accounts in again (a token from another day has expired).
 */
async function atSaoPaulo(local: string) {
  t.clock.now = new Date(`${local}:00-03:00`);
  if (!medic) return;
  const token = async (account: TestAccount) => (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;
  [medicToken, secretaryToken, otherMedicToken] = await Promise.all([token(medic), token(secretary), token(otherMedic)]);
}

let plan: { id: number; corporateName: string };
let hospitalId: number;
const cases: Record<'particular' | 'plan' | 'hospital' | 'coop' | 'other', number> = { particular: 0, plan: 0, hospital: 0, coop: 0, other: 0 };
let otherCase: number;

beforeAll(async () => {
  t = await buildTestApp();
  await atSaoPaulo('2026-01-10T10:00');
  ({ medic, otherMedic, secretary, medicToken, secretaryToken, otherMedicToken } = await signInTenants(t));
  const ids = await lookupIds(t.deps.db);
  const [planRow] = await t.deps.db
    .select({ id: healthPlans.id, corporateName: healthPlans.corporateName })
    .from(healthPlans)
    .where(eq(healthPlans.id, ids.healthPlanIds[0]!));
  plan = planRow!;
  hospitalId = ids.hospitalIds[1]!;
  // The office registered this hospital's CNPJ for its guides (issue 37): a hospital's receipt reads it.
  await t.deps.db.insert(medicHospitalBilling).values({ medicId: medic.id, hospitalId, cnpj: HOSPITAL_CNPJ });
  const newCase = async (paymentFountains: 'particular' | 'plano_saude' | 'hospital' | 'coop' | 'clt', owner = medic.id, nomeCompleto?: string) => {
    const patient = await insertPatient(t.deps.db, owner, nomeCompleto ? { nomeCompleto } : {});
    const row = await insertSurgery(t.deps.db, patient, {
      status: 'pagamento',
      feesPayments: '90000.00',
      paymentFountains,
      healthPlanId: paymentFountains === 'plano_saude' ? plan.id : null,
      hospitalId,
      stepData: { accomplishment: '2025-11-10' },
    });
    return row.id;
  };
  cases.particular = await newCase('particular', medic.id, PARTICULAR_NAME);
  cases.plan = await newCase('plano_saude');
  cases.hospital = await newCase('hospital');
  cases.coop = await newCase('coop');
  cases.other = await newCase('clt');
  otherCase = await newCase('plano_saude', otherMedic.id);
});
afterAll(async () => {
  await t?.close();
});

async function post(id: number, body: Record<string, unknown>, token = secretaryToken) {
  const res = await call('POST', receiptsUrl(id), token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('receipts record who paid and what was withheld', () => {
  it('stores the withholdings, answers the net and the payer document (typed, the hospital\'s, the patient\'s)', async () => {
    await atSaoPaulo('2026-01-10T10:00');
    const plan1 = await post(cases.plan, {
      received_on: '2026-01-05',
      amount_cents: 1_000_000,
      payer: 'plano_saude',
      payer_document: masked(PLAN_CNPJ),
      irrf_cents: 15_000,
      iss_cents: 20_000,
      pis_cofins_csll_cents: 46_500,
    });
    expect(plan1.receipts[0]).toMatchObject({
      amount_cents: 1_000_000,
      payer_document: PLAN_CNPJ,
      payer_document_typed: true,
      payer_name: plan.corporateName,
      irrf_cents: 15_000,
      iss_cents: 20_000,
      pis_cofins_csll_cents: 46_500,
      net_cents: 1_000_000 - 81_500,
    });
    // The gross settles the fee: the ledger's received amount is the gross, not the net.
    expect(plan1.received_cents).toBe(1_000_000);

    const hospital = await post(cases.hospital, { received_on: '2026-01-08', amount_cents: 300_000, payer: 'hospital', iss_cents: 6_000 });
    expect(hospital.receipts[0]).toMatchObject({ payer_document: HOSPITAL_CNPJ, payer_document_typed: false, net_cents: 294_000 });

    const person = await post(cases.particular, { received_on: '2026-01-09', amount_cents: 250_000, payer: 'particular' });
    const [patient] = await t.deps.db
      .select({ cpf: patients.cpf })
      .from(patients)
      .innerJoin(surgeries, eq(surgeries.patientId, patients.id))
      .where(eq(surgeries.id, cases.particular));
    expect(person.receipts[0]).toMatchObject({ payer_document: patient!.cpf, payer_name: null, net_cents: 250_000, irrf_cents: 0 });

    const coop = await post(cases.coop, { received_on: '2026-01-09', amount_cents: 120_000, payer: 'coop', payer_document: COOP_CNPJ, payer_name: 'Cooperativa Médica Teste' });
    expect(coop.receipts[0]).toMatchObject({ payer_document: COOP_CNPJ, payer_name: 'Cooperativa Médica Teste', net_cents: 120_000 });
  });

  it('refuses bad withholdings and documents with a pt-BR 400, nothing written', async () => {
    await atSaoPaulo('2026-03-15T12:00');
    const before = await countRows(t.deps.db, surgeryReceipts);
    const base = { received_on: '2026-03-01', amount_cents: 10_000, payer: 'plano_saude' };
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, irrf_cents: 5_000, iss_cents: 4_000, pis_cofins_csll_cents: 1_001 }, 'irrf_cents', 'As retenções somadas não podem passar do valor bruto recebido.'],
      [{ ...base, irrf_cents: 10_001 }, 'irrf_cents', 'As retenções somadas não podem passar do valor bruto recebido.'],
      [{ ...base, iss_cents: -1 }, 'iss_cents', 'Valor de ISS inválido: informe um valor de R$ 0,00 até o valor bruto.'],
      [{ ...base, pis_cofins_csll_cents: 1.5 }, 'pis_cofins_csll_cents', 'Valor de PIS/COFINS/CSLL inválido: informe um valor de R$ 0,00 até o valor bruto.'],
      [{ ...base, irrf_cents: '10' }, 'irrf_cents', 'Valor de IRRF inválido: informe um valor de R$ 0,00 até o valor bruto.'],
      [{ ...base, payer: 'particular', irrf_cents: 100 }, 'irrf_cents', 'Paciente (particular) não retém impostos na fonte: deixe as retenções em zero.'],
      [{ ...base, payer: 'particular', payer_document: COOP_CNPJ }, 'payer_document', 'O CPF do paciente vem do cadastro dele: o CNPJ só se informa quando quem pagou é uma empresa.'],
      [{ ...base, payer_document: `${COOP_CNPJ.slice(0, 13)}${(Number(COOP_CNPJ[13]) + 1) % 10}` }, 'payer_document', 'CNPJ de quem pagou inválido: confira os 14 dígitos.'],
    ];
    for (const [body, field, message] of refusals) {
      const res = await call('POST', receiptsUrl(cases.plan), secretaryToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(message);
      expect(res.json()[field]).toContain(message);
    }
    expect(await countRows(t.deps.db, surgeryReceipts)).toBe(before);
  });

  it("answers 404 for another tenant's case, nothing written", async () => {
    const before = await countRows(t.deps.db, surgeryReceipts);
    const res = await call('POST', receiptsUrl(otherCase), secretaryToken, { received_on: '2026-03-01', amount_cents: 10_000, payer: 'plano_saude', irrf_cents: 150 });
    expect(res.statusCode).toBe(404);
    expect(await countRows(t.deps.db, surgeryReceipts)).toBe(before);
  });
});

describe('the months of São Paulo', () => {
  it('dates a receipt by its São Paulo day: 23:30 on 31 January is January, and 1 February is not yet a day', async () => {
    // 2026-01-31 23:30 in São Paulo is 2026-02-01 02:30 UTC.
    await atSaoPaulo('2026-01-31T23:30');
    await post(cases.plan, { received_on: '2026-01-31', amount_cents: 400_000, payer: 'plano_saude', payer_document: PLAN_CNPJ, irrf_cents: 6_000, iss_cents: 8_000, pis_cofins_csll_cents: 18_600 });
    await post(cases.particular, { received_on: '2026-01-31', amount_cents: 33_333, payer: 'particular' });
    const early = await call('POST', receiptsUrl(cases.particular), secretaryToken, { received_on: '2026-02-01', amount_cents: 1_000, payer: 'particular' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toContain('A data não pode ser depois de hoje!');
    await atSaoPaulo('2026-02-01T00:10');
    await post(cases.particular, { received_on: '2026-02-01', amount_cents: 44_444, payer: 'particular' });
    await post(cases.hospital, { received_on: '2026-02-01', amount_cents: 77_700, payer: 'hospital', irrf_cents: 1_165 });
    await atSaoPaulo('2026-03-15T12:00');
    await post(cases.other, { received_on: '2026-03-02', amount_cents: 55_000, payer: 'outro' });
    await post(cases.plan, { received_on: '2026-03-10', amount_cents: 210_000, payer: 'plano_saude', irrf_cents: 3_150 });
    await post(cases.plan, { received_on: '2025-12-31', amount_cents: 99_900, payer: 'plano_saude', payer_document: PLAN_CNPJ, irrf_cents: 1_498 });
    await post(otherCase, { received_on: '2026-01-20', amount_cents: 500_000, payer: 'plano_saude', irrf_cents: 7_500 }, otherMedicToken);
  });
});

/** The report computed here from the medic's receipts read back raw. */
async function independentReport(medicId: number, year: number, month: number | null) {
  const db = t.deps.db;
  const rows = await db
    .select({
      id: surgeryReceipts.id,
      surgery: surgeryReceipts.surgeryId,
      receivedOn: surgeryReceipts.receivedOn,
      amount: surgeryReceipts.amountCents,
      payer: surgeryReceipts.payer,
      typedDocument: surgeryReceipts.payerDocument,
      typedName: surgeryReceipts.payerName,
      irrf: surgeryReceipts.irrfCents,
      iss: surgeryReceipts.issCents,
      pcc: surgeryReceipts.pisCofinsCsllCents,
      patientName: patients.nomeCompleto,
      cpf: patients.cpf,
      planName: healthPlans.corporateName,
      hospitalName: hospitals.corporateName,
      hospitalFantasy: hospitals.fantasyName,
      hospitalCnpj: hospitals.cnpj,
      hospitalId: surgeries.hospitalId,
    })
    .from(surgeryReceipts)
    .innerJoin(surgeries, eq(surgeries.id, surgeryReceipts.surgeryId))
    .innerJoin(patients, eq(patients.id, surgeries.patientId))
    .leftJoin(healthPlans, eq(healthPlans.id, surgeries.healthPlanId))
    .leftJoin(hospitals, eq(hospitals.id, surgeries.hospitalId))
    .where(eq(surgeries.medicId, medicId))
    .orderBy(asc(surgeryReceipts.receivedOn), asc(surgeryReceipts.id));
  const registered = new Map(
    (await db.select().from(medicHospitalBilling).where(eq(medicHospitalBilling.medicId, medicId))).map((row) => [row.hospitalId, row.cnpj]),
  );
  const labels: Record<string, string> = { plano_saude: 'Plano de Saúde', hospital: 'Hospital', particular: 'Paciente (particular)', coop: 'Cooperativa', outro: 'Outro' };
  const prefix = month === null ? `${year}-` : `${year}-${String(month).padStart(2, '0')}-`;
  const zero = () => ({ receipts: 0, gross_cents: 0, irrf_cents: 0, iss_cents: 0, pis_cofins_csll_cents: 0, net_cents: 0 });
  type Sums = ReturnType<typeof zero>;
  const add = (sums: Sums, r: { amount: number; irrf: number; iss: number; pcc: number }) => {
    sums.receipts += 1;
    sums.gross_cents += r.amount;
    sums.irrf_cents += r.irrf;
    sums.iss_cents += r.iss;
    sums.pis_cofins_csll_cents += r.pcc;
    sums.net_cents += r.amount - r.irrf - r.iss - r.pcc;
  };
  const months = new Map<string, { persons: { receipts: unknown[]; total: Sums }; companies: Map<string, Sums & { cnpj: string | null; name: string }>; companyTotal: Sums; total: Sums }>();
  const totals = { persons: zero(), companies: zero(), all: zero() };
  for (const raw of rows) {
    if (!raw.receivedOn.startsWith(prefix)) continue;
    const r = { amount: Number(raw.amount), irrf: Number(raw.irrf), iss: Number(raw.iss), pcc: Number(raw.pcc) };
    const key = raw.receivedOn.slice(0, 7);
    if (!months.has(key)) months.set(key, { persons: { receipts: [], total: zero() }, companies: new Map(), companyTotal: zero(), total: zero() });
    const entry = months.get(key)!;
    add(entry.total, r);
    add(totals.all, r);
    if (raw.payer === 'particular') {
      entry.persons.receipts.push({ id: raw.id, surgery: raw.surgery, received_on: raw.receivedOn, patient_name: raw.patientName, cpf: raw.cpf || null, gross_cents: r.amount });
      add(entry.persons.total, r);
      add(totals.persons, r);
    } else {
      const hospitalCnpj = raw.payer === 'hospital' ? (registered.get(raw.hospitalId!) ?? raw.hospitalCnpj ?? null) : null;
      const cnpj = raw.typedDocument ?? hospitalCnpj;
      const name =
        raw.typedName ??
        (raw.payer === 'plano_saude' ? raw.planName : raw.payer === 'hospital' ? (raw.hospitalName ?? raw.hospitalFantasy) : null) ??
        labels[raw.payer]!;
      const companyKey = `${cnpj}|${name}`;
      if (!entry.companies.has(companyKey)) entry.companies.set(companyKey, { cnpj, name, ...zero() });
      add(entry.companies.get(companyKey)!, r);
      add(entry.companyTotal, r);
      add(totals.companies, r);
    }
  }
  return {
    months: [...months.keys()].sort().map((key) => {
      const entry = months.get(key)!;
      return {
        month: key,
        persons: entry.persons,
        companies: { payers: [...entry.companies.values()], total: entry.companyTotal },
        total: entry.total,
      };
    }),
    totals,
  };
}

/** Companies compared regardless of order (the product sorts by name with ICU; here by key). */
const byKey = <T extends { cnpj: string | null; name: string }>(rows: T[]) => [...rows].sort((a, b) => `${a.name}|${a.cnpj}`.localeCompare(`${b.name}|${b.cnpj}`));

describe('GET income_report', () => {
  it("answers each month's persons and companies with totals equal to an independent computation", async () => {
    const res = await call('GET', `${REPORT}?year=2026`, medicToken);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const expected = await independentReport(medic.id, 2026, null);
    expect(report).toMatchObject({ year: 2026, month: null, from: '2026-01-01', until: '2027-01-01' });
    expect(report.months.map((entry: { month: string }) => entry.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(report.months).toHaveLength(expected.months.length);
    for (const [index, entry] of expected.months.entries()) {
      const got = report.months[index];
      expect(got.month).toBe(entry.month);
      expect(got.persons).toEqual(entry.persons);
      expect(got.companies.total).toEqual(entry.companies.total);
      expect(byKey(got.companies.payers)).toEqual(byKey(entry.companies.payers));
      expect(got.total).toEqual(entry.total);
    }
    expect(report.totals).toEqual(expected.totals);
    // The edges: 31 January (23:30 in São Paulo) in January, 1 February in February; the other medic's receipt nowhere.
    const january = report.months[0];
    expect(january.persons.receipts.map((receipt: { received_on: string }) => receipt.received_on)).toEqual(['2026-01-09', '2026-01-31']);
    expect(report.months[1].persons.receipts.map((receipt: { received_on: string }) => receipt.received_on)).toEqual(['2026-02-01']);
    const planRow = january.companies.payers.find((payer: { cnpj: string | null }) => payer.cnpj === PLAN_CNPJ);
    expect(planRow).toMatchObject({ name: plan.corporateName, receipts: 2, gross_cents: 1_400_000, irrf_cents: 21_000, iss_cents: 28_000, pis_cofins_csll_cents: 65_100 });
    expect(planRow.net_cents).toBe(1_400_000 - 21_000 - 28_000 - 65_100);
    expect(report.totals.all.gross_cents).not.toBe(0);
  });

  it('reads one month, and the year before holds its own receipt', async () => {
    const february = (await call('GET', `${REPORT}?year=2026&month=2`, medicToken)).json();
    const expected = await independentReport(medic.id, 2026, 2);
    expect(february).toMatchObject({ month: 2, from: '2026-02-01', until: '2026-03-01' });
    expect(february.totals).toEqual(expected.totals);
    expect(february.months.map((entry: { month: string }) => entry.month)).toEqual(['2026-02']);
    const december = (await call('GET', `${REPORT}?year=2025&month=12`, medicToken)).json();
    expect(december.totals.companies).toMatchObject({ receipts: 1, gross_cents: 99_900, irrf_cents: 1_498, net_cents: 99_900 - 1_498 });
    const empty = (await call('GET', `${REPORT}?year=2024`, medicToken)).json();
    expect(empty.months).toEqual([]);
    expect(empty.totals.all).toEqual({ receipts: 0, gross_cents: 0, irrf_cents: 0, iss_cents: 0, pis_cofins_csll_cents: 0, net_cents: 0 });
    // The other medic sees his own receipt only.
    const other = (await call('GET', `${REPORT}?year=2026`, otherMedicToken)).json();
    expect(other.totals.all).toMatchObject({ receipts: 1, gross_cents: 500_000, irrf_cents: 7_500 });
  });

  it('refuses a bad year or month with a pt-BR 400', async () => {
    const cases: Array<[string, string]> = [
      ['', 'Informe o ano do relatório.'],
      ['?year=', 'Informe o ano do relatório.'],
      ['?year=1999', 'Ano inválido: informe um ano de 2000 a 2100.'],
      ['?year=20x6', 'Ano inválido: informe um ano de 2000 a 2100.'],
      ['?year=2026&month=13', 'Mês inválido: informe um mês de 1 a 12.'],
      ['?year=2026&month=0', 'Mês inválido: informe um mês de 1 a 12.'],
    ];
    for (const [query, message] of cases) {
      for (const path of [REPORT, EXPORT, EXPORT_PDF]) {
        const res = await call('GET', `${path}${query}`, medicToken);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json().error).toContain(message);
      }
    }
  });

  it('refuses a secretary (403) and a stranger (401)', async () => {
    for (const path of [REPORT, EXPORT, EXPORT_PDF]) {
      expect((await call('GET', `${path}?year=2026`, secretaryToken)).statusCode).toBe(403);
      expect((await call('GET', `${path}?year=2026`, null)).statusCode).toBe(401);
    }
  });

  it('records the read in the audit trail, naming the cases whose patients it shows', async () => {
    await call('GET', `${REPORT}?year=2026&month=1`, medicToken);
    await t.app.audit.flush();
    const rows = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, medic.id), eq(auditEvents.detail, 'income_report')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.at(-1)!.action).toBe('list');
  });
});

describe('GET income_report/export.csv', () => {
  it('exports the report for Excel pt-BR; read back, its figures are the independent ones', async () => {
    const res = await call('GET', `${EXPORT}?year=2026`, medicToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-contador-2026.csv"');
    const [header, ...rows] = parseExcelCsv(res.rawPayload);
    expect(header).toEqual(['Mês', 'Tipo', 'Data', 'Nome', 'CPF/CNPJ', 'Bruto', 'IRRF', 'ISS', 'PIS/COFINS/CSLL', 'Líquido']);
    const reais = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    const expected = await independentReport(medic.id, 2026, null);
    const cpfMask = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    for (const entry of expected.months) {
      const cell = `${entry.month.slice(5)}/${entry.month.slice(0, 4)}`;
      const mine = rows.filter((row) => row[0] === cell);
      const persons = mine.filter((row) => row[1] === 'Pessoa física (carnê-leão)');
      expect(persons).toEqual(
        (entry.persons.receipts as Array<{ received_on: string; patient_name: string; cpf: string; gross_cents: number }>).map((receipt) => [
          cell,
          'Pessoa física (carnê-leão)',
          `${receipt.received_on.slice(8)}/${receipt.received_on.slice(5, 7)}/${receipt.received_on.slice(0, 4)}`,
          receipt.patient_name,
          cpfMask(receipt.cpf),
          reais(receipt.gross_cents),
        ]),
      );
      const totalRow = mine.find((row) => row[1] === 'Total do mês')!;
      expect(totalRow.slice(5)).toEqual([entry.total.gross_cents, entry.total.irrf_cents, entry.total.iss_cents, entry.total.pis_cofins_csll_cents, entry.total.net_cents].map(reais));
      const companies = mine.filter((row) => row[1] === 'Pessoa jurídica');
      expect(companies).toHaveLength(entry.companies.payers.length);
      for (const payer of entry.companies.payers) {
        const row = companies.find((line) => line[3] === payer.name && line[4] === (payer.cnpj ? masked(payer.cnpj) : ''))!;
        expect(row.slice(5)).toEqual([payer.gross_cents, payer.irrf_cents, payer.iss_cents, payer.pis_cofins_csll_cents, payer.net_cents].map(reais));
      }
    }
    const year = rows.find((row) => row[0] === '2026' && row[1] === 'Total do ano')!;
    const all = expected.totals.all;
    expect(year.slice(5)).toEqual([all.gross_cents, all.irrf_cents, all.iss_cents, all.pis_cofins_csll_cents, all.net_cents].map(reais));
    await t.app.audit.flush();
    const audits = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, medic.id), eq(auditEvents.detail, 'income_report.csv')));
    expect(audits.at(-1)!.action).toBe('export');
  });
});

describe('GET income_report/export.pdf', () => {
  /** A figure as the PDF writes it, ready for a RegExp. */
  const money = (cents: number) => formatCents(cents).replace(/[.$]/g, '\\$&');
  const moneyRow = (total: { gross_cents: number; irrf_cents: number; iss_cents: number; pis_cofins_csll_cents: number; net_cents: number }) =>
    [total.gross_cents, total.irrf_cents, total.iss_cents, total.pis_cofins_csll_cents, total.net_cents].map(money).join('\\s+');
  const months = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

  it('downloads the sheet as a PDF 1.4 whose text (pdftotext) holds the independent figures', async () => {
    const res = await call('GET', `${EXPORT_PDF}?year=2026`, medicToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-contador-2026.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(checkPdfStructure(pdf)).toBeGreaterThan(5);
    expect(pdfInfo(pdf)).toMatchObject({ Title: 'Relatório para o contador · Rendimentos de 2026', 'Page size': '595.28 x 841.89 pts (A4)', 'PDF version': '1.4' });
    const text = pdfText(pdf);
    expect(text).toContain('Relatório para o contador');
    expect(text).toContain('Rendimentos de 2026');
    const expected = await independentReport(medic.id, 2026, null);
    // The month sections in order, each with its persons' total and its month's totals (receipts and money).
    const titleOf = (month: string) => `${months[Number(month.slice(5)) - 1]} de ${month.slice(0, 4)}`;
    const starts = expected.months.map((entry) => text.indexOf(titleOf(entry.month)));
    expect(starts.every((at, index) => at > (starts[index - 1] ?? 0))).toBe(true);
    for (const [index, entry] of expected.months.entries()) {
      const section = text.slice(starts[index], starts[index + 1] ?? text.indexOf('Totais do ano'));
      // A half without receipts says so instead of its table.
      if (entry.persons.receipts.length === 0) expect(section).toContain('Nenhum recebimento de pessoa física no mês.');
      else expect(section).toMatch(new RegExp(`Total pessoa física\\s+${money(entry.persons.total.gross_cents)}`));
      if (entry.companies.payers.length === 0) expect(section).toContain('Nenhum recebimento de pessoa jurídica no mês.');
      else expect(section).toMatch(new RegExp(`Total pessoa jurídica\\s+${moneyRow(entry.companies.total)}`));
      expect(section).toMatch(new RegExp(`Total do mês\\s+${entry.total.receipts}\\s+${moneyRow(entry.total)}`));
      for (const payer of entry.companies.payers.filter((row) => row.cnpj !== null)) {
        expect(section).toMatch(new RegExp(`${masked(payer.cnpj!).replace(/[./]/g, '\\$&')}.*${moneyRow(payer)}`));
      }
    }
    // The patient's accents survive WinAnsi, beside the day, the CPF and the amount of each of his receipts.
    const cpfMask = (cpf: string) => `${cpf.slice(0, 3)}\\.${cpf.slice(3, 6)}\\.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const receipts = expected.months.flatMap((entry) => entry.persons.receipts as Array<{ received_on: string; patient_name: string; cpf: string; gross_cents: number }>);
    expect(receipts.some((receipt) => receipt.patient_name === PARTICULAR_NAME)).toBe(true);
    for (const receipt of receipts) {
      const day = `${receipt.received_on.slice(8)}/${receipt.received_on.slice(5, 7)}/${receipt.received_on.slice(0, 4)}`;
      expect(text).toMatch(new RegExp(`${day}\\s+${receipt.patient_name}\\s+${cpfMask(receipt.cpf)}\\s+${money(receipt.gross_cents)}`));
    }
    expect(text).toContain(masked(PLAN_CNPJ));
    expect(text).toMatch(new RegExp(`Totais do ano[^]*Total\\s+${expected.totals.all.receipts}\\s+${moneyRow(expected.totals.all)}`));
    expect(text).toMatch(/Página 1 de \d+/);
    await t.app.audit.flush();
    const audits = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, medic.id), eq(auditEvents.detail, 'income_report.pdf')));
    expect(audits.at(-1)!.action).toBe('export');
  });

  it("names one month's file by its month, and shows each medic his own receipts only", async () => {
    const february = await call('GET', `${EXPORT_PDF}?year=2026&month=2`, medicToken);
    expect(february.statusCode).toBe(200);
    expect(february.headers['content-disposition']).toBe('attachment; filename="relatorio-contador-2026-02.pdf"');
    const text = pdfText(february.rawPayload);
    expect(text).toContain('Rendimentos de Fevereiro de 2026');
    expect(text).not.toContain('Janeiro de 2026');
    expect(text).not.toContain('Totais do ano');
    // The other medic's PDF holds his one receipt, none of this medic's patients or payers.
    const other = await call('GET', `${EXPORT_PDF}?year=2026`, otherMedicToken);
    expect(other.statusCode).toBe(200);
    const otherText = pdfText(other.rawPayload);
    expect(otherText).not.toContain(PARTICULAR_NAME);
    expect(otherText).not.toContain(masked(PLAN_CNPJ));
    expect(otherText).toMatch(new RegExp(`Total\\s+1\\s+${money(500_000)}\\s+${money(7_500)}`));
  });
});
