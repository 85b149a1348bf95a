import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Upkeep of the embedded database's tables (issue 15, item 4). PGlite runs no autovacuum worker, so nothing would ever
 * ANALYZE its tables (the planner would guess: docs/BENCHMARKS.md, "Plans that depend on statistics PGlite never
 * gathers") nor VACUUM them (the space of updated and deleted rows would never be reused: the dashboard's summary rows
 * are updated by every write of a case, and a table of 50 such rows updated 20,000 times grew to 69 pages where a
 * vacuumed one stays put). A full ANALYZE at every start cost 0.3–0.8 s before the first answer; instead:
 *
 * - only tables whose data changed enough: VACUUM (ANALYZE) records each table's size in pages (`pg_class.relpages`),
 *   and a table whose file now differs from that by more than 10 % (or by one page, for small ones), or that was never
 *   analyzed, is vacuumed and analyzed again. (PGlite's cumulative statistics, `pg_stat_user_tables.n_dead_tup` and
 *   `n_mod_since_analyze`, stay 0: they are neither flushed by its single backend nor kept across restarts.)
 * - in the background, after the server has answered its first request, and again every 6 hours while it runs, one
 *   table per statement: PGlite has one connection, so each VACUUM simply queues between requests (a query waits for
 *   any statement in progress; the tables of a practice are small). Nothing is done on a server no one asks anything.
 * - `stop()` (shutdown, before the database closes) lets the table in progress finish and skips the rest.
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

export type TableUpkeep = {
  /** Vacuums and analyzes the tables that need it, in the background, now and every `intervalMs` (later calls do nothing). */
  start(): void;
  /** Waits for the VACUUM in progress, if any, and skips the tables not reached. */
  stop(): Promise<void>;
};

/** How often a running server looks again for tables to vacuum and analyze. */
const TABLE_UPKEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** The upkeep of the embedded database's tables, started by the server after its first answer (see above). */
export function createTableUpkeep(db: Database, log: Logger, intervalMs = TABLE_UPKEEP_INTERVAL_MS): TableUpkeep {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;

  async function vacuumStaleTables() {
    const started = performance.now();
    const { rows: stale } = (await db.execute(STALE_TABLES)) as unknown as { rows: { schema: string; name: string }[] };
    let vacuumed = 0;
    for (const table of stale) {
      // PGlite answers in microtasks: without this turn of the event loop, requests and signals that arrived meanwhile
      // would wait for every table instead of one.
      await new Promise((resolve) => setImmediate(resolve));
      if (stopping) break;
      // Its own statement: VACUUM cannot run inside a transaction block.
      await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`);
      vacuumed += 1;
    }
    if (vacuumed > 0) {
      log.info({ tables: vacuumed, ms: Math.round(performance.now() - started) }, 'tabelas do banco embutido limpas e estatísticas atualizadas');
    }
  }

  const run = () => {
    if (stopping || running) return;
    running = vacuumStaleTables()
      .catch((error: unknown) => {
        // Upkeep only reclaims space and speeds plans up: a failure is logged, never fatal.
        if (!stopping) log.warn({ reason: (error as Error).message }, 'VACUUM em segundo plano falhou');
      })
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      if (timer || stopping) return;
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
