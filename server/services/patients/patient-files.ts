import { eq, inArray, isNotNull, and } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { patients, surgeries, surgeryDocuments } from '../../db/schema/index';
import { deleteStoredFiles } from '../storage/file-removal';
import type { FileStorage } from '../storage/file-storage';

/**
 * A patient's files (issue 16 item 5; DECISIONS §17): the photo and the documents of all the patient's surgeries.
 * When the patient is deleted or anonymized they leave the store too, in two steps around the commit:
 *
 *   const keys = await db.transaction(async (tx) => {
 *     …                                        // the caller's own change (delete, anonymize, audit row)
 *     return detachPatientFiles(tx, patientId); // the rows stop naming the files
 *   });
 *   await deleteStoredFiles(storage, keys);     // after the commit; never throws
 *
 * or, when the caller has committed already, `removePatientFiles({ db, storage }, patientId)`, which does both in a
 * transaction of its own. A file whose delete fails after the commit is swept later (storage/file-removal.ts): no
 * row names it any more, so it never stays for good.
 */

/** The storage keys patient `patientId`'s rows name: the photo, then each surgery's documents. */
export async function patientFileKeys(executor: Executor, patientId: number): Promise<string[]> {
  const [photo, documents] = await Promise.all([
    executor
      .select({ key: patients.photoKey })
      .from(patients)
      .where(and(eq(patients.id, patientId), isNotNull(patients.photoKey))),
    executor
      .select({ key: surgeryDocuments.fileKey })
      .from(surgeryDocuments)
      .innerJoin(surgeries, eq(surgeries.id, surgeryDocuments.surgeryId))
      .where(eq(surgeries.patientId, patientId)),
  ]);
  return [...photo, ...documents].flatMap(({ key }) => (key ? [key] : []));
}

/**
 * In the caller's transaction: the patient's photo columns are cleared and the document rows of the patient's
 * surgeries deleted, so no row names those files; answers their keys, for deleteStoredFiles after the commit.
 */
export async function detachPatientFiles(tx: Executor, patientId: number): Promise<string[]> {
  const keys = await patientFileKeys(tx, patientId);
  if (keys.length === 0) return [];
  await tx.update(patients).set({ photoKey: null, photoContentType: null }).where(eq(patients.id, patientId));
  const cases = tx.select({ id: surgeries.id }).from(surgeries).where(eq(surgeries.patientId, patientId));
  await tx.delete(surgeryDocuments).where(inArray(surgeryDocuments.surgeryId, cases));
  return keys;
}

/**
 * Removes patient `patientId`'s photo and the documents of all their surgeries: the rows first (one transaction),
 * then the stored files. For a caller whose own change has committed (the anonymization); one that has a
 * transaction open calls detachPatientFiles in it instead. Answers the keys removed from the rows; those whose
 * delete still failed are in `pending` (the orphan sweep deletes them later).
 */
export async function removePatientFiles(
  { db, storage }: { db: Database; storage: FileStorage },
  patientId: number,
): Promise<{ keys: string[]; pending: string[] }> {
  const keys = await db.transaction((tx) => detachPatientFiles(tx, patientId));
  return { keys, pending: await deleteStoredFiles(storage, keys) };
}
