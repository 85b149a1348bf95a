/**
 * The marked days of the month the calendar shows: one `schedule_days/?month=` request per shown month, in the
 * agenda's stages (AGENDA_STATUSES), so the calendar marks exactly the days whose 'Pacientes do dia' list has rows.
 * A month shown again is read again (a case may have been scheduled meanwhile). A failed read leaves no marks and
 * says so (SPEC §7: silently), with a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { AGENDA_STATUSES } from '../../../machines/constants';
import { listScheduleDays } from '../surgeries/api';

export type ScheduleDaysState = {
  status: 'loading' | 'ready' | 'error';
  /** yyyy-MM-dd → how many cases are scheduled that day (days without cases are absent). */
  counts: ReadonlyMap<string, number>;
  retry: () => void;
};

const NONE: ReadonlyMap<string, number> = new Map();

export function useScheduleDays(month: string): ScheduleDaysState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<ScheduleDaysState, 'retry'>>({ status: 'loading', counts: NONE });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', counts: NONE });
    listScheduleDays(month, AGENDA_STATUSES, controller.signal).then(
      (days) => setState({ status: 'ready', counts: new Map(days.map((day) => [day.date, day.count])) }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error', counts: NONE });
      },
    );
    return () => controller.abort();
  }, [month, attempt]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  return { ...state, retry };
}
