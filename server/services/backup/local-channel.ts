/**
 * How `npm run backup` asks the running server for a backup: PGlite lives inside the server's process (and the data
 * directory is locked by it, db/lock.ts), so only the server can copy it consistently. The channel is a Unix socket
 * in the data directory (`backup.sock`, mode 0600; a named pipe on Windows), reachable only by the machine's users
 * who can reach the data directory, never through the network or the HTTP port. Nothing but "take a backup now"
 * and its outcome goes through it: the archive is written by the server into its own backup folder.
 */
import { createHash } from 'node:crypto';
import { chmod, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupError } from './archive';
import { failureReason, type BackupService } from './backup-service';

const SOCKET_NAME = 'backup.sock';

function channelPath(dataDir: string): string {
  if (process.platform === 'win32') {
    return `\\\\.\\pipe\\cirurgias-backup-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  }
  const path = join(dataDir, SOCKET_NAME);
  // A Unix socket's path has at most 104–108 bytes: a deep data directory's goes to the temporary folder, named by
  // the directory (still mode 0600, this user's only).
  if (Buffer.byteLength(path) <= 100) return path;
  return join(tmpdir(), `cirurgias-backup-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

type ChannelAnswer =
  | { ok: true; file: string; size: number; created_at: string; files: number }
  | { ok: false; message: string };

/** Listens on the data directory's channel (the caller holds the directory's lock, so a socket there is stale). */
export async function openBackupChannel(dataDir: string, service: BackupService): Promise<{ close(): Promise<void> }> {
  const path = channelPath(dataDir);
  if (process.platform !== 'win32') await unlink(path).catch(() => {});
  const server: Server = createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) {
        if (request.length > 1_000) socket.destroy();
        return;
      }
      const line = request.slice(0, request.indexOf('\n'));
      let command: unknown;
      try {
        command = (JSON.parse(line) as { command?: unknown }).command;
      } catch {
        command = null;
      }
      if (command !== 'backup') {
        socket.end(`${JSON.stringify({ ok: false, message: 'Comando desconhecido.' })}\n`);
        return;
      }
      service.run().then(
        (result) =>
          socket.end(
            `${JSON.stringify({
              ok: true,
              file: result.path,
              size: result.size,
              created_at: result.createdAt.toISOString(),
              files: result.files,
            } satisfies ChannelAnswer)}\n`,
          ),
        (error: unknown) =>
          socket.end(
            `${JSON.stringify({
              ok: false,
              message: error instanceof BackupError ? error.message : `O backup falhou (${failureReason(error)}). Veja o log do servidor.`,
            } satisfies ChannelAnswer)}\n`,
          ),
      );
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.removeListener('error', fail);
      done();
    });
  });
  if (process.platform !== 'win32') await chmod(path, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        if (process.platform !== 'win32') unlink(path).catch(() => {});
      }),
  };
}

/**
 * Asks the server of `dataDir` for a backup. Null when no server listens there (no socket, or one left by a crash);
 * the caller then takes the backup itself under the directory's lock.
 */
export function requestBackup(dataDir: string): Promise<ChannelAnswer | null> {
  return new Promise((done, fail) => {
    const socket = createConnection(channelPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'backup' })}\n`));
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => {
      try {
        done(JSON.parse(answer.trim()) as ChannelAnswer);
      } catch {
        fail(new Error('Resposta inválida do servidor pelo canal de backup.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') done(null);
      else fail(error);
    });
  });
}
