/**
 * Money in Brazilian reais with pt-BR formatting (SPEC §9).
 *
 * The output is Intl's own: `formatBRL(1234.5)` is `'R$\u00a01.234,50'` — note the NO-BREAK SPACE
 * (U+00A0) between "R$" and the amount, which keeps the symbol and the number on one line. Compare
 * with `'R$\u00a0…'` (or normalise with `.replace(/\u00a0/g, ' ')`) in tests and assertions.
 */
/** Made at the first use, not when the module loads (as date.ts's formatter: issue 15, blocking time). */
let brl: Intl.NumberFormat | undefined;
const newBrl = () =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Formats a value as BRL, e.g. 1234.5 → 'R$\u00a01.234,50'. Non-finite values format as zero. */
export function formatBRL(value: number): string {
  brl ??= newBrl();
  return brl.format(Number.isFinite(value) ? value : 0);
}

/** The largest number of digits a money input accepts (cents included): R$ 9.999.999.999,99 fits numeric(12,2). */
export const MONEY_INPUT_MAX_DIGITS = 12;

/**
 * Reads what a money input holds as cents, from its digits only (SPEC §5: "built from digits only"):
 * 'R$ 1.234,56' → 123456, '00012' → 12. Null when there is no digit or the value is zero (an empty field).
 */
export function centsFromDigits(text: string): number | null {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return null;
  return Number(digits.slice(0, MONEY_INPUT_MAX_DIGITS));
}

/**
 * The text of a money input for a value in cents: 123456 → 'R$ 1.234,56'. Unlike `formatBRL`, the space after
 * "R$" is a plain one, because this is text the user edits, copies and a test types against.
 */
export function formatBRLInput(cents: number): string {
  return formatBRL(cents / 100).replace(/\u00a0/g, ' ');
}

/** Reais (as the API sends them, e.g. 1234.5) to whole cents, without floating-point drift (1.005 → 101). */
export function reaisToCents(value: number): number {
  return Math.round(Number((value * 100).toFixed(4)));
}

/** Whole cents to reais with two decimals, as the API expects (123456 → 1234.56). */
export function centsToReais(cents: number): number {
  return Math.round(cents) / 100;
}
