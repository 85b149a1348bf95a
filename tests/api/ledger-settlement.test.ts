import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surgeryGlosas, surgeryLedgers, surgeryReceipts } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, statusHistory, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { signInTenants } from '../helpers/tenants';

/**
 * SPEC's payment step against the ledger (issue 14; DECISIONS §16): PUT update/{id}/ to concluido with the value
 * received X. X below the receipts' sum is 400; X above it records the rest as a receipt dated date_payment; a
 * difference left is a glosa (`settlement: 'glosa'`) or a loss ('perda', also when absent, as SPEC's clients send
 * it); SPEC's texts unchanged. A save of the step reconciles the same way without settling. Messages written out.
 */

const TODAY = '2026-03-15';
const UPDATE = (id: number) => `/surgery/api/v1/update/${id}/`;

let t: TestApp;
let medic: TestAccount;
let secretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date(`${TODAY}T15:00:00Z`);
  ({ medic, secretaryToken } = await signInTenants(t));
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

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: authHeader(secretaryToken), ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

async function stored(id: number) {
  return {
    row: await surgeryRow(t.deps.db, id),
    receipts: await t.deps.db.select().from(surgeryReceipts).where(eq(surgeryReceipts.surgeryId, id)).orderBy(asc(surgeryReceipts.id)),
    glosas: await t.deps.db.select().from(surgeryGlosas).where(eq(surgeryGlosas.surgeryId, id)).orderBy(asc(surgeryGlosas.id)),
    ledger: await t.deps.db.select().from(surgeryLedgers).where(eq(surgeryLedgers.surgeryId, id)),
    history: await statusHistory(t.deps.db, id),
  };
}

const ledgerOf = async (id: number) => (await call('GET', `/surgery/api/v1/surgery/${id}/ledger/`)).json();
const receipt = (amount_cents: number, received_on = '2026-02-10') => ({ received_on, amount_cents, payer: 'plano_saude' });

describe('concluding (pagamento → concluido)', () => {
  it("a SPEC client's conclusion without receipts records one receipt of X; 'Finalizado' semantics unchanged", async () => {
    const surgery = await newCase({ paymentFountains: 'particular' });
    const res = await call('PUT', UPDATE(surgery.id), { new_status: 'concluido', payment_done: 1500, date_payment: '2026-03-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'concluido', payment_done: 1500, date_payment: '2026-03-01' });
    const { receipts, ledger, glosas } = await stored(surgery.id);
    expect(receipts).toMatchObject([{ receivedOn: '2026-03-01', amountCents: 150_000, payer: 'particular' }]);
    expect(ledger).toEqual([]);
    expect(glosas).toEqual([]);
    expect(await ledgerOf(surgery.id)).toMatchObject({ open_cents: 0, lost_cents: 0, settlement: null });
  });

  it('X below the receipts is 400 with their sum, nothing written', async () => {
    const surgery = await newCase();
    await call('POST', `/surgery/api/v1/surgery/${surgery.id}/ledger/receipts/`, receipt(100_050));
    const before = await stored(surgery.id);
    const res = await call('PUT', UPDATE(surgery.id), { new_status: 'concluido', payment_done: 1000.49, date_payment: '2026-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(['O valor recebido não pode ser menor que a soma dos recebimentos lançados (R$ 1.000,50).']);
    expect(await stored(surgery.id)).toEqual(before);
  });

  it('X equal to the receipts adds none; X above adds the rest dated date_payment', async () => {
    const equal = await newCase();
    await call('POST', `/surgery/api/v1/surgery/${equal.id}/ledger/receipts/`, receipt(150_000));
    expect((await call('PUT', UPDATE(equal.id), { new_status: 'concluido', payment_done: 1500, date_payment: '2026-02-10' })).statusCode).toBe(200);
    expect((await stored(equal.id)).receipts).toHaveLength(1);

    const above = await newCase();
    await call('POST', `/surgery/api/v1/surgery/${above.id}/ledger/receipts/`, receipt(50_000));
    const res = await call('PUT', UPDATE(above.id), { new_status: 'concluido', payment_done: 1500.01, date_payment: '2026-03-02' });
    expect(res.statusCode).toBe(200);
    const { receipts, row } = await stored(above.id);
    expect(receipts.map((r) => [r.receivedOn, Number(r.amountCents)])).toEqual([
      ['2026-02-10', 50_000],
      ['2026-03-02', 100_001],
    ]);
    expect(row).toMatchObject({ paymentDone: '1500.01', datePayment: '2026-03-02', status: 'concluido' });
    expect(await ledgerOf(above.id)).toMatchObject({ open_cents: 0, received_cents: 150_001, settlement: null });
  });

  it("a difference without `settlement` is written off as 'perda' (SPEC's clients)", async () => {
    const surgery = await newCase();
    const res = await call('PUT', UPDATE(surgery.id), { new_status: 'concluido', payment_done: 1200, date_payment: '2026-03-01' });
    expect(res.statusCode).toBe(200);
    const { ledger, glosas } = await stored(surgery.id);
    expect(ledger).toMatchObject([{ writtenOffCents: 30_000, settlement: 'perda', settledOn: '2026-03-01' }]);
    expect(glosas).toEqual([]);
    expect(await ledgerOf(surgery.id)).toMatchObject({
      received_cents: 120_000,
      written_off_cents: 30_000,
      open_cents: 0,
      lost_cents: 30_000,
      settlement: 'perda',
      settled_on: '2026-03-01',
    });
  });

  it("`settlement: 'glosa'` records the difference (net of earlier glosas) as an appealable glosa, deadline + 30 days", async () => {
    const surgery = await newCase();
    await call('POST', `/surgery/api/v1/surgery/${surgery.id}/ledger/receipts/`, receipt(100_000));
    await call('POST', `/surgery/api/v1/surgery/${surgery.id}/ledger/glosas/`, { glosa_on: '2026-02-15', amount_cents: 30_000, reason: 'Taxa' });
    const res = await call('PUT', UPDATE(surgery.id), { new_status: 'concluido', payment_done: 1000, date_payment: '2026-03-01', settlement: 'glosa' });
    expect(res.statusCode).toBe(200);
    const { glosas, ledger } = await stored(surgery.id);
    expect(glosas).toHaveLength(2);
    expect(glosas[1]).toMatchObject({
      glosaOn: '2026-03-01',
      amountCents: 20_000,
      reason: 'Diferença na conclusão do pagamento',
      appealDeadline: '2026-03-31',
      appealOutcome: null,
    });
    expect(ledger).toMatchObject([{ writtenOffCents: 0, settlement: 'glosa', settledOn: '2026-03-01' }]);
    expect(await ledgerOf(surgery.id)).toMatchObject({ open_cents: 0, disputed_cents: 50_000, lost_cents: 0, next_appeal_deadline: '2026-03-17' });
  });

  it('`settlement` is refused with another status or another value (400, nothing written); SPEC messages unchanged', async () => {
    const surgery = await newCase();
    const before = await stored(surgery.id);
    const cases: Array<[unknown, string]> = [
      [{ new_status: 'pagamento', payment_done: 1000, settlement: 'perda' }, 'O acerto da diferença só se informa ao concluir o pagamento.'],
      [{ new_status: 'concluido', payment_done: 1000, date_payment: '2026-03-01', settlement: 'baixa' }, 'Acerto da diferença inválido: use glosa ou perda.'],
      [{ new_status: 'concluido', date_payment: '2026-03-01' }, 'Insira um valor recebido!'],
      [{ new_status: 'concluido', payment_done: 1000 }, 'Data invalida!'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', UPDATE(surgery.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect(await stored(surgery.id)).toEqual(before);
  });
});

describe('saving the payment step (pagamento → pagamento)', () => {
  it('reconciles X with the receipts without settling; below them is 400', async () => {
    const surgery = await newCase();
    await call('POST', `/surgery/api/v1/surgery/${surgery.id}/ledger/receipts/`, receipt(40_000));
    const saved = await call('PUT', UPDATE(surgery.id), { new_status: 'pagamento', payment_done: 600, date_payment: '2026-03-05' });
    expect(saved.statusCode).toBe(200);
    const { receipts, row, ledger } = await stored(surgery.id);
    expect(receipts.map((r) => Number(r.amountCents))).toEqual([40_000, 20_000]);
    expect(row).toMatchObject({ status: 'pagamento', paymentDone: '600.00', datePayment: '2026-03-05' });
    expect(ledger).toEqual([]);
    const before = await stored(surgery.id);
    const below = await call('PUT', UPDATE(surgery.id), { new_status: 'pagamento', payment_done: 500 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toEqual(['O valor recebido não pode ser menor que a soma dos recebimentos lançados (R$ 600,00).']);
    expect(await stored(surgery.id)).toEqual(before);
  });
});
