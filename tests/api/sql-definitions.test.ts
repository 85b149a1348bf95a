import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySqlDefinitions, readSqlDefinitions, type SqlDefinition } from '../../server/db/migrate';
import { sqlDefinitions } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';

/**
 * The SQL definition files applied after the migrations (server/db/migrate.ts, issue 36): a file is applied again, and
 * the dashboard rebuilt once, only when its hash changed; apply, rebuild and hash are one transaction.
 */
describe('SQL definitions applied after the migrations', () => {
  let t: TestApp;
  const logged: Array<Record<string, unknown>> = [];
  const log = (details: Record<string, unknown>) => void logged.push(details);
  /** A summary row no case explains: a rebuild removes it, nothing else does. */
  const STRAY_MEDIC = 999_999;
  const strayRows = async () => {
    const { rows } = (await t.handle.db.execute(
      sql`select count(*)::int as n from dashboard_status_totals where medic_id = ${STRAY_MEDIC}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return rows[0]!.n;
  };
  const addStrayRow = () =>
    t.handle.db.execute(
      sql`insert into dashboard_status_totals (medic_id, status, cases, fees, days, concluded) values (${STRAY_MEDIC}, 'prep_doc', 1, 0, 0, 0)`,
    );
  const recordedHash = async (file: string) =>
    (await t.handle.db.select().from(sqlDefinitions).where(eq(sqlDefinitions.file, file)))[0]?.hash;
  const withFigures = (text: string): SqlDefinition[] =>
    readSqlDefinitions().map((definition) => (definition.file === 'dashboard-figures.sql' ? { file: definition.file, text } : definition));
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  beforeAll(async () => {
    t = await buildTestApp({ seedLookups: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records every file of a migrated database with its hash', async () => {
    for (const { file, text } of readSqlDefinitions()) expect(await recordedHash(file)).toBe(sha256(text));
  });

  it('applies nothing and rebuilds nothing when no file changed', async () => {
    await addStrayRow();
    expect(await applySqlDefinitions(t.handle.db, { log })).toEqual([]);
    expect(await strayRows()).toBe(1);
    expect(logged).toEqual([]);
  });

  it('applies a changed figures file once, rebuilds the dashboard once and logs it', async () => {
    const changed = `${readSqlDefinitions()[1]!.text}\n-- a changed definition\n`;
    expect(await applySqlDefinitions(t.handle.db, { log, definitions: withFigures(changed) })).toEqual(['dashboard-figures.sql']);
    expect(await strayRows()).toBe(0);
    expect(await recordedHash('dashboard-figures.sql')).toBe(sha256(changed));
    expect(logged).toEqual([{ files: ['dashboard-figures.sql'], ms: expect.any(Number) }]);

    await addStrayRow();
    expect(await applySqlDefinitions(t.handle.db, { log, definitions: withFigures(changed) })).toEqual([]);
    expect(await strayRows()).toBe(1);
    expect(logged).toHaveLength(1);
  });

  it('keeps the previous definitions, figures and hash when applying fails midway', async () => {
    const before = await recordedHash('dashboard-figures.sql');
    const broken = `${readSqlDefinitions()[1]!.text}\n--> statement-breakpoint\nselect no_such_function();\n`;
    await expect(applySqlDefinitions(t.handle.db, { log, definitions: withFigures(broken) })).rejects.toThrow();
    expect(await recordedHash('dashboard-figures.sql')).toBe(before);
    expect(await strayRows()).toBe(1);

    // The committed file again: applied (its hash differs from the changed one recorded above) and rebuilt.
    expect(await applySqlDefinitions(t.handle.db, { log })).toEqual(['dashboard-figures.sql']);
    expect(await strayRows()).toBe(0);
  });
});
