/**
 * The /all-data route's page: the dashboard with its period read from and written to the URL search
 * (`?period=…&from=…&to=…`, see lib/dashboard/period.ts), so a reload or a shared link keeps the period. Choosing a
 * period replaces the URL in place (no history entry per choice); 'Todo o período' leaves a clean `/all-data`.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { loadPeriodCheck, presetSearch, type DashboardSearch } from '../../lib/dashboard/period';
import { DashboardLoading, DashboardPage } from './DashboardPage';

const routeApi = getRouteApi('/app/all-data');

export function AllDataPage() {
  const unchecked: DashboardSearch = routeApi.useSearch();
  const preset = useMemo(() => presetSearch(unchecked), [unchecked]);
  // A custom range waits for its checks' chunk (arktype), which a preset period never loads.
  const [custom, setCustom] = useState<{ of: DashboardSearch; search: DashboardSearch } | null>(null);
  useEffect(() => {
    if (preset) return;
    let current = true;
    void loadPeriodCheck().then(({ validateDashboardSearch }) => {
      if (current) setCustom({ of: unchecked, search: validateDashboardSearch(unchecked) });
    });
    return () => {
      current = false;
    };
  }, [preset, unchecked]);
  const search = preset ?? (custom?.of === unchecked ? custom.search : null);
  const navigate = useNavigate();
  const onSearchChange = useCallback(
    (next: DashboardSearch) => void navigate({ to: '/all-data', search: next, replace: true }),
    [navigate],
  );
  return search ? <DashboardPage search={search} onSearchChange={onSearchChange} /> : <DashboardLoading />;
}
