import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './_helpers';

/**
 * The SQL definition files applied after the migrations (server/db/functions: the stage functions, the dashboard's
 * functions and triggers) and the hash of the version applied: server/db/migrate.ts applies a file again, and rebuilds
 * the dashboard's figures, only when its hash changed. Written at start-up only, under the startup lock.
 */
export const sqlDefinitions = pgTable('sql_definitions', {
  /** The file's name in server/db/functions (`stages.sql`). */
  file: text('file').primaryKey(),
  /** SHA-256 of the file's text, hex. */
  hash: text('hash').notNull(),
  appliedAt: timestamptz('applied_at').notNull().defaultNow(),
});
