import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Planner statistics for the embedded database (issue 15, item 4). PGlite runs no autovacuum worker, so nothing
 * would ever ANALYZE its tables and the planner would guess (docs/BENCHMARKS.md, "Plans that depend on statistics
 * PGlite never gathers"). A full ANALYZE at every start cost 0.3–0.8 s before the first answer; instead:
 *
 * - only tables whose data changed enough: ANALYZE records each table's size in pages (`pg_class.relpages`), and a
 *   table whose file now differs from that by more than 10 % (or by one page, for small ones), or that was never
 *   analyzed, is analyzed again. PGlite never vacuums, so inserts, updates and deletes all grow the files. (Its
 *   cumulative statistics, `pg_stat_user_tables.n_mod_since_analyze`, stay 0: they are neither flushed by its
 *   single backend nor kept across restarts.)
 * - in the background, after the server has answered its first request, one table per statement: PGlite has one
 *   connection, so each ANALYZE simply queues between requests (a query waits for any transaction in progress, and
 *   ANALYZE reads a sample without blocking writes). Nothing is analyzed on a server no one asks anything.
 * - `stop()` (shutdown, before the database closes) lets the table being analyzed finish and skips the rest.
 *
 * PostgreSQL has its own autovacuum: this runs for the embedded database only.
 */

/** Tables never analyzed that hold data, or whose size drifted 10 % (at least one page) from the last ANALYZE. */
const STALE_TABLES = sql`
  select n.nspname as schema, c.relname as name
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r'
    and n.nspname not in ('pg_catalog', 'information_schema')
    and case
      when c.reltuples < 0 then pg_relation_size(c.oid) > 0
      else abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) >= greatest(1, c.relpages / 10)
    end
  order by pg_relation_size(c.oid) desc`;

type Logger = { info(details: object, message: string): void; warn(details: object, message: string): void };

export type StatisticsRefresh = {
  /** Analyzes the tables that need it, in the background (once; later calls do nothing). */
  start(): void;
  /** Waits for the ANALYZE in progress, if any, and skips the tables not reached. */
  stop(): Promise<void>;
};

export function createStatisticsRefresh(db: Database, log: Logger): StatisticsRefresh {
  let running: Promise<void> | null = null;
  let stopping = false;

  async function refresh() {
    const started = performance.now();
    const { rows: stale } = (await db.execute(STALE_TABLES)) as unknown as { rows: { schema: string; name: string }[] };
    let analyzed = 0;
    for (const table of stale) {
      // PGlite answers in microtasks: without this turn of the event loop, requests and signals that arrived meanwhile
      // would wait for every table instead of one.
      await new Promise((resolve) => setImmediate(resolve));
      if (stopping) break;
      await db.execute(sql`ANALYZE ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`);
      analyzed += 1;
    }
    if (analyzed > 0) {
      log.info({ tables: analyzed, ms: Math.round(performance.now() - started) }, 'estatísticas do planejador atualizadas');
    }
  }

  return {
    start() {
      if (running || stopping) return;
      running = refresh().catch((error: unknown) => {
        // Statistics only speed plans up: a failure is logged, never fatal.
        if (!stopping) log.warn({ reason: (error as Error).message }, 'ANALYZE em segundo plano falhou');
      });
    },
    async stop() {
      stopping = true;
      await running;
    },
  };
}
