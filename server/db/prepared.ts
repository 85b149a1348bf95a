import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client';

/**
 * A statement written in SQL (not a query builder's) as a named prepared statement of `db`, its placeholders filled at
 * `execute`, which answers the driver's result (`{ rows }`): PostgreSQL parses it once per connection and may keep a
 * generic plan.
 */
export function prepareSql<Row>(db: Database, statement: SQL, name: string) {
  return db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(new PgDialect().sqlToQuery(statement), undefined, name, false);
}

/** What drizzle's prepared statements of both drivers (node-postgres, PGlite) share, as `executeIn` uses it. */
type Prepared<Values, Result> = { execute(values: Values): Promise<Result> };

/**
 * Runs `prepared`, a statement prepared once on the database handle, on `executor`: the handle itself, or one of its
 * transactions. Drizzle binds a prepared statement to the handle's pool, so inside a transaction it would run on
 * another connection (not seeing the transaction's rows, or waiting on its locks); preparing it on the transaction
 * instead builds its text on every call, and PostgreSQL parses and plans an unnamed statement every time (for the
 * case read a write answers with, 2 ms of PostgreSQL's CPU and more than the write itself: docs/BENCHMARKS.md).
 * Here the same statement runs on the transaction's own client: both drivers' prepared statements send their query
 * through their `client`, and a transaction's session holds the connection it runs on.
 */
export function executeIn<Values, Result>(executor: Executor, prepared: Prepared<Values, Result>, values: Values): Promise<Result> {
  if (!(executor instanceof PgTransaction)) return prepared.execute(values);
  const client = (executor._.session as unknown as { client?: unknown }).client;
  if (!client || !('client' in prepared)) throw new Error('executeIn: the driver no longer exposes its client');
  const onTransaction = Object.create(prepared, { client: { value: client } }) as Prepared<Values, Result>;
  return onTransaction.execute(values);
}
