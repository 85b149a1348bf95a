/**
 * The /all-data route's page: the dashboard with its period read from and written to the URL search
 * (`?period=…&from=…&to=…`, see lib/dashboard/period.ts), so a reload or a shared link keeps the period. Choosing a
 * period replaces the URL in place (no history entry per choice); 'Todo o período' leaves a clean `/all-data`.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { DashboardSearch } from '../../lib/dashboard/period';
import { validateDashboardSearch } from '../../lib/dashboard/periodCheck';
import { DashboardPage } from './DashboardPage';

const routeApi = getRouteApi('/app/all-data');

export function AllDataPage() {
  const unchecked: DashboardSearch = routeApi.useSearch();
  const search = useMemo(() => validateDashboardSearch(unchecked), [unchecked]);
  const navigate = useNavigate();
  const onSearchChange = useCallback(
    (next: DashboardSearch) => void navigate({ to: '/all-data', search: next, replace: true }),
    [navigate],
  );
  return <DashboardPage search={search} onSearchChange={onSearchChange} />;
}
