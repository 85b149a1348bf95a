import { onlyDigits } from './cpf';

/**
 * The 67 Brazilian area codes (DDD) in service (Anatel's numbering plan). Of the 81 pairs of digits 1–9, fourteen
 * do not exist: 23, 25, 26, 29, 36, 39, 52, 56, 57, 58, 59, 72, 76, 78 (issue 11, item 16).
 * @see https://www.gov.br/anatel/pt-br/regulado/numeracao/tabela-de-codigos-nacionais
 */
const BRAZILIAN_AREA_CODES: ReadonlySet<string> = new Set([
  ...['11', '12', '13', '14', '15', '16', '17', '18', '19'],
  ...['21', '22', '24', '27', '28'],
  ...['31', '32', '33', '34', '35', '37', '38'],
  ...['41', '42', '43', '44', '45', '46', '47', '48', '49'],
  ...['51', '53', '54', '55'],
  ...['61', '62', '63', '64', '65', '66', '67', '68', '69'],
  ...['71', '73', '74', '75', '77', '79'],
  ...['81', '82', '83', '84', '85', '86', '87', '88', '89'],
  ...['91', '92', '93', '94', '95', '96', '97', '98', '99'],
]);

/** The message for a number whose DDD is not in service (server and SPA). */
export const AREA_CODE_UNKNOWN_MESSAGE = 'DDD inexistente: confira o código de área do telefone.';

/** True when the number's first two digits are a DDD in service. */
export function hasRealAreaCode(phone: string): boolean {
  return BRAZILIAN_AREA_CODES.has(onlyDigits(phone).slice(0, 2));
}

/** The national number (DDD + subscriber) of a phone given with or without the country code 55 (+55 11 9…). */
export function nationalDigits(phone: string): string {
  const digits = onlyDigits(phone);
  return digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/**
 * A Brazilian phone as people read it (docs/ARCHITECTURE.md, "Phones and CEPs"): 11 digits as (00) 0 0000-0000 (the
 * SPEC §5 mask), 10 as (00) 0000-0000; any other value trimmed, as stored; '' for null. The screens, the CSV exports
 * and the DOCX documents all show a phone through this one function; the JSON answers carry the digits.
 */
export function formatPhone(value: string | null | undefined): string {
  const raw = value?.trim() ?? '';
  const digits = onlyDigits(raw);
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 3)} ${digits.slice(3, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return raw;
}
