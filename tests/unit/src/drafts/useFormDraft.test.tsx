// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearAllDrafts,
  clearDraftsOfOthers,
  draftKeyOf,
  removeDraftsUnder,
  setDraftOwner,
} from '../../../../src/lib/drafts/draftStore';
import { useFormDraft } from '../../../../src/lib/drafts/useFormDraft';

type Values = { note: string; day: string | null; photo: File | null };

const SAVED: Values = { note: 'salva', day: '2026-11-20', photo: null };

/** One form with its draft, as a step form or the wizard uses them; `saved` is what the server has. */
function renderDraftForm(scope: string | null, saved: Values = SAVED) {
  return renderHook(() => {
    const form = useForm<Values>({ defaultValues: saved });
    const draft = useFormDraft(form, scope, { transient: ['photo'] });
    return { form, draft };
  });
}

function stored(scope: string): unknown {
  const key = draftKeyOf(scope);
  const raw = key === null ? null : sessionStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(() => {
  sessionStorage.clear();
  setDraftOwner(7);
});

afterEach(() => {
  cleanup();
  setDraftOwner(null);
});

describe('useFormDraft', () => {
  it('keeps the changed fields in sessionStorage under the user and the scope, and restores them on the next open', () => {
    const first = renderDraftForm('surgery/12/agendamento');
    expect(first.result.current.draft.restored).toBe(false);
    act(() => first.result.current.form.setValue('note', 'digitando'));
    expect(sessionStorage.getItem('draft:7:surgery/12/agendamento')).toBe(JSON.stringify({ note: 'digitando' }));
    first.unmount();

    const again = renderDraftForm('surgery/12/agendamento');
    expect(again.result.current.form.getValues()).toEqual({ note: 'digitando', day: '2026-11-20', photo: null });
    expect(again.result.current.draft.restored).toBe(true);
    expect(again.result.current.draft.hasChanges()).toBe(true);
  });

  it('puts the typing back over what the server has now: untouched fields show the newer value', () => {
    const first = renderDraftForm('surgery/12/agendamento');
    act(() => first.result.current.form.setValue('note', 'digitando'));
    first.unmount();
    const again = renderDraftForm('surgery/12/agendamento', { ...SAVED, day: '2026-12-01' });
    expect(again.result.current.form.getValues()).toMatchObject({ note: 'digitando', day: '2026-12-01' });
  });

  it('is per user and per case: another user or another case opens clean', () => {
    const first = renderDraftForm('surgery/12/agendamento');
    act(() => first.result.current.form.setValue('note', 'digitando'));
    first.unmount();

    const otherCase = renderDraftForm('surgery/13/agendamento');
    expect(otherCase.result.current.draft.restored).toBe(false);
    expect(otherCase.result.current.form.getValues('note')).toBe('salva');
    otherCase.unmount();

    setDraftOwner(8);
    const otherUser = renderDraftForm('surgery/12/agendamento');
    expect(otherUser.result.current.draft.restored).toBe(false);
    expect(otherUser.result.current.form.getValues('note')).toBe('salva');
  });

  it('drops the draft when the typing goes back to the saved values', () => {
    const { result } = renderDraftForm('patient/new');
    act(() => result.current.form.setValue('note', 'x'));
    expect(stored('patient/new')).toEqual({ note: 'x' });
    act(() => result.current.form.setValue('note', 'salva'));
    expect(stored('patient/new')).toBeNull();
    expect(result.current.draft.hasChanges()).toBe(false);
  });

  it('clear() forgets the draft (after a save) and keeps the form as it is', () => {
    const { result, unmount } = renderDraftForm('patient/3');
    act(() => result.current.form.setValue('note', 'x'));
    act(() => result.current.draft.clear());
    expect(stored('patient/3')).toBeNull();
    expect(result.current.form.getValues('note')).toBe('x');
    unmount();
    expect(renderDraftForm('patient/3').result.current.draft.restored).toBe(false);
  });

  it('discard() forgets the draft and puts the form back as it opened', () => {
    const first = renderDraftForm('patient/3');
    act(() => first.result.current.form.setValue('note', 'x'));
    first.unmount();
    const { result } = renderDraftForm('patient/3');
    expect(result.current.draft.restored).toBe(true);
    act(() => result.current.draft.discard());
    expect(result.current.draft.restored).toBe(false);
    expect(result.current.form.getValues('note')).toBe('salva');
    expect(result.current.draft.hasChanges()).toBe(false);
    expect(stored('patient/3')).toBeNull();
  });

  it('counts a chosen file as a change but never stores it', () => {
    const { result } = renderDraftForm('patient/new');
    act(() => result.current.form.setValue('photo', new File(['x'], 'foto.png', { type: 'image/png' })));
    expect(result.current.draft.hasChanges()).toBe(true);
    expect(stored('patient/new')).toBeNull();
  });

  it('keeps nothing while nobody is signed in, or without a scope, but still tracks the changes', () => {
    setDraftOwner(null);
    const signedOut = renderDraftForm('patient/new');
    act(() => signedOut.result.current.form.setValue('note', 'x'));
    expect(sessionStorage.length).toBe(0);
    expect(signedOut.result.current.draft.hasChanges()).toBe(true);
    signedOut.unmount();

    setDraftOwner(7);
    const unscoped = renderDraftForm(null);
    act(() => unscoped.result.current.form.setValue('note', 'x'));
    expect(sessionStorage.length).toBe(0);
    expect(unscoped.result.current.draft.hasChanges()).toBe(true);
  });

  it('ignores an unreadable stored draft', () => {
    sessionStorage.setItem('draft:7:patient/new', '{not json');
    const { result } = renderDraftForm('patient/new');
    expect(result.current.draft.restored).toBe(false);
    expect(result.current.form.getValues('note')).toBe('salva');
  });
});

describe('draftStore', () => {
  function seed() {
    sessionStorage.setItem('draft:7:surgery/1/agendamento', '{}');
    sessionStorage.setItem('draft:7:surgery/12/agendamento', '{}');
    sessionStorage.setItem('draft:7:surgery/12/pagamento', '{}');
    sessionStorage.setItem('draft:8:patient/new', '{}');
    sessionStorage.setItem('other', 'kept');
  }

  const keys = () => Object.keys(sessionStorage).sort();

  it("removes one case's drafts of the current user", () => {
    seed();
    removeDraftsUnder('surgery/12/');
    expect(keys()).toEqual(['draft:7:surgery/1/agendamento', 'draft:8:patient/new', 'other']);
  });

  it("removes the other users' drafts", () => {
    seed();
    clearDraftsOfOthers(7);
    expect(keys()).toEqual(['draft:7:surgery/1/agendamento', 'draft:7:surgery/12/agendamento', 'draft:7:surgery/12/pagamento', 'other']);
  });

  it('removes every draft, and nothing else', () => {
    seed();
    clearAllDrafts();
    expect(keys()).toEqual(['other']);
  });
});
