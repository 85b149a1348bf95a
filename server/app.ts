import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { createAllowedMethods, type AllowedMethods } from './http/allowed-methods';
import { registerJsonCompression } from './http/compression';
import { CONTROL_CHARACTER_MESSAGE, controlCharactersError, findControlCharacters } from './http/control-characters';
import { describeError } from './http/describe-error';
import { HttpError, payloadTooLarge } from './http/errors';
import auditedReadsPlugin from './plugins/audited-reads';
import authenticatePlugin from './plugins/authenticate';
import deviceActivityPlugin from './plugins/device-activity';
import accountSecurityRoutes from './routes/account-security';
import { createAuditLog, type AuditLog } from './services/audit/audit-log';
import { RateLimiterUnavailable } from './services/rate-limit/rate-limiter';
import auditRoutes from './routes/surgery/audit';
import backupRoutes from './routes/backup';
import authRoutes from './routes/auth';
import docsRoutes from './routes/docs';
import healthRoutes from './routes/health';
import projectAuthRoutes from './routes/project-auth';
import twoFactorRoutes from './routes/two-factor';
import calendarFeedRoutes from './routes/calendar-feed';
import digestRoutes from './routes/digest';
import lookupRoutes from './routes/surgery/lookups';
import patientRoutes from './routes/surgery/patients';
import lifecycleRoutes from './routes/surgery/lifecycle';
import surgeryRoutes from './routes/surgery/surgeries';
import surgeryFileRoutes from './routes/surgery/surgery-files';
import dashboardRoutes from './routes/surgery/dashboard';
import authorizationRoutes from './routes/surgery/authorizations';
import checklistRoutes from './routes/surgery/checklists';
import officeTemplateRoutes from './routes/surgery/office-templates';
import clockRoutes from './routes/surgery/clocks';
import patientMessageRoutes from './routes/surgery/patient-messages';
import historyRoutes from './routes/surgery/history';
import opmeRoutes from './routes/surgery/opme';
import receivableRoutes from './routes/surgery/receivables';
import incomeReportRoutes from './routes/surgery/income-report';
import exportRoutes from './routes/surgery/exports';
import ledgerRoutes from './routes/surgery/ledger';
import billingRoutes from './routes/surgery/billing';
import tissRoutes from './routes/surgery/tiss';

/**
 * The HTTP application: security headers, body parsers, the error handler, the API routes and the
 * built SPA, without listening (main.ts listens; tests use `inject`).
 *
 * Paths are exactly the contract's (openapi/openapi.yaml, SPEC §7): `/project_auth/profile/` with its
 * trailing slash, `/auth/token` without. The other spelling is not an alias (it answers the JSON 404):
 * the SPA's client is generated from the contract, and one spelling per resource keeps caches, logs
 * and the contract tests exact. SPA routes work with and without a trailing slash (the history
 * fallback serves index.html for both).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail's read recorder (services/audit/audit-log.ts); changes are recorded in their transactions. */
    audit: AuditLog;
  }
}

/** Paths the API owns: never answered with index.html. */
const API_PREFIXES = ['/.well-known', '/auth/token', '/auth/revoke', '/auth/mfa/associate', '/project_auth', '/surgery', '/openapi.json', '/docs', '/health'];
const OAUTH_PATHS = new Set(['/auth/token', '/auth/revoke', '/auth/mfa/associate']);

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  // The installable app (docs/OFFLINE.md): its service worker (/sw.js) and manifest come from this origin only.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const MESSAGES = {
  invalidData: 'Dados inválidos.',
  notFound: 'Recurso não encontrado.',
  internal: 'Ocorreu um erro interno!',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  badRequest: 'Requisição inválida.',
  methodNotAllowed: 'Método não permitido.',
} as const;

/** Upload limits (DECISIONS §7): no file above 10 MB, at most 10 files per request. */
const UPLOAD_LIMITS = { fileSize: 10 * 1024 * 1024, files: 10 } as const;

type BuildAppOptions = {
  logger?: FastifyServerOptions['logger'] | boolean;
  /** Called for every route as it is registered (the route-coverage test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
};

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The route pattern (`/surgery/api/v1/patient/:id/`) or, unrouted, the path: never the query (names). */
function loggedUrl(request: FastifyRequest): string {
  return request.routeOptions?.url ?? pathOf(request.url);
}

/**
 * Where the log lines go: stdout through pino's own destination (the pino Fastify depends on), in batches of 4 kB or
 * every quarter second, whichever comes first. Pino's default writes each line with its own write(2) (issue 15: the
 * request line's write was ~17 % of a GET by id's Node CPU profile); batched, a busy server makes one write per ~20
 * lines. Pino flushes the batch synchronously when the process exits (signal, process.exit, a crash), so only a
 * SIGKILL can lose up to a quarter second of lines. One destination per process.
 */
let stdoutDestination: { write(line: string): unknown } | null = null;
function logDestination(): { write(line: string): unknown } {
  if (!stdoutDestination) {
    const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
    const pino = requireFromFastify('pino') as { destination(options: object): { write(line: string): unknown } };
    stdoutDestination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
  }
  return stdoutDestination;
}

/**
 * Logger options for main.ts: JSON lines (no pretty printer), the level from LOG_LEVEL, requests
 * logged as method + route pattern (or path without its query string) + status + time. Headers,
 * cookies and bodies are never logged (redacted should anything pass them on).
 */
export function createLoggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    stream: logDestination(),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body',
        'res.headers["set-cookie"]',
        'body',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[oculto]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: loggedUrl(request) }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * One log line per request, when it completes: method, route pattern or bare path, status and time
 * (the serializers above). Load-balancer health checks log at debug only.
 */
class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const details = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) request.log.error({ ...details, error: describeError(error) }, 'request errored');
    else if (pathOf(request.url) === '/health') request.log.debug(details, 'request completed');
    else request.log.info(details, 'request completed');
  }

  override routeNotFound(): void {}

  /** A streamed answer (a CSV export) that failed after its first bytes: logged like any error, without data. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.info({ req: request, res: reply }, 'stream closed early');
    else request.log.error({ req: request, res: reply, error: describeError(error) }, 'stream errored');
  }
}

function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  const path = pathOf(request.url);
  if (OAUTH_PATHS.has(path) && status < 500) {
    // The OAuth endpoints answer in the RFC 6749 shape (DECISIONS §3).
    return reply.code(status).send({ error: 'invalid_request', error_description: message });
  }
  return reply.code(status).send({ error: [message] });
}

function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RateLimiterUnavailable && error.firstOfOutage) {
    // Once per outage (the limiter marks the first refusal since its store last answered), without the request's data.
    request.log.error({ reason: describeError(error.reason) }, 'rate limiter store unavailable');
  }
  if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
  const status = error.statusCode ?? 500;
  // Schema validation, malformed or empty JSON, and every other 400 from Fastify's parsers.
  if (error.validation || status === 400) return sendError(request, reply, 400, MESSAGES.invalidData);
  if (status === 413) {
    if (OAUTH_PATHS.has(pathOf(request.url))) return sendError(request, reply, 413, MESSAGES.invalidData);
    return reply.code(413).send(payloadTooLarge().body);
  }
  if (status === 415) return sendError(request, reply, 415, MESSAGES.unsupportedMediaType);
  if (status === 404) return sendError(request, reply, 404, MESSAGES.notFound);
  if (status > 400 && status < 500) return sendError(request, reply, status, MESSAGES.badRequest);
  request.log.error({ error: describeError(error) }, 'unhandled error');
  return reply.code(500).send({ error: [MESSAGES.internal] });
}

/** The history fallback: a browser navigating to an SPA route (no extension, wants HTML) gets index.html. */
function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request.url);
  if (isApiPath(path)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (extname(lastSegment) !== '') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/**
 * The request path's hooks are callback-style where they need not wait (here, the control-character guard, the
 * compression hook, authenticate's): an async hook costs every request a promise and its microtask turns in Fastify's
 * hook runner (issue 15).
 */
function registerHeaders(app: FastifyInstance) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    // Static files set their own caching (setHeaders below); everything else is never stored.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * Refuses control characters (a NUL above all: PostgreSQL cannot store it) in the query string and in a parsed
 * JSON or form body, before any handler runs (issue 11, item 14); multipart text parts are checked where they
 * are read. The OAuth endpoints answer in their RFC 6749 shape.
 */
function registerControlCharacterGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, reply, done) => {
    const inQuery = findControlCharacters(request.query, { multiLine: false });
    const field = inQuery ?? findControlCharacters(request.body);
    if (field === null) return done();
    if (OAUTH_PATHS.has(pathOf(request.url))) {
      reply.code(400).send({ error: 'invalid_request', error_description: CONTROL_CHARACTER_MESSAGE });
      return;
    }
    done(controlCharactersError(field));
  });
}

function registerFormParser(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const parsed: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(body as string)) {
      const previous = parsed[key];
      // A repeated key becomes a list, so handlers can refuse it (RFC 6749 §3.1: no repeated parameters).
      parsed[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    done(null, parsed);
  });
}

async function registerSpa(app: FastifyInstance, distDir: string, allowedMethods: AllowedMethods) {
  const hasDist = existsSync(join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      // wildcard (default): files built after start are served too (STACK gotcha 10).
      cacheControl: false,
      // The build writes .br and .gz beside each file (scripts/precompress.ts): sent by Accept-Encoding, with
      // Content-Encoding and Vary: Accept-Encoding; the plain file when neither is accepted or made.
      preCompressed: true,
      // Everything but the hashed assets is revalidated on each use: index.html, and the service worker (sw.js) and the
      // web app manifest, whose new versions must reach the browser with the next build (docs/OFFLINE.md).
      setHeaders: (reply: FastifyReply, path: string) => {
        const hashedAsset = path.startsWith(join(distDir, 'assets'));
        reply.header('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // An API path served with other methods: 405 with the methods it takes (RFC 9110 §15.5.6), not 404.
    const path = pathOf(request.url);
    const allowed = isApiPath(path) ? allowedMethods.allowed(path) : null;
    if (allowed) {
      reply.header('allow', allowed.join(', '));
      return sendError(request, reply, 405, MESSAGES.methodNotAllowed);
    }
    if (hasDist && wantsSpa(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ error: [MESSAGES.notFound] });
  });
}

function noSchemaCompiler(): () => never {
  return () => {
    throw new Error('JSON schemas are not compiled here: validate with arktype (server/http/validation.ts)');
  };
}

/**
 * Builds the Fastify application for `deps`. Registration order: security headers and caching,
 * parsers (JSON built in, form, multipart), the error handler (before any route), the audit trail and its declared
 * reads, health, the authenticate plugin, the API routes, then the SPA (static files and the history fallback).
 */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new RequestLogController(),
    // Keep the default 1 MiB JSON limit; uploads go through multipart with their own limits.
    bodyLimit: 1024 * 1024,
    // Behind a load balancer, request.ip (the per-address sign-in limit) must be the client's.
    trustProxy: deps.config.trustProxy,
    // Requests are checked with arktype (http/validation.ts) and no route declares a JSON schema, so Fastify's default
    // compilers (ajv, fast-json-stringify) would only be loaded, never used: these stand-ins keep them out of the boot.
    // A route that declared a schema would fail at startup, here.
    schemaController: { compilersFactory: { buildValidator: noSchemaCompiler, buildSerializer: noSchemaCompiler } },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const allowedMethods = createAllowedMethods();
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url)) allowedMethods.record(route);
  });

  registerHeaders(app);
  registerJsonCompression(app);
  registerFormParser(app);
  registerControlCharacterGuard(app);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  app.setErrorHandler(errorHandler);

  const audit = createAuditLog({ db: deps.db, now: deps.now, log: (message) => app.log.error(message) });
  app.decorate('audit', audit);
  app.addHook('onClose', async () => audit.close());
  await app.register(auditedReadsPlugin);

  await app.register(healthRoutes, { deps });
  await app.register(authenticatePlugin, { deps });
  await app.register(deviceActivityPlugin, { deps });
  await app.register(authRoutes, { deps });
  await app.register(projectAuthRoutes, { deps });
  await app.register(accountSecurityRoutes, { deps });
  await app.register(twoFactorRoutes, { deps });
  await app.register(calendarFeedRoutes, { deps });
  await app.register(digestRoutes, { deps });
  await app.register(lookupRoutes, { deps });
  await app.register(patientRoutes, { deps });
  await app.register(surgeryRoutes, { deps });
  await app.register(lifecycleRoutes, { deps });
  await app.register(surgeryFileRoutes, { deps });
  await app.register(dashboardRoutes, { deps });
  await app.register(authorizationRoutes, { deps });
  await app.register(checklistRoutes, { deps });
  await app.register(officeTemplateRoutes, { deps });
  await app.register(clockRoutes, { deps });
  await app.register(patientMessageRoutes, { deps });
  await app.register(historyRoutes, { deps });
  await app.register(opmeRoutes, { deps });
  await app.register(receivableRoutes, { deps });
  await app.register(incomeReportRoutes, { deps });
  await app.register(exportRoutes, { deps });
  await app.register(ledgerRoutes, { deps });
  await app.register(billingRoutes, { deps });
  await app.register(tissRoutes, { deps });
  await app.register(auditRoutes, { deps });
  await app.register(backupRoutes, { deps });
  await app.register(docsRoutes);

  await registerSpa(app, deps.config.distDir, allowedMethods);
  return app;
}
