import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client';

/** The settings of the app's own connections to PostgreSQL (server/db/client.ts openPostgres). */
describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL connections', () => {
  it('run without JIT compilation (issue 41: it cost more than the short statements it compiled)', async () => {
    const handle = await openPostgres(process.env.DATABASE_URL!, { poolMax: 2 });
    try {
      const result = (await handle.db.execute(sql`show jit`)) as unknown as { rows: Array<{ jit: string }> };
      expect(result.rows[0]!.jit).toBe('off');
    } finally {
      await handle.close();
    }
  });
});
