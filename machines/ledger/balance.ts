import type { AppealOutcome } from './constants';

/**
 * A case's balance from its ledger (issue 14; DECISIONS §16), in integer centavos. This pure function states the
 * rules; the server computes the same in SQL (server/services/ledger/balances.ts) and the tests compare both.
 *
 * - expected: the case's expected fee (fees_payments; 0 when it has none, as a CLT case).
 * - received: the sum of the receipts (= payment_done).
 * - glosa_net: what the glosas still take away: each glosa's amount less what its appeal recovered. A glosa without
 *   an outcome (not appealed yet, or appealed and waiting) takes its whole amount; it is also `disputed`.
 * - written_off: the loss recorded when the case was concluded below its expected fee.
 * - open: what the payer still owes and has not denied: expected − received − glosa_net − written_off, never below 0
 *   (a payment above the expected fee is not a negative debt).
 * - lost: what will not come: the write-off plus the decided glosas' unrecovered amounts (mantida, parcial, or a
 *   revertida that recovered less).
 * A won appeal thus moves its recovered amount back to `open` until a receipt for it is recorded.
 */
export type GlosaFacts = { amount_cents: number; appeal_outcome: AppealOutcome | null; recovered_cents: number | null };

type CaseBalance = {
  expected_cents: number;
  received_cents: number;
  glosa_net_cents: number;
  disputed_cents: number;
  written_off_cents: number;
  open_cents: number;
  lost_cents: number;
};

export function caseBalance(input: {
  expected_cents: number;
  receipts: ReadonlyArray<{ amount_cents: number }>;
  glosas: readonly GlosaFacts[];
  written_off_cents: number;
}): CaseBalance {
  const received = input.receipts.reduce((sum, receipt) => sum + receipt.amount_cents, 0);
  let glosaNet = 0;
  let disputed = 0;
  let decidedLoss = 0;
  for (const glosa of input.glosas) {
    const standing = glosa.amount_cents - (glosa.recovered_cents ?? 0);
    glosaNet += standing;
    if (glosa.appeal_outcome === null) disputed += glosa.amount_cents;
    else decidedLoss += standing;
  }
  return {
    expected_cents: input.expected_cents,
    received_cents: received,
    glosa_net_cents: glosaNet,
    disputed_cents: disputed,
    written_off_cents: input.written_off_cents,
    open_cents: Math.max(0, input.expected_cents - received - glosaNet - input.written_off_cents),
    lost_cents: input.written_off_cents + decidedLoss,
  };
}

/**
 * What is still to come on a case, 'Honorários a receber' and 'Recebimento previsto' of one case (issue 33 item 15;
 * DECISIONS §5; docs/LEDGER.md "The figures, one definition each"): expected − received − lost, never below 0. A glosa
 * in dispute may still come, so unlike `open` it stays in; a decided glosa's unrecovered part and the write-off do
 * not. The dashboard's summaries keep the same per case in SQL (migration 0015, `to_come_cents`).
 */
export function toComeCents(balance: Pick<CaseBalance, 'expected_cents' | 'received_cents' | 'lost_cents'>): number {
  return Math.max(0, balance.expected_cents - balance.received_cents - balance.lost_cents);
}
