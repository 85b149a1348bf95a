import { join } from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';
import { createPostgresStorage } from './postgres-storage';

/**
 * Where the uploaded files live (DECISIONS §12): the S3-compatible bucket when `S3_BUCKET` is set; else
 * PostgreSQL (`stored_files`) when `DATABASE_URL` is set, so every instance serves every file; else the
 * data directory (embedded mode, one process). The AWS SDK is loaded only when S3 is configured: it
 * would add a few hundred milliseconds to every other start.
 */
export async function createFileStorage(config: Config, db: Database): Promise<FileStorage> {
  if (config.s3) {
    const { createS3Storage } = await import('./s3-storage');
    return createS3Storage(config.s3);
  }
  if (config.databaseUrl) return createPostgresStorage(db);
  return createDiskStorage(join(config.dataDir, 'files'));
}
