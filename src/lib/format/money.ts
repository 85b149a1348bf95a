/**
 * Money in Brazilian reais with pt-BR formatting (SPEC §9).
 *
 * The output is Intl's own: `formatBRL(1234.5)` is `'R$\u00a01.234,50'` — note the NO-BREAK SPACE
 * (U+00A0) between "R$" and the amount, which keeps the symbol and the number on one line. Compare
 * with `'R$\u00a0…'` (or normalise with `.replace(/\u00a0/g, ' ')`) in tests and assertions.
 */
const brl = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats a value as BRL, e.g. 1234.5 → 'R$\u00a01.234,50'. Non-finite values format as zero. */
export function formatBRL(value: number): string {
  return brl.format(Number.isFinite(value) ? value : 0);
}
