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
