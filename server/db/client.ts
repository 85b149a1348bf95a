import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { preparePgliteAssets } from './pglite-assets';
import * as schema from './schema/index';

type Schema = typeof schema;
/** The Drizzle database, the same type for both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; has the same query API as Database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'pg';
  /**
   * Runs `work` while this process holds the database-wide startup lock, so several server
   * instances migrate and seed one after the other (PGlite has one process: no lock needed).
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: a consistent copy of the whole data directory (PGlite's `dumpDataDir`, a tar), taken between two
   * transactions while the others wait (a moment: a checkpoint first keeps the copy's recovery short), with the
   * number of migrations applied at that instant. The backup (server/services/backup) is built on it.
   */
  snapshot?(): Promise<DatabaseSnapshot>;
  close(): Promise<void>;
};

export type DatabaseSnapshot = { pgdata: Buffer; migrationsApplied: number };

/** Arbitrary constant naming the advisory lock of migrations and seeding. */
const STARTUP_LOCK_ID = 720_431_001;

/**
 * PGlite's start-up parameters: its own, plus a smaller buffer pool. PostgreSQL's shared memory is zeroed when it
 * starts (PGlite's mmap is a memset inside the WebAssembly, which first touches every page): with the default
 * 128 MB of shared_buffers that memset was the largest single item of a reopen's CPU profile, and opening the demo
 * database took 1.9–2.6 s of CPU against 1.8–1.9 s with 32 MB (loaded machine). 32 MB holds the demo database
 * (14 MB) twice over; a page outside it is read from the data directory through the OS page cache. The buffer
 * pool is a cache: durability does not depend on it (WAL, checkpoints and the flush at close are unchanged).
 */
const PGLITE_SHARED_BUFFERS = '32MB';
const pgliteStartParams = () => [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** Opens an embedded PostgreSQL (PGlite); without a directory it lives in memory (tests). */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  const { wasmModule, fsBundle } = await preparePgliteAssets();
  return pgliteHandle(
    await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      pgliteWasmModule: wasmModule,
      fsBundle,
      startParams: pgliteStartParams(),
    }),
  );
}

/** The handle over an open PGlite client (tests also open one from a dumped data directory). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    withStartupLock: (work) => work(),
    async snapshot() {
      await client.exec('CHECKPOINT');
      // Inside a transaction of its own: PGlite runs every other query and transaction after it, so the copy falls
      // between two transactions, never in the middle of one.
      return client.transaction(async (tx) => {
        const { rows } = await tx.query<{ applied: number }>(
          'select count(*)::int as applied from drizzle.__drizzle_migrations',
        );
        const dump = await client.dumpDataDir('none');
        return { pgdata: Buffer.from(await dump.arrayBuffer()), migrationsApplied: rows[0]?.applied ?? 0 };
      });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

type PostgresOptions = { poolMax?: number; connectionTimeoutMillis?: number };

/**
 * The settings of every connection of the app to PostgreSQL (issue 41); every statement it runs is a request's, short:
 * - no JIT compilation: PostgreSQL's cost estimate alone (not the work) decided it; 'A receber' spent 350 ms compiling
 *   a plan whose execution took 127 ms;
 * - no parallel workers: starting one cost more than the scan it shared ('A receber''s totals at 100,000 cases, 3.3 ms
 *   of scan per process, 28 ms with the gather), and the pool already runs requests side by side.
 * bench:scale explains the captured statements under the same settings.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/** Opens a bounded connection pool to a real PostgreSQL server. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  // pg and its drizzle driver are loaded only here: an embedded (PGlite) start never needs them (issue 15).
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    idleTimeoutMillis: 30_000,
    options: POSTGRES_SESSION_OPTIONS,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pg',
    async withStartupLock(work) {
      // A session-level advisory lock belongs to one connection: hold a dedicated client.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
