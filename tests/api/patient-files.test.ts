import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { patients, storedFiles, surgeries, surgeryDocuments } from '../../server/db/schema/index';
import { detachPatientFiles, removePatientFiles } from '../../server/services/patients/patient-files';
import { createDiskStorage } from '../../server/services/storage/disk-storage';
import { deleteStoredFiles, startOrphanSweeper } from '../../server/services/storage/file-removal';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { sweepOrphanFiles } from '../../server/services/storage/orphan-sweep';
import { createPostgresStorage } from '../../server/services/storage/postgres-storage';
import { createS3Storage } from '../../server/services/storage/s3-storage';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, signIn, TEST_PASSWORD, validCpf } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

/**
 * Files follow their records (issue 16 item 5; DECISIONS §17) on each store (disk, PostgreSQL, S3 through an
 * S3-protocol server), through the real API, on the run's database (PGlite, or PostgreSQL with DATABASE_URL):
 * a deleted patient's photo and a replaced document leave the store; removePatientFiles (the anonymization's call)
 * takes a patient's photo and the documents of all their cases and nothing else, as does an erasure request
 * (anonymization or deletion, patient-erasure.test.ts); a delete that fails after the
 * commit is tried again, and what still fails is swept while the server runs.
 */

const PNG = solidPng(2, [0x30, 0x60, 0x90]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** A store whose deletes fail while `failures` is above zero (each failed delete spends one). */
function flaky(inner: FileStorage) {
  const state = { failures: 0, deleteCalls: 0 };
  const storage: FileStorage = {
    put: (key, data, type) => inner.put(key, data, type),
    get: (key) => inner.get(key),
    async delete(key) {
      state.deleteCalls += 1;
      if (state.failures > 0) {
        state.failures -= 1;
        throw new Error('Armazenamento S3: falha em delete (ServiceUnavailable, HTTP 503).');
      }
      await inner.delete(key);
    },
    sweep: (isReferenced, writtenBefore) => inner.sweep(isReferenced, writtenBefore),
  };
  return { storage, state };
}

type StoreKind = 'disk' | 'postgres' | 's3';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

describe.each(['disk', 'postgres', 's3'] as const)('files follow their records on the %s store', (kind: StoreKind) => {
  let t: TestApp;
  let inner: FileStorage & { close?(): void };
  let store: ReturnType<typeof flaky>;
  let asMedic: { authorization: string };
  let medicId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp({
      storage: ({ db, dataDir }) => {
        inner =
          kind === 'disk'
            ? createDiskStorage(join(dataDir, 'files'))
            : kind === 'postgres'
              ? createPostgresStorage(db)
              : createS3Storage(s3.settings({ prefix: `arquivos-${Date.now()}/` }));
        store = flaky(inner);
        return store.storage;
      },
    });
    const medic = await createMedic(t.deps);
    medicId = medic.id;
    asMedic = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
  });
  afterAll(async () => {
    inner?.close?.();
    await t?.close();
  });

  /** Whether `key` is in the store, asked of the store itself and of what holds it (the file, the row). */
  async function isStored(key: string): Promise<boolean> {
    const found = (await inner.get(key)) !== null;
    if (kind === 'disk') expect(existsSync(join(t.deps.config.dataDir, 'files', ...key.split('/')))).toBe(found);
    if (kind === 'postgres') expect((await t.deps.db.select().from(storedFiles).where(eq(storedFiles.key, key))).length).toBe(found ? 1 : 0);
    return found;
  }

  async function multipart(method: 'POST' | 'PUT', url: string, form: FormData) {
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    return t.app.inject({ method, url, headers: { ...asMedic, 'content-type': request.headers.get('content-type')! }, payload });
  }

  /** A patient created through the API with a photo; answers its id and the photo's storage key. */
  async function patientWithPhoto() {
    const n = ++seq;
    const form = new FormData();
    form.append('nome_completo', `Paciente Arquivos ${kind} ${n}`);
    form.append('cellphone', '11987654321');
    form.append('cpf', formatCpf(validCpf(770_000 + n * 37 + kind.length * 1_000)));
    form.append('gender', 'female');
    form.append('foto', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const res = await multipart('POST', '/surgery/api/v1/add_paciente/', form);
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: number }).id;
    const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, id));
    expect(await isStored(row!.photoKey!)).toBe(true);
    return { id, photoKey: row!.photoKey!, row: row! };
  }

  /** Uploads a PDF of `document` kind to case `surgeryId` through the API; answers its storage key. */
  async function upload(surgeryId: number, document: 'doctor_request' | 'medical_report') {
    const form = new FormData();
    form.append('new_status', 'prep_doc');
    form.append(document, new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'documento.pdf');
    const res = await multipart('PUT', `/surgery/api/v1/include_surgery_files/${surgeryId}/`, form);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.deps.db.select().from(surgeryDocuments).where(eq(surgeryDocuments.surgeryId, surgeryId));
    // The file this upload added: a kind keeps every file (issue 33 item 10), the newest has the highest id.
    const key = rows.filter((row) => row.kind === document).sort((a, b) => b.id - a.id)[0]!.fileKey;
    expect(await isStored(key)).toBe(true);
    return key;
  }

  const deletePatient = (id: number) => t.app.inject({ method: 'DELETE', url: `/surgery/api/v1/update_patient/${id}/`, headers: asMedic });

  it("deletes a deleted patient's photo from the store", async () => {
    const { id, photoKey } = await patientWithPhoto();
    const res = await deletePatient(id);
    expect(res.statusCode).toBe(204);
    expect(await isStored(photoKey)).toBe(false);
  });

  it('keeps both files of one kind, and deletes from the store the one removed alone', async () => {
    const patient = await insertPatient(t.deps.db, medicId);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'prep_doc' });
    const first = await upload(surgery.id, 'doctor_request');
    const second = await upload(surgery.id, 'doctor_request');
    expect(second).not.toBe(first);
    expect(await isStored(first)).toBe(true);
    expect(await isStored(second)).toBe(true);
    const [row] = await t.deps.db.select().from(surgeryDocuments).where(eq(surgeryDocuments.fileKey, first));
    const removed = await t.app.inject({ method: 'DELETE', url: `/surgery/api/v1/surgery/${surgery.id}/document_files/${row!.id}/`, headers: asMedic });
    expect(removed.statusCode).toBe(200);
    expect(await isStored(first)).toBe(false);
    expect(await isStored(second)).toBe(true);
  });

  it("removePatientFiles takes the patient's photo and every case's documents, rows and files, and nothing else", async () => {
    const { id, photoKey, row } = await patientWithPhoto();
    const cases = [await insertSurgery(t.deps.db, row, { status: 'prep_doc' }), await insertSurgery(t.deps.db, row, { status: 'prep_doc' })];
    const documents = [await upload(cases[0]!.id, 'doctor_request'), await upload(cases[0]!.id, 'medical_report'), await upload(cases[1]!.id, 'doctor_request')];
    const other = await patientWithPhoto();
    const otherCase = await insertSurgery(t.deps.db, other.row, { status: 'prep_doc' });
    const otherDocument = await upload(otherCase.id, 'doctor_request');

    const { keys, pending } = await removePatientFiles({ db: t.deps.db, storage: t.deps.storage }, id);
    expect(keys.sort()).toEqual([photoKey, ...documents].sort());
    expect(pending).toEqual([]);
    for (const key of keys) expect(await isStored(key)).toBe(false);
    const [patient] = await t.deps.db.select().from(patients).where(eq(patients.id, id));
    expect({ photoKey: patient!.photoKey, photoContentType: patient!.photoContentType }).toEqual({ photoKey: null, photoContentType: null });
    for (const surgery of cases) {
      expect(await t.deps.db.select().from(surgeryDocuments).where(eq(surgeryDocuments.surgeryId, surgery.id))).toEqual([]);
    }
    // The patient's record itself stays (anonymization keeps it), and so does everyone else's file.
    const photo = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/patient/${id}/`, headers: asMedic });
    expect(photo.statusCode).toBe(200);
    expect((photo.json() as { foto: string | null }).foto).toBeNull();
    expect(await isStored(other.photoKey)).toBe(true);
    expect(await isStored(otherDocument)).toBe(true);
    // Once more: nothing left to remove.
    expect(await removePatientFiles({ db: t.deps.db, storage: t.deps.storage }, id)).toEqual({ keys: [], pending: [] });
  });

  it("detachPatientFiles works in the caller's transaction: rolled back, the rows still name the files and they stay", async () => {
    const { id, photoKey, row } = await patientWithPhoto();
    const surgery = await insertSurgery(t.deps.db, row, { status: 'prep_doc' });
    const document = await upload(surgery.id, 'medical_report');
    const rollback = new Error('the caller changed its mind');
    await expect(
      t.deps.db.transaction(async (tx) => {
        expect((await detachPatientFiles(tx, id)).sort()).toEqual([photoKey, document].sort());
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const [patient] = await t.deps.db.select().from(patients).where(eq(patients.id, id));
    expect(patient!.photoKey).toBe(photoKey);
    expect(await t.deps.db.select().from(surgeryDocuments).where(eq(surgeryDocuments.surgeryId, surgery.id))).toHaveLength(1);
    expect(await isStored(photoKey)).toBe(true);
    expect(await isStored(document)).toBe(true);

    // Committed, then deleted after the commit: the anonymization's order.
    const keys = await t.deps.db.transaction((tx) => detachPatientFiles(tx, id));
    expect(await deleteStoredFiles(t.deps.storage, keys)).toEqual([]);
    expect(await isStored(photoKey)).toBe(false);
    expect(await isStored(document)).toBe(false);
  });

  it("an erasure request takes the photo and every case's documents of an anonymized patient, and only theirs", async () => {
    const { id, photoKey, row } = await patientWithPhoto();
    const surgery = await insertSurgery(t.deps.db, row, { status: 'prep_doc' });
    const document = await upload(surgery.id, 'medical_report');
    const other = await patientWithPhoto();
    // The keeping period (20 years after the last activity) is over.
    const old = new Date('2001-01-01T12:00:00Z');
    await t.deps.db.update(patients).set({ updatedAt: old }).where(eq(patients.id, id));
    await t.deps.db.update(surgeries).set({ updatedAt: old, statusChangedAt: old }).where(eq(surgeries.id, surgery.id));
    await t.deps.db.update(surgeryDocuments).set({ uploadedAt: old }).where(eq(surgeryDocuments.surgeryId, surgery.id));
    const res = await t.app.inject({ method: 'POST', url: `/surgery/api/v1/patient/${id}/erasure/`, headers: asMedic });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('anonymized');
    expect(await isStored(photoKey)).toBe(false);
    expect(await isStored(document)).toBe(false);
    expect(await isStored(other.photoKey)).toBe(true);
  });

  it("an erasure request of a patient without cases deletes the patient's photo", async () => {
    const { id, photoKey } = await patientWithPhoto();
    const res = await t.app.inject({ method: 'POST', url: `/surgery/api/v1/patient/${id}/erasure/`, headers: asMedic });
    expect(res.json()).toEqual({ outcome: 'deleted' });
    expect(await isStored(photoKey)).toBe(false);
  });

  it('tries a delete that fails after the commit again, and the patient is deleted either way', async () => {
    const { id, photoKey } = await patientWithPhoto();
    store.state.failures = 2;
    const res = await deletePatient(id);
    expect(res.statusCode).toBe(204);
    expect(store.state.failures).toBe(0);
    expect(await isStored(photoKey)).toBe(false);
  });

  it('leaves a file whose delete keeps failing to the sweep, which removes it while the server runs', async () => {
    const { id, photoKey } = await patientWithPhoto();
    const kept = await patientWithPhoto();
    store.state.failures = 3;
    const calls = store.state.deleteCalls;
    const res = await deletePatient(id);
    expect(res.statusCode).toBe(204);
    expect(store.state.deleteCalls - calls).toBe(3);
    expect(await t.deps.db.select().from(patients).where(eq(patients.id, id))).toEqual([]);
    expect(await isStored(photoKey)).toBe(true);

    // The running server's sweep (every six hours in production; here every 50 ms, with no grace).
    const log = { info: vi.fn(), warn: vi.fn() };
    const sweeper = startOrphanSweeper({ db: t.deps.db, storage: t.deps.storage, log, intervalMs: 50, graceMs: -60_000 });
    try {
      await vi.waitFor(async () => expect(await isStored(photoKey)).toBe(false), { timeout: 30_000, interval: 100 });
    } finally {
      await sweeper.stop();
    }
    expect(log.info).toHaveBeenCalledWith({ removed: 1 }, 'arquivos sem registro removidos');
    expect(log.warn).not.toHaveBeenCalled();
    expect(await isStored(kept.photoKey)).toBe(true);
  });

  it('deleteStoredFiles never throws: it answers the keys still stored, which the start sweep removes', async () => {
    const key = `patients/photo-${kind}-pendente.png`;
    await t.deps.storage.put(key, PNG, 'image/png');
    store.state.failures = 3;
    expect(await deleteStoredFiles(t.deps.storage, [key, key, null], { retryDelaysMs: [0, 0] })).toEqual([key]);
    expect(await isStored(key)).toBe(true);
    expect(await sweepOrphanFiles({ db: t.deps.db, storage: t.deps.storage, writtenBefore: new Date(Date.now() + 60_000) })).toBeGreaterThanOrEqual(1);
    expect(await isStored(key)).toBe(false);
  });
});
