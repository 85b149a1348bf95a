/**
 * Form drafts kept in this tab's sessionStorage (docs/first-week/drafts.md): what was typed in a form and not saved
 * yet, so that a reload or an accidental close does not lose it. Drafts hold patient data (DECISIONS §17), hence
 * sessionStorage (gone with the tab), one key per user, form and case (`draft:<userId>:<scope>`), and removal on
 * save, on discard and on sign-out (src/lib/session/session.ts).
 *
 * The owner is the signed-in user, set by the session; with no owner nothing is read or written.
 */

const PREFIX = 'draft:';

let owner: number | null = null;

/** The user whose drafts are read and written (null: nobody signed in, drafts off). */
export function setDraftOwner(userId: number | null): void {
  owner = userId;
}

export function draftOwner(): number | null {
  return owner;
}

/** The storage key of a form's draft for the current owner; null when nobody is signed in. */
export function draftKeyOf(scope: string): string | null {
  return owner === null ? null : `${PREFIX}${owner}:${scope}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): Record<string, unknown> | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: Record<string, unknown>): void {
  try {
    storage()?.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the form still works, only the draft is not kept.
  }
}

export function removeDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

function draftKeys(): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** Removes the current owner's drafts whose scope starts with `scopePrefix` (e.g. every step of one case). */
export function removeDraftsUnder(scopePrefix: string): void {
  const start = draftKeyOf(scopePrefix);
  if (start === null) return;
  for (const key of draftKeys()) if (key.startsWith(start)) removeDraft(key);
}

/** Removes every draft in this tab (sign-out). */
export function clearAllDrafts(): void {
  for (const key of draftKeys()) removeDraft(key);
}

/** Removes the drafts of everyone but `userId` (another person signed in on this tab). */
export function clearDraftsOfOthers(userId: number): void {
  const own = `${PREFIX}${userId}:`;
  for (const key of draftKeys()) if (!key.startsWith(own)) removeDraft(key);
}
