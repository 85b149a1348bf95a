import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeIn } from '../../server/db/prepared';
import { hospitals } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';

/**
 * executeIn (server/db/prepared.ts): a statement prepared once on the database handle runs on the transaction it is
 * given, so it sees that transaction's uncommitted rows; on PostgreSQL it is a named statement of that connection.
 */
describe('a prepared statement run in a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("sees the transaction's own rows, and none once it is rolled back", async () => {
    const { db } = t.handle;
    const named = db
      .select({ n: count() })
      .from(hospitals)
      .where(eq(hospitals.fantasyName, sql.placeholder('name')))
      .prepare('test_hospitals_named');
    const name = 'Hospital da transação preparada';
    const rolledBack = new Error('rolled back');
    const inside: number[] = [];
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(hospitals).values({ fantasyName: name, searchText: 'hospital da transacao preparada' });
        inside.push(Number((await executeIn(tx, named, { name }))[0]!.n));
        // A second run in the same transaction: on PostgreSQL the statement is now one of the connection's own.
        inside.push(Number((await executeIn(tx, named, { name }))[0]!.n));
        if (t.handle.driver === 'pg') {
          const prepared = (await tx.execute(sql`select name from pg_prepared_statements where name = 'test_hospitals_named'`)) as unknown as {
            rows: unknown[];
          };
          expect(prepared.rows).toHaveLength(1);
        }
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(inside).toEqual([1, 1]);
    expect(Number((await executeIn(db, named, { name }))[0]!.n)).toBe(0);
  });
});
