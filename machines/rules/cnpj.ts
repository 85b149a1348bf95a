import { onlyDigits } from './cpf';

/** CNPJ check digit over `digits` with the Receita Federal's weights (2 to 9, from the right, repeating). */
function checkDigit(digits: readonly number[]): number {
  let weight = 2;
  let sum = 0;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    sum += digits[index]! * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * Validates a numeric CNPJ by its two check digits: masked (00.000.000/0000-00) or 14 bare digits; repeated-digit
 * sequences (00.000.000/0000-00, 11.111.111/1111-11) are refused.
 */
export function isValidCnpj(value: string): boolean {
  const raw = onlyDigits(value);
  if (raw.length !== 14 || /^(\d)\1{13}$/.test(raw)) return false;
  const digits = [...raw].map(Number);
  return checkDigit(digits.slice(0, 12)) === digits[12] && checkDigit(digits.slice(0, 13)) === digits[13];
}

/** Formats 14 digits as 00.000.000/0000-00 (returns the input when it has another length). */
export function formatCnpj(value: string): string {
  const raw = onlyDigits(value);
  if (raw.length !== 14) return value;
  return `${raw.slice(0, 2)}.${raw.slice(2, 5)}.${raw.slice(5, 8)}/${raw.slice(8, 12)}-${raw.slice(12)}`;
}
