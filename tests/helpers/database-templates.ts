/**
 * The API tests' database templates, built once per run (vitest globalSetup of the api project): a
 * migrated database with the small lookup set, and a migrated one with no lookups. Each test app then
 * starts from a copy instead of initialising, migrating and seeding its own (PGlite's initdb alone
 * takes seconds under load): a loaded dump of the data directory for PGlite, `CREATE DATABASE … TEMPLATE`
 * on a PostgreSQL server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteHandle, type DatabaseHandle } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { seedLookups } from '../../server/db/seed';

/** Which lookups a template holds: the small test set, or none. */
export type TemplateSet = 'small' | 'none';

/** Where each template lives: a dump file (PGlite) or a database name (PostgreSQL). */
export type DatabaseTemplates = { kind: 'pglite-dump' | 'postgres-database'; small: string; none: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function prepare(handle: DatabaseHandle, set: TemplateSet) {
  await runMigrations(handle);
  if (set === 'small') await seedLookups(handle.db, { set: 'small' });
}

/** Runs `statement` on the server of `url` (its maintenance database), for CREATE/DROP DATABASE. */
export async function adminStatement(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrlNamed(url: string, name: string) {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const prefix = `cirurgias_template_${randomBytes(4).toString('hex')}`;
    const names = { small: `${prefix}_small`, none: `${prefix}_none` };
    for (const set of ['small', 'none'] as const) {
      await adminStatement(databaseUrl, `CREATE DATABASE "${names[set]}"`);
      const handle = await openPostgres(databaseUrlNamed(databaseUrl, names[set]), { poolMax: 1 });
      try {
        await prepare(handle, set);
      } finally {
        await handle.close();
      }
    }
    project.provide('databaseTemplates', { kind: 'postgres-database', ...names });
    return async () => {
      for (const name of Object.values(names)) await adminStatement(databaseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    };
  }

  const folder = await mkdtemp(join(tmpdir(), 'cirurgias-templates-'));
  const paths = { small: join(folder, 'small.tar'), none: join(folder, 'none.tar') };
  for (const set of ['small', 'none'] as const) {
    const client = await PGlite.create();
    try {
      await prepare(pgliteHandle(client), set);
      const dump = await client.dumpDataDir('none');
      await writeFile(paths[set], Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  project.provide('databaseTemplates', { kind: 'pglite-dump', ...paths });
  return () => rm(folder, { recursive: true, force: true });
}
