import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';

/**
 * The HTTP clients of the SPA (ARCHITECTURE "Layout", STACK gotcha 11).
 *
 * - `api`: every API call. Its middleware adds `Authorization: Bearer <token>` and, on a 401,
 *   gets a fresh token ONCE (single-flight across concurrent requests) and retries the request
 *   once, from a clone saved before the body was consumed. The retry goes straight to fetch, so
 *   it never loops. When the refresh fails the session machine clears the session and reloads the
 *   page; the caller just gets the original 401.
 * - `authApi`: no middleware; for POST /auth/token and POST /auth/revoke (and the profile read
 *   right after signing in, with an explicit header).
 *
 * The session is reached through `configureAuth` (called by src/lib/session/session.ts) so
 * this module imports neither React nor the session: no import cycle.
 */

export type AuthBridge = {
  /** The current access token, or null when signed out. */
  getToken(): string | null;
  /** Refreshes the session; resolves the new access token, or null when that failed. */
  refresh(): Promise<string | null>;
};

let bridge: AuthBridge | null = null;
let refreshInFlight: Promise<string | null> | null = null;

/** Per request id: a clone for the retry (made before fetch consumes the body) and the token sent. */
const pending = new Map<string, { retry: Request; token: string }>();

/** Connects the clients to the session (or disconnects them with null, e.g. in tests). */
export function configureAuth(next: AuthBridge | null): void {
  bridge = next;
  refreshInFlight = null;
}

/** One refresh at a time: concurrent 401s share the same promise. */
function refreshOnce(): Promise<string | null> {
  if (!bridge) return Promise.resolve(null);
  if (!refreshInFlight) {
    refreshInFlight = bridge
      .refresh()
      .catch(() => null)
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}

/**
 * The token to retry with after a 401 for a request sent with `usedToken`: if the session already
 * holds another token (a refresh finished meanwhile, here or in another tab) use it; otherwise refresh.
 */
async function tokenForRetry(usedToken: string): Promise<string | null> {
  const current = bridge?.getToken() ?? null;
  if (current && current !== usedToken) return current;
  return refreshOnce();
}

/**
 * For requests that cannot go through openapi-fetch (an upload that reports its progress with XMLHttpRequest): the
 * access token to send now, and, after a 401 for `usedToken`, the token to retry with once (null: give up).
 */
export const bearer = {
  current(): string | null {
    return bridge?.getToken() ?? null;
  },
  forRetry(usedToken: string): Promise<string | null> {
    return tokenForRetry(usedToken);
  },
};

export const authMiddleware: Middleware = {
  onRequest({ request, id }) {
    // A caller that sets its own Authorization header is left alone (and is not retried).
    if (request.headers.has('Authorization')) return undefined;
    const token = bridge?.getToken() ?? null;
    if (!token) return undefined;
    request.headers.set('Authorization', `Bearer ${token}`);
    pending.set(id, { retry: request.clone(), token });
    return request;
  },
  async onResponse({ response, id, options }) {
    const saved = pending.get(id);
    pending.delete(id);
    if (!saved || response.status !== 401) return undefined;
    const token = await tokenForRetry(saved.token);
    if (!token) return undefined;
    saved.retry.headers.set('Authorization', `Bearer ${token}`);
    return options.fetch(saved.retry);
  },
  onError({ id }) {
    pending.delete(id);
    return undefined;
  },
};

// Resolved at call time (not at import) so tests can replace globalThis.fetch.
const fetchNow = (request: Request): Promise<Response> => globalThis.fetch(request);

/** The API client (paths of openapi/openapi.yaml), with the bearer/refresh middleware. */
export const api = createClient<paths>({ baseUrl: '', fetch: fetchNow });
api.use(authMiddleware);

/** The client for /auth/token and /auth/revoke: no middleware, so no bearer and no retry. */
export const authApi = createClient<paths>({ baseUrl: '', fetch: fetchNow });
