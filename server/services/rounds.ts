/**
 * A background job's rounds inside the server (the daily backup, the morning digest): a first round after a delay
 * (the start's own work comes first), then one every `everyMs`; a round never overlaps the one before it, and `stop()`
 * waits for the round under way. `round` handles its own errors (the caller logs or records them).
 */
export function startRounds(round: () => Promise<unknown>, { firstCheckMs, everyMs }: { firstCheckMs: number; everyMs: number }): {
  stop(): Promise<void>;
} {
  let current: Promise<unknown> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped || current) return;
    current = round().finally(() => {
      current = null;
    });
  };
  const first = setTimeout(run, firstCheckMs);
  const every = setInterval(run, everyMs);
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
