import { useRead } from '../../lib/useRead';
import { fetchMedics, type MedicItem } from './actors';

type MedicsState = { status: 'loading' | 'error' | 'ready'; items: MedicItem[] };

const NONE: MedicsState = { status: 'ready', items: [] };

/**
 * GET /project_auth/api/v1/list_medic/ for the registration's Médico select (a secretary's linked medics), with a
 * retry for the error state. Not loaded when `enabled` is false (a medic registers only their own patients).
 */
export function useMedics(enabled: boolean): MedicsState & { retry: () => void } {
  const { state, retry } = useRead(
    async (signal) => (enabled ? { kind: 'ok' as const, value: await fetchMedics(signal) } : { kind: 'ok' as const, value: [] }),
    [enabled],
  );
  if (!enabled) return { ...NONE, retry };
  return { status: state.status === 'empty' ? 'error' : state.status, items: state.status === 'ready' ? state.value : [], retry };
}
