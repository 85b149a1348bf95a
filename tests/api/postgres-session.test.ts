import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client';

/** The settings of the app's own connections to PostgreSQL (server/db/client.ts openPostgres). */
describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL connections', () => {
  it('run without JIT compilation nor parallel workers (issue 41: each cost more than the short statements they served)', async () => {
    const handle = await openPostgres(process.env.DATABASE_URL!, { poolMax: 2 });
    try {
      const result = (await handle.db.execute(sql`show jit`)) as unknown as { rows: Array<{ jit: string }> };
      expect(result.rows[0]!.jit).toBe('off');
      const workers = (await handle.db.execute(sql`show max_parallel_workers_per_gather`)) as unknown as {
        rows: Array<{ max_parallel_workers_per_gather: string }>;
      };
      expect(workers.rows[0]!.max_parallel_workers_per_gather).toBe('0');
    } finally {
      await handle.close();
    }
  });
});
