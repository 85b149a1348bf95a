/**
 * The daily backup inside the server (embedded database, BACKUP_ENABLED): once a minute it asks whether the last
 * scheduled time (BACKUP_TIME in São Paulo, today or yesterday) has passed without a successful backup since; if so,
 * and no attempt failed in the last hour, it takes one. So a computer that was off at that time backs up soon after
 * it starts, and a failure (disk full, folder missing) is retried every hour, each one logged and shown to the medic.
 */
import { startRounds } from '../rounds';
import type { BackupService, BackupStatus } from './backup-service';

const MINUTE = 60_000;
const RETRY_AFTER_MS = 60 * MINUTE;

/** The latest instant at `time` (HH:MM, São Paulo: UTC−3, no daylight saving since 2019) not after `now`. */
export function lastScheduledAt(now: Date, time: string): Date {
  const local = new Date(now.getTime() - 3 * 60 * MINUTE);
  const day = local.toISOString().slice(0, 10);
  const today = new Date(`${day}T${time}:00-03:00`);
  return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - 24 * 60 * MINUTE);
}

/** Whether a backup is due at `now` given the status. */
export function backupDue(status: BackupStatus | null, now: Date, time: string): boolean {
  const due = lastScheduledAt(now, time);
  const success = status?.last_success ? new Date(status.last_success.at) : null;
  if (success && success >= due) return false;
  const failure = status?.last_failure ? new Date(status.last_failure.at) : null;
  if (failure && now.getTime() - failure.getTime() < RETRY_AFTER_MS && (!success || failure > success)) return false;
  return true;
}

export function startBackupSchedule(options: {
  service: BackupService;
  time: string;
  now: () => Date;
  /** First look after this delay (the start's own work comes first). */
  firstCheckMs?: number;
}): { stop(): Promise<void> } {
  const { service } = options;
  return startRounds(
    () =>
      service
        .status()
        .then((status) => (backupDue(status, options.now(), options.time) ? service.run() : null))
        .catch(() => {
          // Logged and recorded by the service.
        }),
    { firstCheckMs: options.firstCheckMs ?? 30_000, everyMs: MINUTE },
  );
}
