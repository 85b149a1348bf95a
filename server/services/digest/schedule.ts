/**
 * The digest's rounds inside the server (issue 39 item 3): once a minute, from a first look shortly after the start.
 * A round runs alone in its instance (the next waits for it); across instances, each account's day is claimed once
 * (digest-service.ts), so running this in every instance sends one digest per account per day.
 */
import type { DigestService } from './digest-service';

const MINUTE = 60_000;

export function startDigestSchedule(options: {
  service: DigestService;
  log: (message: string) => void;
  /** First look after this delay (the start's own work comes first). */
  firstCheckMs?: number;
  everyMs?: number;
}): { stop(): Promise<void> } {
  let current: Promise<unknown> | null = null;
  let stopped = false;
  const round = () => {
    if (stopped || current) return;
    current = options.service
      .runDue()
      .catch((error: unknown) => options.log(`digest round failed (${(error as { code?: string }).code ?? 'error'})`))
      .finally(() => {
        current = null;
      });
  };
  const first = setTimeout(round, options.firstCheckMs ?? 45_000);
  const every = setInterval(round, options.everyMs ?? MINUTE);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await current;
    },
  };
}
