/**
 * `npm run seed`: opens the configured database (the embedded one under DATA_DIR, taking its lock,
 * or DATABASE_URL, with DATABASE_MIGRATION_URL as the owner when set), applies the migrations, seeds the lookups and (unless SEED_DEMO=false) the demo,
 * and closes. Safe to run twice. Never run it against a data directory a server is using: the lock
 * refuses it with a clear message.
 */
import { loadConfig } from '../config';
import type { DatabaseHandle } from './client';
import { openEmbeddedDatabase } from './embedded';
import { DataDirLockedError } from './lock';
import { describeError } from '../http/describe-error';
import { runMigrations } from './migrate';
import { seedAll, type SeedDemoResult } from './seed';
import { openMigratedPostgres } from './serving-role';

async function main(): Promise<void> {
  const config = loadConfig();
  const now = new Date();
  let handle: DatabaseHandle;
  let result: SeedDemoResult | null = null;
  if (config.databaseUrl) {
    // With DATABASE_MIGRATION_URL the owner migrates and seeds (serving-role.ts); the serving role is checked.
    const settings = { databaseUrl: config.databaseUrl, migrationDatabaseUrl: config.migrationDatabaseUrl, poolMax: 2 };
    const opened = await openMigratedPostgres(settings, (owner) => seedAll(owner, { seedDemo: config.seedDemo, now }));
    handle = opened.handle;
    result = opened.prepared;
  } else {
    // On a new directory the seed is part of the atomic first initialisation.
    handle = await openEmbeddedDatabase(config.dataDir, {
      onFirstInit: async (staging) => {
        result = await seedAll(staging, { seedDemo: config.seedDemo, now });
      },
    });
    console.log(`Banco embutido em ${config.dataDir}`);
  }
  try {
    result ??= await handle.withStartupLock(async () => {
      await runMigrations(handle);
      return seedAll(handle, { seedDemo: config.seedDemo, now });
    });
    console.log('Tabelas de referência carregadas.');
    if (result.seeded) console.log('Dados de demonstração criados (medico@demo.com.br / secretaria@demo.com.br).');
    else if (config.seedDemo) console.log('Dados de demonstração já existiam; nada foi alterado.');
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error('Falha ao popular o banco de dados:', JSON.stringify(describeError(error), null, 2));
  process.exitCode = 1;
});
