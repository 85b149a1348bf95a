/** SPEC §9: a CPF is 14 characters when masked (000.000.000-00). */
export const CPF_MASKED_LENGTH = 14;

/** SPEC §5's message for a CPF that fails the check digits (spelling included). */
export const CPF_INVALID_MESSAGE = 'CPF Invalido!';

/** Keeps only the digits of a masked value ('123.456.789-09' → '12345678909'). */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

function checkDigit(digits: readonly number[], weightStart: number): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * Validates a Brazilian CPF by its two check digits. Accepts the masked (000.000.000-00)
 * or the bare 11-digit form; rejects repeated-digit sequences such as 111.111.111-11.
 */
export function isValidCpf(value: string): boolean {
  const raw = onlyDigits(value);
  if (raw.length !== 11 || /^(\d)\1{10}$/.test(raw)) return false;
  const digits = [...raw].map(Number);
  const first = checkDigit(digits.slice(0, 9), 10);
  const second = checkDigit(digits.slice(0, 10), 11);
  return first === digits[9] && second === digits[10];
}

/** Formats 11 digits as 000.000.000-00 (returns the input when it has another length). */
export function formatCpf(value: string): string {
  const raw = onlyDigits(value);
  if (raw.length !== 11) return value;
  return `${raw.slice(0, 3)}.${raw.slice(3, 6)}.${raw.slice(6, 9)}-${raw.slice(9)}`;
}
