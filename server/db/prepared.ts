import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

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
