import type { CaseStatus, PaymentSource } from '../../machines/constants';
import { DEFAULT_APPEAL_DAYS, DEFAULT_PAYMENT_TERM_DAYS, type AppealOutcome, type ReceiptPayer } from '../../machines/ledger/constants';
import { addDays, daysBetween } from '../../machines/rules/dates';
import { stageIs } from '../../machines/stages';

/**
 * The demo practice's fee ledger (issue 14, item 6; DECISIONS §16), planned from the demo cases seed.ts has drawn:
 * billings, receipts (partial payments on cases in pagamento, the payments of the concluded ones), glosas with their
 * appeals in each outcome (none yet with a deadline within 7 days, filed and waiting, revertida, mantida, parcial),
 * a few payment terms, and cases in every aging bucket. Pure and deterministic, dates relative to the seed's today.
 *
 * Every concluded case's payment_done is the sum of its receipts (seed.ts writes the row's value from this plan).
 * Three cases with a fee are made older (`shiftDays`: seed.ts moves their whole timeline back before anything else is
 * planned from it) so that, billed the day after the surgery, they are exactly 45, 75 and 120 days past due: the
 * buckets 31–60, 61–90 and over 90; the fresh cases in pagamento fall in 0–30. docs/LEDGER.md tells the story.
 */

/** What the planner reads of one demo case (its index is its position in the seed's list). */
type DemoLedgerCase = {
  status: CaseStatus;
  fees: string | null;
  paymentFountains: PaymentSource | null;
  healthPlanId: number | null;
  hospitalId: number;
  /** yyyy-MM-dd (São Paulo), before any shift. */
  accomplishment: string | null;
  datePayment: string | null;
  paymentDone: string | null;
};

type Role =
  | { kind: 'aged'; targetDays: number; outcome: 'waiting' | 'revertida' | 'parcial' }
  | { kind: 'near_deadline' }
  | { kind: 'mantida' }
  | { kind: 'partial' }
  | { kind: 'two_partials_filed' };

/** The roles, in the order the cases with a fee take them (concluded cases first, then those in pagamento). */
const ROLES: readonly Role[] = [
  { kind: 'aged', targetDays: 45, outcome: 'waiting' },
  { kind: 'aged', targetDays: 75, outcome: 'revertida' },
  { kind: 'aged', targetDays: 120, outcome: 'parcial' },
  { kind: 'mantida' },
  { kind: 'near_deadline' },
  { kind: 'partial' },
  { kind: 'two_partials_filed' },
];

/** The demo glosas' reasons, each with its TISS code (dm_tipoGlosa; server/data/tiss/motivos-glosa.csv). */
const GLOSA_REASONS = [
  { reason: 'Código TUSS divergente do autorizado', code: '1402' },
  { reason: 'Falta de assinatura na guia', code: '1314' },
  { reason: 'Procedimento não coberto pelo contrato', code: '1420' },
  { reason: 'Valor acima da tabela acordada', code: '1714' },
] as const;

type DemoPaymentTerm = { payer: 'plano' | 'hospital'; payerId: number; days: number };

export type DemoLedgerPlan = {
  /** Days to move a case's timeline back (only the aged cases). */
  shiftDays: Map<number, number>;
  /** The concluded cases' payment fields (= their receipts), by case index. */
  payment: Map<number, { paymentDone: string; datePayment: string }>;
  ledgers: Array<{ caseIndex: number; billedOn: string | null; billingReference: string | null; writtenOffCents: number; settlement: 'glosa' | 'perda' | null; settledOn: string | null }>;
  receipts: Array<{
    caseIndex: number;
    receivedOn: string;
    amountCents: number;
    payer: ReceiptPayer;
    note: string | null;
    /** Issue 38 item 5: a plan's CNPJ (typed: the reference list has none) and the taxes it withheld at source. */
    payerDocument?: string | null;
    irrfCents?: number;
    issCents?: number;
    pisCofinsCsllCents?: number;
  }>;
  glosas: Array<{
    caseIndex: number;
    glosaOn: string;
    amountCents: number;
    reason: string;
    reasonCode: string;
    appealDeadline: string;
    appealFiledOn: string | null;
    appealOutcome: AppealOutcome | null;
    recoveredCents: number | null;
    note: string | null;
  }>;
  terms: DemoPaymentTerm[];
};

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

function payerOf(source: PaymentSource | null): ReceiptPayer {
  return source === 'plano_saude' || source === 'hospital' || source === 'particular' || source === 'coop' ? source : 'outro';
}

/**
 * Plans the ledger. `plans` and `hospitals` are the demo's lookup ids (the first two plans and the first hospital get
 * payment terms); `today` is the seed's São Paulo day.
 */
export function planDemoLedger(
  cases: readonly DemoLedgerCase[],
  lookups: { plans: readonly number[]; hospitals: readonly number[] },
  today: string,
): DemoLedgerPlan {
  const terms: DemoPaymentTerm[] = [
    ...(lookups.plans[0] ? [{ payer: 'plano' as const, payerId: lookups.plans[0], days: 45 }] : []),
    ...(lookups.plans[1] ? [{ payer: 'plano' as const, payerId: lookups.plans[1], days: 60 }] : []),
    ...(lookups.hospitals[0] ? [{ payer: 'hospital' as const, payerId: lookups.hospitals[0], days: 20 }] : []),
  ];
  const termOf = (c: DemoLedgerCase) =>
    (c.paymentFountains === 'plano_saude' && c.healthPlanId !== null
      ? terms.find((term) => term.payer === 'plano' && term.payerId === c.healthPlanId)?.days
      : undefined) ??
    terms.find((term) => term.payer === 'hospital' && term.payerId === c.hospitalId)?.days ??
    DEFAULT_PAYMENT_TERM_DAYS;

  const plan: DemoLedgerPlan = { shiftDays: new Map(), payment: new Map(), ledgers: [], receipts: [], glosas: [], terms };
  const withFee = (status: CaseStatus) =>
    cases.flatMap((c, index) => (c.status === status && c.accomplishment && Number(c.fees ?? 0) > 0 ? [index] : []));
  const order = [...withFee('concluido'), ...withFee('pagamento')];
  const roles = new Map(order.map((index, position) => [index, ROLES[position]] as const));

  for (const [index, c] of cases.entries()) {
    if (!stageIs(c.status, 'receivable') || !c.accomplishment) continue;
    const role = roles.get(index);
    const expected = Math.round(Number(c.fees ?? 0) * 100);
    const payer = payerOf(c.paymentFountains);
    const concluded = c.status === 'concluido';
    const { reason, code: reasonCode } = GLOSA_REASONS[index % GLOSA_REASONS.length]!;
    // Billed the day after the surgery (a concluded case at the latest on its payment day).
    const billedOrig = concluded && c.datePayment ? minDay(addDays(c.accomplishment, 1), c.datePayment) : minDay(addDays(c.accomplishment, 1), today);
    const shift = role?.kind === 'aged' ? Math.max(0, role.targetDays + termOf(c) - daysBetween(billedOrig, today)) : 0;
    if (shift > 0) plan.shiftDays.set(index, shift);
    const billedOn = addDays(billedOrig, -shift);
    const paidOn = concluded && c.datePayment ? addDays(c.datePayment, -shift) : null;
    const reference = `${c.paymentFountains === 'plano_saude' ? 'Guia' : 'Lote'} ${String(240_000 + index * 37).padStart(7, '0')}`;

    if (!role) {
      // A concluded case without a role (no fee, or more cases than roles): its payment is one receipt; what it left
      // below the fee was written off when it was concluded.
      if (concluded && c.paymentDone && paidOn) {
        const paid = Math.round(Number(c.paymentDone) * 100);
        plan.receipts.push({ caseIndex: index, receivedOn: paidOn, amountCents: paid, payer, note: null });
        const lost = Math.max(0, expected - paid);
        plan.ledgers.push({ caseIndex: index, billedOn, billingReference: reference, writtenOffCents: lost, settlement: lost > 0 ? 'perda' : null, settledOn: lost > 0 ? paidOn : null });
      }
      continue;
    }

    if (concluded && paidOn) {
      // Concluded below the fee: the difference was recorded as a glosa, whose appeal is in each state.
      const share = role.kind === 'aged' ? { waiting: 0.15, revertida: 0.2, parcial: 0.25 }[role.outcome] : 0.1;
      const glosaCents = Math.round((expected * share) / 100) * 100;
      const paid = expected - glosaCents;
      const first = Math.round((paid * 0.6) / 100) * 100;
      const firstOn = maxDay(billedOn, minDay(addDays(billedOn, 1), paidOn));
      plan.receipts.push({ caseIndex: index, receivedOn: firstOn, amountCents: first, payer, note: 'Primeira parcela do repasse.' });
      plan.receipts.push({ caseIndex: index, receivedOn: paidOn, amountCents: paid - first, payer, note: null });
      plan.payment.set(index, { paymentDone: (paid / 100).toFixed(2), datePayment: paidOn });
      plan.ledgers.push({ caseIndex: index, billedOn, billingReference: reference, writtenOffCents: 0, settlement: 'glosa', settledOn: paidOn });
      const filedOn = minDay(addDays(paidOn, 10), today);
      const outcome: AppealOutcome | null = role.kind === 'mantida' ? 'mantida' : role.kind === 'aged' && role.outcome !== 'waiting' ? role.outcome : null;
      plan.glosas.push({
        caseIndex: index,
        glosaOn: paidOn,
        amountCents: glosaCents,
        reason,
        reasonCode,
        appealDeadline: addDays(paidOn, DEFAULT_APPEAL_DAYS),
        appealFiledOn: filedOn,
        appealOutcome: outcome,
        recoveredCents: outcome === 'revertida' ? glosaCents : outcome === 'parcial' ? Math.round(glosaCents / 200) * 100 : outcome === 'mantida' ? 0 : null,
        note: outcome === 'revertida' ? 'Recurso aceito; aguardando o repasse do valor.' : null,
      });
      continue;
    }

    // In pagamento: billed, partly paid; a glosa in some.
    const receivedOn = minDay(addDays(billedOn, 1), today);
    plan.ledgers.push({ caseIndex: index, billedOn, billingReference: reference, writtenOffCents: 0, settlement: null, settledOn: null });
    if (role.kind === 'aged') {
      // Only with fewer concluded cases than aged roles: an old case still unpaid in part.
      plan.receipts.push({ caseIndex: index, receivedOn, amountCents: Math.round((expected * 0.5) / 100) * 100, payer, note: 'Pagamento parcial.' });
      continue;
    }
    const partial = Math.round((expected * (role.kind === 'two_partials_filed' ? 0.3 : 0.5)) / 100) * 100;
    if (role.kind !== 'near_deadline' || expected > 0) {
      plan.receipts.push({ caseIndex: index, receivedOn, amountCents: partial, payer, note: 'Pagamento parcial.' });
    }
    if (role.kind === 'two_partials_filed') {
      plan.receipts.push({ caseIndex: index, receivedOn: minDay(addDays(receivedOn, 1), today), amountCents: partial, payer, note: 'Segunda parcela.' });
    }
    if (role.kind === 'near_deadline' || role.kind === 'two_partials_filed') {
      const glosaOn = receivedOn;
      plan.glosas.push({
        caseIndex: index,
        glosaOn,
        amountCents: Math.round((expected * 0.1) / 100) * 100 || 100,
        reason,
        reasonCode,
        // The payer gave a short deadline: it ends within the homes' 7-day warning.
        appealDeadline: role.kind === 'near_deadline' ? maxDay(glosaOn, addDays(today, 5)) : addDays(glosaOn, DEFAULT_APPEAL_DAYS),
        appealFiledOn: role.kind === 'two_partials_filed' ? today : null,
        appealOutcome: null,
        recoveredCents: null,
        note: null,
      });
    }
  }
  withholdAtSource(plan, cases);
  return plan;
}

/** A demo CNPJ with its check digits (Receita Federal's weights) from a 12-digit base. */
function demoCnpj(base: string): string {
  const digit = (digits: string) => {
    let weight = 2;
    let sum = 0;
    for (let i = digits.length - 1; i >= 0; i--) {
      sum += Number(digits[i]) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    return sum % 11 < 2 ? 0 : 11 - (sum % 11);
  };
  const first = `${base}${digit(base)}`;
  return `${first}${digit(first)}`;
}

/**
 * The income report's two halves (issue 38 item 5): a few receipts from the patients, and each plan's receipts carry the plan's CNPJ (typed, as an
 * office would), and every other one the taxes the plan withheld at source (IRRF 1,5%, ISS 2%, PIS/COFINS/CSLL 4,65%,
 * as when the medic bills through his company), so 'Relatório para o contador' shows both halves with withholdings.
 */
function withholdAtSource(plan: DemoLedgerPlan, cases: readonly DemoLedgerCase[]): void {
  // The persons half: a few receipts paid by the patient (a case's complement, when the demo drew no private case
  // among those with receipts), so the carnê-leão's list is never empty.
  const persons = plan.receipts.filter((receipt) => receipt.payer === 'particular').length;
  const candidates = [
    ...plan.receipts.filter((receipt) => receipt.payer !== 'plano_saude' && receipt.payer !== 'particular'),
    ...plan.receipts.filter((receipt) => receipt.payer === 'plano_saude' && receipt.note === null),
  ];
  for (const receipt of candidates.slice(0, Math.max(0, 2 - persons))) {
    receipt.payer = 'particular';
    receipt.note = 'Complemento pago pelo paciente.';
  }
  let planReceipts = 0;
  for (const receipt of plan.receipts) {
    const planId = cases[receipt.caseIndex]?.healthPlanId ?? null;
    if (receipt.payer !== 'plano_saude' || planId === null) continue;
    receipt.payerDocument = demoCnpj(`${String(10_000_000 + planId * 7919).slice(-8)}0001`);
    planReceipts += 1;
    if (planReceipts % 2 === 1) {
      receipt.irrfCents = Math.round(receipt.amountCents * 0.015);
      receipt.issCents = Math.round(receipt.amountCents * 0.02);
      receipt.pisCofinsCsllCents = Math.round(receipt.amountCents * 0.0465);
    }
  }
}
