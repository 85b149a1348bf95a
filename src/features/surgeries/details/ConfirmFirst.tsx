/**
 * A step form's "are you sure?" before it sends something unusual but possible (third week): a surgery recorded on a
 * day before its scheduled one, a surgery scheduled on a day that has passed. The same shape as the scheduling's
 * validity confirmation (./ScheduleValidityConfirm.tsx): `ask(texts, proceed)` opens the dialog, whose confirm runs
 * `proceed` (the dialog stays open and busy meanwhile) and whose cancel leaves the form as it was.
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

type ConfirmTexts = { title: string; text: string; confirm: string; cancel: string; busy: string; close: string };

type Pending = { texts: ConfirmTexts; proceed: () => Promise<void> };

export function useConfirmFirst(busy: boolean): { ask: (texts: ConfirmTexts, proceed: () => Promise<void>) => void; dialog: ReactNode } {
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
  return { ask: (texts, proceed) => setPending({ texts, proceed }), dialog };
}
