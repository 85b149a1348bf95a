/**
 * `npm run restore -- ARQUIVO [--force]`: brings a backup back into DATA_DIR (docs/BACKUP.md). The archive is checked
 * whole first; the directory must be empty unless --force (the current data are then kept beside it, renamed, never
 * deleted); the migrations an older archive lacks are applied. Then start the server on that DATA_DIR as usual.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../server/config';
import { DataDirLockedError } from '../server/db/lock';
import { BackupError } from '../server/services/backup/archive';
import { failureReason } from '../server/services/backup/backup-service';
import { filesCount, madeAt } from '../server/services/backup/cli-texts';
import { restoreArchive, RestoreRefusedError } from '../server/services/backup/restore';
import { POSTGRES_REFUSAL, type Printer } from './backup';

export const USAGE = `Uso:
  npm run restore -- ARQUIVO [--force]

  ARQUIVO  um backup (cirurgias-backup-….tar.gz ou .tar.gz.enc)
  --force  restaura mesmo num diretório de dados que não está vazio (os dados atuais são guardados ao lado)`;

export async function runRestoreCommand(args: string[], config: Config, print: Printer): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('--')) {
    print.err(USAGE);
    return 2;
  }
  if (config.databaseUrl) {
    print.err(POSTGRES_REFUSAL.replace('"npm run backup" copia', '"npm run restore" restaura'));
    return 2;
  }
  try {
    const result = await restoreArchive({ archive: rest[0]!, dataDir: config.dataDir, passphrase: config.backup.passphrase, force });
    for (const aside of result.keptAside) print.out(`Dados anteriores guardados em ${aside}`);
    print.out(
      `Backup de ${madeAt(result.manifest.created_at)} restaurado em ${config.dataDir}: ${filesCount(result.files)}; ` +
        `migrações: ${result.manifest.migrations.applied} no backup, ${result.migrationsNow} agora.`,
    );
    if (result.manifest.files_store === 's3') {
      print.out('Os arquivos deste backup ficavam no S3: restaure-os pelo provedor do bucket.');
    }
    print.out('Inicie o servidor com este DATA_DIR (npm run serve).');
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof RestoreRefusedError || error instanceof DataDirLockedError) {
      print.err(error.message);
      return 1;
    }
    print.err(`A restauração falhou (${failureReason(error)}).`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const print: Printer = { out: (line) => console.log(line), err: (line) => console.error(line) };
  runRestoreCommand(process.argv.slice(2), loadConfig(), print).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`A restauração falhou (${failureReason(error)}).`);
      process.exit(1);
    },
  );
}
