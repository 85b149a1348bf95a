import { describe, expect, it } from 'vitest';
import { allocatePayment, shareByWeight } from '../../../../machines/tiss/statementAllocation';
import type { PaymentByDate } from '../../../../machines/tiss/statementTypes';
import { pagamentoStatement } from './statementFixtures';
import { statementGenerator } from './statementRandom';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('shareByWeight', () => {
  it('shares whole centavos in proportion, the centavos left to the largest remainders, the first on a tie', () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeight(1, [1, 1])).toEqual([1, 0]);
    expect(shareByWeight(10, [0, 5, 0])).toEqual([0, 10, 0]);
    expect(shareByWeight(7, [2, 3])).toEqual([3, 4]);
    expect(shareByWeight(0, [3, 4])).toEqual([0, 0]);
    expect(shareByWeight(500, [0, 0])).toEqual([0, 0]);
    // Products beyond 2^53 (R$ 999.999,99 × R$ 99.999.999,99) stay exact.
    expect(shareByWeight(99_999_999, [9_999_999_999, 1, 9_999_999_998])).toEqual([50_000_000, 0, 49_999_999]);
  });

  it('always adds up exactly, each share within a centavo of the exact proportion (seed 20261206)', () => {
    const { int } = statementGenerator(20261206);
    for (let round = 0; round < 2000; round += 1) {
      const weights = Array.from({ length: int(1, 8) }, () => (int(0, 3) === 0 ? 0 : int(0, 9_999_999_999)));
      const cents = int(0, 99_999_999);
      const shares = shareByWeight(cents, weights);
      const total = sum(weights);
      if (total === 0) {
        expect(shares.every((share) => share === 0)).toBe(true);
        continue;
      }
      expect(sum(shares)).toBe(cents);
      shares.forEach((share, index) => {
        const exact = (BigInt(cents) * BigInt(weights[index]!) * 1000n) / BigInt(total);
        expect(BigInt(share) * 1000n - exact).toBeGreaterThan(-1000n);
        expect(BigInt(share) * 1000n - exact).toBeLessThan(1000n);
      });
    }
  });
});

describe('allocatePayment', () => {
  it('gives each guide of a deposit its share of the withholdings; the nets add up to the deposit', () => {
    const payment = pagamentoStatement().payments[0]!;
    const { guides, unallocated } = allocatePayment(payment);
    expect(unallocated).toEqual([]);
    expect(guides.map((row) => [row.guide.providerGuideNumber, row.protocolNumber, row.lotNumber, row.grossCents])).toEqual([
      ['H-2026-0001', '202611000123', '17', 250_000],
      ['H-2026-0002', '202611000123', '17', 110_001],
    ]);
    // IRRF R$ 54,00 over 250.000 : 110.001 is 3749.99… and 1650.01… centavos: floors 3749 and 1650, the centavo left to the first.
    expect(guides.map((row) => row.debits.find((share) => share.type === '01')!.cents)).toEqual([3750, 1650]);
    for (const item of payment.debitsCredits) {
      expect(sum(guides.map((row) => row.debits.filter((share) => share.type === item.type).reduce((total, share) => total + share.cents, 0)))).toBe(item.cents);
    }
    expect(sum(guides.map((row) => row.netCents))).toBe(payment.netCents);
    for (const row of guides) expect(row.netCents).toBe(row.grossCents - sum(row.debits.map((share) => share.cents)) + sum(row.credits.map((share) => share.cents)));
    const second = allocatePayment(pagamentoStatement().payments[1]!).guides;
    expect(second).toMatchObject([{ grossCents: 44_000, debits: [], credits: [{ type: '08', cents: 150 }], netCents: 44_150 }]);
  });

  it('adds up on random payments, and leaves the adjustments unallocated when nothing was released (seed 20261207)', () => {
    const generator = statementGenerator(20261207);
    for (let round = 0; round < 200; round += 1) {
      for (const payment of generator.pagamentoMessage().statement.payments) {
        const { guides, unallocated } = allocatePayment(payment);
        const released = sum(payment.protocols.flatMap((protocol) => protocol.guides.map((guide) => guide.releasedCents)));
        const debits = sum(payment.debitsCredits.filter((item) => item.indicator === '1').map((item) => item.cents));
        const credits = sum(payment.debitsCredits.filter((item) => item.indicator === '2').map((item) => item.cents));
        expect(guides).toHaveLength(payment.protocols.flatMap((protocol) => protocol.guides).length);
        if (released === 0) {
          expect(unallocated).toEqual(payment.debitsCredits);
          continue;
        }
        expect(sum(guides.map((row) => row.netCents))).toBe(released - debits + credits);
      }
    }
    const nothing: PaymentByDate = { ...pagamentoStatement().payments[0]! };
    nothing.protocols = nothing.protocols.map((protocol) => ({ ...protocol, guides: protocol.guides.map((guide) => ({ ...guide, releasedCents: 0 })) }));
    const result = allocatePayment(nothing);
    expect(result.unallocated).toEqual(nothing.debitsCredits);
    expect(result.guides.map((row) => row.netCents)).toEqual([0, 0]);
  });
});
