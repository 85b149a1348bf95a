import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { projectPath } from '../project-root';
import type { Database, DatabaseHandle } from './client';
import { sqlDefinitions } from './schema/index';

const MIGRATIONS_FOLDER = projectPath('server', 'db', 'migrations');
const FUNCTIONS_FOLDER = projectPath('server', 'db', 'functions');

/**
 * The SQL definition files of server/db/functions, in the order they are applied (the figures call the stage
 * functions; audit-counts.sql rebuilds its own counts as its last statement).
 */
const DEFINITION_FILES = ['stages.sql', 'dashboard-figures.sql', 'audit-counts.sql'] as const;

/** A SQL definition file: its name in server/db/functions and its text. */
export type SqlDefinition = { file: string; text: string };

/** Where a start-up's maintenance is told (before the app's logger exists: stdout). */
type MaintenanceLog = (details: Record<string, unknown>, message: string) => void;

/** A JSON line on stdout at the info level, as the app's logger writes one (serve.ts's deferred logger does the same). */
const logToStdout: MaintenanceLog = (details, message) =>
  console.log(JSON.stringify({ level: 30, time: Date.now(), ...details, msg: message }));

/**
 * Applies every pending drizzle-kit migration (idempotent), then the SQL definition files that changed
 * (applySqlDefinitions). Call inside `withStartupLock`.
 */
export async function runMigrations(handle: DatabaseHandle, { log = logToStdout }: { log?: MaintenanceLog } = {}): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    // Loaded only on PostgreSQL: an embedded start never needs the pg driver (issue 15, boot time).
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  await applySqlDefinitions(handle.db, { log });
}

/** The SQL definition files as they are in server/db/functions, in their order. */
export function readSqlDefinitions(): SqlDefinition[] {
  return DEFINITION_FILES.map((file) => ({ file, text: readFileSync(`${FUNCTIONS_FOLDER}/${file}`, 'utf8') }));
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Applies, in their order, the SQL definition files whose hash differs from the one recorded in `sql_definitions`
 * (all of them on a new database), then rebuilds the dashboard's figures once (the stage sets and the figures'
 * definitions decide every summary row) and records the new hashes: all in one transaction, so a start interrupted
 * midway leaves the previous definitions, figures and hashes, and the next start does it again. Nothing changed:
 * nothing is done. Returns the files applied. Call after the migrations, inside `withStartupLock`.
 */
export async function applySqlDefinitions(
  db: Database,
  { log = logToStdout, definitions = readSqlDefinitions() }: { log?: MaintenanceLog; definitions?: SqlDefinition[] } = {},
): Promise<string[]> {
  const applied = new Map((await db.select().from(sqlDefinitions)).map((row) => [row.file, row.hash]));
  const changed = definitions.map((definition) => ({ ...definition, hash: hashOf(definition.text) }))
    .filter((definition) => applied.get(definition.file) !== definition.hash);
  if (changed.length === 0) return [];
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (const { text } of changed) {
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim() !== '') await tx.execute(sql.raw(statement));
      }
    }
    await tx.execute(sql`select dashboard_rebuild_figures()`);
    for (const { file, hash } of changed) {
      await tx
        .insert(sqlDefinitions)
        .values({ file, hash })
        .onConflictDoUpdate({ target: sqlDefinitions.file, set: { hash, appliedAt: sql`now()` } });
    }
  });
  const files = changed.map(({ file }) => file);
  log({ files, ms: Math.round(performance.now() - started) }, 'definições SQL do banco atualizadas e números do painel recalculados');
  return files;
}
