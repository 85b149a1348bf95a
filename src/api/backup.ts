/**
 * The installation's backup status (issue 40; openapi getBackupStatus), read by the medic's settings card and the
 * home's warning. Rejects on failure (useRetryableRead): the card shows its failed state, the home shows nothing.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';

type BackupStatus = components['schemas']['BackupStatus'];

export async function getBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  const { data, response } = await api.GET('/surgery/api/v1/backup_status/', { signal });
  if (!response.ok || !data) throw new Error(`getBackupStatus: ${response.status}`);
  return data;
}
