import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAGE_FLAGS, STAGES } from '../../../machines/stages';
import { stagesSql } from '../../../server/db/functions/stages-sql';

const committed = () => readFileSync(join(import.meta.dirname, '..', '..', '..', 'server', 'db', 'functions', 'stages.sql'), 'utf8');

describe('server/db/functions/stages.sql', () => {
  it('is what STAGES generates (else run `npm run gen:sql`)', () => {
    expect(committed(), 'server/db/functions/stages.sql is stale: run npm run gen:sql').toBe(stagesSql());
  });

  it('defines stage_group and one stage_is_<flag> per flag, each naming every stage', () => {
    const sql = stagesSql();
    const names = [...sql.matchAll(/CREATE OR REPLACE FUNCTION "(\w+)"/g)].map((match) => match[1]);
    expect(names).toEqual([
      'stage_group',
      'stage_is_active',
      'stage_is_before_surgery',
      'stage_is_authorization_open',
      'stage_is_authorized',
      'stage_is_ledger_writable',
      'stage_is_receivable',
      'stage_is_on_agenda',
      'stage_is_listed_by_default',
    ]);
    expect(names).toHaveLength(1 + STAGE_FLAGS.length);
    for (const stage of STAGES) expect(sql.match(new RegExp(`WHEN '${stage.key}' THEN`, 'g'))).toHaveLength(names.length);
    expect(sql).toContain(`WHEN 'cancelado' THEN 'lost'`);
  });
});
