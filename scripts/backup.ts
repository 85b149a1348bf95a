/**
 * `npm run backup`: a backup of the embedded installation now (docs/BACKUP.md). With the server running, the server
 * takes it (asked through the data directory's local channel: only it can copy its database consistently); with no
 * server, this command opens the data directory itself, under its lock. `npm run backup -- --verify ARQUIVO` checks
 * one archive (manifest, checksums, encryption) without touching anything.
 *
 * Settings: DATA_DIR, BACKUP_DIR, BACKUP_PASSPHRASE, BACKUP_KEEP_* (server/config.ts). With DATABASE_URL (PostgreSQL)
 * it refuses: that installation is backed up with pg_dump or the provider's snapshots (docs/DEPLOYMENT.md).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../server/config';
import { openPglite } from '../server/db/client';
import { PGDATA_NAME } from '../server/db/embedded';
import { acquireDataDirLock, DataDirLockedError } from '../server/db/lock';
import { BackupError, readArchive } from '../server/services/backup/archive';
import { createBackupService, failureReason } from '../server/services/backup/backup-service';
import { filesCount, madeAt } from '../server/services/backup/cli-texts';
import { requestBackup } from '../server/services/backup/local-channel';

export const USAGE = `Uso:
  npm run backup                       faz um backup agora (na pasta BACKUP_DIR)
  npm run backup -- --verify ARQUIVO   confere um backup (manifesto, somas de verificação, criptografia)`;

export const POSTGRES_REFUSAL =
  'O "npm run backup" copia só o banco embutido, e este servidor usa PostgreSQL (DATABASE_URL). ' +
  'Faça o backup com pg_dump ou com os snapshots do seu provedor, junto com o armazenamento de arquivos: ' +
  'veja docs/DEPLOYMENT.md, seção "Backup com PostgreSQL".';

export type Printer = { out(line: string): void; err(line: string): void };

const megabytes = (size: number) => `${(size / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/** Runs the command; answers the exit code. */
export async function runBackupCommand(args: string[], config: Config, print: Printer): Promise<number> {
  if (args[0] === '--verify') {
    const file = args[1];
    if (!file || args.length > 2) {
      print.err(USAGE);
      return 2;
    }
    if (!existsSync(file)) {
      print.err(`Arquivo não encontrado: ${file}`);
      return 1;
    }
    try {
      const manifest = await readArchive(file, config.backup.passphrase);
      const files = manifest.entries.filter((entry) => entry.path.startsWith('files/')).length;
      print.out(
        `Backup íntegro: criado em ${madeAt(manifest.created_at)}, ${filesCount(files)}, banco na migração ` +
          `${manifest.migrations.last ?? manifest.migrations.applied}${manifest.encrypted ? ', criptografado' : ''}.`,
      );
      return 0;
    } catch (error) {
      print.err(error instanceof BackupError ? error.message : `Não foi possível ler o backup (${failureReason(error)}).`);
      return 1;
    }
  }
  if (args.length > 0) {
    print.err(`Argumento desconhecido: ${args[0]}\n${USAGE}`);
    return 2;
  }
  if (config.databaseUrl) {
    print.err(POSTGRES_REFUSAL);
    return 2;
  }

  const answer = await requestBackup(config.dataDir).catch(() => null);
  if (answer) {
    if (!answer.ok) {
      print.err(answer.message);
      return 1;
    }
    print.out(`Backup feito pelo servidor em execução: ${answer.file} (${megabytes(answer.size)}, ${filesCount(answer.files)}).`);
    return 0;
  }

  const pgdata = join(config.dataDir, PGDATA_NAME);
  if (!existsSync(pgdata)) {
    print.err(`Não há banco de dados em ${config.dataDir}: confira DATA_DIR.`);
    return 1;
  }
  let lock;
  try {
    lock = await acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      print.err(
        'O servidor está usando o diretório de dados mas não respondeu pelo canal de backup (talvez esteja iniciando). ' +
          'Tente de novo em instantes.',
      );
      return 1;
    }
    throw error;
  }
  try {
    const handle = await openPglite(pgdata);
    try {
      const service = createBackupService({
        snapshot: () => handle.snapshot!(),
        dataDir: config.dataDir,
        filesDir: config.s3 ? null : join(config.dataDir, 'files'),
        settings: config.backup,
      });
      const result = await service.run();
      print.out(`Backup feito: ${result.path} (${megabytes(result.size)}, ${filesCount(result.files)}).`);
      if (result.removed.length > 0) print.out(`Backups antigos removidos pela regra de retenção: ${result.removed.length}.`);
      return 0;
    } catch (error) {
      print.err(error instanceof BackupError ? error.message : `O backup falhou (${failureReason(error)}).`);
      return 1;
    } finally {
      await handle.close();
    }
  } finally {
    await lock.release();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const print: Printer = { out: (line) => console.log(line), err: (line) => console.error(line) };
  runBackupCommand(process.argv.slice(2), loadConfig(), print).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`O backup falhou (${failureReason(error)}).`);
      process.exit(1);
    },
  );
}
