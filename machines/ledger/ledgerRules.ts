import type { CaseStatus } from '../constants';
import { stageIs } from '../stages';
import type { Settlement } from './constants';

/**
 * The conclusion of a case's payment against its ledger (issue 14; DECISIONS §16), pure: the lifecycle machine's
 * advance from pagamento (machines/surgeryLifecycle/lifecycleRules.ts advanceProblems) and the server's conclusion
 * (server/services/ledger/settlement.ts) read the same rules. Money in integer centavos.
 *
 * SPEC's payment step sends the value received X (reais) and its date. Against the receipts already recorded:
 * - X below their sum is refused: the step would erase receipts ('O valor recebido não pode ser menor …');
 * - X above their sum records the rest as one more receipt, dated the payment's date (a case without receipts, as
 *   every SPEC client's, thus gets one receipt of X);
 * - what is then still open (expected − received − glosas − write-off) is the conclusion's difference: a glosa (it
 *   can still be appealed) or a loss (perda, written off). The API takes `settlement` and defaults to 'perda' (SPEC's
 *   clients never send it); the SPA always asks.
 */

/**
 * Whether a case's fee ledger may be written at `status` (DECISIONS §16): the surgery was carried out (or is being
 * paid, or was concluded). The server refuses a write elsewhere (409); the SPA offers none.
 */
export function ledgerWritable(status: CaseStatus): boolean {
  return stageIs(status, 'ledgerWritable');
}

export const LEDGER_RULE_MESSAGES = {
  belowReceipts: (cents: number) =>
    `O valor recebido não pode ser menor que a soma dos recebimentos lançados (${formatCents(cents)}).`,
  settlementRequired: (cents: number) =>
    `O pagamento deixa uma diferença de ${formatCents(cents)}: informe se ela é glosa ou perda.`,
} as const;

/**
 * Made at the first message, not when the module loads: every page with a case's lifecycle loads this module, and a
 * page's first Intl object loads ICU's data (issue 15: blocking time; src/lib/format/warmUp.ts).
 */
let brl: Intl.NumberFormat | undefined;

/** Centavos as pt-BR reais with a plain space: 123456 → 'R$ 1.234,56' (messages; the screens format their own). */
export function formatCents(cents: number): string {
  brl ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return brl.format(cents / 100).replace(/\u00a0/g, ' ');
}

/** What the conclusion reads of a case's ledger. */
export type LedgerFacts = {
  /** The expected fee (fees_payments) in centavos. */
  expected_cents: number;
  /** The sum of the receipts recorded. */
  received_cents: number;
  /** What the glosas take away (net of what appeals recovered) plus what was written off. */
  deducted_cents: number;
};

/** The outcome of concluding with `paidCents` (SPEC's X): the receipt to add and the difference left. */
type ConclusionPlan = { addReceiptCents: number; differenceCents: number };

/** The plan of a conclusion (or a save of the payment step) with X = `paidCents`, or null when X is below the receipts. */
export function conclusionPlan(ledger: LedgerFacts, paidCents: number): ConclusionPlan | null {
  if (paidCents < ledger.received_cents) return null;
  const addReceiptCents = paidCents - ledger.received_cents;
  const differenceCents = Math.max(0, ledger.expected_cents - paidCents - ledger.deducted_cents);
  return { addReceiptCents, differenceCents };
}

/**
 * What keeps the payment X (`paidCents`, null when absent or invalid: SPEC's own messages cover it) from concluding
 * the case: below the receipts, or a difference without a settlement.
 */
export function conclusionProblems(ledger: LedgerFacts, paidCents: number | null, settlement: Settlement | undefined): string[] {
  if (paidCents === null) return [];
  const plan = conclusionPlan(ledger, paidCents);
  if (!plan) return [LEDGER_RULE_MESSAGES.belowReceipts(ledger.received_cents)];
  return plan.differenceCents > 0 && !settlement ? [LEDGER_RULE_MESSAGES.settlementRequired(plan.differenceCents)] : [];
}

/** What a glosa takes from the balance: its amount less what its appeal recovered (a glosa without an outcome, all). */
export type GlosaTake = { amount_cents: number; recovered_cents: number | null };

const takeOf = (glosa: GlosaTake | null): number => (glosa === null ? 0 : glosa.amount_cents - (glosa.recovered_cents ?? 0));

const GLOSA_RULE_MESSAGES = {
  aboveOpen: (taken: number, open: number) =>
    `A glosa (${formatCents(taken)}) não pode ser maior que o saldo em aberto (${formatCents(open)}).`,
  netAboveOpen: (taken: number, open: number) =>
    `A glosa menos o valor recuperado (${formatCents(taken)}) não pode ser maior que o saldo em aberto (${formatCents(open)}).`,
} as const;

/**
 * Whether a glosa may be written (DECISIONS §16; docs/LEDGER.md): a glosa takes at most what is open, so the books
 * never hold more than the expected fee (received + glosas + write-off ≤ expected). `next` is the glosa as it would
 * be stored; `previous` the same glosa as stored now (an edit), or null (a new glosa). The room is the open balance
 * without this glosa: expected − received − the other glosas and the write-off. An edit that takes no more than the
 * glosa takes today is always accepted (its date, reason, appeal or a larger recovered amount can still be recorded
 * on books that a later receipt pushed above the fee). The server checks it on the locked case
 * (server/services/ledger/ledger-service.ts), the form before sending; both word it alike. Null when allowed.
 */
export function glosaProblem(ledger: LedgerFacts, next: GlosaTake, previous: GlosaTake | null): string | null {
  const before = takeOf(previous);
  const after = takeOf(next);
  if (after <= before) return null;
  const room = Math.max(0, ledger.expected_cents - ledger.received_cents - ledger.deducted_cents + before);
  if (after <= room) return null;
  return (next.recovered_cents ?? 0) > 0 ? GLOSA_RULE_MESSAGES.netAboveOpen(after, room) : GLOSA_RULE_MESSAGES.aboveOpen(after, room);
}
