/**
 * Issue 40: backups of the embedded installation. A real on-disk PGlite data directory and its disk file store, the
 * app writing through HTTP while a backup is taken through the server's local channel; then the archive restored
 * into a new directory must hold every row and file as they were at the copy (checksums), the audit trail with its
 * append-only trigger, and open as the server opens it. A backup process killed with SIGKILL leaves the older
 * archives valid and nothing new that passes --verify; a changed or wrongly encrypted archive is refused, in pt-BR,
 * by verify and by restore, which then writes nothing.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openPglite, type Database } from '../../server/db/client';
import { openEmbeddedDatabase, PGDATA_NAME } from '../../server/db/embedded';
import { seedLookups } from '../../server/db/seed';
import type { AppDeps } from '../../server/deps';
import { BackupError, readArchive } from '../../server/services/backup/archive';
import { createBackupService, readBackupStatus } from '../../server/services/backup/backup-service';
import { openBackupChannel, requestBackup } from '../../server/services/backup/local-channel';
import { restoreArchive, RestoreRefusedError } from '../../server/services/backup/restore';
import { createPostgresRateLimiter } from '../../server/services/rate-limit/postgres-rate-limiter';
import { createDiskStorage } from '../../server/services/storage/disk-storage';
import { runBackupCommand } from '../../scripts/backup';
import { runRestoreCommand } from '../../scripts/restore';
import { authHeader, createMedic, signIn, TEST_PASSWORD, validCpf } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';

const ROOT = resolve(import.meta.dirname, '../..');

// Each test starts servers and backup processes of its own (tsx, PGlite, a 60 MB file): beside the browser layers on a
// two-core CI machine they took up to three times their idle time (35 s became more than 60 s), past the suite's limit.
vi.setConfig({ testTimeout: 180_000 });

type Embedded = { dataDir: string; close(): Promise<void>; app: FastifyInstance; db: Database; config: Config };

/** An on-disk data directory with the small lookups, as a first start makes it (from the run's template when PGlite). */
async function prepareDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const templates = inject('databaseTemplates');
  if (templates?.kind === 'pglite-dump') {
    const handle = await openPglite(join(dataDir, PGDATA_NAME), { loadDataDir: new Blob([await readFile(templates.small)]) });
    await handle.close();
    return;
  }
  const handle = await openEmbeddedDatabase(dataDir);
  try {
    await seedLookups(handle.db, { set: 'small' });
  } finally {
    await handle.close();
  }
}

function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
}

/** The app on an embedded data directory, as serve.ts builds it (without listening). */
async function startEmbedded(dataDir: string, env: Record<string, string> = {}): Promise<Embedded> {
  const handle = await openEmbeddedDatabase(dataDir);
  const config = configFor(dataDir, env);
  const now = () => new Date();
  const deps: AppDeps = {
    config,
    db: handle.db,
    storage: createDiskStorage(join(dataDir, 'files')),
    mailer: { send: async () => {} },
    rateLimiter: createPostgresRateLimiter(handle.db, now),
    now,
  };
  const app = await buildApp(deps, {});
  await app.ready();
  const service = createBackupService({
    snapshot: () => handle.snapshot!(),
    dataDir,
    filesDir: join(dataDir, 'files'),
    settings: config.backup,
  });
  const channel = await openBackupChannel(dataDir, service);
  return {
    dataDir,
    app,
    db: handle.db,
    config,
    async close() {
      await channel.close();
      await service.settled();
      await app.close();
      await handle.close();
    },
  };
}

const PUBLIC_TABLES = sql`select tablename from pg_tables where schemaname = 'public' order by tablename`;

/** Every row of every table, as JSON text sorted, per table (the migrations' own table too). */
async function allRows(db: Database): Promise<Record<string, string[]>> {
  const tables = ((await db.execute(PUBLIC_TABLES)) as unknown as { rows: Array<{ tablename: string }> }).rows.map((row) => row.tablename);
  const result: Record<string, string[]> = {};
  for (const table of [...tables, 'drizzle.__drizzle_migrations']) {
    const name = table.includes('.') ? sql.raw(table) : sql.identifier(table);
    const { rows } = (await db.execute(sql`select row_to_json(t)::text as row from ${name} t`)) as unknown as {
      rows: Array<{ row: string }>;
    };
    result[table] = rows.map((row) => row.row).sort();
  }
  return result;
}

/** Every file of the disk store with its SHA-256 (keyed by its path under files/). */
async function fileSums(dataDir: string): Promise<Record<string, string>> {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return {};
  const sums: Record<string, string> = {};
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    sums[path.slice(root.length + 1)] = createHash('sha256').update(await readFile(path)).digest('hex');
  }
  return sums;
}

const PNG = solidPng(3, [0x20, 0x80, 0x40]);
let cpfSeed = 880_000;

async function addPatientWithPhoto(app: FastifyInstance, headers: Record<string, string>, label: string) {
  const form = new FormData();
  form.append('nome_completo', `Paciente Backup ${label}`);
  form.append('cellphone', '11987654321');
  form.append('cpf', formatCpf(validCpf(cpfSeed++ * 13)));
  form.append('gender', 'female');
  form.append('foto', new Blob([new Uint8Array(Buffer.concat([PNG, randomBytes(64)]))], { type: 'image/png' }), 'foto.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  const res = await app.inject({
    method: 'POST',
    url: '/surgery/api/v1/add_paciente/',
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload,
  });
  return res;
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cirurgias-backup-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('backup while the server writes, then restore', () => {
  it('restores every row and file of the copy, the audit trail intact, on a server that opens it', async () => {
    const dataDir = join(root, 'office', 'data');
    // The default folder: beside the data directory (BACKUP_DIR unset).
    const backupDir = `${dataDir}-backups`;
    await prepareDataDir(dataDir);
    const server = await startEmbedded(dataDir);
    let archivePath: string;
    try {
      const medic = await createMedic({ db: server.db });
      const headers = authHeader((await signIn(server.app, medic.email, TEST_PASSWORD)).access_token);
      for (let i = 0; i < 5; i++) expect((await addPatientWithPhoto(server.app, headers, `antes ${i}`)).statusCode).toBe(201);

      // Writers keep going while `npm run backup` asks the server through the local channel.
      let writing = true;
      let written = 0;
      const writers = [0, 1].map(async (writer) => {
        while (writing) {
          const res = await addPatientWithPhoto(server.app, headers, `durante ${writer}-${written}`);
          expect(res.statusCode, res.body).toBe(201);
          written += 1;
        }
      });
      const writtenBefore = written;
      const answer = await requestBackup(dataDir);
      const writtenDuring = written - writtenBefore;
      writing = false;
      await Promise.all(writers);
      expect(answer?.ok, JSON.stringify(answer)).toBe(true);
      if (!answer?.ok) return;
      archivePath = answer.file;
      expect(archivePath.startsWith(backupDir)).toBe(true);
      expect(writtenDuring).toBeGreaterThan(0);
      const status = await readBackupStatus(dataDir);
      expect(status?.last_success?.size).toBe((await stat(archivePath)).size);

      // What the copy holds, read from the archive itself, must equal what the restore brings back.
      const manifest = await readArchive(archivePath, null);
      expect(manifest.migrations.applied).toBeGreaterThan(0);

      const source = { rows: await allRows(server.db), files: await fileSums(dataDir) };
      const restoredDir = join(root, 'restored', 'data');
      const result = await restoreArchive({ archive: archivePath, dataDir: restoredDir, passphrase: null });
      expect(result.migrationsNow).toBe(manifest.migrations.applied);

      const restored = await startEmbedded(restoredDir);
      try {
        const rows = await allRows(restored.db);
        const files = await fileSums(restoredDir);
        // Each restored file is byte for byte the source's, and the archive's manifest says so too.
        for (const [key, sum] of Object.entries(files)) expect(source.files[key], key).toBe(sum);
        for (const entry of manifest.entries.filter((item) => item.path.startsWith('files/'))) {
          expect(files[entry.path.slice('files/'.length)]).toBe(entry.sha256);
        }
        // Every restored row is in the source unchanged (writers only add); the patients written before are all there.
        for (const [table, list] of Object.entries(rows)) {
          const inSource = new Set(source.rows[table]);
          const changed = list.filter((row) => !inSource.has(row));
          // The sign-in's token row may have been touched (last use) after the copy, and the audit trail's counts folded
          // (their sum is checked below); nothing else changes.
          if (!['oauth_tokens', 'rate_limit_counters', 'audit_event_counts'].includes(table)) expect(changed, table).toEqual([]);
        }
        // The audit trail's kept counts add up, per medic, to the restored trail.
        const counted = await restored.db.execute(sql`
          select coalesce(c.medic_id, e.medic_id) as medic_id, c.events, e.events as trail
            from (select medic_id, sum(events)::int as events from audit_event_counts group by medic_id) c
            full join (select medic_id, count(*)::int as events from audit_events group by medic_id) e on e.medic_id = c.medic_id`);
        const countRows = (counted as unknown as { rows: Array<{ medic_id: number; events: number | null; trail: number | null }> }).rows;
        expect(countRows.length).toBeGreaterThan(0);
        for (const row of countRows) expect(row.events, `medic ${row.medic_id}`).toBe(row.trail);
        const patientsRestored = rows.patients!.length;
        expect(patientsRestored).toBeGreaterThanOrEqual(5 + writtenBefore);
        // Every photo a restored patient names is in the restored store.
        for (const row of rows.patients!) {
          const key = (JSON.parse(row) as { photo_key: string | null }).photo_key;
          if (key) expect(files[key], key).toBeDefined();
        }
        // The audit trail: the restored rows are the source's first ones, and still append-only.
        const audit = rows.audit_events!.map((row) => JSON.parse(row) as { id: number }).sort((a, b) => a.id - b.id);
        const sourceAudit = source.rows.audit_events!.map((row) => JSON.parse(row) as { id: number }).sort((a, b) => a.id - b.id);
        expect(audit.length).toBeGreaterThan(0);
        expect(audit).toEqual(sourceAudit.slice(0, audit.length));
        await expect(restored.db.execute(sql`delete from audit_events`)).rejects.toThrow();

        // The restored server answers as the old one: sign-in, the patient list and a photo's bytes.
        const restoredHeaders = authHeader((await signIn(restored.app, medic.email, TEST_PASSWORD)).access_token);
        const withPhoto = JSON.parse(rows.patients!.find((row) => row.includes('"photo_key":"'))!) as { id: number; photo_key: string };
        expect(files[withPhoto.photo_key]).toBe(source.files[withPhoto.photo_key]);
        const patient = await restored.app.inject({ method: 'GET', url: `/surgery/api/v1/patient/${withPhoto.id}/`, headers: restoredHeaders });
        expect(patient.statusCode, patient.body).toBe(200);
        const photoUrl = (patient.json() as { foto: string }).foto;
        const photo = await restored.app.inject({ method: 'GET', url: photoUrl.replace(/^https?:\/\/[^/]+/, '') });
        expect(photo.statusCode, photo.body).toBe(200);
        expect(photo.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
      } finally {
        await restored.close();
      }
    } finally {
      await server.close();
    }

    // A quiet installation: the archive of it restores to exactly the same rows and files.
    const quietServer = await startEmbedded(dataDir);
    let quiet;
    try {
      const answer = await requestBackup(dataDir);
      expect(answer?.ok).toBe(true);
      quiet = { rows: await allRows(quietServer.db), files: await fileSums(dataDir), archive: answer?.ok ? answer.file : '' };
    } finally {
      await quietServer.close();
    }
    const again = join(root, 'restored-quiet', 'data');
    await restoreArchive({ archive: quiet.archive, dataDir: again, passphrase: null });
    const reopened = await startEmbedded(again);
    try {
      expect(await fileSums(again)).toEqual(quiet.files);
      const rows = await allRows(reopened.db);
      for (const table of Object.keys(quiet.rows)) {
        if (table === 'rate_limit_counters') continue;
        expect(rows[table], table).toEqual(quiet.rows[table]);
      }
    } finally {
      await reopened.close();
    }
  });
});

describe('a backup process killed mid-way', () => {
  it('leaves the older archives valid and no new archive that passes --verify; the next backup cleans up', async () => {
    const dataDir = join(root, 'killed', 'data');
    const backupDir = join(root, 'killed', 'backups');
    await prepareDataDir(dataDir);
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    const print = { out: () => {}, err: () => {} };
    // An older archive, taken with no server running (the command opens the directory itself).
    expect(await runBackupCommand([], configFor(dataDir, env), print)).toBe(0);
    const [older] = await readdir(backupDir);
    expect(older).toMatch(/^cirurgias-backup-.*\.tar\.gz$/);
    // Enough incompressible bytes that the next backup is still writing when it is killed.
    await mkdir(join(dataDir, 'files', 'patients', '1'), { recursive: true });
    await writeFile(join(dataDir, 'files', 'patients', '1', 'grande-0a1b.bin'), randomBytes(60 * 1024 * 1024));

    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATABASE_URL: '' },
      stdio: 'ignore',
    });
    const exited = new Promise((done) => child.once('exit', done));
    const deadline = Date.now() + 60_000;
    let temp: string | undefined;
    // Killed once it has written a good part (a megabyte) of the new archive.
    while (!temp && Date.now() < deadline) {
      const name = (await readdir(backupDir)).find((item) => item.endsWith('.tmp'));
      if (name && (await stat(join(backupDir, name)).catch(() => ({ size: 0 }))).size > 1_048_576) temp = name;
      else await new Promise((done) => setTimeout(done, 10));
    }
    expect(temp, 'the backup never started writing').toBeDefined();
    child.kill('SIGKILL');
    await exited;

    const names = await readdir(backupDir);
    expect(names.filter((name) => !name.endsWith('.tmp'))).toEqual([older]);
    await expect(readArchive(join(backupDir, older!), null)).resolves.toBeTruthy();
    const leftover = names.find((name) => name.endsWith('.tmp'))!;
    await expect(readArchive(join(backupDir, leftover), null)).rejects.toThrow(BackupError);
    const lines: string[] = [];
    const collect = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runBackupCommand(['--verify', join(backupDir, leftover)], configFor(dataDir, env), collect)).toBe(1);
    expect(lines.join('\n')).toMatch(/corrompido ou foi alterado/);

    // The next backup takes over the dead process's lock, removes its leftover and succeeds.
    expect(await runBackupCommand([], configFor(dataDir, env), print)).toBe(0);
    // The day's newest archive replaces the older one of the same day (retention: one a day).
    const after = await readdir(backupDir);
    expect(after.some((name) => name.endsWith('.tmp'))).toBe(false);
    expect(after).toHaveLength(1);
    await expect(readArchive(join(backupDir, after[0]!), null)).resolves.toBeTruthy();
  });
});

describe('refused archives', () => {
  let plain: string;
  let sealed: string;
  const sealedLines: string[] = [];
  const dataDir = () => join(root, 'refusals', 'data');
  beforeAll(async () => {
    await prepareDataDir(dataDir());
    const print = { out: () => {}, err: () => {} };
    const backupDir = join(root, 'refusals', 'backups');
    expect(await runBackupCommand([], configFor(dataDir(), { BACKUP_DIR: backupDir }), print)).toBe(0);
    // Another folder: the same day's second archive would replace the first there (retention).
    const sealedDir = join(root, 'refusals', 'backups-sealed');
    const collect = { out: (line: string) => sealedLines.push(line), err: (line: string) => sealedLines.push(line) };
    expect(
      await runBackupCommand([], configFor(dataDir(), { BACKUP_DIR: sealedDir, BACKUP_PASSPHRASE: 'frase secreta do consultório' }), collect),
    ).toBe(0);
    plain = join(backupDir, (await readdir(backupDir)).find((name) => name.endsWith('.tar.gz'))!);
    sealed = join(sealedDir, (await readdir(sealedDir)).find((name) => name.endsWith('.tar.gz.enc'))!);
  });

  async function changedCopy(path: string, at: (size: number) => number): Promise<string> {
    const copy = join(root, `alterado-${randomBytes(4).toString('hex')}-${path.split('/').pop()}`);
    const data = await readFile(path);
    const index = at(data.length);
    data[index] = data[index]! ^ 0x01;
    await writeFile(copy, data);
    return copy;
  }

  async function verifyAndRestore(path: string, env: Record<string, string>) {
    const lines: string[] = [];
    const print = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const target = join(root, `destino-${randomBytes(4).toString('hex')}`);
    const config = configFor(target, env);
    const verify = await runBackupCommand(['--verify', path], config, print);
    const restore = await runRestoreCommand([path], config, print);
    return { verify, restore, lines, wroteNothing: !existsSync(target) || (await readdir(target)).length === 0 };
  }

  it('verifies and restores the untouched archives', async () => {
    const plainManifest = await readArchive(plain, null);
    expect(plainManifest.encrypted).toBe(false);
    const sealedManifest = await readArchive(sealed, 'frase secreta do consultório');
    expect(sealedManifest.encrypted).toBe(true);
    // The sealed file is not a gzip: nothing of the database is readable without the passphrase.
    const head = Buffer.alloc(8);
    const file = await open(sealed, 'r');
    await file.read(head, 0, 8, 0);
    await file.close();
    expect(head.toString('ascii')).toBe('CIRBKENC');
    const outcome = await verifyAndRestore(sealed, { BACKUP_PASSPHRASE: 'frase secreta do consultório' });
    expect(outcome.verify).toBe(0);
    expect(outcome.restore, outcome.lines.join('\n')).toBe(0);
    // The passphrase is never written: not in what the commands print, the archive, nor the backup status.
    const passphrase = Buffer.from('frase secreta do consultório', 'utf8');
    expect(sealedLines.length).toBeGreaterThan(0);
    for (const line of [...sealedLines, ...outcome.lines]) expect(line).not.toContain('frase secreta');
    expect((await readFile(sealed)).includes(passphrase)).toBe(false);
    expect((await readFile(join(dataDir(), 'backup-status.json'))).includes(passphrase)).toBe(false);
  });

  it('refuses a changed byte, a cut-short file and a wrong or missing passphrase, writing nothing', async () => {
    const cases: Array<{ path: string; env: Record<string, string>; message: RegExp }> = [
      { path: await changedCopy(plain, (size) => Math.floor(size / 2)), env: {}, message: /corrompido ou foi alterado/ },
      { path: await changedCopy(plain, (size) => size - 12), env: {}, message: /corrompido ou foi alterado/ },
      {
        path: await changedCopy(sealed, (size) => Math.floor(size / 2)),
        env: { BACKUP_PASSPHRASE: 'frase secreta do consultório' },
        message: /corrompido ou foi alterado/,
      },
      { path: sealed, env: { BACKUP_PASSPHRASE: 'outra frase' }, message: /senha do backup .* não é a usada/ },
      { path: sealed, env: {}, message: /criptografado: defina BACKUP_PASSPHRASE/ },
    ];
    const short = join(root, 'cortado.tar.gz');
    await writeFile(short, (await readFile(plain)).subarray(0, 4096));
    cases.push({ path: short, env: {}, message: /corrompido ou foi alterado/ });
    for (const item of cases) {
      const outcome = await verifyAndRestore(item.path, item.env);
      expect(outcome.verify, outcome.lines.join('\n')).toBe(1);
      expect(outcome.restore, outcome.lines.join('\n')).toBe(1);
      expect(outcome.lines).toHaveLength(2);
      for (const line of outcome.lines) expect(line).toMatch(item.message);
      expect(outcome.wroteNothing).toBe(true);
    }
  });

  it('refuses a data directory that is not empty unless --force, and keeps the old data beside it', async () => {
    const target = join(root, 'ocupado', 'data');
    await mkdir(target, { recursive: true });
    await writeFile(join(target, 'algo.txt'), 'x');
    await expect(restoreArchive({ archive: plain, dataDir: target, passphrase: null })).rejects.toThrow(RestoreRefusedError);
    expect(await readdir(target)).toEqual(['algo.txt']);
    await prepareDataDir(target);
    const result = await restoreArchive({ archive: plain, dataDir: target, passphrase: null, force: true });
    expect(result.keptAside).toHaveLength(1);
    expect(existsSync(result.keptAside[0]!)).toBe(true);
  });

  it('refuses PostgreSQL mode with a pointer to DEPLOYMENT.md', async () => {
    const lines: string[] = [];
    const print = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const config = { ...configFor(dataDir()), databaseUrl: 'postgres://localhost/cirurgias' };
    expect(await runBackupCommand([], config, print)).toBe(2);
    expect(await runRestoreCommand([plain], config, print)).toBe(2);
    expect(lines.join('\n')).toMatch(/docs\/DEPLOYMENT\.md/);
    expect(lines[0]).toMatch(/PostgreSQL/);
  });
});

describe('an archive of an older version', () => {
  it('is restored with the migrations it lacks, its rows kept', async () => {
    const dataDir = join(root, 'older', 'data');
    const backupDir = join(root, 'older', 'backups');
    await prepareDataDir(dataDir);
    // The installation as it stood before the last migration (0032_patient_messages): without the tables it makes, its
    // record removed.
    const handle = await openPglite(join(dataDir, PGDATA_NAME));
    let applied: number;
    let medicId: number;
    try {
      await handle.db.execute(sql`drop table patient_messages`);
      await handle.db.execute(sql`drop table message_templates`);
      await handle.db.execute(sql`drop table contact_consents`);
      await handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const { rows } = (await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      applied = rows[0]!.n;
      medicId = (await createMedic({ db: handle.db })).id;
    } finally {
      await handle.close();
    }
    const print = { out: () => {}, err: () => {} };
    expect(await runBackupCommand([], configFor(dataDir, { DATA_DIR: dataDir, BACKUP_DIR: backupDir }), print)).toBe(0);
    const [archive] = await readdir(backupDir);
    const manifest = await readArchive(join(backupDir, archive!), null);
    expect(manifest.migrations.applied).toBe(applied);

    const restoredDir = join(root, 'older', 'restored');
    const result = await restoreArchive({ archive: join(backupDir, archive!), dataDir: restoredDir, passphrase: null });
    expect(result.migrationsNow).toBe(applied + 1);
    const restored = await openPglite(join(restoredDir, PGDATA_NAME));
    try {
      const table = (await restored.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name in ('contact_consents', 'message_templates', 'patient_messages')`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(table.rows[0]!.n).toBe(3);
      const users = (await restored.db.execute(sql`select id from users where id = ${medicId}`)) as unknown as { rows: unknown[] };
      expect(users.rows).toHaveLength(1);
    } finally {
      await restored.close();
    }
  });
});
