import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { isUnlinkedSecretary } from '../services/access/scope';
import { dummyPasswordHash, verifyPassword } from '../services/auth/password';
import { PASSWORD_WORK_BUSY_MESSAGE, PasswordWorkBusy, passwordWork } from '../services/auth/password-work';
import { createSignInGuard, deviceCookieFrom, deviceCookieHeader } from '../services/auth/sign-in-guard';
import { createTokenService, type TokenPair } from '../services/auth/token-service';
import { createUserService } from '../services/auth/user-service';
import { createTwoFactorService, type MfaPurpose, type SecondFactor } from '../services/auth/two-factor-service';

const AUTH_MESSAGES = {
  invalidClient: 'Cliente não autorizado.',
  invalidCredentials: 'Usuário ou senha inválidos.',
  invalidRefresh: 'Sessão expirada. Entre novamente.',
  missingGrantType: 'Informe o tipo de acesso (grant_type).',
  missingCredentials: 'Informe o e-mail e a senha.',
  missingRefreshToken: 'Informe o token de renovação (refresh_token).',
  missingToken: 'Informe o token a revogar (token).',
  invalidParameters: 'Parâmetros inválidos.',
  unsupportedGrant: 'Tipo de acesso não suportado.',
  invalidScope: 'Escopo inválido.',
  twoClientMethods: 'Envie as credenciais do cliente de um só modo: no cabeçalho Authorization (Basic) ou no corpo.',
  tooManyAttempts: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
  mfaRequired: 'Informe o código do aplicativo autenticador.',
  mfaEnrollmentRequired: 'Seu médico exige a verificação em duas etapas. Configure-a para entrar.',
  missingMfa: 'Informe o mfa_token e o código.',
  invalidMfaToken: 'A verificação expirou. Entre novamente.',
  wrongSecondFactor: 'Código inválido. Confira o código no aplicativo autenticador e tente novamente.',
  unlinked: 'Seu acesso foi encerrado: você não está mais vinculado(a) a nenhum médico. Para voltar, peça um novo convite ao médico.',
} as const;

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

/**
 * The second step of a sign-in with two-factor sign-in on (docs/SECURITY.md "Two-factor sign-in"), as Auth0's MFA
 * API does it: the password grant answers 400 `mfa_required` with an `mfa_token`, and these extension grants
 * (RFC 6749 §4.5, absolute URIs) exchange it with a code (`otp`) or a recovery code (`recovery_code`).
 */
export const MFA_OTP_GRANT = 'urn:cirurgias:oauth:grant-type:mfa-otp';
export const MFA_RECOVERY_CODE_GRANT = 'urn:cirurgias:oauth:grant-type:mfa-recovery-code';

/**
 * The one scope (docs/ARCHITECTURE.md, "Auth"): everything the signed-in user's role allows. Granted whatever scope a
 * client asks for (RFC 6749 §3.3 lets the server ignore the request) and always named in the token response, so a
 * client that asked for something else learns what it got.
 */
const OAUTH_SCOPE = 'cirurgias';
/** RFC 6749 §3.3: scope tokens of printable ASCII but `"` and `\`, separated by single spaces. */
const SCOPE_SYNTAX = /^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/;
type Params = Record<string, unknown>;

function oauthError(reply: FastifyReply, status: number, error: OAuthErrorCode, description: string) {
  return reply.code(status).send({ error, error_description: description });
}

function paramsOf(body: unknown): Params {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Params) : {};
}

/** A parameter's string value; `undefined` when absent or empty, `null` when of another type (repeated, a number…). */
function stringParam(params: Params, name: string): string | null | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : null;
}

function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

function usesBasic(request: FastifyRequest): boolean {
  return /^Basic(\s|$)/i.test(request.headers.authorization ?? '');
}

/**
 * RFC 6749 §2.3.1: "The client MUST NOT use more than one authentication method in each request." HTTP Basic and a
 * `client_secret` in the body are two; a body `client_id` beside Basic only identifies the client, and must name the
 * same one.
 */
function usesTwoClientMethods(request: FastifyRequest, params: Params): boolean {
  if (!usesBasic(request)) return false;
  if (params.client_secret !== undefined) return true;
  return params.client_id !== undefined && params.client_id !== basicCredentials(request).id;
}

/** Client credentials from the body or from HTTP Basic (RFC 6749 §2.3.1). */
function clientCredentials(request: FastifyRequest, params: Params): { id: unknown; secret: unknown } {
  if (usesBasic(request)) return basicCredentials(request);
  return { id: params.client_id, secret: params.client_secret };
}

function basicCredentials(request: FastifyRequest): { id: unknown; secret: unknown } {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!basic) return { id: undefined, secret: undefined };
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { id: undefined, secret: undefined };
  const unescape = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
}

/**
 * The authorization server's metadata (RFC 8414 §2). Only the token and revocation endpoints exist: no authorization
 * endpoint, so no response types (the field is required, hence the empty list) and no PKCE.
 */
function authorizationServerMetadata(issuer: string) {
  const clientAuth = ['client_secret_post', 'client_secret_basic'];
  return {
    issuer,
    token_endpoint: `${issuer}/auth/token`,
    revocation_endpoint: `${issuer}/auth/revoke`,
    grant_types_supported: ['password', 'refresh_token', MFA_OTP_GRANT, MFA_RECOVERY_CODE_GRANT],
    response_types_supported: [] as string[],
    token_endpoint_auth_methods_supported: clientAuth,
    revocation_endpoint_auth_methods_supported: clientAuth,
    service_documentation: `${issuer}/docs`,
    scopes_supported: [OAUTH_SCOPE],
  };
}

function tokenResponse(pair: TokenPair) {
  return {
    access_token: pair.accessToken,
    refresh_token: pair.refreshToken,
    token_type: 'Bearer',
    expires_in: pair.expiresIn,
    scope: OAUTH_SCOPE,
  };
}

/**
 * OAuth2 token endpoint (password and refresh_token grants, RFC 6749) and token revocation
 * (RFC 7009), form-encoded (parsed by app.ts, repeated keys kept as lists) or JSON. Errors use the
 * RFC shape with a pt-BR `error_description`.
 * @see https://datatracker.ietf.org/doc/html/rfc6749#section-5.2
 */
export default async function authRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const tokens = createTokenService({
    db: deps.db,
    now: deps.now,
    accessTokenTtlSeconds: deps.config.accessTokenTtlSeconds,
  });
  const accounts = createUserService(deps);
  const guard = createSignInGuard(deps);
  const twoFactor = createTwoFactorService(deps);

  /** The password was right but the sign-in owes its second factor (or, required and missing, an enrolment). */
  async function mfaRequired(reply: FastifyReply, userId: number, purpose: MfaPurpose) {
    const mfaToken = await twoFactor.issueMfaToken(userId, purpose);
    return reply.code(400).send({
      error: 'mfa_required',
      error_description: purpose === 'enrol' ? AUTH_MESSAGES.mfaEnrollmentRequired : AUTH_MESSAGES.mfaRequired,
      mfa_token: mfaToken,
      enrollment_required: purpose === 'enrol',
    });
  }

  function clientIsValid(request: FastifyRequest, params: Params): boolean {
    const { id, secret } = clientCredentials(request, params);
    if (typeof id !== 'string' || typeof secret !== 'string') return false;
    // Both compared, always, so the time taken does not tell which one was wrong.
    const idOk = sameSecret(id, deps.config.oauthClientId);
    const secretOk = sameSecret(secret, deps.config.oauthClientSecret);
    return idOk && secretOk;
  }

  /** RFC 6749 §5.2: a client that tried HTTP Basic is told the scheme to use. */
  function invalidClient(request: FastifyRequest, reply: FastifyReply) {
    if (usesBasic(request)) reply.header('WWW-Authenticate', 'Basic realm="cirurgias"');
    return oauthError(reply, 401, 'invalid_client', AUTH_MESSAGES.invalidClient);
  }

  async function passwordGrant(request: FastifyRequest, reply: FastifyReply, params: Params) {
    const username = stringParam(params, 'username');
    const password = stringParam(params, 'password');
    if (username === null || password === null) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.invalidParameters);
    if (!username || !password) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.missingCredentials);

    // The account is looked up, the client classified and the attempt counted before the password, with the
    // same queries for a known and an unknown e-mail; a wrong password keeps its count (sign-in-guard.ts).
    const user = await accounts.findByEmail(username);
    const deviceToken = deviceCookieFrom(request.headers.cookie);
    const client = await guard.classify(user?.id ?? null, username, request.ip, deviceToken);
    const verdict = await guard.reserve(client, request.ip);
    if ('refuseForSeconds' in verdict) {
      reply.header('Retry-After', String(Math.ceil(verdict.refuseForSeconds)));
      return oauthError(reply, 429, 'invalid_request', AUTH_MESSAGES.tooManyAttempts);
    }
    let matches: boolean;
    try {
      if (verdict.delayMs > 0) await (deps.sleep ?? sleep)(verdict.delayMs);
      // In the hashing queue (password-work.ts): refused at once when it is full.
      matches = await (deps.passwordWork ?? passwordWork).run(async () =>
        verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash())),
      );
    } catch (error) {
      // The password was not checked: the attempt is no failure.
      await guard.release(client, request.ip).catch(() => {});
      if (!(error instanceof PasswordWorkBusy)) throw error;
      reply.header('Retry-After', String(error.retryAfterSeconds));
      return oauthError(reply, 429, 'invalid_request', PASSWORD_WORK_BUSY_MESSAGE);
    }
    if (!user || !matches) return oauthError(reply, 400, 'invalid_grant', AUTH_MESSAGES.invalidCredentials);
    const purpose = await twoFactor.signInRequirement(user.id, user.type);
    if (purpose) {
      // The password was no failure, but the sign-in is not over: its reservation goes back, nothing is reset or
      // trusted until the second factor (mfaGrant) succeeds.
      await guard.release(client, request.ip);
      return mfaRequired(reply, user.id, purpose);
    }
    const device = await guard.succeeded(client, user.id, request.ip, deviceToken);
    const secure = request.protocol === 'https' || deps.config.publicUrl.startsWith('https:');
    reply.header('Set-Cookie', deviceCookieHeader(device, secure));
    return reply.code(200).send(tokenResponse(await tokens.issueTokens(user.id)));
  }

  /**
   * The second step: the mfa_token of a right password and a code (or a recovery code). The attempt goes through
   * the same guard as a password (known browsers, the account's and the address's counters, the delays): a wrong
   * code keeps its count like a wrong password. The mfa_token lives 5 minutes, takes 5 wrong codes at most and is
   * spent by its success. For an enrolment at sign-in ('enrol'), the code confirms the secret /auth/mfa/associate
   * created, and the answer carries the ten recovery codes.
   */
  async function mfaGrant(request: FastifyRequest, reply: FastifyReply, params: Params, kind: 'otp' | 'recovery_code') {
    const mfaToken = stringParam(params, 'mfa_token');
    const code = stringParam(params, kind);
    if (mfaToken === null || code === null) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.invalidParameters);
    if (!mfaToken || !code) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.missingMfa);
    const pending = await twoFactor.readMfaToken(mfaToken);
    if (!pending) return oauthError(reply, 400, 'invalid_grant', AUTH_MESSAGES.invalidMfaToken);
    const deviceToken = deviceCookieFrom(request.headers.cookie);
    const client = await guard.classify(pending.userId, pending.email, request.ip, deviceToken);
    const verdict = await guard.reserve(client, request.ip);
    if ('refuseForSeconds' in verdict) {
      reply.header('Retry-After', String(Math.ceil(verdict.refuseForSeconds)));
      return oauthError(reply, 429, 'invalid_request', AUTH_MESSAGES.tooManyAttempts);
    }
    let recoveryCodes: string[] | null = null;
    let accepted: boolean;
    try {
      if (verdict.delayMs > 0) await (deps.sleep ?? sleep)(verdict.delayMs);
      if (pending.purpose === 'enrol') {
        recoveryCodes = kind === 'otp' ? await twoFactor.confirmAtSignIn(pending.userId, code) : null;
        accepted = recoveryCodes !== null;
      } else {
        const factor: SecondFactor = kind === 'otp' ? { otp: code } : { recoveryCode: code };
        accepted = await twoFactor.verify(pending.userId, factor);
      }
    } catch (error) {
      await guard.release(client, request.ip).catch(() => {});
      throw error;
    }
    if (!accepted) {
      await twoFactor.mfaTokenFailed(mfaToken);
      return oauthError(reply, 400, 'invalid_grant', AUTH_MESSAGES.wrongSecondFactor);
    }
    if (!(await twoFactor.spendMfaToken(mfaToken))) {
      await guard.release(client, request.ip);
      return oauthError(reply, 400, 'invalid_grant', AUTH_MESSAGES.invalidMfaToken);
    }
    const device = await guard.succeeded(client, pending.userId, request.ip, deviceToken);
    const secure = request.protocol === 'https' || deps.config.publicUrl.startsWith('https:');
    reply.header('Set-Cookie', deviceCookieHeader(device, secure));
    const body = tokenResponse(await tokens.issueTokens(pending.userId));
    return reply.code(200).send(recoveryCodes ? { ...body, recovery_codes: recoveryCodes } : body);
  }

  async function refreshGrant(reply: FastifyReply, params: Params) {
    const refreshToken = stringParam(params, 'refresh_token');
    if (refreshToken === null) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.invalidParameters);
    if (!refreshToken) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.missingRefreshToken);
    const pair = await tokens.refresh(refreshToken);
    if (!pair) {
      // A secretary the medic removed (item 33.19): her tokens were revoked then; the app tells her why.
      const owner = await tokens.refreshTokenOwner(refreshToken);
      if (owner !== null && (await isUnlinkedSecretary(deps.db, owner))) {
        return reply.code(400).send({ error: 'invalid_grant', error_description: AUTH_MESSAGES.unlinked, reason: 'unlinked' });
      }
      return oauthError(reply, 400, 'invalid_grant', AUTH_MESSAGES.invalidRefresh);
    }
    return reply.code(200).send(tokenResponse(pair));
  }

  app.post('/auth/token', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    const params = paramsOf(request.body);
    if (usesTwoClientMethods(request, params)) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.twoClientMethods);
    if (!clientIsValid(request, params)) return invalidClient(request, reply);
    const grantType = stringParam(params, 'grant_type');
    if (grantType === null) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.invalidParameters);
    if (!grantType) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.missingGrantType);
    // Any well-formed scope is answered with OAUTH_SCOPE (tokenResponse); only its syntax is checked.
    const scope = stringParam(params, 'scope');
    if (scope === null) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.invalidParameters);
    if (scope !== undefined && !SCOPE_SYNTAX.test(scope)) return oauthError(reply, 400, 'invalid_scope', AUTH_MESSAGES.invalidScope);
    if (grantType === 'password') return passwordGrant(request, reply, params);
    if (grantType === 'refresh_token') return refreshGrant(reply, params);
    if (grantType === MFA_OTP_GRANT) return mfaGrant(request, reply, params, 'otp');
    if (grantType === MFA_RECOVERY_CODE_GRANT) return mfaGrant(request, reply, params, 'recovery_code');
    return oauthError(reply, 400, 'unsupported_grant_type', AUTH_MESSAGES.unsupportedGrant);
  });

  /** RFC 7009: revoking either token of a sign-in revokes its family; unknown tokens still get 200. */
  app.post('/auth/revoke', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    const params = paramsOf(request.body);
    if (usesTwoClientMethods(request, params)) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.twoClientMethods);
    if (!clientIsValid(request, params)) return invalidClient(request, reply);
    const token = stringParam(params, 'token');
    if (token === null) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.invalidParameters);
    if (!token) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.missingToken);
    await tokens.revoke(token);
    // An empty JSON object, not an empty body: off-the-shelf clients (simple-oauth2's revokeAll) parse the answer.
    return reply.code(200).send({});
  });

  /**
   * Enrolment at sign-in (Auth0's /mfa/associate): a secretary whose medic requires two-factor sign-in and who has
   * none gets an mfa_token of purpose 'enrol' from the password grant; with it, this starts her enrolment (the
   * secret, its otpauth URI and QR code), which the mfa-otp grant then confirms.
   */
  app.post('/auth/mfa/associate', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    const params = paramsOf(request.body);
    if (usesTwoClientMethods(request, params)) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.twoClientMethods);
    if (!clientIsValid(request, params)) return invalidClient(request, reply);
    const mfaToken = stringParam(params, 'mfa_token');
    if (mfaToken === null) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.invalidParameters);
    if (!mfaToken) return oauthError(reply, 400, 'invalid_request', AUTH_MESSAGES.missingMfa);
    const pending = await twoFactor.readMfaToken(mfaToken);
    if (!pending || pending.purpose !== 'enrol') return oauthError(reply, 400, 'invalid_grant', AUTH_MESSAGES.invalidMfaToken);
    return reply.code(200).send(await twoFactor.begin(pending.userId));
  });

  /** RFC 8414 metadata, so a standard OAuth client can find the endpoints and what they accept. */
  app.get('/.well-known/oauth-authorization-server', async (_request, reply) => {
    const issuer = deps.config.publicUrl;
    reply.header('Cache-Control', 'public, max-age=3600');
    return authorizationServerMetadata(issuer);
  });
}
