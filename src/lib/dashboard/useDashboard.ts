import { useRetryableRead, type ReadState } from '../useRetryableRead';
import { getDashboard, type Dashboard } from '../../api/dashboard';
import { isDashboardShape } from './figures';

export type DashboardState = ReadState<Dashboard>;

/**
 * The dashboard read of /all-data and the doctor home. A failure is silent (SPEC §7: no toast): the screens show a
 * neutral "could not load" with `retry`. An answer without the dashboard's shape counts as a failed read.
 */
export function useDashboard(): { state: DashboardState; retry: () => void } {
  return useRetryableRead(async (signal) => {
    const result = await getDashboard(signal);
    if (result.kind !== 'ok' || !isDashboardShape(result.value)) throw new Error('the dashboard could not be read');
    return result.value;
  }, []);
}
