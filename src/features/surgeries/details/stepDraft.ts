/**
 * The draft of a step form (src/lib/drafts): kept per user, case and step while the step is the case's current one
 * and editable; a step on view read-only has no use for one (the case moved on), so its leftover is dropped. The
 * editable step's draft is handed to the page (`draftRef`), which asks before Escape or 'Voltar' leave it.
 */
import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { draftKeyOf, removeDraft } from '../../../lib/drafts/draftStore';
import { useFormDraft, type FormDraft } from '../../../lib/drafts/useFormDraft';
import { usePanel } from './PanelFrame';

/** The scope of every draft of a case (its steps' drafts start with it). */
export function caseDraftScope(surgeryId: number): string {
  return `surgery/${surgeryId}/`;
}

export function useStepDraft<T extends FieldValues>(form: UseFormReturn<T>): FormDraft {
  const { surgery, step, editable, draftRef } = usePanel();
  const scope = `${caseDraftScope(surgery.id)}${step}`;
  const draft = useFormDraft(form, editable ? scope : null);
  useEffect(() => {
    const key = draftKeyOf(scope);
    if (!editable && key !== null) removeDraft(key);
  }, [editable, scope]);
  useEffect(() => {
    if (!editable || !draftRef) return undefined;
    draftRef.current = draft;
    return () => {
      if (draftRef.current === draft) draftRef.current = null;
    };
  }, [draft, draftRef, editable]);
  return draft;
}
