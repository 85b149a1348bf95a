import type { PaidGuide, PaymentByDate } from './statementTypes';
import type { DebitCreditType } from './tissDomains';

/**
 * One deposit, one receipt per guide (issue 38, items 3 and 5): a payment date of a demonstrativo de pagamento pays
 * many guides but carries its debits and credits (IRRF, ISS, PIS/COFINS/CSLL withheld, discounts, adjustments) for
 * the whole deposit. Each guide's receipt needs its own gross, withholdings and net, so each debit and credit is
 * shared among the guides in proportion to what each had released, in whole centavos, by the largest remainder
 * (the shares of one item always add up to the item exactly; ties go to the guide listed first). A proposal for the
 * import to post; pure.
 */

/** A guide's share of one debit or credit. */
type Share = { type: DebitCreditType; cents: number };

/** One guide of a payment date with its share of the date's debits and credits. */
type GuidePayment = {
  /** The protocol and lot the guide was paid in (relacaoProtocolos). */
  protocolNumber: string;
  lotNumber: string;
  guide: PaidGuide;
  /** What the plan released for the guide: the receipt's gross. */
  grossCents: number;
  /** Its share of each debit (withholdings and discounts) and each credit, in the order the file lists them. */
  debits: Share[];
  credits: Share[];
  /** gross − debits + credits. */
  netCents: number;
};

/**
 * `cents` shared in proportion to `weights` (each ≥ 0), in whole centavos adding up to `cents` exactly: each gets
 * floor(cents × weight / total), and the centavos left go one each to the largest remainders (the first listed on a
 * tie). All to nobody when every weight is 0: then an empty share list (the caller reports it).
 */
export function shareByWeight(cents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (total === 0n) return weights.map(() => 0);
  const amount = BigInt(cents);
  const parts = weights.map((weight, index) => {
    const product = amount * BigInt(weight);
    return { index, share: product / total, remainder: product % total };
  });
  let left = amount - parts.reduce((sum, part) => sum + part.share, 0n);
  const order = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of order) {
    if (left <= 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part.share));
}

/**
 * The guides of one payment date, each with its gross (released), its shares of the date's debits and credits, and
 * its net. The nets add up to released − debits + credits of the date's own lists (to `netCents` when the file adds
 * up: statementDiscrepancies). When nothing was released (every guide 0), the debits and credits are given to no
 * guide: `unallocated` lists them.
 */
export function allocatePayment(payment: PaymentByDate): { guides: GuidePayment[]; unallocated: PaymentByDate['debitsCredits'] } {
  const guides = payment.protocols.flatMap((protocol) => protocol.guides.map((guide) => ({ protocol, guide })));
  const weights = guides.map(({ guide }) => Math.max(guide.releasedCents, 0));
  const nothingReleased = weights.every((weight) => weight === 0);
  const rows: GuidePayment[] = guides.map(({ protocol, guide }) => ({
    protocolNumber: protocol.protocolNumber,
    lotNumber: protocol.lotNumber,
    guide,
    grossCents: guide.releasedCents,
    debits: [],
    credits: [],
    netCents: guide.releasedCents,
  }));
  if (nothingReleased) return { guides: rows, unallocated: payment.debitsCredits };
  for (const item of payment.debitsCredits) {
    const shares = shareByWeight(item.cents, weights);
    rows.forEach((row, index) => {
      const cents = shares[index]!;
      if (cents === 0) return;
      if (item.indicator === '1') {
        row.debits.push({ type: item.type, cents });
        row.netCents -= cents;
      } else {
        row.credits.push({ type: item.type, cents });
        row.netCents += cents;
      }
    });
  }
  return { guides: rows, unallocated: [] };
}
