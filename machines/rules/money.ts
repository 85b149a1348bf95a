/**
 * The money checks every aggregate shares (the case's fee, the OPME prices, the payment, the ledger): amounts in
 * reais as the API sends them, stored in numeric(12,2) columns, and computed in integer centavos.
 */

/** The largest amount a money column (numeric(12,2)) holds: below 10^10 reais. */
const MAX_MONEY = 9_999_999_999.99;

/** Reais written as decimal text: ≥ 0, at most two decimals, within numeric(12,2) (decided on the text, not on floats). */
export function isMoneyText(text: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(text) && Number(text) <= MAX_MONEY;
}

/** Reais (a number with at most two decimals, as the API's fees_payments) to integer centavos, exactly. */
export function centsOf(reais: number): number {
  return Math.round(reais * 100);
}
