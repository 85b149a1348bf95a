/**
 * The digest's rounds inside the server (issue 39 item 3): once a minute, from a first look shortly after the start.
 * A round runs alone in its instance (the next waits for it); across instances, each account's day is claimed once
 * (digest-service.ts), so running this in every instance sends one digest per account per day.
 */
import { startRounds } from '../rounds';
import type { DigestService } from './digest-service';

const MINUTE = 60_000;

export function startDigestSchedule(options: {
  service: DigestService;
  log: (message: string) => void;
  /** First look after this delay (the start's own work comes first). */
  firstCheckMs?: number;
}): { stop(): Promise<void> } {
  return startRounds(
    () => options.service.runDue().catch((error: unknown) => options.log(`digest round failed (${(error as { code?: string }).code ?? 'error'})`)),
    { firstCheckMs: options.firstCheckMs ?? 45_000, everyMs: MINUTE },
  );
}
