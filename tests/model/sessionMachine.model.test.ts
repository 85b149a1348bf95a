import type { StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { deferred } from '../helpers/deferred';
import { replayPath, stateNodeValues, transitionPaths, valueLabel } from './graph';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import {
  RefreshRefusedError,
  SecondFactorExpiredError,
  SecondFactorRequiredError,
  SESSION_FALLBACK_ERROR,
  SessionClearedError,
  SessionError,
  sessionMachine,
  type PersistInput,
  type Profile,
  type RevokeInput,
  type SessionEvent,
} from '../../machines/session/sessionMachine';

/**
 * Path coverage of the session machine with xstate/graph: the outcomes of the invoked actors are
 * modelled as the `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events the machine reacts to.
 * Each generated path is replayed on a real actor whose actors are deferred fakes: a done/error
 * event resolves/rejects the pending fake, any other event is sent. After every step the actor
 * must be in exactly the state (value and context) the graph predicts, and the end state must make
 * sense for the session.
 */

const medic: Profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza' } };
const secretary: Profile = { type: 'secretary', user: { id: 2, first_name: 'Bia', last_name: 'Lima' } };

type ModelEvent =
  | SessionEvent
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

const labelled: Array<[ModelEvent, string]> = [
  [{ type: 'xstate.done.actor.restoreSession', output: { token: 't1', refreshToken: 'r1', profile: medic } }, 'restored a session'],
  [{ type: 'xstate.done.actor.restoreSession', output: { token: null, refreshToken: null, profile: null } }, 'restored nothing'],
  [{ type: 'xstate.error.actor.restoreSession', error: new Error('storage unavailable') }, 'restore failed'],
  [{ type: 'session.signIn', username: 'ana@clinica.com.br', password: 'segredo123' }, 'signIn'],
  [{ type: 'xstate.done.actor.signIn', output: { token: 'tA', refreshToken: 'rA', profile: medic } }, 'signIn ok'],
  [{ type: 'xstate.error.actor.signIn', error: new SessionError(['Usuário ou senha inválidos.']) }, 'signIn refused'],
  [{ type: 'xstate.error.actor.signIn', error: new TypeError('Failed to fetch') }, 'signIn error without messages'],
  [{ type: 'xstate.error.actor.signIn', error: new SecondFactorRequiredError('mfa1', false) }, 'signIn asks the code'],
  [{ type: 'xstate.error.actor.signIn', error: new SecondFactorRequiredError('mfa2', true) }, 'signIn asks an enrolment'],
  [{ type: 'session.verifySecondFactor', code: '123456', kind: 'otp' }, 'code typed'],
  [{ type: 'session.verifySecondFactor', code: 'k7m2p-x9qr4', kind: 'recovery' }, 'recovery code typed'],
  [{ type: 'xstate.done.actor.verifySecondFactor', output: { token: 'tB', refreshToken: 'rB', profile: medic } }, 'code accepted'],
  [
    {
      type: 'xstate.done.actor.verifySecondFactor',
      output: { token: 'tC', refreshToken: 'rC', profile: secretary, recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] },
    },
    'enrolment confirmed',
  ],
  [{ type: 'xstate.error.actor.verifySecondFactor', error: new SessionError(['Código inválido.']) }, 'code refused'],
  [{ type: 'xstate.error.actor.verifySecondFactor', error: new SecondFactorExpiredError(['A verificação expirou.']) }, 'mfa_token expired'],
  [{ type: 'session.cancelSecondFactor' }, 'second step cancelled'],
  [{ type: 'session.acknowledgeRecoveryCodes' }, 'recovery codes seen'],
  [{ type: 'session.signOut' }, 'signOut'],
  [{ type: 'session.refresh' }, 'refresh'],
  [{ type: 'xstate.done.actor.refreshTokens', output: { token: 't2', refreshToken: 'r2' } }, 'refresh ok'],
  [{ type: 'xstate.error.actor.refreshTokens', error: new RefreshRefusedError() }, 'refresh refused'],
  [{ type: 'xstate.error.actor.refreshTokens', error: new TypeError('Failed to fetch') }, 'refresh got no answer'],
  [{ type: 'xstate.error.actor.refreshTokens', error: new SessionClearedError() }, 'refresh found the session cleared'],
  [{ type: 'session.profileLoaded', profile: { ...medic, user: { ...medic.user, first_name: 'Ana Paula' } } }, 'profile re-read'],
  [{ type: 'session.storageChanged', token: null, refreshToken: null, profile: null }, 'signed out in another tab'],
  [{ type: 'session.storageChanged', token: 't9', refreshToken: 'r9', profile: secretary }, 'signed in / refreshed in another tab'],
  [{ type: 'session.storageChanged', token: 't7', refreshToken: null, profile: null }, 'half-written storage'],
];
const labels = new Map<EventObject, string>(labelled);
// The graph only knows the machine's own event types; the done/error events are its invoke outcomes.
const events = labelled.map(([event]) => event) as unknown as SessionEvent[];

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Path = StatePath<Snapshot, SessionEvent>;



function pathName(path: Path): string {
  const steps = path.steps.slice(1).map((s) => labels.get(s.event) ?? s.event.type);
  return `${['start', ...steps].join(' → ')} ⇒ ${valueLabel(path.state.value)}`;
}


/** The system under test: the machine with deferred fakes and recorded effects. */
function createSut() {
  const pending = new Map<string, ReturnType<typeof deferred>>();
  const effects = { persisted: [] as PersistInput[], cleared: 0, reloaded: 0, expired: 0, revoked: [] as RevokeInput[] };
  const pendingActor = <T, I>(id: string) =>
    fromPromise<T, I>(() => {
      const d = deferred();
      pending.set(id, d);
      return d.promise as Promise<T>;
    });
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: pendingActor('restoreSession'),
      signIn: pendingActor('signIn'),
      verifySecondFactor: pendingActor('verifySecondFactor'),
      refreshTokens: pendingActor('refreshTokens'),
      revokeSession: fromPromise(async ({ input }) => {
        effects.revoked.push(input);
      }),
    },
    actions: {
      persistSession: (_, params) => effects.persisted.push(params),
      clearSession: () => (effects.cleared += 1),
      reloadPage: () => (effects.reloaded += 1),
      noteSessionExpired: () => (effects.expired += 1),
    },
  });
  const actor = createActor(machine).start();

  async function exec(event: ModelEvent): Promise<void> {
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (outcome) {
      const [, kind, id = ''] = outcome;
      const d = pending.get(id);
      if (!d) throw new Error(`no pending "${id}" actor to settle`);
      pending.delete(id);
      if (kind === 'done') d.resolve((event as { output: unknown }).output);
      else d.reject((event as { error: unknown }).error);
    } else {
      actor.send(event as SessionEvent);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, exec, effects };
}

function expectPlausible(snapshot: Snapshot, last: ModelEvent, effects: ReturnType<typeof createSut>['effects']) {
  const { token, refreshToken, profile, errors, secondFactor, pendingSignIn } = snapshot.context;
  if (snapshot.matches('secondFactor')) {
    // Nothing is stored before the second factor: no token in the context, none persisted.
    expect([token, refreshToken, profile]).toEqual([null, null, null]);
    expect(secondFactor?.mfaToken).toMatch(/^mfa[12]$/);
    expect(effects.persisted).toEqual([]);
  } else {
    expect(secondFactor).toBeNull();
  }
  if (snapshot.matches({ secondFactor: 'showingRecoveryCodes' })) expect(pendingSignIn?.recoveryCodes).toHaveLength(2);
  else expect(pendingSignIn).toBeNull();
  if (last.type === 'xstate.error.actor.verifySecondFactor') {
    expect(errors).toEqual((last.error as SessionError).messages);
    expect(snapshot.matches(last.error instanceof SecondFactorExpiredError ? 'signedOut' : { secondFactor: 'asking' })).toBe(true);
  }
  if (last.type === 'session.acknowledgeRecoveryCodes') {
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(effects.persisted.at(-1)).toEqual({ token: 'tC', refreshToken: 'rC', profile: secretary });
  }
  if (last.type === 'xstate.done.actor.verifySecondFactor' && !('recoveryCodes' in (last.output as object))) {
    expect(effects.persisted.at(-1)).toEqual({ token, refreshToken, profile });
  }
  if (snapshot.matches('signedIn')) {
    expect(token && refreshToken && profile).toBeTruthy();
    expect(errors).toEqual([]);
  }
  if (snapshot.matches('signedOut') || snapshot.matches('failed') || snapshot.matches('restoring')) {
    expect([token, refreshToken, profile]).toEqual([null, null, null]);
  }
  if (snapshot.matches('signingIn')) expect(errors).toEqual([]);
  if (snapshot.matches('failed')) {
    expect(effects.cleared).toBe(1);
    expect(effects.reloaded).toBe(1);
    expect(effects.expired).toBe(1);
  } else {
    expect(effects.reloaded).toBe(0);
    expect(effects.expired).toBe(0);
  }
  if (last.type === 'xstate.error.actor.refreshTokens' && last.error instanceof TypeError) {
    expect(snapshot.matches({ signedIn: 'idle' })).toBe(true);
  }
  if (last.type === 'session.signOut') {
    expect(effects.cleared).toBe(1);
    expect(effects.revoked).toHaveLength(1);
  }
  if (last.type === 'xstate.error.actor.signIn' && !(last.error instanceof SecondFactorRequiredError)) {
    expect(errors).toEqual(last.error instanceof SessionError ? last.error.messages : [SESSION_FALLBACK_ERROR]);
  }
  if (last.type === 'xstate.done.actor.signIn' || last.type === 'xstate.done.actor.refreshTokens') {
    expect(effects.persisted.at(-1)).toEqual({ token, refreshToken, profile });
  }
}

const paths = transitionPaths(sessionMachine, { events }, pathName);

describe('sessionMachine (model)', () => {
  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_, path) => {
    const sut = createSut();
    const last = await replayPath<ModelEvent>(path, sut);
    expectPlausible(sut.actor.getSnapshot(), last, sut.effects);
  });

  it('reaches every state node of the machine', () => {
    for (const node of stateNodeValues(sessionMachine)) {
      expect(paths.some((p) => p.state.matches(node.value as never)), node.id).toBe(true);
    }
  });

  it('ends paths in each of the nine session states', () => {
    const targets = new Set(paths.map((p) => valueLabel(p.state.value)));
    expect(targets).toEqual(
      new Set([
        'restoring',
        'signedOut',
        'signingIn',
        'secondFactor.asking',
        'secondFactor.verifying',
        'secondFactor.showingRecoveryCodes',
        'signedIn.idle',
        'signedIn.refreshing',
        'failed',
      ]),
    );
    expect(paths.length).toBeGreaterThan(20);
  });
});
