import { describe, expect, it } from 'vitest';
import { billingSchema, glosaColumnsOf, glosaSchema, glosaUpdateSchema, paymentTermsSchema, receiptSchema } from '../../../machines/ledger/ledgerSchemas';
import { conclusionPlan, conclusionProblems, formatCents } from '../../../machines/ledger/ledgerRules';
import { check } from '../../../machines/validation/problems';

/** The ledger's bodies (issue 14): outputs, defaults and each rule's pt-BR message, with today = 2026-03-15. */

const TODAY = '2026-03-15';
const ok = <T,>(result: { ok: true; value: T } | { ok: false }) => {
  expect(result.ok).toBe(true);
  return (result as { value: T }).value;
};
const fields = (result: ReturnType<typeof check>) => (result.ok ? {} : result.problems.fields);

describe('ledger schemas', () => {
  it('billing: trims the reference, blank → null; today allowed, tomorrow refused', () => {
    expect(ok(check(billingSchema(TODAY), { billed_on: TODAY, billing_reference: '  L-1 ' }))).toEqual({ billed_on: TODAY, billing_reference: 'L-1' });
    expect(ok(check(billingSchema(TODAY), { billed_on: null, billing_reference: '  ' }))).toEqual({ billed_on: null, billing_reference: null });
    expect(fields(check(billingSchema(TODAY), { billed_on: '2026-03-16', billing_reference: null }))).toEqual({ billed_on: ['A data não pode ser depois de hoje!'] });
  });

  it('receipt: every field problem at once', () => {
    expect(fields(check(receiptSchema(TODAY), { received_on: '2026-13-01', amount_cents: 0, payer: 'x' }))).toEqual({
      received_on: ['Data do recebimento inválida.'],
      amount_cents: ['Valor inválido: informe um valor de R$ 0,01 a R$ 10.000.000,00.'],
      payer: ['Pagador inválido: use Plano de Saúde, Hospital, Paciente (particular), Cooperativa ou Outro.'],
    });
  });

  it('glosa: the deadline defaults to the glosa day + 30 (across a month end)', () => {
    const value = ok(check(glosaSchema(TODAY), { glosa_on: '2026-01-31', amount_cents: 100, reason: ' Taxa ' }));
    expect(glosaColumnsOf(value)).toMatchObject({ appealDeadline: '2026-03-02', reason: 'Taxa', appealOutcome: null, recoveredCents: null });
  });

  it('glosa update: revertida recovers the whole amount unless told; mantida 0; parcial inside the limits', () => {
    const base = { glosa_on: '2026-02-01', amount_cents: 1000, reason: 'Taxa', appeal_filed_on: '2026-02-02' };
    expect(glosaColumnsOf(ok(check(glosaUpdateSchema(TODAY), { ...base, appeal_outcome: 'revertida' })))).toMatchObject({ recoveredCents: 1000 });
    expect(glosaColumnsOf(ok(check(glosaUpdateSchema(TODAY), { ...base, appeal_outcome: 'revertida', recovered_cents: 999 })))).toMatchObject({ recoveredCents: 999 });
    expect(glosaColumnsOf(ok(check(glosaUpdateSchema(TODAY), { ...base, appeal_outcome: 'mantida' })))).toMatchObject({ recoveredCents: 0 });
    expect(glosaColumnsOf(ok(check(glosaUpdateSchema(TODAY), { ...base, appeal_outcome: 'parcial', recovered_cents: 1 })))).toMatchObject({ recoveredCents: 1 });
    expect(fields(check(glosaUpdateSchema(TODAY), { ...base, appeal_outcome: 'parcial', recovered_cents: 1000 }))).toEqual({
      recovered_cents: ['Na reversão parcial, o valor recuperado fica entre R$ 0,01 e R$ 9,99.'],
    });
    expect(fields(check(glosaUpdateSchema(TODAY), { ...base, appeal_filed_on: null, appeal_outcome: 'mantida' }))).toEqual({
      appeal_outcome: ['Informe a data de envio do recurso antes do resultado.'],
    });
  });

  it('payment terms: repeated payer and out-of-range days', () => {
    expect(ok(check(paymentTermsSchema, { terms: [{ payer: 'plano', payer_id: 1, days: 1 }, { payer: 'hospital', payer_id: 1, days: 365 }] })).terms).toHaveLength(2);
    const repeated = check(paymentTermsSchema, { terms: [{ payer: 'plano', payer_id: 1, days: 1 }, { payer: 'plano', payer_id: 1, days: 2 }] });
    expect(repeated.ok ? [] : repeated.problems.error).toEqual(['Há mais de um prazo para o mesmo plano ou hospital.']);
  });
});

describe('conclusion rules', () => {
  const ledger = { expected_cents: 150_000, received_cents: 50_000, deducted_cents: 20_000 };
  it('plans the receipt to add and the difference left', () => {
    expect(conclusionPlan(ledger, 49_999)).toBeNull();
    expect(conclusionPlan(ledger, 50_000)).toEqual({ addReceiptCents: 0, differenceCents: 80_000 });
    expect(conclusionPlan(ledger, 130_000)).toEqual({ addReceiptCents: 80_000, differenceCents: 0 });
    expect(conclusionPlan(ledger, 200_000)).toEqual({ addReceiptCents: 150_000, differenceCents: 0 });
  });
  it('asks for a settlement only when a difference is left', () => {
    expect(conclusionProblems(ledger, 129_999, undefined)).toEqual(['O pagamento deixa uma diferença de R$ 0,01: informe se ela é glosa ou perda.']);
    expect(conclusionProblems(ledger, 129_999, 'perda')).toEqual([]);
    expect(conclusionProblems(ledger, 130_000, undefined)).toEqual([]);
    expect(formatCents(123_456_789)).toBe('R$ 1.234.567,89');
  });
});
