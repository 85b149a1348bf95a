/**
 * The marked days of the month the calendar shows: one `schedule_days/?month=` request per shown month, in the
 * agenda's stages (AGENDA_STATUSES), so the calendar marks exactly the days whose 'Pacientes do dia' list has rows.
 * A month shown again is read again (a case may have been scheduled meanwhile). A failed read leaves no marks and
 * says so (SPEC §7: silently), with a retry.
 */
import { useMemo } from 'react';
import { AGENDA_STATUSES } from '../../../machines/constants';
import { found, useRead } from '../../lib/useRead';
import { listScheduleDays } from '../../api/surgeryList';

type ScheduleDaysState = {
  status: 'loading' | 'ready' | 'error';
  /** yyyy-MM-dd → how many cases are scheduled that day (days without cases are absent). */
  counts: ReadonlyMap<string, number>;
  retry: () => void;
};

const NONE: ReadonlyMap<string, number> = new Map();

export function useScheduleDays(month: string): ScheduleDaysState {
  const { state, retry } = useRead((signal) => listScheduleDays(month, AGENDA_STATUSES, signal), [month]);
  const counts = useMemo(
    () => (state.status === 'ready' ? (new Map(state.value.map((day) => [day.date, day.count])) as ReadonlyMap<string, number>) : NONE),
    [state],
  );
  return { status: found(state).status, counts, retry };
}
