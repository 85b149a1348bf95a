/**
 * The medics a secretary works for (GET /project_auth/api/v1/list_medic/), for the pages with a 'Médico' select:
 * 'A receber', 'Documentos exigidos' and 'Lotes TISS'. A secretary of one medic sees no select there (her medic is
 * the one), a secretary of several does.
 *
 * Which of the two she is is known only once the list is read. Until then a page used to show the select (loading),
 * so for a secretary of one medic it appeared and then vanished, moving the page under it (Lighthouse: CLS 0.03 on
 * /document-checklists). Now, while the list is read, `count` is how many medics she had at her last read in this
 * browser (localStorage, per user: a count, nothing personal); with no earlier read it is null and the page shows
 * the select while loading, as before. A failed read is null too, so the select shows its error and 'Tentar
 * novamente'.
 */
import { useMemo } from 'react';
import { listMedics, type MedicItem } from '../api/medics';
import { found, useRead, type FoundState } from './useRead';

type SecretaryMedics = {
  state: FoundState<MedicItem[]>;
  retry: () => void;
  /** Her medics: as read, or as last read in this browser while reading; null when not known. */
  count: number | null;
};

const countKey = (userId: number) => `secretary-medic-count:${userId}`;

function readCount(userId: number): number | null {
  try {
    const stored = window.localStorage.getItem(countKey(userId));
    return stored !== null && /^\d+$/.test(stored) ? Number(stored) : null;
  } catch {
    return null;
  }
}

function writeCount(userId: number, count: number): void {
  try {
    window.localStorage.setItem(countKey(userId), String(count));
  } catch {
    // Storage refused (private mode, quota): the next visit shows the select while loading.
  }
}

/** The secretary `userId`'s medics; not read when `enabled` is false (a medic works on his own). */
export function useSecretaryMedics(enabled: boolean, userId: number): SecretaryMedics {
  const { state, retry } = useRead(
    async (signal) => {
      if (!enabled) return { kind: 'ok' as const, value: [] };
      const result = await listMedics(signal);
      if (result.kind === 'ok') writeCount(userId, result.value.length);
      return result;
    },
    [enabled, userId],
  );
  const read = found(state);
  const lastCount = useMemo(() => (enabled ? readCount(userId) : null), [enabled, userId]);
  const count = read.status === 'ready' ? read.value.length : read.status === 'loading' ? lastCount : null;
  return { state: read, retry, count };
}
