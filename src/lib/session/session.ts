import { useSelector } from '@xstate/react';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import { sessionMachine, type Profile, type SecondFactorPending } from '../../../machines/session/sessionMachine';
import { api, configureAuth } from '../../api/client';
import { noteStartReadUnanswered } from '../offline/connectivity';
import { clearAllDrafts, clearDraftsOfOthers, draftOwner, setDraftOwner } from '../drafts/draftStore';
import {
  closeSessionChannel,
  isRotation,
  latestRotationOf,
  readStoredSession,
  rememberRotation,
  SESSION_STORAGE_KEYS,
  sessionActions,
  sessionActors,
  sessionChannel,
} from './actors';

/**
 * The one session of the SPA: the session machine with its real actors, started when this module
 * is first imported. It connects the API client (bearer + refresh), follows the other tabs through
 * the `storage` event, and offers `useSession()` to components and plain functions to the router.
 */

export type { Profile };

export type SessionStatus =
  | 'restoring'
  | 'signedOut'
  | 'signingIn'
  | 'secondFactor'
  | 'verifyingSecondFactor'
  | 'recoveryCodes'
  | 'signedIn'
  | 'refreshing'
  | 'failed';

export type SessionState = {
  status: SessionStatus;
  profile: Profile | null;
  errors: string[];
  /** The pending second step (two-factor sign-in), while `secondFactor`/`verifyingSecondFactor`/`recoveryCodes`. */
  secondFactor: SecondFactorPending | null;
  /** The new recovery codes of an enrolment made at sign-in, while `recoveryCodes`. */
  recoveryCodes: string[];
  signIn(username: string, password: string): void;
  verifySecondFactor(code: string, kind: 'otp' | 'recovery'): void;
  cancelSecondFactor(): void;
  acknowledgeRecoveryCodes(): void;
  signOut(): void;
};

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const sessionActor = createActor(
  sessionMachine.provide({ actors: sessionActors, actions: sessionActions }),
);

/** The flat status of a snapshot; `refreshing` is still signed in. */
export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches({ signedIn: 'refreshing' })) return 'refreshing';
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signingIn')) return 'signingIn';
  if (snapshot.matches({ secondFactor: 'verifying' })) return 'verifyingSecondFactor';
  if (snapshot.matches({ secondFactor: 'showingRecoveryCodes' })) return 'recoveryCodes';
  if (snapshot.matches('secondFactor')) return 'secondFactor';
  if (snapshot.matches('signedOut')) return 'signedOut';
  if (snapshot.matches('failed')) return 'failed';
  return 'restoring';
}

function signIn(username: string, password: string): void {
  sessionActor.send({ type: 'session.signIn', username, password });
}

function verifySecondFactor(code: string, kind: 'otp' | 'recovery'): void {
  sessionActor.send({ type: 'session.verifySecondFactor', code, kind });
}

function cancelSecondFactor(): void {
  sessionActor.send({ type: 'session.cancelSecondFactor' });
}

function acknowledgeRecoveryCodes(): void {
  sessionActor.send({ type: 'session.acknowledgeRecoveryCodes' });
}

function signOut(): void {
  sessionActor.send({ type: 'session.signOut' });
}

function currentToken(): string | null {
  const snapshot = sessionActor.getSnapshot();
  return snapshot.matches('signedIn') ? snapshot.context.token : null;
}

/**
 * Asks the machine to refresh (it ignores the request while a refresh is already running) and
 * waits until it leaves `refreshing`: the new token, or null when the refresh failed (the machine
 * then clears the session and reloads the page) or nobody is signed in.
 */
async function refresh(): Promise<string | null> {
  if (sessionActor.getSnapshot().matches({ signedIn: 'idle' })) {
    sessionActor.send({ type: 'session.refresh' });
  }
  const settled = await waitFor(sessionActor, (s) => !s.matches({ signedIn: 'refreshing' }));
  return settled.matches('signedIn') ? settled.context.token : null;
}

/** Another tab changed (or cleared) the stored session. */
function handleStorage(event: StorageEvent): void {
  if (event.storageArea && event.storageArea !== window.localStorage) return;
  if (event.key !== null && !SESSION_STORAGE_KEYS.includes(event.key)) return;
  sessionActor.send({ type: 'session.storageChanged', ...readStoredSession() });
}

/**
 * Another tab rotated the tokens and handed the new pair over: remember it (so this tab never spends
 * the old refresh token) and, when it replaces the pair this tab holds, use it at once.
 */
function handleRotation(event: MessageEvent): void {
  if (!isRotation(event.data)) return;
  rememberRotation(event.data);
  const snapshot = sessionActor.getSnapshot();
  if (!snapshot.matches({ signedIn: 'idle' }) || !snapshot.context.refreshToken) return;
  const latest = latestRotationOf(snapshot.context.refreshToken);
  if (latest) sessionActor.send({ type: 'session.storageChanged', ...latest, profile: snapshot.context.profile });
}

/**
 * Form drafts (src/lib/drafts) belong to the signed-in user: signing in makes them the owner (and drops anyone
 * else's left in this tab); any sign-out, here or in another tab, drops them all. An expired session keeps them
 * for the same user's next sign-in (DECISIONS §14 brings them back to the page they were on).
 */
function followDraftOwner(): () => void {
  let wasSignedIn = false;
  const subscription = sessionActor.subscribe((snapshot) => {
    const signedIn = snapshot.matches('signedIn');
    const userId = signedIn ? (snapshot.context.profile?.user.id ?? null) : null;
    if (userId !== null && userId !== draftOwner()) clearDraftsOfOthers(userId);
    else if (wasSignedIn && snapshot.matches('signedOut')) clearAllDrafts();
    setDraftOwner(userId);
    wasSignedIn = signedIn;
  });
  return () => subscription.unsubscribe();
}

configureAuth({ getToken: currentToken, refresh });
if (typeof window !== 'undefined') window.addEventListener('storage', handleStorage);
sessionChannel()?.addEventListener('message', handleRotation);
const stopFollowingDraftOwner = followDraftOwner();
sessionActor.start();

/**
 * Stops this session instance: the actor, the storage listener and the client connection. For
 * module replacement in development and for tests that load the module more than once.
 */
export function disposeSession(): void {
  if (typeof window !== 'undefined') window.removeEventListener('storage', handleStorage);
  sessionChannel()?.removeEventListener('message', handleRotation);
  closeSessionChannel();
  configureAuth(null);
  stopFollowingDraftOwner();
  setDraftOwner(null);
  sessionActor.stop();
}

import.meta.hot?.dispose(disposeSession);

const NO_CODES: string[] = [];

/** The session for components: status, profile, sign-in warnings and the two commands. */
export function useSession(): SessionState {
  const status = useSelector(sessionActor, sessionStatus);
  const profile = useSelector(sessionActor, (s) => s.context.profile);
  const errors = useSelector(sessionActor, (s) => s.context.errors);
  const secondFactor = useSelector(sessionActor, (s) => s.context.secondFactor);
  const recoveryCodes = useSelector(sessionActor, (s) => s.context.pendingSignIn?.recoveryCodes ?? NO_CODES);
  return { status, profile, errors, secondFactor, recoveryCodes, signIn, signOut, verifySecondFactor, cancelSecondFactor, acknowledgeRecoveryCodes };
}

/**
 * For router guards: resolves once the session is settled (not `restoring` nor `signingIn`), with
 * the profile when signed in and null otherwise.
 */
export async function waitForSignedInOrOut(): Promise<Profile | null> {
  const settled = await waitFor(
    sessionActor,
    (s) => !s.matches('restoring') && !s.matches('signingIn'),
  );
  return settled.matches('signedIn') ? settled.context.profile : null;
}

/** The signed-in profile right now (null when signed out or still restoring). */
export function getProfile(): Profile | null {
  const snapshot = sessionActor.getSnapshot();
  return snapshot.matches('signedIn') ? snapshot.context.profile : null;
}

/**
 * Called once at page load: a session restored from storage re-reads the profile from the server,
 * so a name changed elsewhere shows, and a token that expired while the page was closed is
 * refreshed at once (or, when the refresh is refused, the session ends). Failures are silent; one without any answer
 * (the network) marks the app offline.
 */
export async function reloadProfileFromServer(): Promise<void> {
  if (!(await waitForSignedInOrOut())) return;
  try {
    const { data } = await api.GET('/project_auth/profile/');
    if (data) sessionActor.send({ type: 'session.profileLoaded', profile: data });
  } catch (error) {
    // No answer: keep the stored profile (the session too: an offline start never signs anyone out), and let the
    // offline screen stand in for the app (docs/OFFLINE.md).
    noteStartReadUnanswered(error);
  }
}
