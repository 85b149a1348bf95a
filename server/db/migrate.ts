import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { projectPath } from '../project-root';
import type { DatabaseHandle } from './client';

const MIGRATIONS_FOLDER = projectPath('server', 'db', 'migrations');

/** Applies every pending drizzle-kit migration (idempotent). Call inside `withStartupLock`. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    // Loaded only on PostgreSQL: an embedded start never needs the pg driver (issue 15, boot time).
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
