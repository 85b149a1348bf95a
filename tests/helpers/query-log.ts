/**
 * A second drizzle instance over a test app's own connection that records every statement it runs,
 * to count the queries a service issues and to see that user values travel as parameters.
 *
 *   const log = loggingDatabase(t.handle);
 *   const service = createSurgeryService({ db: log.db, ... });
 *   log.clear(); await service.list(user, {}); expect(log.queries).toHaveLength(2);
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../../server/db/client';
import * as schema from '../../server/db/schema/index';

export type QueryLog = {
  db: Database;
  /** The SQL text of each statement, in order. */
  queries: string[];
  /** The bound parameters of each statement, in the same order. */
  params: unknown[][];
  clear(): void;
};

export function loggingDatabase(handle: DatabaseHandle): QueryLog {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const queries: string[] = [];
  const params: unknown[][] = [];
  const logger = {
    logQuery: (query: string, values: unknown[]) => {
      queries.push(query);
      params.push(values);
    },
  };
  const db = (
    handle.driver === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger })
  ) as unknown as Database;
  return {
    db,
    queries,
    params,
    clear() {
      queries.length = 0;
      params.length = 0;
    },
  };
}
