/**
 * A session that ended on its own (refresh refused: revoked elsewhere, password changed, reused after the grace
 * window) is noted in sessionStorage before the page reloads, with the place the user was on: the sign-in page
 * then says 'Sua sessão expirou. Entre novamente.' and, once signed in, the user goes back there (DECISIONS §14).
 * sessionStorage: the note belongs to this tab only, and dies with it.
 */

const EXPIRED_SESSION_KEY = 'session_expired';

/** Where the user was: the path with its query, and the case id some pages carry in navigation state. */
export type Place = { href: string; caseId: number | null };

/** The place in the browser's address bar and history entry now. */
export function currentPlace(): Place {
  if (typeof window === 'undefined') return { href: '/', caseId: null };
  const { pathname, search } = window.location;
  const id: unknown = (window.history.state as { id?: unknown } | null)?.id;
  return { href: `${pathname}${search}`, caseId: isCaseId(id) ? id : null };
}

function isCaseId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** An in-app path only: never another origin ('//host', 'https://…') nor the sign-in page itself. */
function isReturnablePath(href: unknown): href is string {
  return (
    typeof href === 'string' &&
    href.startsWith('/') &&
    !href.startsWith('//') &&
    !href.startsWith('/\\') &&
    !href.startsWith('/auth')
  );
}

export function noteSessionExpired(place: Place): void {
  try {
    sessionStorage.setItem(EXPIRED_SESSION_KEY, JSON.stringify(place));
  } catch {
    // Storage unavailable (private mode quota): the sign-in page just shows no notice.
  }
}

function readNote(): Place | null {
  try {
    const raw = sessionStorage.getItem(EXPIRED_SESSION_KEY);
    if (!raw) return null;
    const { href, caseId } = JSON.parse(raw) as { href?: unknown; caseId?: unknown };
    return { href: isReturnablePath(href) ? href : '/', caseId: isCaseId(caseId) ? caseId : null };
  } catch {
    return null;
  }
}

/** True while a session that ended on its own waits for the user to sign in again. */
export function hasExpiredSessionNote(): boolean {
  return readNote() !== null;
}

/** The place to return to after signing in again (and forgets the notes), or null when the session did not expire. */
export function takeReturnPlace(): Place | null {
  const place = readNote();
  try {
    sessionStorage.removeItem(EXPIRED_SESSION_KEY);
    sessionStorage.removeItem(END_REASON_KEY);
  } catch {
    // Nothing to forget.
  }
  return place;
}

/**
 * Why the server ended the session, when the sign-in page should say it rather than 'Sua sessão expirou.': a
 * secretary removed by the medic ('unlinked', item 33.19). Noted by the refresh actor before the page reloads.
 */
type SessionEndReason = 'unlinked';

const END_REASON_KEY = 'session_end_reason';

export function noteSessionEndReason(reason: SessionEndReason): void {
  try {
    sessionStorage.setItem(END_REASON_KEY, reason);
  } catch {
    // Storage unavailable: the sign-in page shows the plain expiry notice.
  }
}

/** The reason noted for the session that ended, or null. */
export function sessionEndReason(): SessionEndReason | null {
  try {
    return sessionStorage.getItem(END_REASON_KEY) === 'unlinked' ? 'unlinked' : null;
  } catch {
    return null;
  }
}
