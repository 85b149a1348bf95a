import { useCallback, useEffect, useState } from 'react';
import { getDashboard, type Dashboard } from './api';
import { isDashboardShape } from './figures';

export type DashboardState = { status: 'loading' } | { status: 'ready'; dashboard: Dashboard } | { status: 'error' };

/**
 * The dashboard read of /all-data. A failure is silent (SPEC §7: no toast): the page shows a neutral "could not load"
 * with `retry`. A read superseded by a retry or an unmount is aborted and never lands.
 */
export function useDashboard(): { state: DashboardState; retry: () => void } {
  const [state, setState] = useState<DashboardState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getDashboard(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        const ok = result.kind === 'ok' && isDashboardShape(result.value);
        setState(ok ? { status: 'ready', dashboard: result.value } : { status: 'error' });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
