import { found, useRead, type FoundState } from '../useRead';
import { getDashboard, type Dashboard } from '../../api/dashboard';
import { isDashboardShape } from './figures';
import { dashboardQuery, type DashboardSearch } from './period';

export type DashboardState = FoundState<Dashboard>;

/**
 * The dashboard read of /all-data (for its period) and the doctor home (all time). A failure is silent (SPEC §7: no
 * toast): the screens show a neutral "could not load" with `retry`. An answer without the dashboard's shape counts
 * as a failed read.
 */
export function useDashboard(
  search: DashboardSearch = {},
  hasShape: (value: unknown) => value is Dashboard = isDashboardShape,
): { state: DashboardState; retry: () => void } {
  const query = dashboardQuery(search);
  const { state, retry } = useRead(
    async (signal) => {
      const result = await getDashboard(signal, query);
      return result.kind === 'ok' && hasShape(result.value) ? result : { kind: 'error' };
    },
    [query.period, query.from, query.to],
  );
  return { state: found(state), retry };
}
