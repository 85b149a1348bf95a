import { useCallback, useEffect, useState } from 'react';
import { fetchMedics, type MedicItem } from './actors';

type MedicsState =
  | { status: 'loading'; items: MedicItem[] }
  | { status: 'error'; items: MedicItem[] }
  | { status: 'ready'; items: MedicItem[] };

/**
 * GET /project_auth/api/v1/list_medic/ for the registration's Médico select (a secretary's linked medics), with a
 * retry for the error state. Not loaded when `enabled` is false (a medic registers only their own patients).
 */
export function useMedics(enabled: boolean): MedicsState & { retry: () => void } {
  const [state, setState] = useState<MedicsState>({ status: enabled ? 'loading' : 'ready', items: [] });
  const [attempt, setAttempt] = useState(0);
  const [loadedFor, setLoadedFor] = useState(enabled);
  if (loadedFor !== enabled) {
    setLoadedFor(enabled);
    if (enabled) setState({ status: 'loading', items: [] });
  }

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    fetchMedics(controller.signal).then(
      (items) => {
        if (!controller.signal.aborted) setState({ status: 'ready', items });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error', items: [] });
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading', items: [] });
    setAttempt((current) => current + 1);
  }, []);
  return { ...state, retry };
}
