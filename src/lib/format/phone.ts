import { onlyDigits } from '../../../machines/rules/cpf';

/** Brazil's country calling code, used in WhatsApp links (SPEC §9). */
const BRAZIL_COUNTRY_CODE = '55';

/**
 * WhatsApp link for a Brazilian cellphone (SPEC §2 doctor home): the country code 55 followed by
 * the digits of the number, e.g. '(11) 9 8765-4321' → 'https://wa.me/5511987654321'.
 */
export function whatsappLink(cellphone: string): string {
  return `https://wa.me/${BRAZIL_COUNTRY_CODE}${onlyDigits(cellphone)}`;
}

/**
 * A Brazilian phone for display: 11 digits as (00) 0 0000-0000 (SPEC §5 mask), 10 digits as (00) 0000-0000; any other
 * value is returned trimmed, as stored; '' for null.
 */
export function formatPhone(value: string | null | undefined): string {
  const raw = value?.trim() ?? '';
  const digits = onlyDigits(raw);
  if (digits.length === 11) {
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 3)} ${digits.slice(3, 7)}-${digits.slice(7)}`;
  }
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return raw;
}
