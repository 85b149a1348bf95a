import { api } from '../../api/client';
import { readList } from '../../api/read';
import { found, useRead } from '../../lib/useRead';

type Specialty = { id: number; nome_fantasia: string };

type SpecialtiesState = { status: 'loading' | 'error' | 'ready'; items: Specialty[]; retry: () => void };

const NONE: Specialty[] = [];

/** GET /project_auth/api/v1/list_specialty/ for the signup's specialty select, with a retry for the error state. */
export function useSpecialties(): SpecialtiesState {
  const { state, retry } = useRead((signal) => readList(() => api.GET('/project_auth/api/v1/list_specialty/', { signal })), []);
  return { status: found(state).status, items: state.status === 'ready' ? state.value : NONE, retry };
}
