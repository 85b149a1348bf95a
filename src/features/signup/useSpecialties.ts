import { api } from '../../api/client';
import { useRetryableRead } from '../../lib/useRetryableRead';

type Specialty = { id: number; nome_fantasia: string };

type SpecialtiesState = { status: 'loading' | 'error' | 'ready'; items: Specialty[]; retry: () => void };

const NONE: Specialty[] = [];

/** GET /project_auth/api/v1/list_specialty/ for the signup's specialty select, with a retry for the error state. */
export function useSpecialties(): SpecialtiesState {
  const { state, retry } = useRetryableRead(async (signal) => {
    const { data, response } = await api.GET('/project_auth/api/v1/list_specialty/', { signal });
    if (!response.ok || !data) throw new Error(`list_specialty answered ${response.status}`);
    return data.results;
  }, []);
  return { status: state.status, items: state.status === 'ready' ? state.value : NONE, retry };
}
