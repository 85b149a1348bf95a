/**
 * Keeps a react-hook-form form's unsaved typing as a draft (./draftStore.ts) and restores it when the form mounts
 * again. The form's values at its first render are the saved state: a value that differs from it is a change, and
 * only changed fields are kept, so a restore puts back what was typed over what the server has now (a field someone
 * else changed meanwhile and this user did not touch shows the new value). Files cannot be stored: fields named in `transient` count as changes but are
 * left out of the draft (a chosen photo does not survive a reload).
 *
 * One key per mount: `scope` (e.g. `surgery/12/agendamento`) is read once; null keeps no draft (the changes are
 * still tracked, so a close can ask before losing them).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { draftKeyOf, readDraft, removeDraft, writeDraft } from './draftStore';

export type FormDraft = {
  /** A draft was put back into the form when it opened (and has not been discarded). */
  restored: boolean;
  /** The form differs from what it opened with (files included). */
  hasChanges: () => boolean;
  /** Drops the draft and puts the form back as it opened. */
  discard: () => void;
  /** Drops the draft, keeping the form as it is (after a save, or before closing without saving). */
  clear: () => void;
};

type DraftOptions<T extends FieldValues> = {
  /** Fields whose values cannot be stored (files). */
  transient?: readonly Path<T>[];
};

/** The fields of `values` that differ from `saved`, but for the transient ones. */
function changedFields(values: FieldValues, saved: FieldValues, transient: readonly string[]): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!transient.includes(name) && fingerprint(value) !== fingerprint(saved[name])) changed[name] = value;
  }
  return changed;
}

/** A comparable text of the values; a File counts by name, size and date. */
function fingerprint(values: unknown): string {
  return JSON.stringify(values, (_, value: unknown) =>
    typeof File !== 'undefined' && value instanceof File ? `file:${value.name}:${value.size}:${value.lastModified}` : value,
  );
}

export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T>,
  scope: string | null,
  options: DraftOptions<T> = {},
): FormDraft {
  // The key and the fields are fixed for the mount.
  const [transient] = useState(() => (options.transient ?? []) as readonly string[]);
  const [key] = useState(() => (scope === null ? null : draftKeyOf(scope)));
  const [saved] = useState(() => structuredCloneValues(form.getValues()));
  const [draft] = useState(() => {
    if (key === null) return null;
    const stored = readDraft(key);
    if (stored === null) return null;
    const values = { ...saved, ...stored };
    if (Object.keys(changedFields(values, saved, transient)).length === 0) {
      removeDraft(key);
      return null;
    }
    return values;
  });
  const [restored, setRestored] = useState(draft !== null);

  useLayoutEffect(() => {
    // Once, when the form opens: `form` and `draft` do not change while it is open.
    if (draft) form.reset(draft as T, { keepDefaultValues: true });
  }, [form, draft]);

  useEffect(() => {
    if (key === null) return undefined;
    const subscription = form.watch((values) => {
      const changed = changedFields(values, saved, transient);
      if (Object.keys(changed).length === 0) removeDraft(key);
      else writeDraft(key, changed);
    });
    return () => subscription.unsubscribe();
  }, [form, key, saved, transient]);

  const hasChanges = useCallback(() => fingerprint(form.getValues()) !== fingerprint(saved), [form, saved]);

  const clear = useCallback(() => {
    if (key !== null) removeDraft(key);
    setRestored(false);
  }, [key]);

  const discard = useCallback(() => {
    form.reset(saved as T, { keepDefaultValues: true });
    if (key !== null) removeDraft(key);
    setRestored(false);
  }, [form, key, saved]);

  return useMemo(() => ({ restored, hasChanges, discard, clear }), [restored, hasChanges, discard, clear]);
}

/** A copy of the values at open, so later edits (arrays, objects) cannot change the saved state. */
function structuredCloneValues<T extends FieldValues>(values: T): T {
  const copy: FieldValues = {};
  for (const [name, value] of Object.entries(values)) {
    const kept = value === undefined || (typeof File !== 'undefined' && value instanceof File);
    copy[name] = kept ? value : (JSON.parse(JSON.stringify(value)) as unknown);
  }
  return copy as T;
}
