import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';

export type Specialty = { id: number; nome_fantasia: string };

type SpecialtiesState =
  | { status: 'loading'; items: Specialty[] }
  | { status: 'error'; items: Specialty[] }
  | { status: 'ready'; items: Specialty[] };

/** GET /project_auth/api/v1/list_specialty/ for the signup's specialty select, with a retry for the error state. */
export function useSpecialties(): SpecialtiesState & { retry: () => void } {
  const [state, setState] = useState<SpecialtiesState>({ status: 'loading', items: [] });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading', items: [] });
    api
      .GET('/project_auth/api/v1/list_specialty/')
      .then(({ data, response }) => {
        if (cancelled) return;
        if (response.ok && data) setState({ status: 'ready', items: data.results });
        else setState({ status: 'error', items: [] });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'error', items: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  return { ...state, retry };
}
