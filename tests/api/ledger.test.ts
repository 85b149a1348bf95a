import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTerms, surgeryGlosas, surgeryLedgers, surgeryReceipts } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * A case's fee ledger (issue 14; DECISIONS §16; openapi getLedger, updateLedgerBilling, createReceipt, deleteReceipt,
 * createGlosa, updateGlosa, deleteGlosa): each endpoint's happy path and rules, bad input 400 in pt-BR with nothing
 * written, tenancy 404, 401, 409 outside realizacao/pagamento/concluido, the secretary allowed; payment_done and
 * date_payment kept equal to the receipts; the balance the API answers (SQL) against an independent computation here.
 * The messages are written out (not imported from the product). The app's clock is fixed: today is 2026-03-15.
 */

const TODAY = '2026-03-15';
const FUTURE = 'A data não pode ser depois de hoje!';
const CLOSED = (label: string) =>
  `O faturamento e os recebimentos só se lançam em cirurgias em realização, em pagamento ou concluídas: a cirurgia está em "${label}".`;

let t: TestApp;
let medic: TestAccount;
let medicToken: string;
let secretaryToken: string;
let otherMedicToken: string;
let unlinkedSecretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date(`${TODAY}T15:00:00Z`);
  ({ medic, medicToken, secretaryToken, otherMedicToken, unlinkedSecretaryToken } = await signInTenants(t));
});
afterAll(async () => {
  await t?.close();
});

async function newCase(overrides: SurgeryOverrides = {}) {
  const patient = await insertPatient(t.deps.db, medic.id);
  return insertSurgery(t.deps.db, patient, {
    status: 'pagamento',
    feesPayments: '1500.00',
    ...overrides,
    stepData: { accomplishment: '2026-01-10', ...overrides.stepData },
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, token: string | null = secretaryToken, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: token ? authHeader(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

const url = (id: number | string, tail = '') => `/surgery/api/v1/surgery/${id}/ledger/${tail}`;

/** Everything stored for a case: its row, receipts, glosas and ledger row. */
async function stored(id: number) {
  return {
    row: await surgeryRow(t.deps.db, id),
    receipts: await t.deps.db.select().from(surgeryReceipts).where(eq(surgeryReceipts.surgeryId, id)).orderBy(asc(surgeryReceipts.id)),
    glosas: await t.deps.db.select().from(surgeryGlosas).where(eq(surgeryGlosas.surgeryId, id)).orderBy(asc(surgeryGlosas.id)),
    ledger: await t.deps.db.select().from(surgeryLedgers).where(eq(surgeryLedgers.surgeryId, id)),
  };
}

/** The balance computed here, independently of the product, from what is stored. */
async function expectedBalance(id: number) {
  const { row, receipts, glosas, ledger } = await stored(id);
  const expected = row.feesPayments === null ? 0 : Math.round(Number(row.feesPayments) * 100);
  const received = receipts.reduce((sum, receipt) => sum + Number(receipt.amountCents), 0);
  const writtenOff = Number(ledger[0]?.writtenOffCents ?? 0);
  let glosaNet = 0;
  let disputed = 0;
  let decided = 0;
  for (const glosa of glosas) {
    const standing = Number(glosa.amountCents) - Number(glosa.recoveredCents ?? 0);
    glosaNet += standing;
    if (glosa.appealOutcome === null) disputed += Number(glosa.amountCents);
    else decided += standing;
  }
  const open = expected - received - glosaNet - writtenOff;
  return {
    expected_cents: expected,
    received_cents: received,
    glosa_net_cents: glosaNet,
    disputed_cents: disputed,
    written_off_cents: writtenOff,
    open_cents: open > 0 ? open : 0,
    lost_cents: writtenOff + decided,
  };
}

/** payment_done = sum(receipts) in reais, date_payment = the latest receipt's day (null when none). */
async function expectPaymentFieldsFollowReceipts(id: number) {
  const { row, receipts } = await stored(id);
  const sum = receipts.reduce((total, receipt) => total + Number(receipt.amountCents), 0);
  expect(row.paymentDone === null ? 0 : Math.round(Number(row.paymentDone) * 100)).toBe(sum);
  if (sum === 0) expect(row.paymentDone).toBeNull();
  const last = receipts.map((receipt) => receipt.receivedOn).sort().at(-1) ?? null;
  expect(row.datePayment).toBe(last);
}

const receipt = { received_on: '2026-02-10', amount_cents: 50_000, payer: 'plano_saude', note: 'Lote 12' };
const glosa = { glosa_on: '2026-02-20', amount_cents: 30_000, reason: 'Código não autorizado' };

describe('GET ledger', () => {
  it('answers an empty ledger with the balance of the expected fee and the due date from the surgery day + 30', async () => {
    const surgery = await newCase();
    const res = await call('GET', url(surgery.id), medicToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      surgery: surgery.id,
      version: surgery.version,
      billed_on: null,
      billing_reference: null,
      payment_term_days: 30,
      due_date: '2026-02-09',
      days_past_due: 34,
      ...(await expectedBalance(surgery.id)),
      settlement: null,
      settled_on: null,
      next_appeal_deadline: null,
      receipts: [],
      glosas: [],
    });
    expect(res.json().open_cents).toBe(150_000);
  });

  it('is read on any status (a closed case too); 404 for another tenant or a non-id, 401 without a token', async () => {
    const surgery = await newCase({ status: 'cancelado' });
    expect((await call('GET', url(surgery.id))).statusCode).toBe(200);
    for (const token of [otherMedicToken, unlinkedSecretaryToken]) {
      const res = await call('GET', url(surgery.id), token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect((await call('GET', url('abc'))).statusCode).toBe(404);
    expect((await call('GET', url(surgery.id), null)).statusCode).toBe(401);
  });
});

describe('billing', () => {
  it('stores the billing date and guide number; the due date counts from it with the hospital term, then the plan term', async () => {
    const { healthPlanIds, hospitalIds } = await lookupIds(t.deps.db);
    const surgery = await newCase({ paymentFountains: 'plano_saude', healthPlanId: healthPlanIds[0]!, hospitalId: hospitalIds[0]! });
    const res = await call('PUT', url(surgery.id, 'billing/'), secretaryToken, { billed_on: '2026-01-20', billing_reference: '  G-123  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ billed_on: '2026-01-20', billing_reference: 'G-123', due_date: '2026-02-19', days_past_due: 24, version: surgery.version + 1 });
    await t.deps.db.insert(paymentTerms).values({ medicId: medic.id, payer: 'hospital', payerId: hospitalIds[0]!, days: 45 });
    expect((await call('GET', url(surgery.id))).json()).toMatchObject({ payment_term_days: 45, due_date: '2026-03-06', days_past_due: 9 });
    await t.deps.db.insert(paymentTerms).values({ medicId: medic.id, payer: 'plano', payerId: healthPlanIds[0]!, days: 60 });
    expect((await call('GET', url(surgery.id))).json()).toMatchObject({ payment_term_days: 60, due_date: '2026-03-21', days_past_due: -6 });
    await t.deps.db.delete(paymentTerms).where(eq(paymentTerms.medicId, medic.id));
    const cleared = await call('PUT', url(surgery.id, 'billing/'), medicToken, { billed_on: null, billing_reference: '' });
    expect(cleared.json()).toMatchObject({ billed_on: null, billing_reference: null, due_date: '2026-02-09' });
  });

  it('refuses a future date, an invalid one, a long reference, unknown and missing fields: 400 in pt-BR, nothing written', async () => {
    const surgery = await newCase();
    const before = await stored(surgery.id);
    const cases: Array<[unknown, string]> = [
      [{ billed_on: '2026-03-16', billing_reference: null }, FUTURE],
      [{ billed_on: '2026-02-30', billing_reference: null }, 'Data de faturamento inválida.'],
      [{ billed_on: null, billing_reference: 'x'.repeat(61) }, 'O número da guia ou do lote deve ter no máximo 60 caracteres.'],
      [{ billed_on: null, billing_reference: null, extra: 1 }, 'Campo não reconhecido: extra.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', url(surgery.id, 'billing/'), secretaryToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect(await stored(surgery.id)).toEqual(before);
  });
});

describe('receipts', () => {
  it('adds partial receipts (the case stays in pagamento), keeps payment_done = sum and date_payment = the latest, deletes one', async () => {
    const surgery = await newCase();
    const first = await call('POST', url(surgery.id, 'receipts/'), secretaryToken, receipt);
    expect(first.statusCode).toBe(201);
    const second = await call('POST', url(surgery.id, 'receipts/'), medicToken, { received_on: '2026-03-01', amount_cents: 40_001, payer: 'hospital' });
    expect(second.statusCode).toBe(201);
    const ledger = second.json();
    expect(ledger.receipts).toHaveLength(2);
    expect(ledger.receipts[0]).toMatchObject({ ...receipt, payer_label: 'Plano de Saúde' });
    expect(ledger.receipts[1]).toMatchObject({ received_on: '2026-03-01', amount_cents: 40_001, payer: 'hospital', payer_label: 'Hospital', note: null });
    expect(ledger).toMatchObject(await expectedBalance(surgery.id));
    expect(ledger.open_cents).toBe(150_000 - 90_001);
    expect(ledger.version).toBe(surgery.version + 2);
    const { row } = await stored(surgery.id);
    expect(row.status).toBe('pagamento');
    expect(row.paymentDone).toBe('900.01');
    expect(row.datePayment).toBe('2026-03-01');
    await expectPaymentFieldsFollowReceipts(surgery.id);

    const removed = await call('DELETE', url(surgery.id, `receipts/${ledger.receipts[1].id}/`), secretaryToken);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().receipts).toHaveLength(1);
    await expectPaymentFieldsFollowReceipts(surgery.id);
    await call('DELETE', url(surgery.id, `receipts/${ledger.receipts[0].id}/`), secretaryToken);
    await expectPaymentFieldsFollowReceipts(surgery.id);
    expect((await stored(surgery.id)).row).toMatchObject({ paymentDone: null, datePayment: null });
  });

  it('accepts a receipt dated today and amounts at the limits; refuses tomorrow, 0, fractions, too much, bad payer', async () => {
    const surgery = await newCase();
    expect((await call('POST', url(surgery.id, 'receipts/'), secretaryToken, { ...receipt, received_on: TODAY, amount_cents: 1 })).statusCode).toBe(201);
    expect((await call('POST', url(surgery.id, 'receipts/'), secretaryToken, { ...receipt, amount_cents: 1_000_000_000 })).statusCode).toBe(201);
    const before = await stored(surgery.id);
    const invalidAmount = 'Valor inválido: informe um valor de R$ 0,01 a R$ 10.000.000,00.';
    const cases: Array<[unknown, string]> = [
      [{ ...receipt, received_on: '2026-03-16' }, FUTURE],
      [{ ...receipt, received_on: '15/03/2026' }, 'Data do recebimento inválida.'],
      [{ ...receipt, received_on: null }, 'Informe a data do recebimento.'],
      [{ ...receipt, amount_cents: 0 }, invalidAmount],
      [{ ...receipt, amount_cents: 10.5 }, invalidAmount],
      [{ ...receipt, amount_cents: 1_000_000_001 }, invalidAmount],
      [{ ...receipt, amount_cents: '100' }, invalidAmount],
      [{ received_on: TODAY, payer: 'hospital' }, 'Informe o valor.'],
      [{ ...receipt, payer: 'banco' }, 'Pagador inválido: use Plano de Saúde, Hospital, Paciente (particular), Cooperativa ou Outro.'],
      [{ received_on: TODAY, amount_cents: 10 }, 'Informe quem pagou.'],
      [{ ...receipt, note: 'x'.repeat(1001) }, 'As observações devem ter no máximo 1000 caracteres.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', url(surgery.id, 'receipts/'), secretaryToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect(await stored(surgery.id)).toEqual(before);
  });

  it("another case's receipt is 404 'Recebimento não encontrado.'; a concluded case keeps its last receipt", async () => {
    const one = await newCase();
    const other = await newCase({ status: 'concluido', stepData: { paymentDone: '1500.00', datePayment: '2026-02-01' } });
    const [otherReceipt] = (await stored(other.id)).receipts;
    const res = await call('DELETE', url(one.id, `receipts/${otherReceipt!.id}/`));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ['Recebimento não encontrado.'] });
    const before = await stored(other.id);
    const last = await call('DELETE', url(other.id, `receipts/${otherReceipt!.id}/`));
    expect(last.statusCode).toBe(400);
    expect(last.json().error).toEqual(['Uma cirurgia concluída precisa de pelo menos um recebimento: lance outro antes de excluir este.']);
    expect(await stored(other.id)).toEqual(before);
  });
});

describe('glosas and appeals', () => {
  it('adds a glosa with the default deadline (+30 days), files and wins the appeal, records the recovered receipt', async () => {
    const surgery = await newCase();
    await call('POST', url(surgery.id, 'receipts/'), secretaryToken, { ...receipt, amount_cents: 120_000 });
    const created = await call('POST', url(surgery.id, 'glosas/'), secretaryToken, glosa);
    expect(created.statusCode).toBe(201);
    const [g] = created.json().glosas;
    expect(g).toMatchObject({ ...glosa, appeal_deadline: '2026-03-22', appeal_filed_on: null, appeal_outcome: null, appeal_outcome_label: null, recovered_cents: null, note: null });
    expect(created.json()).toMatchObject({ ...(await expectedBalance(surgery.id)), open_cents: 0, disputed_cents: 30_000, next_appeal_deadline: '2026-03-22' });

    const filed = await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, { ...glosa, appeal_deadline: '2026-03-22', appeal_filed_on: '2026-03-01' });
    expect(filed.statusCode).toBe(200);
    expect(filed.json()).toMatchObject({ disputed_cents: 30_000, next_appeal_deadline: null });

    const won = await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, {
      ...glosa,
      appeal_deadline: '2026-03-22',
      appeal_filed_on: '2026-03-01',
      appeal_outcome: 'revertida',
    });
    expect(won.json().glosas[0]).toMatchObject({ appeal_outcome: 'revertida', appeal_outcome_label: 'Revertida', recovered_cents: 30_000 });
    expect(won.json()).toMatchObject({ ...(await expectedBalance(surgery.id)), open_cents: 30_000, disputed_cents: 0, glosa_net_cents: 0, lost_cents: 0 });

    const paid = await call('POST', url(surgery.id, 'receipts/'), secretaryToken, { ...receipt, received_on: TODAY, amount_cents: 30_000 });
    expect(paid.json()).toMatchObject({ open_cents: 0, received_cents: 150_000, lost_cents: 0 });
    await expectPaymentFieldsFollowReceipts(surgery.id);
  });

  it('parcial needs the recovered amount between 0 and the amount; mantida recovers 0; each counts as lost', async () => {
    const surgery = await newCase();
    const [g] = (await call('POST', url(surgery.id, 'glosas/'), secretaryToken, glosa)).json().glosas;
    const base = { ...glosa, appeal_filed_on: '2026-03-01' };
    const partial = await call('PUT', url(surgery.id, `glosas/${g.id}/`), medicToken, { ...base, appeal_outcome: 'parcial', recovered_cents: 10_000 });
    expect(partial.json()).toMatchObject({ ...(await expectedBalance(surgery.id)), lost_cents: 20_000, glosa_net_cents: 20_000 });
    const kept = await call('PUT', url(surgery.id, `glosas/${g.id}/`), medicToken, { ...base, appeal_outcome: 'mantida' });
    expect(kept.json().glosas[0]).toMatchObject({ recovered_cents: 0, appeal_outcome_label: 'Mantida', appeal_deadline: '2026-03-22' });
    expect(kept.json()).toMatchObject({ ...(await expectedBalance(surgery.id)), lost_cents: 30_000 });
  });

  it('refuses each appeal rule and bad glosa: 400 in pt-BR, nothing written', async () => {
    const surgery = await newCase();
    const [g] = (await call('POST', url(surgery.id, 'glosas/'), secretaryToken, glosa)).json().glosas;
    const before = await stored(surgery.id);
    const filed = { ...glosa, appeal_filed_on: '2026-03-01' };
    const updates: Array<[unknown, string]> = [
      [{ ...glosa, appeal_outcome: 'revertida' }, 'Informe a data de envio do recurso antes do resultado.'],
      [{ ...glosa, appeal_filed_on: '2026-02-19' }, 'O recurso não pode ter sido enviado antes da data da glosa.'],
      [{ ...glosa, appeal_filed_on: '2026-03-16' }, FUTURE],
      [{ ...filed, appeal_outcome: 'parcial' }, 'Informe o valor recuperado.'],
      [{ ...filed, appeal_outcome: 'parcial', recovered_cents: 30_000 }, 'Na reversão parcial, o valor recuperado fica entre R$ 0,01 e R$ 299,99.'],
      [{ ...filed, appeal_outcome: 'parcial', recovered_cents: 0 }, 'Na reversão parcial, o valor recuperado fica entre R$ 0,01 e R$ 299,99.'],
      [{ ...filed, appeal_outcome: 'revertida', recovered_cents: 30_001 }, 'Na glosa revertida, o valor recuperado vai de R$ 0,01 até o valor glosado.'],
      [{ ...filed, appeal_outcome: 'mantida', recovered_cents: 5 }, 'Na glosa mantida nada é recuperado: o valor recuperado é zero.'],
      [{ ...filed, recovered_cents: 5 }, 'O valor recuperado só se informa com o resultado do recurso.'],
      [{ ...filed, appeal_outcome: 'ganha' }, 'Resultado do recurso inválido: use revertida, mantida ou parcial.'],
      [{ ...glosa, appeal_deadline: '2026-02-19' }, 'O prazo do recurso não pode ser antes da data da glosa.'],
      [{ ...glosa, reason: '   ' }, 'Informe o motivo da glosa.'],
      [{ ...glosa, glosa_on: '2026-03-16' }, FUTURE],
    ];
    for (const [body, message] of updates) {
      const res = await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const creates: Array<[unknown, string]> = [
      [{ amount_cents: 10, reason: 'x' }, 'Informe a data da glosa.'],
      [{ ...glosa, reason: 'x'.repeat(201) }, 'O motivo deve ter no máximo 200 caracteres.'],
      [{ ...glosa, appeal_outcome: 'mantida' }, 'Campo não reconhecido: appeal_outcome.'],
      [{ ...glosa, amount_cents: -1 }, 'Valor inválido: informe um valor de R$ 0,01 a R$ 10.000.000,00.'],
    ];
    for (const [body, message] of creates) {
      const res = await call('POST', url(surgery.id, 'glosas/'), secretaryToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect(await stored(surgery.id)).toEqual(before);
  });

  it("deletes a glosa; another case's glosa is 404 'Glosa não encontrada.'", async () => {
    const one = await newCase();
    const other = await newCase();
    const [g] = (await call('POST', url(other.id, 'glosas/'), secretaryToken, glosa)).json().glosas;
    const res = await call('PUT', url(one.id, `glosas/${g.id}/`), secretaryToken, glosa);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ['Glosa não encontrada.'] });
    expect((await call('DELETE', url(one.id, `glosas/${g.id}/`))).statusCode).toBe(404);
    const removed = await call('DELETE', url(other.id, `glosas/${g.id}/`));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ glosas: [], open_cents: 150_000 });
  });
});

describe('a glosa takes at most what is open', () => {
  const ABOVE = (glosa: string, open: string) => `A glosa (${glosa}) não pode ser maior que o saldo em aberto (${open}).`;
  const NET_ABOVE = (glosa: string, open: string) =>
    `A glosa menos o valor recuperado (${glosa}) não pode ser maior que o saldo em aberto (${open}).`;
  /** The case: expected R$ 6.500, received R$ 3.000 (R$ 3.500 open). */
  async function halfPaid() {
    const surgery = await newCase({ feesPayments: '6500.00' });
    await call('POST', url(surgery.id, 'receipts/'), secretaryToken, { ...receipt, amount_cents: 300_000 });
    return surgery;
  }

  it('refuses a glosa above the open balance (400 in pt-BR, nothing written) and accepts one equal to it', async () => {
    const surgery = await halfPaid();
    const before = await stored(surgery.id);
    const refused = await call('POST', url(surgery.id, 'glosas/'), secretaryToken, { ...glosa, amount_cents: 500_000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: [ABOVE('R$ 5.000,00', 'R$ 3.500,00')], amount_cents: [ABOVE('R$ 5.000,00', 'R$ 3.500,00')] });
    const oneCentTooMuch = await call('POST', url(surgery.id, 'glosas/'), medicToken, { ...glosa, amount_cents: 350_001 });
    expect(oneCentTooMuch.json().error).toEqual([ABOVE('R$ 3.500,01', 'R$ 3.500,00')]);
    expect(await stored(surgery.id)).toEqual(before);

    const whole = await call('POST', url(surgery.id, 'glosas/'), secretaryToken, { ...glosa, amount_cents: 350_000 });
    expect(whole.statusCode).toBe(201);
    expect(whole.json()).toMatchObject({ ...(await expectedBalance(surgery.id)), open_cents: 0, glosa_net_cents: 350_000 });
    const another = await call('POST', url(surgery.id, 'glosas/'), secretaryToken, { ...glosa, amount_cents: 1 });
    expect(another.json().error).toEqual([ABOVE('R$ 0,01', 'R$ 0,00')]);
  });

  it('an edit may take up to the open balance without itself, never more; an edit that takes no more always passes', async () => {
    const surgery = await halfPaid();
    const [g] = (await call('POST', url(surgery.id, 'glosas/'), secretaryToken, { ...glosa, amount_cents: 200_000 })).json().glosas;
    const filed = { ...glosa, appeal_filed_on: '2026-03-01' };
    expect((await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, { ...glosa, amount_cents: 350_000 })).statusCode).toBe(200);
    const before = await stored(surgery.id);
    const raised = await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, { ...glosa, amount_cents: 350_001 });
    expect(raised.statusCode).toBe(400);
    expect(raised.json().error).toEqual([ABOVE('R$ 3.500,01', 'R$ 3.500,00')]);
    expect(await stored(surgery.id)).toEqual(before);

    // Won on appeal, then paid: the books are full again (received R$ 6.500, the glosa takes nothing).
    const won = await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, { ...filed, amount_cents: 350_000, appeal_outcome: 'revertida' });
    expect(won.json()).toMatchObject({ open_cents: 350_000, glosa_net_cents: 0 });
    await call('POST', url(surgery.id, 'receipts/'), secretaryToken, { ...receipt, received_on: TODAY, amount_cents: 350_000 });
    const noted = await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, { ...filed, amount_cents: 350_000, appeal_outcome: 'revertida', note: 'Pago no lote 14' });
    expect(noted.statusCode).toBe(200);
    const paidOff = await stored(surgery.id);
    const kept = await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, { ...filed, amount_cents: 350_000, appeal_outcome: 'mantida' });
    expect(kept.json().error).toEqual([ABOVE('R$ 3.500,00', 'R$ 0,00')]);
    const partial = await call('PUT', url(surgery.id, `glosas/${g.id}/`), secretaryToken, {
      ...filed,
      amount_cents: 350_000,
      appeal_outcome: 'parcial',
      recovered_cents: 100_000,
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({ error: [NET_ABOVE('R$ 2.500,00', 'R$ 0,00')], amount_cents: [NET_ABOVE('R$ 2.500,00', 'R$ 0,00')] });
    expect(await stored(surgery.id)).toEqual(paidOff);
  });

  it('two glosas sent at once never together exceed the open balance: one is stored, the other refused', async () => {
    for (let round = 0; round < 5; round++) {
      const surgery = await halfPaid();
      const answers = await Promise.all([
        call('POST', url(surgery.id, 'glosas/'), secretaryToken, { ...glosa, amount_cents: 200_000 }),
        call('POST', url(surgery.id, 'glosas/'), medicToken, { ...glosa, amount_cents: 250_000 }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
      const refused = answers.find((res) => res.statusCode === 400)!;
      expect(refused.json().error).toEqual([
        expect.stringMatching(/^A glosa \(R\$ 2\.[05]00,00\) não pode ser maior que o saldo em aberto \(R\$ 1\.[05]00,00\)\.$/),
      ]);
      const { glosas } = await stored(surgery.id);
      expect(glosas).toHaveLength(1);
      expect((await call('GET', url(surgery.id))).json()).toMatchObject({ ...(await expectedBalance(surgery.id)), received_cents: 300_000 });
    }
  });

  it('a receipt above the open balance is recorded (money that arrived); another tenant gets 404 before the amount is judged', async () => {
    const surgery = await halfPaid();
    const over = await call('POST', url(surgery.id, 'receipts/'), secretaryToken, { ...receipt, amount_cents: 400_000 });
    expect(over.statusCode).toBe(201);
    expect(over.json()).toMatchObject({ received_cents: 700_000, open_cents: 0 });
    const before = await stored(surgery.id);
    for (const token of [otherMedicToken, unlinkedSecretaryToken]) {
      const res = await call('POST', url(surgery.id, 'glosas/'), token, { ...glosa, amount_cents: 500_000 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect((await call('POST', url(surgery.id, 'glosas/'), secretaryToken, glosa)).json().error).toEqual([ABOVE('R$ 300,00', 'R$ 0,00')]);
    expect(await stored(surgery.id)).toEqual(before);
  });
});

describe('who and when may write', () => {
  it('writes at realizacao, pagamento and concluido; 409 with the status elsewhere, nothing written', async () => {
    for (const status of ['realizacao', 'concluido'] as const) {
      const surgery = await newCase({ status, stepData: status === 'concluido' ? { paymentDone: '100.00', datePayment: '2026-02-01' } : {} });
      expect((await call('POST', url(surgery.id, 'receipts/'), secretaryToken, receipt)).statusCode).toBe(201);
      await expectPaymentFieldsFollowReceipts(surgery.id);
    }
    const labels = { agendamento: 'Agendamento de cirurgia', cancelado: 'Cancelado', arquiv: 'Arquivado' } as const;
    for (const [status, label] of Object.entries(labels)) {
      const surgery = await newCase({ status: status as keyof typeof labels });
      const before = await stored(surgery.id);
      const writes = [
        await call('PUT', url(surgery.id, 'billing/'), secretaryToken, { billed_on: null, billing_reference: 'G' }),
        await call('POST', url(surgery.id, 'receipts/'), secretaryToken, receipt),
        await call('POST', url(surgery.id, 'glosas/'), secretaryToken, glosa),
      ];
      for (const res of writes) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: CLOSED(label), status: { actual_status: status } });
      }
      expect(await stored(surgery.id)).toEqual(before);
    }
  });

  it("another tenant's case is 404 on every write, nothing written; no token is 401", async () => {
    const surgery = await newCase();
    const [g] = (await call('POST', url(surgery.id, 'glosas/'), secretaryToken, glosa)).json().glosas;
    const before = await stored(surgery.id);
    for (const token of [otherMedicToken, unlinkedSecretaryToken]) {
      const writes = [
        await call('PUT', url(surgery.id, 'billing/'), token, { billed_on: null, billing_reference: null }),
        await call('POST', url(surgery.id, 'receipts/'), token, receipt),
        await call('POST', url(surgery.id, 'glosas/'), token, glosa),
        await call('PUT', url(surgery.id, `glosas/${g.id}/`), token, glosa),
        await call('DELETE', url(surgery.id, `glosas/${g.id}/`), token),
      ];
      for (const res of writes) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(SURGERY_NOT_FOUND);
      }
    }
    expect((await call('POST', url(surgery.id, 'receipts/'), null, receipt)).statusCode).toBe(401);
    expect(await stored(surgery.id)).toEqual(before);
  });
});
