import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableUpkeep } from '../../server/db/table-upkeep';
import { buildTestApp, type TestApp } from '../helpers/build-app';

/**
 * The embedded database's upkeep (server/db/table-upkeep.ts): PGlite has no autovacuum, so the server vacuums and
 * analyzes the tables whose size drifted, after the first answer and every 6 hours. Checked by what VACUUM does and
 * ANALYZE does not: the space of updated rows is reused, so the same updates again do not grow the table again.
 * (The same SQL on PostgreSQL, which the server leaves to its autovacuum.)
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false });
});

afterAll(async () => {
  await t?.close();
});

async function pages(): Promise<number> {
  const { rows } = (await t.deps.db.execute(sql`select pg_relation_size('upkeep_probe') / current_setting('block_size')::int as pages`)) as unknown as {
    rows: { pages: number | string }[];
  };
  return Number(rows[0]!.pages);
}

/** 100 statements each updating all 50 rows: every update is a new row version (v is indexed, so none is HOT). */
async function updateEveryRow100Times(): Promise<void> {
  for (let round = 0; round < 100; round += 1) await t.deps.db.execute(sql`update upkeep_probe set v = v + 1`);
}

describe('table upkeep of the embedded database', () => {
  it('vacuums a table whose size drifted, so its updated rows’ space is reused', async () => {
    await t.deps.db.execute(sql`create table upkeep_probe (k integer primary key, v bigint not null)`);
    await t.deps.db.execute(sql`create index upkeep_probe_v on upkeep_probe (v)`);
    await t.deps.db.execute(sql`insert into upkeep_probe select g, 0 from generate_series(1, 50) as g`);
    await t.deps.db.execute(sql`analyze upkeep_probe`);
    await updateEveryRow100Times();
    const grown = await pages();
    expect(grown).toBeGreaterThan(10);

    let finished: (details: { tables: number }) => void = () => {};
    let failed: (error: Error) => void = () => {};
    const done = new Promise<{ tables: number }>((resolve, reject) => {
      [finished, failed] = [resolve, reject];
    });
    const upkeep = createTableUpkeep(t.deps.db, {
      info: (details) => finished(details as { tables: number }),
      warn: (details) => failed(new Error(JSON.stringify(details))),
    });
    upkeep.start();
    const { tables } = await done;
    await upkeep.stop();
    expect(tables).toBeGreaterThanOrEqual(1);

    await updateEveryRow100Times();
    // Without the VACUUM the second round doubles the table; with it, the freed space takes the new versions.
    expect(await pages()).toBeLessThanOrEqual(grown + 1);
    const { rows } = (await t.deps.db.execute(sql`select sum(v)::int as total from upkeep_probe`)) as unknown as { rows: { total: number }[] };
    expect(rows[0]!.total).toBe(50 * 200);
  });
});
