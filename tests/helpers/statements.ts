import type { Database } from '../../server/db/client';

/** PGlite's client takes the text; pg's pool takes the text or a query config (`{ text, ... }`). */
type QueryArgument = string | { text: string };
type QueryClient = { query: (query: QueryArgument, ...rest: unknown[]) => Promise<unknown> };

/**
 * Records the text of every statement the app sends to the database (either driver: Drizzle calls its client's
 * `query`, PGlite's or the pool's) until `stop()`. For tests that compare the work two requests do, which other
 * processes' load on the machine cannot move, where a timing would.
 */
export function recordStatements(db: Database) {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const original = client.query;
  let statements: string[] = [];
  client.query = function (this: unknown, query: QueryArgument, ...rest: unknown[]) {
    statements.push(typeof query === 'string' ? query : query.text);
    return original.call(this, query, ...rest);
  };
  return {
    /** The statements since the last call (or the start), and a fresh record. */
    take(): string[] {
      const taken = statements;
      statements = [];
      return taken;
    },
    stop() {
      client.query = original;
    },
  };
}
