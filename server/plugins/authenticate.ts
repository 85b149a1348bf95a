import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { UserType } from '../../machines/constants';
import type { AppDeps } from '../deps';
import { forbidden, unauthorized } from '../http/errors';
import { createTokenService } from '../services/auth/token-service';
import type { UserRow } from '../db/schema/index';
import { linkSigningContext } from '../services/files/signed-links';

/** The signed-in user as routes see it (never the password hash). */
export type AuthUser = {
  id: number;
  type: UserType;
  firstName: string;
  lastName: string;
  email: string;
  /** The address this request came from (`request.ip`): the audit trail records it with what the user did. */
  address: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from `Authorization: Bearer <access_token>`; null when absent, unknown, expired or revoked. */
    user: AuthUser | null;
    /** The sign-in (token family) of that access token; signed file links are bound to it. */
    tokenFamily: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the bearer token itself, in its own onRequest and in the same statement as its read (GET
     * surgery by id, issue 41: one round trip instead of two): this plugin's lookup is skipped, and the route either
     * calls `app.acceptSignIn` with the user its statement found or, when the statement found nothing,
     * `app.authenticateRequest` to tell a refused token (401) from a record it may not see (404).
     */
    tokenCheckedByRoute?: boolean;
  }
  interface FastifyInstance {
    /** Sets `request.user` and `request.tokenFamily` from a user found by the access token `request` carries. */
    acceptSignIn(request: FastifyRequest, user: UserRow, familyId: string): void;
    /** The lookup of the onRequest hook, for a `tokenCheckedByRoute` route: 401 (thrown) without a live token. */
    authenticateRequest(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser>;
    /**
     * A route's `onRequest`: 401 `{ error: ['Sessão expirada. Entre novamente.'] }` without a valid access token, before
     * the body is parsed or validated (a stranger gets 401 whatever he sends).
     */
    authenticate: onRequestHookHandler;
    /** A route's `onRequest` factory: 401 without a valid token, 403 when the user is not of `type`. */
    requireRole(type: UserType): onRequestHookHandler;
  }
}

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, RFC 6750 §2.1). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The user of a route behind `app.authenticate` or `app.requireRole` (which answer 401 before the handler without
 * one): typed, so handlers need no non-null assertion; a route that forgot its `onRequest` still answers 401.
 * (Fastify types a request decoration once for every route, so `request.user` itself stays `AuthUser | null`.)
 */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Resolves the bearer access token of every request into `request.user` (DECISIONS §3) and offers
 * `app.authenticate` / `app.requireRole(type)` as the routes' `onRequest` hooks.
 * @see https://datatracker.ietf.org/doc/html/rfc6750
 */
async function authenticate(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const tokens = createTokenService({
    db: deps.db,
    now: deps.now,
    accessTokenTtlSeconds: deps.config.accessTokenTtlSeconds,
  });

  app.decorateRequest('user', null);
  app.decorateRequest('tokenFamily', null);

  const acceptSignIn = (request: FastifyRequest, user: UserRow, familyId: string) => {
    request.user = { id: user.id, type: user.type, firstName: user.firstName, lastName: user.lastName, email: user.email, address: request.ip };
    request.tokenFamily = familyId;
  };
  app.decorate('acceptSignIn', acceptSignIn);

  // Callback-style (issue 15): a request without a token costs no promise, one with a token only the lookup's.
  app.addHook('onRequest', (request, _reply, done) => {
    request.user = null;
    request.tokenFamily = null;
    if (request.routeOptions.config.tokenCheckedByRoute) return done();
    const token = bearerToken(request);
    if (!token) return done();
    tokens.authenticateAccessToken(token).then((user) => {
      if (user) acceptSignIn(request, user, user.familyId);
      done();
    }, done);
  });

  // The handler (and the services it calls) run inside the request's sign-in, so the file links they
  // sign belong to it (callback style: the rest of the request continues inside `run`).
  app.addHook('preHandler', (request, _reply, done) => {
    linkSigningContext.run({ familyId: request.tokenFamily }, done);
  });

  /** RFC 6750 §3: a bare challenge without a bearer token; `invalid_token` when one was sent and refused. */
  const refusal = (request: FastifyRequest, reply: FastifyReply): Error => {
    const sentCredentials = /^Bearer(\s|$)/i.test(request.headers.authorization ?? '');
    reply.header('WWW-Authenticate', sentCredentials ? 'Bearer error="invalid_token"' : 'Bearer');
    return unauthorized();
  };

  // Callback-style, as the onRequest hook: they decide at once.
  const requireUser: onRequestHookHandler = (request, reply, done) => {
    done(request.user ? undefined : refusal(request, reply));
  };

  app.decorate('authenticateRequest', async (request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> => {
    const token = bearerToken(request);
    const user = token ? await tokens.authenticateAccessToken(token) : null;
    if (!user) throw refusal(request, reply);
    acceptSignIn(request, user, user.familyId);
    return signedInUser(request);
  });

  app.decorate('authenticate', requireUser);
  app.decorate('requireRole', (type: UserType): onRequestHookHandler => {
    return function requireRole(request, reply, done) {
      if (!request.user) return done(refusal(request, reply));
      done(request.user.type === type ? undefined : forbidden());
    };
  });
}

const authenticatePlugin = fp(authenticate, { name: 'authenticate', fastify: '5.x' });
export default authenticatePlugin;
