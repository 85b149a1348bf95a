import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValidStorageKey, createDiskStorage } from '../../server/services/storage/disk-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { createPostgresStorage } from '../../server/services/storage/postgres-storage';
import { createS3Storage } from '../../server/services/storage/s3-storage';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

const TRAVERSAL_KEYS = [
  '',
  '../segredo',
  'patients/../../segredo',
  '/etc/passwd',
  'patients//1',
  'patients/./1',
  '.hidden',
  'patients/1/',
  'patients\\1',
  'patients/1\0.jpg',
  'pacientes/foto é.jpg',
  'a'.repeat(600),
];

let t: TestApp;
let diskRoot: string;
let s3: TestS3Server;
let s3Storage: ReturnType<typeof createS3Storage>;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false });
  diskRoot = await mkdtemp(join(tmpdir(), 'cirurgias-storage-'));
  s3 = await startS3Server();
  s3Storage = createS3Storage(s3.settings({ prefix: 'cirurgias/' }));
});

afterAll(async () => {
  s3Storage?.close();
  await s3?.close();
  await t?.close();
  await rm(diskRoot, { recursive: true, force: true });
});

function roundTrip(name: string, store: () => FileStorage) {
  describe(`${name} storage`, () => {
    it('stores, reads, replaces and deletes a file', async () => {
      const storage = store();
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0a]);
      await storage.put('patients/1/photo-abc.png', bytes, 'image/png');
      expect(await storage.get('patients/1/photo-abc.png')).toEqual({ data: bytes, contentType: 'image/png', size: bytes.length });

      const pdf = Buffer.from('%PDF-1.7\n…\n', 'utf8');
      await storage.put('patients/1/photo-abc.png', pdf, 'application/pdf');
      const replaced = await storage.get('patients/1/photo-abc.png');
      expect(replaced?.data.equals(pdf)).toBe(true);
      expect(replaced?.contentType).toBe('application/pdf');

      await storage.delete('patients/1/photo-abc.png');
      expect(await storage.get('patients/1/photo-abc.png')).toBeNull();
      await storage.delete('patients/1/photo-abc.png'); // deleting twice is fine
    });

    it('answers null for a key never stored', async () => {
      expect(await store().get('surgeries/999/doctor_request-x.pdf')).toBeNull();
    });

    it('rejects keys that could leave the storage root', async () => {
      const storage = store();
      for (const key of TRAVERSAL_KEYS) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), JSON.stringify(key)).rejects.toThrow(/inválida/);
        await expect(storage.get(key), JSON.stringify(key)).rejects.toThrow(/inválida/);
        await expect(storage.delete(key), JSON.stringify(key)).rejects.toThrow(/inválida/);
      }
    });
  });
}

roundTrip('disk', () => createDiskStorage(diskRoot));
roundTrip('postgres', () => createPostgresStorage(t.deps.db));
roundTrip('s3', () => s3Storage);

describe('disk storage files', () => {
  it('writes through a temporary file and leaves none behind', async () => {
    const storage = createDiskStorage(diskRoot);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => storage.put('surgeries/7/medical_report.pdf', Buffer.alloc(50_000, i), 'application/pdf')),
    );
    const stored = await storage.get('surgeries/7/medical_report.pdf');
    expect(stored?.size).toBe(50_000);
    // Whichever write won, the file is whole: all its bytes come from one write.
    expect(new Set(stored?.data).size).toBe(1);
    expect(await readdir(join(diskRoot, 'surgeries', '7'))).toEqual(['medical_report.pdf']);
  });

  it('accepts the keys the server generates', () => {
    for (const key of ['patients/12/photo-3f9a.jpg', 'templates/hospital/4.docx', 'surgeries/1/doctor_request_A-b.pdf']) {
      expect(() => assertValidStorageKey(key)).not.toThrow();
    }
  });
});
