import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseBalance, type GlosaFacts } from '../../machines/ledger/balance';
import { APPEAL_OUTCOMES, RECEIPT_PAYERS } from '../../machines/ledger/constants';
import { glosaProblem } from '../../machines/ledger/ledgerRules';
import { surgeryLedgers, surgeryReceipts } from '../../server/db/schema/index';
import { createLedgerService } from '../../server/services/ledger/ledger-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, surgeryRow } from '../helpers/clinical-fixtures';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { signInTenants } from '../helpers/tenants';

/**
 * The ledger's balance, property-based (issue 14: "a property test adds thousands of random receipts and glosas and
 * checks the balances to the centavo"). A seeded PRNG (mulberry32; fast-check is not a dependency) drives random
 * writes through the ledger service on a few cases with random fees (none, cents-precise, large) and write-offs:
 * receipts added and deleted, glosas added, appealed with every outcome (recovered amounts at and inside the limits)
 * and deleted. After every write, the balance the service computed in SQL (ledgerJoin) equals caseBalance() of
 * machines/ledger/balance.ts over the same facts kept here, and payment_done equals the receipts' sum. At the end,
 * GET ledger over HTTP says the same for every case.
 *
 * A glosa takes at most what is open (machines/ledger/ledgerRules.ts glosaProblem): each glosa write (random amounts,
 * half of them within the open balance so that many pass) is first judged here by the pure rule; a refused one must
 * answer 400 with the rule's message and leave the case as it was, and after every accepted glosa write that took more
 * than before, received + glosas + write-off stay within the expected fee.
 */

const SEED = 0x14_2026;
const OPERATIONS = 2000;
const TODAY = '2026-03-15';

function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T,>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
/** Amounts from 1 centavo to millions of reais, with every cents ending. */
const amount = () => pick([1, 2, 99, 100, 101, int(1, 999), int(1_000, 99_999), int(100_000, 9_999_999), int(10_000_000, 1_000_000_000)]);
const day = () => `2026-0${int(1, 3)}-${String(int(1, 15)).padStart(2, '0')}`;

let t: TestApp;
let medic: TestAccount;
let medicToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date(`${TODAY}T15:00:00Z`);
  ({ medic, medicToken } = await signInTenants(t));
});
afterAll(async () => {
  await t?.close();
});

type Model = { id: number; concluded: boolean; expected: number; writtenOff: number; receipts: Map<number, number>; glosas: Map<number, GlosaFacts & { glosa_on: string }> };

function balanceOf(model: Model) {
  return caseBalance({
    expected_cents: model.expected,
    receipts: [...model.receipts.values()].map((amount_cents) => ({ amount_cents })),
    glosas: [...model.glosas.values()],
    written_off_cents: model.writtenOff,
  });
}

/** After a glosa write that took more: what the books hold stays within the expected fee. */
function expectWithinFee(model: Model, operation: number) {
  const balance = balanceOf(model);
  expect(balance.received_cents + balance.glosa_net_cents + balance.written_off_cents, `operation ${operation}`).toBeLessThanOrEqual(model.expected);
}

let refusals = 0;

/**
 * When the pure rule refuses the glosa `next` (replacing `previous`), the service must refuse it with 400 and the
 * rule's message, the case's ledger unchanged; true then (the caller skips the write).
 */
async function refusedAsRuled(
  model: Model,
  next: { amount_cents: number; recovered_cents: number | null },
  previous: { amount_cents: number; recovered_cents: number | null } | null,
  write: () => Promise<unknown>,
  read: () => Promise<Record<string, unknown>>,
  operation: number,
): Promise<boolean> {
  const balance = balanceOf(model);
  const facts = { expected_cents: model.expected, received_cents: balance.received_cents, deducted_cents: balance.glosa_net_cents + model.writtenOff };
  const problem = glosaProblem(facts, next, previous);
  if (problem === null) return false;
  await expect(write(), `operation ${operation}`).rejects.toMatchObject({ statusCode: 400, body: { error: [problem], amount_cents: [problem] } });
  expect(await read(), `operation ${operation}: nothing written`).toMatchObject({ ...balance, glosas: expect.toSatisfy((list: unknown[]) => list.length === model.glosas.size) });
  refusals += 1;
  return true;
}

describe('ledger balance (property)', () => {
  it(`${OPERATIONS} random receipts and glosas: SQL balance = caseBalance() to the centavo, payment_done = sum`, async () => {
    const service = createLedgerService({ db: t.deps.db, now: t.deps.now });
    const user = { id: medic.id, type: 'medic' as const };
    const models: Model[] = [];
    for (const fees of [null, '0.01', '1500.00', '2345.67', '99999999.99', '123.45']) {
      const patient = await insertPatient(t.deps.db, medic.id);
      const status = pick(['realizacao', 'pagamento', 'concluido'] as const);
      const row = await insertSurgery(t.deps.db, patient, { status, feesPayments: fees, stepData: { accomplishment: '2026-01-05' } });
      const writtenOff = pick([0, 0, int(1, 50_000)]);
      if (writtenOff > 0) await t.deps.db.insert(surgeryLedgers).values({ surgeryId: row.id, writtenOffCents: writtenOff, settlement: 'perda', settledOn: '2026-01-31' });
      models.push({ id: row.id, concluded: status === 'concluido', expected: fees === null ? 0 : Math.round(Number(fees) * 100), writtenOff, receipts: new Map(), glosas: new Map() });
    }

    let checked = 0;
    for (let i = 0; i < OPERATIONS; i++) {
      const model = pick(models);
      const read = () => service.get(user, model.id);
      const roll = random();
      let answer;
      if (roll < 0.4 || model.receipts.size === 0) {
        const amount_cents = amount();
        answer = await service.addReceipt(user, model.id, { received_on: day(), amount_cents, payer: pick(RECEIPT_PAYERS), note: null });
        const added = answer.receipts.find((receipt) => !model.receipts.has(receipt.id))!;
        model.receipts.set(added.id, amount_cents);
      } else if (roll < 0.5 && (!model.concluded || model.receipts.size > 1)) {
        const id = pick([...model.receipts.keys()]);
        answer = await service.deleteReceipt(user, model.id, id);
        model.receipts.delete(id);
      } else if (roll < 0.75 || model.glosas.size === 0) {
        const glosa_on = day();
        const open = balanceOf(model).open_cents;
        const amount_cents = open > 0 && random() < 0.5 ? int(1, open) : amount();
        const next = { amount_cents, recovered_cents: null };
        const write = () => service.addGlosa(user, model.id, { glosa_on, amount_cents, reason: `Glosa ${i}`, appeal_deadline: undefined, note: null });
        if (await refusedAsRuled(model, next, null, write, read, i)) continue;
        answer = await write();
        const added = answer.glosas.find((glosa) => !model.glosas.has(glosa.id))!;
        model.glosas.set(added.id, { glosa_on, amount_cents, appeal_outcome: null, recovered_cents: null });
        expectWithinFee(model, i);
      } else if (roll < 0.95) {
        const id = pick([...model.glosas.keys()]);
        const glosa = model.glosas.get(id)!;
        const outcome = pick([null, ...APPEAL_OUTCOMES]);
        const recovered =
          outcome === null ? null
          : outcome === 'mantida' ? 0
          : outcome === 'revertida' ? pick([glosa.amount_cents, int(1, glosa.amount_cents)])
          : glosa.amount_cents < 2 ? null
          : pick([1, glosa.amount_cents - 1, int(1, glosa.amount_cents - 1)]);
        if (outcome === 'parcial' && recovered === null) continue;
        const write = () =>
          service.updateGlosa(user, model.id, id, {
            glosa_on: glosa.glosa_on,
            amount_cents: glosa.amount_cents,
            reason: `Glosa ${i}`,
            appeal_deadline: '2026-04-30',
            appeal_filed_on: outcome === null ? pick([null, TODAY]) : TODAY,
            appeal_outcome: outcome,
            recovered_cents: recovered,
            note: null,
          });
        const next = { amount_cents: glosa.amount_cents, recovered_cents: recovered };
        if (await refusedAsRuled(model, next, glosa, write, read, i)) continue;
        answer = await write();
        const took = next.amount_cents - (recovered ?? 0) > glosa.amount_cents - (glosa.recovered_cents ?? 0);
        model.glosas.set(id, { ...glosa, appeal_outcome: outcome, recovered_cents: recovered });
        if (took) expectWithinFee(model, i);
      } else {
        const id = pick([...model.glosas.keys()]);
        answer = await service.deleteGlosa(user, model.id, id);
        model.glosas.delete(id);
      }
      const { expected_cents, received_cents, glosa_net_cents, disputed_cents, written_off_cents, open_cents, lost_cents } = answer;
      expect({ expected_cents, received_cents, glosa_net_cents, disputed_cents, written_off_cents, open_cents, lost_cents }, `operation ${i}`).toEqual(balanceOf(model));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(OPERATIONS * 0.5);
    expect(refusals).toBeGreaterThan(OPERATIONS * 0.05);

    for (const model of models) {
      const res = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${model.id}/ledger/`, headers: authHeader(medicToken) });
      expect(res.json()).toMatchObject(balanceOf(model));
      const row = await surgeryRow(t.deps.db, model.id);
      const sum = [...model.receipts.values()].reduce((total, cents) => total + cents, 0);
      expect(row.paymentDone === null ? 0 : Math.round(Number(row.paymentDone) * 100)).toBe(sum);
      const stored = await t.deps.db.select().from(surgeryReceipts).where(eq(surgeryReceipts.surgeryId, model.id));
      expect(stored.reduce((total, receipt) => total + Number(receipt.amountCents), 0)).toBe(sum);
    }
  }, 600_000);
});
