import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { moveFiles, parseMoveArgs, reportMove, type MoveSummary } from '../../scripts/move-files';
import { openPostgres } from '../../server/db/client';
import { hospitals, surgeryDocuments, users } from '../../server/db/schema/index';
import { createDiskStorage } from '../../server/services/storage/disk-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { createPostgresStorage } from '../../server/services/storage/postgres-storage';
import { createS3Storage } from '../../server/services/storage/s3-storage';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { adminStatement, databaseUrlNamed } from '../helpers/database-templates';
import { createMedic } from '../helpers/fixtures';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

/**
 * `npm run files:move` (DECISIONS §12): every file a row names goes from one store to another (here from
 * PostgreSQL's stored_files and from the data directory to an S3 bucket), verified byte for byte, again and
 * again without harm, picking up after an interruption, and leaving the source only with --delete-source.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let t: TestApp;
let s3: TestS3Server;
let diskRoot: string;
const opened: Array<{ close(): void }> = [];

/** Files the rows below name, with distinct bytes and types. */
const files = {
  patientPhoto: { key: 'patients/1/photo-mover.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]), type: 'image/png' },
  profilePhoto: { key: 'users/photo-mover.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), type: 'image/jpeg' },
  document: { key: 'surgeries/1/doctor_request-mover.pdf', data: Buffer.alloc(300_000, 0x25), type: 'application/pdf' },
  template: {
    key: 'templates/hospital-1-mover.docx',
    data: Buffer.from('PK\u0003\u0004 modelo'),
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};
const named = Object.values(files);
const MISSING_KEY = 'surgeries/1/medical_report-perdido.pdf';
const ORPHAN_KEY = 'patients/1/photo-orfa.png';

beforeAll(async () => {
  [t, s3] = await Promise.all([buildTestApp(), startS3Server()]);
  diskRoot = await mkdtemp(join(tmpdir(), 'cirurgias-move-'));
  const medic = await createMedic(t.deps);
  await t.deps.db.update(users).set({ imageKey: files.profilePhoto.key }).where(eq(users.id, medic.id));
  const patient = await insertPatient(t.deps.db, medic.id, { photoKey: files.patientPhoto.key });
  const surgery = await insertSurgery(t.deps.db, patient);
  await t.deps.db.insert(surgeryDocuments).values([
    { surgeryId: surgery.id, kind: 'doctor_request', fileKey: files.document.key, contentType: files.document.type, size: 1 },
    { surgeryId: surgery.id, kind: 'medical_report', fileKey: MISSING_KEY, contentType: 'application/pdf', size: 1 },
  ]);
  const [first, second] = await t.deps.db.select({ id: hospitals.id }).from(hospitals).orderBy(hospitals.id).limit(2);
  await t.deps.db.update(hospitals).set({ templateFileKey: files.template.key }).where(eq(hospitals.id, first!.id));
  // A shipped template lives with the code, in no store: nothing to move.
  await t.deps.db.update(hospitals).set({ templateFileKey: 'shipped/solicitacao-hospital.docx' }).where(eq(hospitals.id, second!.id));
});
afterAll(async () => {
  for (const storage of opened) storage.close();
  await s3?.close();
  await t?.close();
  if (diskRoot) await rm(diskRoot, { recursive: true, force: true });
});

function bucket(prefix: string, overrides: Parameters<TestS3Server['settings']>[0] = {}) {
  const storage = createS3Storage(s3.settings({ prefix, ...overrides }));
  opened.push(storage);
  return storage;
}

async function fill(source: FileStorage) {
  for (const { key, data, type } of named) await source.put(key, data, type);
  await source.put(ORPHAN_KEY, Buffer.from('órfã'), 'image/png');
}

async function expectHolds(storage: FileStorage, present: boolean) {
  for (const { key, data, type } of named) {
    const stored = await storage.get(key);
    if (present) expect(stored, key).toEqual({ data, contentType: type, size: data.length });
    else expect(stored, key).toBeNull();
  }
}

const summaryOf = (overrides: Partial<MoveSummary>): MoveSummary => ({
  referenced: named.length + 1,
  copied: 0,
  alreadyThere: 0,
  missing: [MISSING_KEY],
  deletedFromSource: 0,
  failed: [],
  ...overrides,
});

for (const [name, source] of [
  ['postgres', () => createPostgresStorage(t.deps.db)],
  ['disk', () => createDiskStorage(diskRoot)],
] as const) {
  describe(`moving from ${name} to s3`, () => {
    it('copies every named file and nothing else, verified, keeping the source; a second run changes nothing', async () => {
      const from = source();
      await fill(from);
      const to = bucket(`${name}-1/`);
      expect(await moveFiles({ db: t.deps.db, from, to, deleteSource: false })).toEqual(summaryOf({ copied: named.length }));
      await expectHolds(to, true);
      await expectHolds(from, true);
      expect(await to.get(ORPHAN_KEY)).toBeNull();

      expect(await moveFiles({ db: t.deps.db, from, to, deleteSource: false })).toEqual(summaryOf({ alreadyThere: named.length }));
    });

    it('picks up after an interruption: copies what is absent and rewrites a file whose bytes differ', async () => {
      const from = source();
      await fill(from);
      const to = bucket(`${name}-2/`);
      await to.put(files.patientPhoto.key, files.patientPhoto.data, files.patientPhoto.type);
      await to.put(files.document.key, files.document.data.subarray(0, 1000), files.document.type);
      expect(await moveFiles({ db: t.deps.db, from, to, deleteSource: false })).toEqual(
        summaryOf({ copied: named.length - 1, alreadyThere: 1 }),
      );
      await expectHolds(to, true);
    });

    it('deletes from the source with --delete-source, and a run after that finds everything already there', async () => {
      const from = source();
      await fill(from);
      const to = bucket(`${name}-3/`);
      expect(await moveFiles({ db: t.deps.db, from, to, deleteSource: true })).toEqual(
        summaryOf({ copied: named.length, deletedFromSource: named.length }),
      );
      await expectHolds(from, false);
      await expectHolds(to, true);
      expect(await from.get(ORPHAN_KEY)).not.toBeNull(); // not named by any row: not the command's to move
      expect(await moveFiles({ db: t.deps.db, from, to, deleteSource: true })).toEqual(summaryOf({ alreadyThere: named.length }));
    });
  });
}

it('keeps every source file when the destination fails, and says so with exit code 1', async () => {
  const from = createPostgresStorage(t.deps.db);
  await fill(from);
  const summary = await moveFiles({ db: t.deps.db, from, to: bucket('', { bucket: 'balde-inexistente' }), deleteSource: true });
  expect(summary.copied).toBe(0);
  expect(summary.failed.map(({ key }) => key)).toEqual([...named.map(({ key }) => key), MISSING_KEY].sort());
  expect(summary.failed.every(({ problem }) => /NoSuchBucket/.test(problem))).toBe(true);
  await expectHolds(from, true);

  const lines: string[] = [];
  const print = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  expect(reportMove({ from: 'postgres', to: 's3', deleteSource: true }, summary, print)).toBe(1);
  expect(lines).toContain('Falharam (5); rode o comando de novo para tentar outra vez:');
  expect(lines).toContain(`  ${files.document.key}: Armazenamento S3: falha em get (NoSuchBucket, HTTP 404).`);
});

describe('the command line', () => {
  it('reads the stores and the flag, in either spelling', () => {
    expect(parseMoveArgs(['--from', 'postgres', '--to', 's3'])).toEqual({ from: 'postgres', to: 's3', deleteSource: false });
    expect(parseMoveArgs(['--from=disk', '--to=s3', '--delete-source'])).toEqual({ from: 'disk', to: 's3', deleteSource: true });
    expect(parseMoveArgs(['--from', 's3', '--to', 'postgres'])).toEqual({ from: 's3', to: 'postgres', deleteSource: false });
  });

  it('refuses an unknown store, the same store twice and unknown arguments, in pt-BR', () => {
    expect(parseMoveArgs(['--from', 'ftp', '--to', 's3'])).toEqual({ problem: 'Origem inválida: ftp.' });
    expect(parseMoveArgs(['--from', 'postgres'])).toEqual({ problem: 'Destino inválido: (nenhum).' });
    expect(parseMoveArgs(['--from', 's3', '--to', 's3'])).toEqual({ problem: 'A origem e o destino devem ser diferentes.' });
    expect(parseMoveArgs(['--from', 'postgres', '--to', 's3', '--apagar'])).toEqual({ problem: 'Argumento desconhecido: --apagar' });
  });

  it.skipIf(!process.env.DATABASE_URL)('moves a PostgreSQL installation’s files into the bucket (npm run files:move)', async () => {
    const url = process.env.DATABASE_URL!;
    const name = `cirurgias_move_${randomBytes(4).toString('hex')}`;
    await adminStatement(url, `CREATE DATABASE "${name}" TEMPLATE "${inject('databaseTemplates').small}"`);
    try {
      const handle = await openPostgres(databaseUrlNamed(url, name), { poolMax: 1 });
      try {
        const medic = await createMedic({ db: handle.db });
        await handle.db.update(users).set({ imageKey: files.profilePhoto.key }).where(eq(users.id, medic.id));
        await createPostgresStorage(handle.db).put(files.profilePhoto.key, files.profilePhoto.data, files.profilePhoto.type);
      } finally {
        await handle.close();
      }
      const env = { ...process.env, DATABASE_URL: databaseUrlNamed(url, name), ...s3.env({ prefix: 'cli' }) };
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/move-files.ts', '--from', 'postgres', '--to', 's3'], {
        cwd: ROOT,
        env,
      });
      expect(stdout).toContain('Copiados e conferidos: 1');
      expect(stdout).not.toContain(s3.credentials.secretAccessKey);
      expect(await bucket('cli/').get(files.profilePhoto.key)).toEqual({
        data: files.profilePhoto.data,
        contentType: files.profilePhoto.type,
        size: files.profilePhoto.data.length,
      });
    } finally {
      await adminStatement(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
