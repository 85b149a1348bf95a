/**
 * The server (server/main.ts loads it): configuration → database (embedded PGlite under DATA_DIR, or PostgreSQL
 * when DATABASE_URL is set) → services → Fastify app → listen. SIGTERM/SIGINT stop accepting
 * connections, finish the requests in flight, close the database (PGlite flushes) and release the
 * data-directory lock, then exit 0; a second signal forces the exit.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, createLoggerOptions } from './app';
import { loadConfig, type Config } from './config';
import type { AppDeps } from './deps';
import type { DatabaseHandle } from './db/client';
import { openEmbeddedDatabase } from './db/embedded';
import { DataDirLockedError } from './db/lock';
import { createTableUpkeep, type TableUpkeep } from './db/table-upkeep';
import { describeError } from './http/describe-error';
import { loadSchemas } from './http/schemas';
import { needsSeed, seedAll } from './db/seed';
import { openMigratedPostgres, type StartRoles } from './db/serving-role';
import { createMailer } from './services/mail/create-mailer';
import type { MailLogger } from './services/mail/outbox-mailer';
import { createRateLimiter } from './services/rate-limit/create-rate-limiter';
import { createFileStorage } from './services/storage/create-storage';
import { sweepOrphanFiles, ORPHAN_GRACE_MS } from './services/storage/orphan-sweep';
import { startOrphanSweeper } from './services/storage/file-removal';
import { createBackupService, ensureBackupStatus, type BackupService } from './services/backup/backup-service';
import { openBackupChannel } from './services/backup/local-channel';
import { startBackupSchedule } from './services/backup/schedule';
import { createDigestService } from './services/digest/digest-service';
import { startDigestSchedule } from './services/digest/schedule';

/** Until the app's logger exists, mail logs go to stdout as JSON lines too. */
function createDeferredLogger(): MailLogger & { target: MailLogger | null } {
  return {
    target: null,
    info(details, message) {
      if (this.target) this.target.info(details, message);
      else console.log(JSON.stringify({ level: 30, time: Date.now(), ...details, msg: message }));
    },
  };
}

async function openDatabase(config: Config): Promise<{ handle: DatabaseHandle; demoSeeded: boolean; roles: StartRoles }> {
  const now = new Date();
  const seed = async (handle: DatabaseHandle) => (await seedAll(handle, { seedDemo: config.seedDemo, now })).seeded;
  if (config.databaseUrl) {
    // Several instances may start at once: one migrates and seeds, the others wait and find it done. With
    // DATABASE_MIGRATION_URL, that work is the owner's and the server serves as DATABASE_URL's role (serving-role.ts).
    const { handle, prepared, roles } = await openMigratedPostgres(
      { databaseUrl: config.databaseUrl, migrationDatabaseUrl: config.migrationDatabaseUrl, poolMax: config.databasePoolMax },
      async (owner) => ((await needsSeed(owner.db, config.seedDemo)) ? seed(owner) : false),
    );
    return { handle, demoSeeded: prepared, roles };
  }
  let demoSeeded = false;
  const handle = await openEmbeddedDatabase(config.dataDir, {
    onFirstInit: async (staging) => {
      demoSeeded = await seed(staging);
    },
  });
  try {
    if (!handle.firstInit && (await needsSeed(handle.db, config.seedDemo))) demoSeeded = await seed(handle);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return { handle, demoSeeded, roles: null };
}

function printableAddress(app: FastifyInstance, host: string): string {
  const address = app.server.address() as AddressInfo | null;
  const port = address?.port ?? 0;
  const shownHost = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();

  // A signal during start-up ends the process at once; the lock file goes with it (exit handler) and a
  // half-made first database is thrown away by the next start.
  const abortStartup = (signal: NodeJS.Signals) => {
    console.error(`Sinal ${signal} recebido durante a inicialização; encerrando.`);
    process.exit(1);
  };
  process.once('SIGTERM', abortStartup);
  process.once('SIGINT', abortStartup);

  const { handle, demoSeeded, roles } = await openDatabase(config);
  const mailLogger = createDeferredLogger();
  const storage = await createFileStorage(config, handle.db);
  // Files a crash left without their row (or rows that stopped naming them): the ones written before this start
  // (server mode: before the grace period) go, after the first answer (below). A file a request writes meanwhile is
  // newer than the cut-off, so the sweep leaves it.
  const orphanCutoff = new Date(Date.now() - (config.databaseUrl ? ORPHAN_GRACE_MS : 0));
  let orphanSweep: Promise<void> | null = null;
  let servicesClosing = false;
  const mailer = createMailer(config, mailLogger);
  const now = () => new Date();
  const rateLimiter = createRateLimiter(config, handle.db, now);
  const deps: AppDeps = { config, db: handle.db, storage, mailer, rateLimiter, now };
  // PGlite has no autovacuum: the tables whose data changed are vacuumed and analyzed after the first answer and every
  // 6 hours (table-upkeep.ts).
  let tableUpkeep: TableUpkeep | null = null;
  // Files whose delete failed after their rows went are swept while the server runs too (file-removal.ts).
  let sweeper: { stop(): Promise<void> } | null = null;
  // The embedded database's backups (docs/BACKUP.md): `npm run backup` through the local channel, and the daily one.
  let backups: { service: BackupService; channel: { close(): Promise<void> } | null; schedule: { stop(): Promise<void> } | null } | null =
    null;
  // The morning digest's rounds (docs/DIGEST.md): every instance runs them, each account's day is claimed once.
  let digests: { stop(): Promise<void> } | null = null;

  const closeServices = async () => {
    // A sweep under way finishes before the database closes; none starts after this.
    servicesClosing = true;
    await orphanSweep;
    await sweeper?.stop();
    await backups?.schedule?.stop();
    await digests?.stop();
    await backups?.channel?.close();
    await backups?.service.settled();
    await tableUpkeep?.stop();
    await rateLimiter.close?.();
    mailer.close?.();
    await handle.close();
  };

  let app: FastifyInstance;
  try {
    app = await buildApp(deps, { logger: createLoggerOptions(config) });
    mailLogger.target = app.log;
    sweeper = startOrphanSweeper({ db: handle.db, storage, log: app.log });
    await app.listen({ host: config.host, port: config.port });
    const log = app.log;
    const warn = (message: string) => log.warn(message);
    digests = startDigestSchedule({ service: createDigestService({ ...deps, audit: app.audit, log: warn }), log: warn });
    // The orphan sweep runs after the first answer (or a second after listening, if no request comes first):
    // a reopen answers without waiting for its queries and its walk of the files folder.
    const startSweep = () => {
      if (servicesClosing) return;
      orphanSweep ??= sweepOrphanFiles({ db: handle.db, storage, writtenBefore: orphanCutoff }).then(
        (removed) => {
          if (removed > 0) console.log(`Arquivos sem registro removidos na inicialização: ${removed}`);
        },
        (error: unknown) => log.error({ err: describeError(error) }, 'orphan file sweep failed'),
      );
    };
    // The request schemas (arktype's, ~0.3 s of CPU) load the same way: after the first answer, before the first
    // request that validates needs them (http/schemas.ts); that request would load them itself otherwise.
    let schemasLoading = false;
    const loadSchemasAfterStart = () => {
      if (servicesClosing || schemasLoading) return;
      schemasLoading = true;
      loadSchemas().catch((error: unknown) => log.error({ err: describeError(error) }, 'request schemas failed to load'));
    };
    const sweepTimer = setTimeout(() => {
      startSweep();
      loadSchemasAfterStart();
    }, 1_000);
    sweepTimer.unref();
    app.server.once('request', (_request, response) =>
      response.once('close', () => {
        clearTimeout(sweepTimer);
        startSweep();
        loadSchemasAfterStart();
      }),
    );
    if (!config.databaseUrl && handle.snapshot) {
      const snapshot = handle.snapshot.bind(handle);
      const service = createBackupService({
        snapshot,
        dataDir: config.dataDir,
        filesDir: config.s3 ? null : join(config.dataDir, 'files'),
        settings: config.backup,
        now,
        log: app.log,
      });
      backups = { service, channel: null, schedule: null };
      await ensureBackupStatus(config.dataDir, now());
      backups.channel = await openBackupChannel(config.dataDir, service).catch((error: unknown) => {
        log.error({ err: describeError(error) }, 'backup channel unavailable');
        return null;
      });
      if (config.backup.enabled) backups.schedule = startBackupSchedule({ service, time: config.backup.time, now });
    }
    if (handle.driver === 'pglite') {
      const upkeep = createTableUpkeep(handle.db, app.log);
      tableUpkeep = upkeep;
      app.server.once('request', (_request, response) => response.once('close', () => upkeep.start()));
    }
  } catch (error) {
    await closeServices().catch(() => {});
    throw error;
  }
  process.removeListener('SIGTERM', abortStartup);
  process.removeListener('SIGINT', abortStartup);

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`Segundo sinal (${signal}): encerramento forçado.`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'encerrando: aguardando as requisições em andamento');
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      code = 1;
      console.error('Erro ao fechar o servidor HTTP:', (error as Error).message);
    }
    try {
      await closeServices();
    } catch (error) {
      code = 1;
      console.error('Erro ao fechar o banco de dados:', (error as Error).message);
    }
    app.log.info('servidor encerrado');
    process.exit(code);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Cirurgias pronto em ${printableAddress(app, config.host)} (iniciado em ${seconds} s)`);
  if (!config.databaseUrl) console.log(`Dados em ${config.dataDir}`);
  if (roles) console.log(`Banco: migrações como ${roles.owner}; atendendo como ${roles.serving}`);
  if (demoSeeded) {
    console.log('Contas de demonstração: medico@demo.com.br e secretaria@demo.com.br, senha Demo@12345');
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(`Não foi possível iniciar: a porta já está em uso (${(error as Error).message}).`);
  } else {
    // Never a failed query's parameters (describeError): the seed writes names and CPFs.
    const { message, stack, ...rest } = describeError(error);
    console.error('Não foi possível iniciar o servidor:', message, JSON.stringify(rest));
    if (stack) console.error(stack);
  }
  process.exit(1);
});
