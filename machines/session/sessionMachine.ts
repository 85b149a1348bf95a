import { assertEvent, assign, fromPromise, setup, spawnChild } from 'xstate';
import type { UserType } from '../constants';

/**
 * The session of the signed-in user (SPEC §4 "Session", DECISIONS §3).
 *
 * Pure: the stored session is read, written and cleared only through the actors and actions that
 * src/features/session/actors.ts supplies with `.provide`. The defaults below throw (actors) or do
 * nothing (actions), so a machine used without them fails loudly instead of doing IO.
 *
 * States: restoring → signedOut | signedIn; signedOut → signingIn → signedIn | signedOut (with
 * `errors`) | secondFactor (two-factor sign-in, docs/SECURITY.md: the password was right, the code is asked:
 * asking ⇄ verifying → signedIn, or showingRecoveryCodes after an enrolment made at sign-in; cancelled or
 * expired → signedOut); signedIn.idle ⇄ signedIn.refreshing; a refused refresh → failed (the expiry noted for the
 * sign-in page, tokens cleared, page reloaded); a refresh that got no answer → idle, still signed in. Only one refresh runs at a time: `session.refresh` is handled only in `signedIn.idle`,
 * so callers that arrive while refreshing just wait for the state to leave `refreshing`.
 */

/** The profile returned by GET /project_auth/profile/ (SPEC §3). */
export type Profile = {
  type: UserType;
  /** `image`: the signed link of the user's photo (absent in a profile stored by an older version). */
  user: { id: number; first_name: string; last_name: string; nickname?: string | null; image?: string | null };
  /** A medic with a linked secretary (DECISIONS §13); absent in a profile stored by an older version. */
  has_secretary?: boolean;
};

/** How the product calls the user (DECISIONS §14): the nickname, else the first name. */
export function displayNameOf(profile: Profile): string {
  return profile.user.nickname?.trim() || profile.user.first_name;
}

/** What is kept in (or read from) browser storage; any part may be missing. */
export type StoredSession = {
  token: string | null;
  refreshToken: string | null;
  profile: Profile | null;
};

export type SessionTokens = { token: string; refreshToken: string };
export type SignInResult = SessionTokens & { profile: Profile };
export type SignInInput = { username: string; password: string };
export type RefreshInput = { refreshToken: string };
export type PersistInput = SessionTokens & { profile: Profile | null };
export type RevokeInput = { token: string | null; refreshToken: string | null };
/** The pending second step of a sign-in: the server's mfa_token, and whether the user must enrol first. */
export type SecondFactorPending = { mfaToken: string; enrollmentRequired: boolean };
export type SecondFactorInput = { mfaToken: string; code: string; kind: 'otp' | 'recovery' };
/** A verified second factor; `recoveryCodes` when it confirmed an enrolment made at sign-in (shown once). */
export type SecondFactorResult = SignInResult & { recoveryCodes?: string[] };

export type SessionContext = StoredSession & {
  errors: string[];
  secondFactor: SecondFactorPending | null;
  /** The sign-in that waits while its new recovery codes are shown (an enrolment at sign-in). */
  pendingSignIn: SecondFactorResult | null;
};

export type SessionEvent =
  | { type: 'session.signIn'; username: string; password: string }
  | { type: 'session.signOut' }
  /** The second step: a code of the authenticator app (`otp`) or a recovery code. */
  | { type: 'session.verifySecondFactor'; code: string; kind: 'otp' | 'recovery' }
  /** Gives up the second step (back to the password). */
  | { type: 'session.cancelSecondFactor' }
  /** The new recovery codes were seen: the sign-in goes on. */
  | { type: 'session.acknowledgeRecoveryCodes' }
  | { type: 'session.refresh' }
  /** The profile as the server has it now (re-read after a page load). */
  | { type: 'session.profileLoaded'; profile: Profile }
  | {
      type: 'session.storageChanged';
      token: string | null;
      refreshToken: string | null;
      profile: Profile | null;
    };

/**
 * The refresh actor rejects with this when the server refused the refresh token (revoked, reused after the
 * grace window, expired, the password changed): the session is over. Any other failure (no network, a page
 * reload aborting the call, a 5xx) keeps the session: the next call tries again (DECISIONS §14).
 */
export class RefreshRefusedError extends Error {
  constructor() {
    super('The refresh grant was refused.');
    this.name = 'RefreshRefusedError';
  }
}

/** The refresh actor rejects with this when another tab cleared the stored session (signed out there). */
export class SessionClearedError extends Error {
  constructor() {
    super('The session was cleared (signed out in another tab).');
    this.name = 'SessionClearedError';
  }
}

/**
 * The signIn actor rejects with this when the password was right and the server asks the second factor
 * (`mfa_required`): the machine then asks the code.
 */
export class SecondFactorRequiredError extends Error {
  constructor(
    readonly mfaToken: string,
    readonly enrollmentRequired: boolean,
  ) {
    super('The sign-in needs its second factor.');
    this.name = 'SecondFactorRequiredError';
  }
}

/** The verifySecondFactor actor rejects with this (messages to show) when the mfa_token is over: sign in again. */
export class SecondFactorExpiredError extends Error {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(messages.join(' '));
    this.name = 'SecondFactorExpiredError';
    this.messages = messages;
  }
}

function isErrorNamed(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}

/** Shown when a sign-in fails with an error that carries no messages (SPEC §8). */
export const SESSION_FALLBACK_ERROR = 'Ocorreu um erro interno!';

/**
 * The error the `signIn` actor rejects with: `messages` are the pt-BR warnings to show.
 * Any error with a `messages: string[]` property is accepted (duck-typed).
 */
export class SessionError extends Error {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(messages.join(' '));
    this.name = 'SessionError';
    this.messages = messages;
  }
}

function messagesOf(error: unknown): string[] {
  if (typeof error === 'object' && error !== null && 'messages' in error) {
    const { messages } = error as { messages: unknown };
    if (Array.isArray(messages) && messages.every((m) => typeof m === 'string') && messages.length) {
      return messages as string[];
    }
  }
  return [SESSION_FALLBACK_ERROR];
}

function isCompleteSession(session: StoredSession): session is SignInResult {
  return Boolean(session.token && session.refreshToken && session.profile);
}

function notProvided(name: string): never {
  throw new Error(`sessionMachine: the "${name}" actor must be provided with .provide()`);
}

const emptySession: SessionContext = { token: null, refreshToken: null, profile: null, errors: [], secondFactor: null, pendingSignIn: null };

function secondFactorOf(error: unknown): SecondFactorPending {
  const { mfaToken, enrollmentRequired } = error as SecondFactorRequiredError;
  return { mfaToken, enrollmentRequired };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads the stored session (localStorage keys token, refresh_token, profile). */
    restoreSession: fromPromise<StoredSession>(async () => notProvided('restoreSession')),
    /** Password grant + profile read; rejects with a SessionError carrying the messages. */
    signIn: fromPromise<SignInResult, SignInInput>(async () => notProvided('signIn')),
    /** Refresh grant (cross-tab safe); resolves the new token pair or rejects. */
    refreshTokens: fromPromise<SessionTokens, RefreshInput>(async () => notProvided('refreshTokens')),
    /** The second factor grant (mfa-otp or mfa-recovery-code) + profile read; rejects with a SessionError. */
    verifySecondFactor: fromPromise<SecondFactorResult, SecondFactorInput>(async () => notProvided('verifySecondFactor')),
    /** Best-effort server-side revocation; its outcome is ignored. */
    revokeSession: fromPromise<void, RevokeInput>(async () => notProvided('revokeSession')),
  },
  actions: {
    /** Writes the session to browser storage (the profile only when given). */
    persistSession: (_, _params: PersistInput) => {},
    /** Removes the session from browser storage. */
    clearSession: () => {},
    /** Reloads the page (after a failed refresh). */
    reloadPage: () => {},
    /** Notes that the session ended on its own, and where the user was, for the sign-in page (DECISIONS §14). */
    noteSessionExpired: () => {},
    assignSession: assign((_, params: StoredSession) => ({
      token: params.token,
      refreshToken: params.refreshToken,
      profile: params.profile,
      errors: [],
      secondFactor: null,
      pendingSignIn: null,
    })),
    assignSecondFactor: assign((_, params: { error: unknown }) => ({ secondFactor: secondFactorOf(params.error) })),
    assignPendingSignIn: assign((_, params: SecondFactorResult) => ({ pendingSignIn: params })),
    assignTokens: assign((_, params: SessionTokens) => ({ ...params })),
    assignErrors: assign((_, params: { error: unknown }) => ({ errors: messagesOf(params.error) })),
    clearErrors: assign({ errors: [] }),
    forgetSession: assign({ ...emptySession }),
    assignProfile: assign((_, params: { profile: Profile }) => ({ profile: params.profile })),
    /** Starts the best-effort revocation as a child, so signing out never waits for the network. */
    revokeInBackground: spawnChild('revokeSession', {
      input: ({ context }: { context: SessionContext }) => ({ token: context.token, refreshToken: context.refreshToken }),
    }),
  },
  guards: {
    hasStoredSession: (_, params: StoredSession) => isCompleteSession(params),
    isSignedOutElsewhere: ({ event }) =>
      event.type === 'session.storageChanged' && event.token === null,
    isSignedInElsewhere: ({ event }) =>
      event.type === 'session.storageChanged' && isCompleteSession(event),
    isRefreshRefused: (_, params: { error: unknown }) => isErrorNamed(params.error, 'RefreshRefusedError'),
    isSessionCleared: (_, params: { error: unknown }) => isErrorNamed(params.error, 'SessionClearedError'),
    isSecondFactorRequired: (_, params: { error: unknown }) => isErrorNamed(params.error, 'SecondFactorRequiredError'),
    isSecondFactorExpired: (_, params: { error: unknown }) => isErrorNamed(params.error, 'SecondFactorExpiredError'),
    hasNewRecoveryCodes: (_, params: SecondFactorResult) => Boolean(params.recoveryCodes?.length),
  },
}).createMachine({
  id: 'session',
  context: { ...emptySession },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'assignSession', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      on: {
        'session.signIn': { target: 'signingIn' },
        'session.storageChanged': {
          guard: 'isSignedInElsewhere',
          target: 'signedIn',
          actions: {
            type: 'assignSession',
            params: ({ event }) => ({
              token: event.token,
              refreshToken: event.refreshToken,
              profile: event.profile,
            }),
          },
        },
      },
    },
    signingIn: {
      entry: 'clearErrors',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'session.signIn');
          return { username: event.username, password: event.password };
        },
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => event.output },
            { type: 'persistSession', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'isSecondFactorRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'secondFactor',
            actions: { type: 'assignSecondFactor', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'signedOut',
            actions: { type: 'assignErrors', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    secondFactor: {
      initial: 'asking',
      on: {
        'session.cancelSecondFactor': { target: 'signedOut', actions: 'forgetSession' },
      },
      states: {
        asking: {
          on: { 'session.verifySecondFactor': { target: 'verifying' } },
        },
        verifying: {
          entry: 'clearErrors',
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'session.verifySecondFactor');
              return { mfaToken: context.secondFactor?.mfaToken ?? '', code: event.code, kind: event.kind };
            },
            onDone: [
              {
                guard: { type: 'hasNewRecoveryCodes', params: ({ event }) => event.output },
                target: 'showingRecoveryCodes',
                actions: { type: 'assignPendingSignIn', params: ({ event }) => event.output },
              },
              {
                target: '#session.signedIn',
                actions: [
                  { type: 'assignSession', params: ({ event }) => event.output },
                  { type: 'persistSession', params: ({ event }) => event.output },
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'isSecondFactorExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: ['forgetSession', { type: 'assignErrors', params: ({ event }) => ({ error: event.error }) }],
              },
              {
                target: 'asking',
                actions: { type: 'assignErrors', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        showingRecoveryCodes: {
          on: {
            'session.acknowledgeRecoveryCodes': {
              target: '#session.signedIn',
              actions: [
                { type: 'persistSession', params: ({ context }) => pendingOf(context) },
                { type: 'assignSession', params: ({ context }) => pendingOf(context) },
              ],
            },
          },
        },
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        'session.signOut': {
          target: 'signedOut',
          // Named actions only: an inline one is exported to Stately as null (docs/workflows/session.md).
          actions: ['revokeInBackground', 'clearSession', 'forgetSession'],
        },
        'session.profileLoaded': {
          actions: [
            { type: 'assignProfile', params: ({ event }) => ({ profile: event.profile }) },
            {
              type: 'persistSession',
              params: ({ context, event }) => ({
                token: context.token ?? '',
                refreshToken: context.refreshToken ?? '',
                profile: event.profile,
              }),
            },
          ],
        },
        'session.storageChanged': [
          { guard: 'isSignedOutElsewhere', target: 'signedOut', actions: 'forgetSession' },
          {
            // Another tab refreshed (or signed in again): use its tokens; stay in the substate.
            guard: 'isSignedInElsewhere',
            actions: {
              type: 'assignSession',
              params: ({ event }) => ({
                token: event.token,
                refreshToken: event.refreshToken,
                profile: event.profile,
              }),
            },
          },
        ],
      },
      states: {
        idle: {
          on: { 'session.refresh': { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignTokens', params: ({ event }) => event.output },
                {
                  type: 'persistSession',
                  params: ({ context, event }) => ({ ...event.output, profile: context.profile }),
                },
              ],
            },
            onError: [
              {
                guard: { type: 'isRefreshRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#session.failed',
              },
              {
                guard: { type: 'isSessionCleared', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: 'forgetSession',
              },
              // No answer (offline, a reload aborted the call) or a server error: keep the session.
              { target: 'idle' },
            ],
          },
        },
      },
    },
    failed: {
      entry: ['noteSessionExpired', 'forgetSession', 'clearSession', 'reloadPage'],
    },
  },
});

export type SessionMachine = typeof sessionMachine;

function pendingOf(context: SessionContext): SignInResult {
  const pending = context.pendingSignIn;
  return { token: pending?.token ?? '', refreshToken: pending?.refreshToken ?? '', profile: pending?.profile as Profile };
}
