/** What the ledger's section (./LedgerSection.tsx) and its dialogs (./LedgerModals.tsx) both read and write. */
import { centsFromDigits, formatBRL, formatBRLInput } from '../../../lib/format/money';
import { isoDateOf } from './stepData';

export const brl = (cents: number) => formatBRL(cents / 100);
/** A typed date as the schema reads it: blank → null, a real dd/mm/aaaa → yyyy-MM-dd, anything else as typed. */
export const dateValue = (text: string) => (text.trim() === '' ? null : (isoDateOf(text) ?? text));
export const amountText = (text: string) => {
  const cents = centsFromDigits(text);
  return cents === null ? '' : formatBRLInput(cents);
};
