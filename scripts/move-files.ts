/**
 * `npm run files:move -- --from <origem> --to <destino> [--delete-source]`: copies every file a row names
 * (patient and profile photos, case documents, attached templates) from one file store to another, e.g. from
 * PostgreSQL to an S3 bucket when the files outgrow the database (DECISIONS §12). Stores:
 *
 *   postgres   the `stored_files` table of the configured database (DATABASE_URL, or the embedded one)
 *   disk       DATA_DIR/files (embedded mode)
 *   s3         the bucket of the S3_* settings
 *
 * Each file is read back from the destination and compared byte for byte (and by content type) before it
 * counts as moved. A file already in the destination with the same bytes is left as it is, so the command can
 * run again at any time: after an interruption it picks up where it stopped. The source keeps every file
 * unless `--delete-source` is given, and even then a file goes only once the destination holds it verified.
 * See docs/DEPLOYMENT.md for switching a running installation.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../server/config';
import type { Database, DatabaseHandle } from '../server/db/client';
import { openEmbeddedDatabase, PGDATA_NAME } from '../server/db/embedded';
import { DataDirLockedError } from '../server/db/lock';
import { openMigratedPostgres } from '../server/db/serving-role';
import { createDiskStorage } from '../server/services/storage/disk-storage';
import type { FileStorage, StoredFile } from '../server/services/storage/file-storage';
import { referencedFileKeys } from '../server/services/storage/orphan-sweep';
import { createPostgresStorage } from '../server/services/storage/postgres-storage';
import { createS3Storage } from '../server/services/storage/s3-storage';
import { isShippedKey } from '../server/services/templates/template-files';

export const STORE_KINDS = ['postgres', 'disk', 's3'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export const USAGE = `Uso:
  npm run files:move -- --from <origem> --to <destino> [--delete-source]

  origem, destino: postgres (tabela stored_files do banco configurado), disk (DATA_DIR/files)
                   ou s3 (o bucket das variáveis S3_*)
  --delete-source  apaga da origem cada arquivo já conferido no destino`;

export type MoveCommand = { from: StoreKind; to: StoreKind; deleteSource: boolean };

const isStoreKind = (value: string | undefined): value is StoreKind => STORE_KINDS.includes(value as StoreKind);

/** The command line as a command, or a pt-BR problem to print with the usage. */
export function parseMoveArgs(args: string[]): MoveCommand | { problem: string } {
  const values: Record<string, string | undefined> = {};
  let deleteSource = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--delete-source') {
      deleteSource = true;
      continue;
    }
    const match = /^--(from|to)(?:=(.*))?$/.exec(arg);
    if (!match) return { problem: `Argumento desconhecido: ${arg}` };
    values[match[1]!] = match[2] ?? args[++i];
  }
  const { from, to } = values;
  if (!isStoreKind(from)) return { problem: `Origem inválida: ${from ?? '(nenhuma)'}.` };
  if (!isStoreKind(to)) return { problem: `Destino inválido: ${to ?? '(nenhum)'}.` };
  if (from === to) return { problem: 'A origem e o destino devem ser diferentes.' };
  return { from, to, deleteSource };
}

export type MoveSummary = {
  /** Files a row names (the shipped templates aside, which live with the code). */
  referenced: number;
  copied: number;
  /** Already in the destination with the same bytes (an earlier run). */
  alreadyThere: number;
  /** Named by a row but in neither store. */
  missing: string[];
  deletedFromSource: number;
  failed: Array<{ key: string; problem: string }>;
};

export type Printer = { out(line: string): void; err(line: string): void };

const sameFile = (a: StoredFile, b: StoredFile) => a.contentType === b.contentType && a.data.equals(b.data);

/** How many files are in flight at once (a bucket answers in parallel; PostgreSQL has a small pool). */
const CONCURRENCY = 4;

/**
 * Copies every file a row of `db` names from `from` to `to`, verifying each, and deletes it from `from`
 * afterwards when `deleteSource` is set. One file failing does not stop the others.
 */
export async function moveFiles({
  db,
  from,
  to,
  deleteSource,
  print,
}: {
  db: Database;
  from: FileStorage;
  to: FileStorage;
  deleteSource: boolean;
  print?: Printer;
}): Promise<MoveSummary> {
  const keys = [...(await referencedFileKeys(db))].filter((key) => !isShippedKey(key)).sort();
  const summary: MoveSummary = { referenced: keys.length, copied: 0, alreadyThere: 0, missing: [], deletedFromSource: 0, failed: [] };

  async function moveOne(key: string): Promise<void> {
    const source = await from.get(key);
    const existing = await to.get(key);
    if (!source) {
      if (existing) summary.alreadyThere += 1;
      else summary.missing.push(key);
      return;
    }
    if (existing && sameFile(existing, source)) {
      summary.alreadyThere += 1;
    } else {
      await to.put(key, source.data, source.contentType);
      const written = await to.get(key);
      if (!written || !sameFile(written, source)) throw new Error('o destino não devolveu os mesmos bytes');
      summary.copied += 1;
    }
    if (deleteSource) {
      await from.delete(key);
      summary.deletedFromSource += 1;
    }
  }

  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        await moveOne(key);
      } catch (error) {
        summary.failed.push({ key, problem: error instanceof Error ? error.message : String(error) });
      }
      done += 1;
      if (done % 500 === 0) print?.out(`${done} de ${keys.length} arquivos…`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  summary.missing.sort();
  summary.failed.sort((a, b) => a.key.localeCompare(b.key));
  return summary;
}

/** The summary as the command prints it; answers the exit code (1 when a file could not be moved). */
export function reportMove(command: MoveCommand, summary: MoveSummary, print: Printer): number {
  print.out(`Arquivos referenciados: ${summary.referenced}`);
  print.out(`Copiados e conferidos: ${summary.copied}`);
  print.out(`Já estavam no destino: ${summary.alreadyThere}`);
  if (command.deleteSource) print.out(`Apagados da origem: ${summary.deletedFromSource}`);
  if (summary.missing.length > 0) {
    print.err(`Referenciados mas ausentes na origem e no destino (${summary.missing.length}):`);
    for (const key of summary.missing) print.err(`  ${key}`);
  }
  if (summary.failed.length > 0) {
    print.err(`Falharam (${summary.failed.length}); rode o comando de novo para tentar outra vez:`);
    for (const { key, problem } of summary.failed) print.err(`  ${key}: ${problem}`);
    return 1;
  }
  print.out(
    command.deleteSource
      ? `Pronto: os arquivos estão em ${command.to} e saíram de ${command.from}.`
      : `Pronto: os arquivos estão em ${command.to}; ${command.from} ainda guarda as cópias (apague-as com --delete-source).`,
  );
  return 0;
}

/** The configured database (as the server opens it; the embedded one must not be in use). */
async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const settings = { databaseUrl: config.databaseUrl, migrationDatabaseUrl: config.migrationDatabaseUrl, poolMax: CONCURRENCY + 1 };
    return (await openMigratedPostgres(settings, async () => {})).handle;
  }
  if (!existsSync(join(config.dataDir, PGDATA_NAME))) {
    throw new Error(`O banco embutido ainda não existe em ${config.dataDir}: não há arquivos a mover.`);
  }
  return openEmbeddedDatabase(config.dataDir);
}

function openStore(kind: StoreKind, config: Config, db: Database): FileStorage & { close?(): void } {
  if (kind === 'postgres') return createPostgresStorage(db);
  if (kind === 'disk') return createDiskStorage(join(config.dataDir, 'files'));
  if (!config.s3) throw new Error('Configure o bucket (S3_BUCKET e as demais variáveis S3_*) para usar s3.');
  return createS3Storage(config.s3);
}

async function main(): Promise<void> {
  const print: Printer = { out: (line) => console.log(line), err: (line) => console.error(line) };
  const command = parseMoveArgs(process.argv.slice(2));
  if ('problem' in command) {
    print.err(command.problem);
    print.err(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  try {
    const from = openStore(command.from, config, handle.db);
    const to = openStore(command.to, config, handle.db);
    try {
      print.out(`Movendo os arquivos de ${command.from} para ${command.to}${command.deleteSource ? ', apagando da origem' : ''}…`);
      const summary = await moveFiles({ db: handle.db, from, to, deleteSource: command.deleteSource, print });
      process.exitCode = reportMove(command, summary, print);
    } finally {
      from.close?.();
      to.close?.();
    }
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    if (error instanceof DataDirLockedError) console.error(error.message);
    else console.error('Falha ao mover os arquivos:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
