/** What the ledger's section (./LedgerSection.tsx) and its dialogs (./LedgerModals.tsx) both read and write. */
import { centsFromDigits, formatBRL, formatBRLInput } from '../../../lib/format/money';
import type { Glosa } from '../../../api/ledger';
import { ledgerTexts } from '../../../lib/i18n/ledger';
import { fill } from '../../../lib/i18n/pt-BR';
import { isoDateOf } from './stepData';

export const brl = (cents: number) => formatBRL(cents / 100);
/** A typed date as the schema reads it: blank → null, a real dd/mm/aaaa → yyyy-MM-dd, anything else as typed. */
export const dateValue = (text: string) => (text.trim() === '' ? null : (isoDateOf(text) ?? text));
export const amountText = (text: string) => {
  const cents = centsFromDigits(text);
  return cents === null ? '' : formatBRLInput(cents);
};

/** A glosa's reason as the list shows it: its TISS code beside the text, when one was chosen. */
export const glosaReasonText = (glosa: Pick<Glosa, 'reason' | 'reason_code'>) =>
  glosa.reason_code ? fill(ledgerTexts.glosas.reasonWithCode, { reason: glosa.reason, code: glosa.reason_code }) : glosa.reason;
