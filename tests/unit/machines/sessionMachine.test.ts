import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  RefreshRefusedError,
  SESSION_FALLBACK_ERROR,
  SessionClearedError,
  SessionError,
  sessionMachine,
  type PersistInput,
  type Profile,
  type RefreshInput,
  type RevokeInput,
  type SessionTokens,
  type SignInInput,
  type SignInResult,
  type StoredSession,
} from '../../../machines/session/sessionMachine';
import { deferred } from '../../helpers/deferred';

const medic: Profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza' } };
const secretary: Profile = { type: 'secretary', user: { id: 2, first_name: 'Bia', last_name: 'Lima' } };
const stored: StoredSession = { token: 't1', refreshToken: 'r1', profile: medic };
const empty: StoredSession = { token: null, refreshToken: null, profile: null };

type Fakes = {
  restore?: () => Promise<StoredSession>;
  signIn?: (input: SignInInput) => Promise<SignInResult>;
  refresh?: (input: RefreshInput) => Promise<SessionTokens>;
};

function start(fakes: Fakes = {}) {
  const persistSession = vi.fn((_: PersistInput) => {});
  const clearSession = vi.fn();
  const reloadPage = vi.fn();
  const noteSessionExpired = vi.fn();
  const revoke = vi.fn(async (_: RevokeInput) => {});
  const refresh = vi.fn(fakes.refresh ?? (async () => ({ token: 't2', refreshToken: 'r2' })));
  const signIn = vi.fn(
    fakes.signIn ?? (async () => ({ token: 'tA', refreshToken: 'rA', profile: medic })),
  );
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(fakes.restore ?? (async () => empty)),
      signIn: fromPromise(({ input }) => signIn(input)),
      refreshTokens: fromPromise(({ input }) => refresh(input)),
      revokeSession: fromPromise(({ input }) => revoke(input)),
    },
    actions: {
      persistSession: (_, params) => persistSession(params),
      clearSession,
      reloadPage,
      noteSessionExpired,
    },
  });
  const actor = createActor(machine).start();
  return { actor, persistSession, clearSession, reloadPage, noteSessionExpired, revoke, refresh, signIn };
}

describe('sessionMachine', () => {
  it('starts in restoring and ends signed out when nothing is stored', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    const s = await waitFor(actor, (snap) => snap.matches('signedOut'));
    expect(s.context).toEqual({ ...empty, errors: [], secondFactor: null, pendingSignIn: null });
  });

  it('restores a complete stored session as signed in', async () => {
    const { actor } = start({ restore: async () => stored });
    const s = await waitFor(actor, (snap) => snap.matches({ signedIn: 'idle' }));
    expect(s.context).toMatchObject(stored);
  });

  it('treats a partial stored session (token without profile) as signed out', async () => {
    const { actor } = start({ restore: async () => ({ ...stored, profile: null }) });
    await waitFor(actor, (snap) => snap.matches('signedOut'));
  });

  it('is signed out when reading the stored session fails', async () => {
    const { actor } = start({
      restore: async () => {
        throw new Error('storage unavailable');
      },
    });
    await waitFor(actor, (snap) => snap.matches('signedOut'));
  });

  it('signs in, keeps the tokens and persists them', async () => {
    const { actor, signIn, persistSession } = start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signIn', username: 'ana@x.com', password: 'segredo123' });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    const s = await waitFor(actor, (snap) => snap.matches('signedIn'));
    expect(signIn).toHaveBeenCalledWith({ username: 'ana@x.com', password: 'segredo123' });
    expect(s.context).toEqual({ token: 'tA', refreshToken: 'rA', profile: medic, errors: [], secondFactor: null, pendingSignIn: null });
    expect(persistSession).toHaveBeenCalledWith({ token: 'tA', refreshToken: 'rA', profile: medic });
  });

  it('goes back to signedOut with the messages of a failed sign-in', async () => {
    const { actor, persistSession } = start({
      signIn: async () => {
        throw new SessionError(['Usuário ou senha inválidos.']);
      },
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signIn', username: 'a', password: 'b' });
    const s = await waitFor(actor, (snap) => snap.matches('signedOut') && snap.context.errors.length > 0);
    expect(s.context.errors).toEqual(['Usuário ou senha inválidos.']);
    expect(persistSession).not.toHaveBeenCalled();
  });

  it('uses the generic message when the sign-in error carries none, and clears errors on the next try', async () => {
    const attempt = deferred<SignInResult>();
    let calls = 0;
    const { actor } = start({
      signIn: async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return attempt.promise;
      },
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signIn', username: 'a', password: 'b' });
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.errors.length > 0);
    expect(actor.getSnapshot().context.errors).toEqual([SESSION_FALLBACK_ERROR]);
    actor.send({ type: 'session.signIn', username: 'a', password: 'c' });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    attempt.resolve({ token: 'tB', refreshToken: 'rB', profile: secretary });
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('signs out: revokes (fire and forget), clears storage and context', async () => {
    const { actor, revoke, clearSession } = start({ restore: async () => stored });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.signOut' });
    const s = actor.getSnapshot();
    expect(s.matches('signedOut')).toBe(true);
    expect(s.context).toEqual({ ...empty, errors: [], secondFactor: null, pendingSignIn: null });
    expect(clearSession).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(revoke).toHaveBeenCalledWith({ token: 't1', refreshToken: 'r1' }));
  });

  it('refreshes once: a second session.refresh while refreshing is ignored', async () => {
    const pending = deferred<SessionTokens>();
    const { actor, refresh, persistSession } = start({
      restore: async () => stored,
      refresh: () => pending.promise,
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith({ refreshToken: 'r1' });
    pending.resolve({ token: 't2', refreshToken: 'r2' });
    const s = await waitFor(actor, (snap) => snap.matches({ signedIn: 'idle' }));
    expect(s.context).toMatchObject({ token: 't2', refreshToken: 'r2', profile: medic });
    expect(persistSession).toHaveBeenCalledWith({ token: 't2', refreshToken: 'r2', profile: medic });
  });

  it('a refused refresh goes to failed: notes the expiry, clears the session and reloads the page', async () => {
    const { actor, clearSession, reloadPage, noteSessionExpired } = start({
      restore: async () => stored,
      refresh: async () => {
        throw new RefreshRefusedError();
      },
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.refresh' });
    const s = await waitFor(actor, (snap) => snap.matches('failed'));
    expect(s.context).toEqual({ ...empty, errors: [], secondFactor: null, pendingSignIn: null });
    expect(noteSessionExpired).toHaveBeenCalledTimes(1);
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a refresh that got no answer keeps the session (a reload in another tab must not sign anyone out)', async () => {
    const { actor, clearSession, reloadPage, noteSessionExpired } = start({
      restore: async () => stored,
      refresh: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.refresh' });
    const s = await waitFor(actor, (snap) => snap.matches({ signedIn: 'idle' }));
    expect(s.context).toMatchObject({ token: 't1', refreshToken: 'r1', profile: medic });
    expect(noteSessionExpired).not.toHaveBeenCalled();
    expect(clearSession).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('a refresh that finds the session cleared by another tab signs out here without the expiry notice', async () => {
    const { actor, clearSession, noteSessionExpired } = start({
      restore: async () => stored,
      refresh: async () => {
        throw new SessionClearedError();
      },
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.refresh' });
    const s = await waitFor(actor, (snap) => snap.matches('signedOut'));
    expect(s.context).toEqual({ ...empty, errors: [], secondFactor: null, pendingSignIn: null });
    expect(noteSessionExpired).not.toHaveBeenCalled();
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('follows another tab: signed out there → signed out here (without clearing or revoking again)', async () => {
    const { actor, clearSession, revoke } = start({ restore: async () => stored });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.storageChanged', ...empty });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(clearSession).not.toHaveBeenCalled();
    expect(revoke).not.toHaveBeenCalled();
  });

  it('follows another tab: new tokens are adopted without leaving the current substate', async () => {
    const pending = deferred<SessionTokens>();
    const { actor } = start({ restore: async () => stored, refresh: () => pending.promise });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.storageChanged', token: 't9', refreshToken: 'r9', profile: medic });
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('t9');
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.storageChanged', token: 't10', refreshToken: 'r10', profile: medic });
    expect(actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('t10');
  });

  it('follows another tab: signed in there → signed in here', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.storageChanged', token: 't5', refreshToken: 'r5', profile: secretary });
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.profile).toEqual(secretary);
  });

  it('ignores a half-written stored session from another tab', async () => {
    const { actor } = start({ restore: async () => stored });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.storageChanged', token: 't7', refreshToken: null, profile: null });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('t1');
  });

  it('ignores refresh and sign-out when signed out', async () => {
    const { actor, refresh, clearSession } = start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(refresh).not.toHaveBeenCalled();
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('the default actors throw: the machine does no IO by itself', async () => {
    const actor = createActor(sessionMachine).start();
    await waitFor(actor, (s) => s.matches('signedOut'));
  });
});
