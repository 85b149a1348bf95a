/**
 * Scheduling a case after one of its authorizations stops being valid asks first (issue 13; DECISIONS §15): the
 * scheduling panel reads the case's records, and a chosen day after a granted record's valid-until date opens a
 * 'Tem certeza?'-style dialog naming them (machines/preoperative/authorizationRules.ts `authorizationsEndingBefore`).
 * When the records cannot be read, scheduling goes on as before (the case's own warnings still show the problem).
 */
import { useState, type ReactNode } from 'react';
import { authorizationsEndingBefore } from '../../../../machines/preoperative/authorizationRules';
import { AUTHORIZATION_PAYER_LABELS } from '../../../../machines/preoperative/constants';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { formatDate } from '../../../lib/format/date';
import { authorizationTexts } from '../../../lib/i18n/authorizations';
import { fill } from '../../../lib/i18n/pt-BR';
import { useAuthorizationRecords } from './AuthorizationRecordView';

const T = authorizationTexts.scheduling;

type Pending = { day: string; list: string; proceed: () => Promise<void> };

/**
 * `confirmFirst(day, proceed)`: runs `proceed` at once when every granted authorization covers `day` (yyyy-MM-dd),
 * else after the person confirms in `dialog`.
 */
export function useScheduleValidityConfirm(surgeryId: number, busy: boolean): {
  confirmFirst: (day: string, proceed: () => Promise<void>) => Promise<void>;
  dialog: ReactNode;
} {
  const { state } = useAuthorizationRecords(surgeryId);
  const [pending, setPending] = useState<Pending | null>(null);

  async function confirmFirst(day: string, proceed: () => Promise<void>) {
    const ending = state.status === 'ready' ? authorizationsEndingBefore(state.value, day) : [];
    if (ending.length === 0) {
      await proceed();
      return;
    }
    const list = ending
      .map((record) => fill(T.item, { payer: AUTHORIZATION_PAYER_LABELS[record.payer], date: formatDate(record.valid_until) }))
      .join(', ');
    setPending({ day, list, proceed });
  }

  const dialog = (
    <ConfirmDialog
      isOpen={pending !== null}
      title={T.title}
      text={pending ? fill(T.text, { date: formatDate(pending.day), list: pending.list }) : undefined}
      confirmLabel={T.confirm}
      cancelLabel={T.cancel}
      focus="cancel"
      tone="primary"
      busy={busy}
      busyLabel={T.busy}
      closeLabel={T.close}
      onConfirm={() => {
        const proceed = pending?.proceed;
        void proceed?.().finally(() => setPending(null));
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { confirmFirst, dialog };
}
