/**
 * A step form's "are you sure?" before it sends something unusual but possible (third week): a surgery recorded on a
 * day before its scheduled one, a surgery scheduled on a day that has passed. The same shape as the scheduling's
 * validity confirmation (./ScheduleValidityConfirm.tsx): `ask(texts, values, proceed)` opens the dialog (its text and
 * confirm label filled with `values`), whose confirm runs
 * `proceed` (the dialog stays open and busy meanwhile) and whose cancel leaves the form as it was.
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { fill } from '../../../lib/i18n/pt-BR';

type ConfirmTexts = { title: string; text: string; confirm: string; cancel: string; busy: string; close: string };

type Pending = { texts: ConfirmTexts; proceed: () => Promise<void> };

type Ask = (texts: ConfirmTexts, values: Record<string, string>, proceed: () => Promise<void>) => void;

export function useConfirmFirst(busy: boolean): { ask: Ask; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const dialog = (
    <ConfirmDialog
      isOpen={pending !== null}
      title={pending?.texts.title ?? ''}
      text={pending?.texts.text}
      confirmLabel={pending?.texts.confirm ?? ''}
      cancelLabel={pending?.texts.cancel ?? ''}
      focus="cancel"
      tone="primary"
      busy={busy}
      busyLabel={pending?.texts.busy}
      closeLabel={pending?.texts.close ?? ''}
      maxWidth={600}
      onConfirm={() => {
        const proceed = pending?.proceed;
        void proceed?.().finally(() => setPending(null));
      }}
      onCancel={() => setPending(null)}
    />
  );
  const ask: Ask = (texts, values, proceed) =>
    setPending({ texts: { ...texts, text: fill(texts.text, values), confirm: fill(texts.confirm, values) }, proceed });
  return { ask, dialog };
}
