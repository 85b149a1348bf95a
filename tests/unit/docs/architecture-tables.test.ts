import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../server/db/schema';

const root = join(import.meta.dirname, '..', '..', '..');

/** The table names docs/ARCHITECTURE.md's "Database" section lists: the backticked names in its table's second column. */
function documentedTables(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Database'));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| schema file') && !line.startsWith('|---'))
    .flatMap((line) => [...(line.split('|')[2] ?? '').matchAll(/`([a-z_0-9]+)`/g)].map((match) => match[1]!));
}

/** The tables the SQL definitions create (server/db/functions: the dashboard's summaries, derived data). */
const functionsFolder = join(root, 'server', 'db', 'functions');
const definedTables = readdirSync(functionsFolder)
  .filter((file) => file.endsWith('.sql'))
  .flatMap((file) => [...readFileSync(join(functionsFolder, file), 'utf8').matchAll(/^CREATE TABLE "?([a-z_0-9]+)"?/gm)].map((match) => match[1]!));

const schemaTables = [
  ...Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable)),
  ...definedTables,
];

describe('docs/ARCHITECTURE.md lists every table of the schema and of the SQL definitions', () => {
  const documented = documentedTables(readFileSync(join(root, 'docs', 'ARCHITECTURE.md'), 'utf8'));

  it('names each table of server/db/schema once, and no other', () => {
    expect(new Set(documented).size, 'a table is listed twice').toBe(documented.length);
    expect([...documented].sort()).toEqual([...schemaTables].sort());
  });

  it('would notice a table missing from the list', () => {
    const withoutUsers = documentedTables(readFileSync(join(root, 'docs', 'ARCHITECTURE.md'), 'utf8').replace('| users.ts | `users` |', '| users.ts | users |'));
    expect(withoutUsers).not.toContain('users');
    expect(schemaTables).toContain('users');
  });

  it('reads the derived tables from the SQL definitions', () => {
    expect(definedTables).toContain('dashboard_case_facts');
    expect(definedTables).toContain('dashboard_receipt_month_totals');
    expect(definedTables).toContain('audit_event_counts');
    expect(definedTables).toHaveLength(23);
  });
});
