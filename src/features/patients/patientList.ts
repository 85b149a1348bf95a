/**
 * The patient list's read, apart from ./actors.ts: that module brings the wizard's rules and their arktype schemas,
 * which /patients needs only once a dialog opens (issue 41: no arktype before the page's first paint).
 */
import { api } from '../../api/client';
import type { Patient } from './actors';

/** Patients asked per page of the list ('Carregar mais'). */
export const PATIENT_PAGE_SIZE = 20;

type PatientPage = { results: Patient[]; count: number | null };

/**
 * GET /surgery/api/v1/patient/ with an optional name search (accent- and case-insensitive on the server), one page
 * (`limit`/`offset`) at a time; `count` is the total when the server sends it.
 */
export async function fetchPatients(
  options: { search: string; offset: number; signal?: AbortSignal },
): Promise<PatientPage> {
  const query = {
    limit: PATIENT_PAGE_SIZE,
    offset: options.offset,
    ...(options.search ? { search: options.search } : {}),
  };
  const { data, response } = await api.GET('/surgery/api/v1/patient/', { params: { query }, signal: options.signal });
  if (!response.ok || !data) throw new Error(`listPatients answered ${response.status}`);
  return { results: data.results, count: typeof data.count === 'number' ? data.count : null };
}
