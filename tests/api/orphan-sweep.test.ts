import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitals, surgeryDocuments, users } from '../../server/db/schema/index';
import { createDiskStorage } from '../../server/services/storage/disk-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { referencedFileKeys, sweepOrphanFiles } from '../../server/services/storage/orphan-sweep';
import { createPostgresStorage } from '../../server/services/storage/postgres-storage';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { createMedic } from '../helpers/fixtures';

/**
 * Issue 11 item 18: a crash between writing a file and the row that names it left orphan files. The server
 * sweeps, at start, every stored file no row names (in embedded mode all of them, in server mode those
 * older than an hour); a file some row names is never touched.
 */
let t: TestApp;
let diskRoot: string;
const named = {
  patientPhoto: 'patients/photo-kept.png',
  profilePhoto: 'users/photo-kept.png',
  document: 'surgeries/1/doctor_request-kept.pdf',
  template: 'templates/hospital-1-kept.docx',
};
const orphans = ['patients/photo-orphan.png', 'surgeries/1/medical_report-orphan.pdf', 'templates/plan-9-orphan.docx'];

beforeAll(async () => {
  t = await buildTestApp();
  diskRoot = await mkdtemp(join(tmpdir(), 'cirurgias-sweep-'));
  const medic = await createMedic(t.deps);
  await t.deps.db.update(users).set({ imageKey: named.profilePhoto }).where(eq(users.id, medic.id));
  const patient = await insertPatient(t.deps.db, medic.id, { photoKey: named.patientPhoto });
  const surgery = await insertSurgery(t.deps.db, patient);
  await t.deps.db
    .insert(surgeryDocuments)
    .values({ surgeryId: surgery.id, kind: 'doctor_request', fileKey: named.document, contentType: 'application/pdf', size: 3 });
  const [hospital] = await t.deps.db.select({ id: hospitals.id }).from(hospitals).limit(1);
  await t.deps.db.update(hospitals).set({ templateFileKey: named.template }).where(eq(hospitals.id, hospital!.id));
});

afterAll(async () => {
  await t?.close();
  await rm(diskRoot, { recursive: true, force: true });
});

async function fill(storage: FileStorage) {
  for (const key of [...Object.values(named), ...orphans]) await storage.put(key, Buffer.from('abc'), 'application/octet-stream');
}

async function present(storage: FileStorage, keys: readonly string[]) {
  const found = await Promise.all(keys.map(async (key) => ((await storage.get(key)) ? key : null)));
  return found.filter(Boolean);
}

it('knows every key a row names: patient and profile photos, case documents, templates', async () => {
  expect([...(await referencedFileKeys(t.deps.db))].sort()).toEqual(Object.values(named).sort());
});

for (const [name, store] of [
  ['disk', () => createDiskStorage(diskRoot)],
  ['postgres', () => createPostgresStorage(t.deps.db)],
] as const) {
  describe(`${name} storage`, () => {
    it('keeps a file written after the cutoff, even unnamed (an upload whose row is not committed yet)', async () => {
      const storage = store();
      await fill(storage);
      const removed = await sweepOrphanFiles({ db: t.deps.db, storage, writtenBefore: new Date(Date.now() - 60 * 60 * 1000) });
      expect(removed).toBe(0);
      expect(await present(storage, orphans)).toEqual(orphans);
    });

    it('removes every unnamed file written before the cutoff and keeps every named one', async () => {
      const storage = store();
      await fill(storage);
      const removed = await sweepOrphanFiles({ db: t.deps.db, storage, writtenBefore: new Date(Date.now() + 1000) });
      expect(removed).toBe(orphans.length);
      expect(await present(storage, orphans)).toEqual([]);
      expect(await present(storage, Object.values(named))).toEqual(Object.values(named));
    });
  });
}

it('removes, on disk, the temporary file of a write a crash interrupted, and leaves files that are not storage keys', async () => {
  await mkdir(join(diskRoot, 'patients'), { recursive: true });
  await writeFile(join(diskRoot, 'patients', '.0123456789abcdef.tmp'), 'meio arquivo');
  await writeFile(join(diskRoot, 'LEIA-ME com espaço.txt'), 'não é uma chave');
  const removed = await sweepOrphanFiles({ db: t.deps.db, storage: createDiskStorage(diskRoot), writtenBefore: new Date(Date.now() + 1000) });
  expect(removed).toBe(1);
  expect((await readdir(join(diskRoot, 'patients'))).sort()).toEqual(['photo-kept.png']);
  expect(await readdir(diskRoot)).toContain('LEIA-ME com espaço.txt');
});
