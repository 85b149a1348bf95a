/**
 * The API tests' application: a fresh database per call (in-memory PGlite, or a new database on the
 * PostgreSQL server of DATABASE_URL), migrated and seeded with a small lookup set (copied from the run's
 * templates, tests/helpers/database-templates.ts), the real Fastify app
 * over it, a recording mailer, an adjustable clock, and a contract check: every response the tests
 * receive is recorded and, on close(), validated against openapi/openapi.yaml (any violation fails).
 *
 *   const t = await buildTestApp();
 *   const res = await t.app.inject({ method: 'GET', url: '/health' });
 *   await t.close(); // throws when a recorded response broke the contract
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp, isApiPath } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openPostgres, pgliteHandle, type Database, type DatabaseHandle } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { seedLookups } from '../../server/db/seed';
import type { AppDeps } from '../../server/deps';
import { createMailer } from '../../server/services/mail/create-mailer';
import type { Mailer, MailMessage } from '../../server/services/mail/mailer';
import { createPostgresRateLimiter } from '../../server/services/rate-limit/postgres-rate-limiter';
import type { RateLimiter } from '../../server/services/rate-limit/rate-limiter';
import { createDiskStorage } from '../../server/services/storage/disk-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { validateResponse } from './contract';
import { adminStatement, databaseUrlNamed } from './database-templates';
import { captureLoggerOptions, passwordsOf, recordSuiteSecrets } from './suite-log';

export type RecordedResponse = {
  method: string;
  url: string;
  statusCode: number;
  contentType: string | undefined;
  /** The body as text; null for streams (static files). */
  body: string | null;
};

export type TestClock = { now: Date; advance(ms: number): void };

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  handle: DatabaseHandle;
  /** Every message the app sent, in order (the recording mailer only; empty with `mailer: 'configured'`). */
  mail: MailMessage[];
  clock: TestClock;
  responses: RecordedResponse[];
  /** Leaves matching responses out of the contract check (e.g. a deliberate request to an unknown path). */
  skipContract(predicate: (response: RecordedResponse) => boolean): void;
  /** Closes the app and drops the database; throws listing every contract violation recorded. */
  close(): Promise<void>;
};

export type BuildTestAppOptions = {
  /** true/'small' (default): the 55 specialties, ~12 plans, the hospitals, ~50 CIDs, ~50 procedures; 'full': everything; false: none. */
  seedLookups?: boolean | 'small' | 'full';
  /** Overrides of the configuration (e.g. `distDir` for a built-SPA fixture). */
  config?: Partial<Config>;
  /** Forwarded to buildApp (route listing). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * 'recording' (default): messages are kept in `mail`, nothing leaves. 'configured': the server's own
   * mailer, as main.ts builds it (SMTP when `config.smtpUrl` is set, else the outbox under DATA_DIR).
   */
  mailer?: 'recording' | 'configured';
  /**
   * The file store (default: the disk store under the test's data directory). A factory, since the PostgreSQL store
   * needs the test's database: `storage: ({ db }) => createPostgresStorage(db)`.
   */
  storage?: (context: { db: Database; dataDir: string }) => FileStorage;
  /**
   * The rate-limit counters (default: PostgreSQL's, in the test's database). A factory, like `storage`:
   * `rateLimiter: () => createRedisRateLimiter(url, { prefix })`; closed with the app when it has `close`.
   */
  rateLimiter?: (context: { db: Database; now: () => Date }) => RateLimiter & { close?(): Promise<void> };
};

/** A new database named cirurgias_test_<random> on the server of `url`, copied from `template`; dropped again by `drop()`. */
async function createPostgresDatabase(url: string, template: string | null) {
  const name = `cirurgias_test_${randomBytes(6).toString('hex')}`;
  await adminStatement(url, template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  const handle = await openPostgres(databaseUrlNamed(url, name), { poolMax: 5 });
  return {
    handle,
    drop: async () => {
      await handle.close().catch(() => {});
      await adminStatement(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** An in-memory PGlite, loaded from the template's dump when there is one (much faster than initdb). */
async function createPgliteDatabase(templateDump: string | null) {
  const client = templateDump ? await PGlite.create({ loadDataDir: new Blob([await readFile(templateDump)]) }) : await PGlite.create();
  const handle = pgliteHandle(client);
  return { handle, drop: () => handle.close() };
}

/** The run's template for `set` (see database-templates.ts), or null for a set without one. */
function templateFor(set: BuildTestAppOptions['seedLookups']): string | null {
  const templates = inject('databaseTemplates');
  if (!templates || set === 'full') return null;
  return set === false ? templates.none : templates.small;
}

function recordingMailer(mail: MailMessage[]): Mailer {
  return {
    async send(message) {
      mail.push({ ...message });
    },
  };
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const tempDir = await mkdtemp(join(tmpdir(), 'cirurgias-test-'));
  const databaseUrl = process.env.DATABASE_URL || null;
  const template = templateFor(options.seedLookups);
  const database = databaseUrl ? await createPostgresDatabase(databaseUrl, template) : await createPgliteDatabase(template);
  const { handle } = database;

  try {
    if (!template) {
      await runMigrations(handle);
      if (options.seedLookups !== false) {
        await seedLookups(handle.db, { set: options.seedLookups === 'full' ? 'full' : 'small' });
      }
    }
  } catch (error) {
    await database.drop().catch(() => {});
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }

  const config: Config = {
    ...loadConfig({ DATA_DIR: tempDir, DIST_DIR: join(tempDir, 'dist'), SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
    databaseUrl,
    ...options.config,
  };
  const clock: TestClock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const now = () => clock.now;
  const mail: MailMessage[] = [];
  const mailer: Mailer & { close?(): void } =
    options.mailer === 'configured' ? createMailer(config, { info: () => {} }) : recordingMailer(mail);
  const rateLimiter: RateLimiter & { close?(): Promise<void> } = options.rateLimiter ? options.rateLimiter({ db: handle.db, now }) : createPostgresRateLimiter(handle.db, now);
  const deps: AppDeps = {
    config,
    db: handle.db,
    storage: options.storage ? options.storage({ db: handle.db, dataDir: tempDir }) : createDiskStorage(join(tempDir, 'files')),
    mailer,
    rateLimiter,
    now,
  };

  // The production logger options at the production level, into the run's capture folder: the run's teardown
  // fails when any line holds personal data or a secret (log-capture.ts). Absent outside the api project.
  const logCaptureDir = inject('logCaptureDir');
  const app = await buildApp(deps, {
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(logCaptureDir ? { logger: captureLoggerOptions(logCaptureDir) } : {}),
  });
  const responses: RecordedResponse[] = [];
  const passwords = new Set<string>();
  app.addHook('preValidation', async (request) => {
    passwordsOf(request.body, passwords);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const contentType = reply.getHeader('content-type');
    responses.push({
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      contentType: contentType === undefined ? undefined : String(contentType),
      body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null,
    });
    return payload;
  });
  await app.ready();

  const skips: Array<(response: RecordedResponse) => boolean> = [];
  let closed = false;
  return {
    app,
    deps,
    handle,
    mail,
    clock,
    responses,
    skipContract(predicate) {
      skips.push(predicate);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await app.close();
        mailer.close?.();
        await rateLimiter.close?.();
        if (logCaptureDir) {
          await recordSuiteSecrets(logCaptureDir, { db: handle.db, passwords, bodies: responses.map((r) => r.body), mail });
        }
      } finally {
        await database.drop();
        await rm(tempDir, { recursive: true, force: true });
      }
      const violations = responses
        .filter((response) => isApiPath(response.url.split('?')[0] ?? ''))
        .filter((response) => !response.url.startsWith('/openapi.json') && !response.url.startsWith('/docs'))
        .filter((response) => !skips.some((skip) => skip(response)))
        .flatMap((response) => validateResponse(response));
      if (violations.length > 0) {
        throw new Error(`Respostas fora do contrato (openapi/openapi.yaml):\n- ${violations.join('\n- ')}`);
      }
    },
  };
}
