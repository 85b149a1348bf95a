/**
 * The installation's backup status (issue 40; openapi getBackupStatus), read by the medic's settings card and the
 * home's warning: the card shows its failed state, the home shows nothing.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { read, type ReadResult } from './read';

type BackupStatus = components['schemas']['BackupStatus'];

export function getBackupStatus(signal?: AbortSignal): Promise<ReadResult<BackupStatus>> {
  return read(() => api.GET('/surgery/api/v1/backup_status/', { signal }));
}
