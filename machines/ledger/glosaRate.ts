/**
 * The glosa rate (glosa ÷ expected fee; the dashboard's 'Glosas por pagador', docs/LEDGER.md §3) as every screen and
 * file shows it: a percentage with exactly one decimal, rounded half away from zero (0.16385 → 16,4%; 0.2 → 20,0%;
 * 0.13 → 13,0%). One formatter for the page and the CSV (the screens showed '16,39%', '20,0%' and the file '13').
 */

/** The rate as a percentage number with one decimal: 0.16389 → 16.4. */
export function ratePercent(rate: number): number {
  const tenths = Math.round(Math.abs(rate) * 1000);
  return (Math.sign(rate) * tenths) / 10;
}

/** Made at the first call, not at import (a page's first Intl object loads ICU's data: issue 15). */
let percent: Intl.NumberFormat | undefined;

/** Shown for a rate that has no expected fee to divide by (issue 33: glosas follow their own date). */
const NO_RATE = '—';

/** The rate as pt-BR text with one decimal: 0.16389 → '16,4%'; null (no expected fee in the period) → '—'. */
export function formatRate(rate: number | null): string {
  if (rate === null) return NO_RATE;
  percent ??= new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return percent.format(ratePercent(rate) / 100);
}

/**
 * The rate for a spreadsheet cell under a '(%)' heading: 0.16389 → '16,4' (decimal comma, no thousands separator);
 * null → an empty cell (a number column keeps only numbers).
 */
export function rateCsvText(rate: number | null): string {
  if (rate === null) return '';
  return ratePercent(rate).toFixed(1).replace('.', ',');
}
