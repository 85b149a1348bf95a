import { fromPromise } from 'xstate';
import {
  RefreshRefusedError,
  SecondFactorExpiredError,
  SecondFactorRequiredError,
  SessionClearedError,
  SessionError,
  type PersistInput,
  type Profile,
  type RefreshInput,
  type RevokeInput,
  type SecondFactorInput,
  type SecondFactorResult,
  type SessionTokens,
  type SignInInput,
  type SignInResult,
  type StoredSession,
} from '../../../machines/session/sessionMachine';
import { USER_TYPES } from '../../../machines/userTypes';
import { authApi } from '../../api/client';
import { sessionTexts } from '../i18n/session';
import { currentPlace, noteSessionEndReason, noteSessionExpired } from './expiredSession';

/**
 * The real IO of machines/session/sessionMachine.ts, supplied with `.provide` by ./session.ts:
 * OAuth2 calls (DECISIONS §3, ARCHITECTURE "Auth") and the browser storage contract
 * (ARCHITECTURE "Browser storage": keys `token`, `refresh_token`, `profile`; refreshes serialised
 * across tabs by the Web Locks API lock `session-refresh`).
 */

export const STORAGE_KEYS = { token: 'token', refreshToken: 'refresh_token', profile: 'profile' } as const;
export const SESSION_STORAGE_KEYS: readonly string[] = Object.values(STORAGE_KEYS);
export const REFRESH_LOCK_NAME = 'session-refresh';
/** BroadcastChannel on which a tab that rotated the tokens hands the new pair to the others. */
export const SESSION_CHANNEL_NAME = 'session-tokens';

const CLIENT_ID: string = import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'cirurgias-web';
const CLIENT_SECRET: string = import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'cirurgias-web-secret';

/** Indirection over page reloads, so tests can observe them (jsdom cannot navigate). */
export const browserPage = {
  reload(): void {
    window.location.reload();
  },
};

// ---------------------------------------------------------------------------------------------
// Storage

function isProfile(value: unknown): value is Profile {
  if (typeof value !== 'object' || value === null) return false;
  const { type, user } = value as { type?: unknown; user?: unknown };
  if (!USER_TYPES.includes(type as Profile['type'])) return false;
  if (typeof user !== 'object' || user === null) return false;
  const { id, first_name, last_name } = user as Record<string, unknown>;
  return typeof id === 'number' && typeof first_name === 'string' && typeof last_name === 'string';
}

function parseProfile(raw: string | null): Profile | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isProfile(value) ? value : null;
  } catch {
    return null;
  }
}

/** Reads the stored session; missing or unreadable parts are null. */
export function readStoredSession(): StoredSession {
  try {
    return {
      token: localStorage.getItem(STORAGE_KEYS.token) || null,
      refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken) || null,
      profile: parseProfile(localStorage.getItem(STORAGE_KEYS.profile)),
    };
  } catch {
    return { token: null, refreshToken: null, profile: null };
  }
}

/**
 * Writes the session. The access token goes last (and is removed first by `clearStoredSession`)
 * so that another tab that sees a token also sees the rest.
 */
export function writeStoredSession(session: PersistInput): void {
  if (session.profile) localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(session.profile));
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(STORAGE_KEYS.token, session.token);
}

export function clearStoredSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.profile);
}

// ---------------------------------------------------------------------------------------------
// HTTP

function formEncode(body: object): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.set(key, String(value));
  }
  return form.toString();
}

const FORM = {
  bodySerializer: formEncode,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
} as const;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string' && m !== '') : [];
}

/**
 * Maps an error response body to the warnings to show (SPEC §8, DECISIONS §3): an OAuth
 * `error_description`; else each message of an `error` (or `non_field_errors`) list; else the
 * generic 'Ocorreu um erro interno!'.
 */
export function signInErrorMessages(body: unknown): string[] {
  if (typeof body === 'object' && body !== null) {
    const { error_description, error, non_field_errors } = body as Record<string, unknown>;
    if (typeof error_description === 'string' && error_description) return [error_description];
    const messages = [...stringList(error), ...stringList(non_field_errors)];
    if (messages.length) return messages;
  }
  return [sessionTexts.signIn.internalError];
}

/** A thrown call: no response at all (network) unless the body of a 2xx could not be parsed. */
function thrownCallMessages(error: unknown): string[] {
  return error instanceof SyntaxError
    ? [sessionTexts.signIn.internalError]
    : [sessionTexts.signIn.networkError];
}

async function call<T>(request: () => Promise<{ data?: T; error?: unknown }>): Promise<T> {
  let result: { data?: T; error?: unknown };
  try {
    result = await request();
  } catch (error) {
    throw new SessionError(thrownCallMessages(error));
  }
  if (result.data === undefined) throw new SessionError(signInErrorMessages(result.error));
  return result.data;
}

/** Whether the signed-in secretary has no medic (list_medic answers none); a failed read is not taken for it. */
async function linkedToNoMedic(accessToken: string): Promise<boolean> {
  try {
    const { data } = await authApi.GET('/project_auth/api/v1/list_medic/', { headers: { Authorization: `Bearer ${accessToken}` } });
    return Array.isArray(data?.results) && data.results.length === 0;
  } catch {
    return false;
  }
}

/** The second factor's grants (server/routes/auth.ts, docs/SECURITY.md "Two-factor sign-in"). */
const MFA_GRANTS = {
  otp: 'urn:cirurgias:oauth:grant-type:mfa-otp',
  recovery: 'urn:cirurgias:oauth:grant-type:mfa-recovery-code',
} as const;
const MFA_EXPIRED = 'A verificação expirou. Entre novamente.';

type TokenBody = { access_token: string; refresh_token: string; recovery_codes?: string[] };

/** Password grant, then the profile read with the new token. Rejects with a SessionError (SecondFactorRequiredError). */
export async function signIn({ username, password }: SignInInput): Promise<SignInResult> {
  const result = await authApi
    .POST('/auth/token', {
      body: { grant_type: 'password', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, username, password },
      ...FORM,
    })
    .catch((error: unknown) => {
      throw new SessionError(thrownCallMessages(error));
    });
  const refused = result.error;
  if (refused?.error === 'mfa_required' && refused.mfa_token) {
    throw new SecondFactorRequiredError(refused.mfa_token, refused.enrollment_required === true);
  }
  if (!result.data) throw new SessionError(signInErrorMessages(refused));
  return withProfile(result.data);
}

/** The second factor's grant with the mfa_token, then the profile. Rejects with a SessionError, or SecondFactorExpiredError. */
export async function verifySecondFactor({ mfaToken, code, kind }: SecondFactorInput): Promise<SecondFactorResult> {
  const body =
    kind === 'otp'
      ? { grant_type: MFA_GRANTS.otp, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, mfa_token: mfaToken, otp: code }
      : { grant_type: MFA_GRANTS.recovery, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, mfa_token: mfaToken, recovery_code: code };
  const result = await authApi.POST('/auth/token', { body, ...FORM }).catch((error: unknown) => {
    throw new SessionError(thrownCallMessages(error));
  });
  if (!result.data) {
    const messages = signInErrorMessages(result.error);
    // Over: spent, expired or too many wrong codes; and a refusal for too many attempts: back to the password.
    if (messages[0] === MFA_EXPIRED || result.response.status === 429) throw new SecondFactorExpiredError(messages);
    throw new SessionError(messages);
  }
  const signedIn = await withProfile(result.data);
  const codes = (result.data as TokenBody).recovery_codes;
  return codes ? { ...signedIn, recoveryCodes: codes } : signedIn;
}

/** Starts an enrolment required at sign-in (/auth/mfa/associate): the QR code and the secret to type. */
export async function associateSecondFactor(mfaToken: string): Promise<{ secret: string; otpauth_uri: string; qr_code: string }> {
  return call(() =>
    authApi.POST('/auth/mfa/associate', { body: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, mfa_token: mfaToken }, ...FORM }),
  );
}

/** The profile read with new tokens (a removed secretary is told why and signed out). */
async function withProfile(tokens: TokenBody): Promise<SignInResult> {
  let profile: Profile;
  try {
    profile = await call(() =>
      authApi.GET('/project_auth/profile/', {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      }),
    );
  } catch (error) {
    void revokeSession({ token: tokens.access_token, refreshToken: tokens.refresh_token });
    throw error;
  }
  // A secretary linked to no medic (removed by the medic) gets no empty app: she is told why, and signed out.
  if (profile.type === 'secretary' && (await linkedToNoMedic(tokens.access_token))) {
    void revokeSession({ token: tokens.access_token, refreshToken: tokens.refresh_token });
    throw new SessionError([sessionTexts.unlinked]);
  }
  return { token: tokens.access_token, refreshToken: tokens.refresh_token, profile };
}

/**
 * The refresh grant. Rejects with RefreshRefusedError when the server refused the token (a 4xx: the session is
 * over); with a plain Error when there was no answer or the server failed (the session is kept).
 */
async function requestRefresh(refreshToken: string): Promise<SessionTokens> {
  const { data, error, response } = await authApi.POST('/auth/token', {
    body: {
      grant_type: 'refresh_token',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      refresh_token: refreshToken,
    },
    ...FORM,
  });
  if (data) return { token: data.access_token, refreshToken: data.refresh_token };
  if (response.status >= 400 && response.status < 500 && response.status !== 429) {
    // The server says why when the app should tell the user (a removed secretary): the sign-in page shows it.
    if (error?.reason === 'unlinked') noteSessionEndReason('unlinked');
    throw new RefreshRefusedError();
  }
  throw new Error(`The refresh grant failed (HTTP ${response.status}).`);
}

// ---------------------------------------------------------------------------------------------
// Hand-over of rotated tokens between tabs

/** A rotation: the refresh token that was spent and the pair it was exchanged for. */
export type Rotation = { from: string; tokens: SessionTokens };

const MAX_REMEMBERED_ROTATIONS = 20;
/** Spent refresh token → its successor, as this tab rotated it or another tab announced it. */
const rotations = new Map<string, SessionTokens>();
let channel: BroadcastChannel | null | undefined;

/** The tabs' channel, or null where the browser has no BroadcastChannel. */
export function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL_NAME);
  }
  return channel;
}

export function closeSessionChannel(): void {
  channel?.close();
  channel = undefined;
  rotations.clear();
}

export function isRotation(value: unknown): value is Rotation {
  if (typeof value !== 'object' || value === null) return false;
  const { from, tokens } = value as { from?: unknown; tokens?: { token?: unknown; refreshToken?: unknown } };
  return typeof from === 'string' && typeof tokens?.token === 'string' && typeof tokens.refreshToken === 'string';
}

export function rememberRotation({ from, tokens }: Rotation): void {
  rotations.set(from, tokens);
  if (rotations.size > MAX_REMEMBERED_ROTATIONS) rotations.delete(rotations.keys().next().value!);
}

/** The newest pair `refreshToken` was rotated into (following later rotations), or null. */
export function latestRotationOf(refreshToken: string): SessionTokens | null {
  let latest: SessionTokens | null = null;
  // Bounded: a chain is at most as long as the map, whatever another tab sent.
  for (let step = 0, next = rotations.get(refreshToken); next && step < MAX_REMEMBERED_ROTATIONS; step++) {
    latest = next;
    next = rotations.get(next.refreshToken);
  }
  return latest;
}

/**
 * Runs while holding the cross-tab lock. A tab must never spend a refresh token another tab already
 * rotated, so it adopts, in order: the pair the other tab handed over on the channel (the reliable
 * path: a localStorage read in another tab may still be stale), the stored pair when it differs from
 * the one this tab wanted to spend, and only then asks the server. The new pair is announced and
 * stored before the lock is released. Should a stale token still reach the server, the server's
 * 30-second grace window answers it with the same pair (DECISIONS §14).
 */
async function refreshHoldingLock(wanted: string): Promise<SessionTokens> {
  const stored = readStoredSession();
  if (!stored.token || !stored.refreshToken) throw new SessionClearedError();
  const handedOver = latestRotationOf(wanted);
  if (handedOver) return handedOver;
  if (stored.refreshToken !== wanted) {
    return { token: stored.token, refreshToken: stored.refreshToken };
  }
  const tokens = await requestRefresh(wanted);
  const rotation: Rotation = { from: wanted, tokens };
  rememberRotation(rotation);
  sessionChannel()?.postMessage(rotation);
  writeStoredSession({ ...tokens, profile: null });
  return tokens;
}

/** Refresh grant, serialised across tabs with navigator.locks when the browser has it. */
export async function refreshTokens({ refreshToken }: RefreshInput): Promise<SessionTokens> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return refreshHoldingLock(refreshToken);
  return locks.request(REFRESH_LOCK_NAME, () => refreshHoldingLock(refreshToken));
}

/** Best-effort revocation (RFC 7009) of the refresh token (which revokes the whole family). */
export async function revokeSession({ token, refreshToken }: RevokeInput): Promise<void> {
  const revoked = refreshToken ?? token;
  if (!revoked) return;
  try {
    await authApi.POST('/auth/revoke', {
      body: {
        token: revoked,
        token_type_hint: refreshToken ? 'refresh_token' : 'access_token',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      },
      ...FORM,
      // Survives a page reload right after signing out (e.g. /signup-secretary/{token}).
      keepalive: true,
    });
  } catch {
    // Best effort: the tokens are already gone from this browser.
  }
}

// ---------------------------------------------------------------------------------------------
// What session.ts passes to sessionMachine.provide()

export const sessionActors = {
  restoreSession: fromPromise<StoredSession>(async () => readStoredSession()),
  signIn: fromPromise<SignInResult, SignInInput>(({ input }) => signIn(input)),
  verifySecondFactor: fromPromise<SecondFactorResult, SecondFactorInput>(({ input }) => verifySecondFactor(input)),
  refreshTokens: fromPromise<SessionTokens, RefreshInput>(({ input }) => refreshTokens(input)),
  revokeSession: fromPromise<void, RevokeInput>(({ input }) => revokeSession(input)),
};

export const sessionActions = {
  noteSessionExpired: () => noteSessionExpired(currentPlace()),
  persistSession: (_: unknown, params: PersistInput) => writeStoredSession(params),
  clearSession: () => clearStoredSession(),
  reloadPage: () => browserPage.reload(),
};
