import { isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { healthPlans, hospitals, officeTemplates, patients, surgeryDocuments, users } from '../../db/schema/index';
import type { FileStorage } from './file-storage';

/**
 * How long a file may wait for its row in server mode: another instance may be between writing an
 * upload and committing the row that names it, and no upload transaction takes anywhere near an hour.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Every storage key a row names: patient photos, profile photos, case documents, templates (shared and offices'). */
export async function referencedFileKeys(db: Database): Promise<Set<string>> {
  const lists = await Promise.all([
    db.select({ key: patients.photoKey }).from(patients).where(isNotNull(patients.photoKey)),
    db.select({ key: users.imageKey }).from(users).where(isNotNull(users.imageKey)),
    db.select({ key: surgeryDocuments.fileKey }).from(surgeryDocuments),
    db.select({ key: hospitals.templateFileKey }).from(hospitals).where(isNotNull(hospitals.templateFileKey)),
    db.select({ key: healthPlans.templateFileKey }).from(healthPlans).where(isNotNull(healthPlans.templateFileKey)),
    db.select({ key: officeTemplates.fileKey }).from(officeTemplates),
  ]);
  return new Set(lists.flat().flatMap(({ key }) => (key ? [key] : [])));
}

/**
 * A file is written before the row that names it, and an old file is deleted after the row stops
 * naming it; a crash or a failed delete between the two leaves a file no row names (issue 11 item 18,
 * issue 16 item 5). The server sweeps those at start: in embedded mode it is the data directory's only
 * process (the lock), so every unnamed file goes; in server mode only those older than ORPHAN_GRACE_MS.
 * A running server sweeps again periodically (file-removal.ts, startOrphanSweeper). Answers how many went.
 */
export async function sweepOrphanFiles({ db, storage, writtenBefore }: { db: Database; storage: FileStorage; writtenBefore: Date }): Promise<number> {
  const referenced = await referencedFileKeys(db);
  return storage.sweep((key) => referenced.has(key), writtenBefore);
}
