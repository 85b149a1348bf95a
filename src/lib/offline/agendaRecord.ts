/**
 * The offline agenda's stored record (docs/OFFLINE.md) and its shape check, apart from the rules (./agenda.ts) so that
 * the storage and the erasure, which every page loads (src/main.tsx), import nothing else.
 */

/**
 * One case as the offline screen shows it, and all that is kept of it: no CPF, phone, photo, health plan, notes or
 * money. The procedure and hospital are kept as their names, as shown.
 */
export type OfflineCase = {
  id: number;
  /** ISO 8601 with offset, as the API sent it (null: a scheduled day without a time). */
  schedule: string | null;
  patientName: string;
  procedure: string | null;
  hospital: string | null;
};

export type OfflineDay = { date: string; cases: OfflineCase[] };

/** The stored copy: whose it is, when it was read, and the days (yyyy-MM-dd, São Paulo) with their cases. */
export type OfflineAgenda = {
  userId: number;
  /** ISO 8601 instant of the read. */
  syncedAt: string;
  days: OfflineDay[];
};

/** Whether a stored value has the copy's shape (an older or damaged record is ignored, never shown half-read). */
export function isOfflineAgenda(value: unknown): value is OfflineAgenda {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, syncedAt, days } = value as Record<string, unknown>;
  return (
    typeof userId === 'number' &&
    typeof syncedAt === 'string' &&
    !Number.isNaN(Date.parse(syncedAt)) &&
    Array.isArray(days) &&
    days.every((day: unknown) => {
      const { date, cases } = (day ?? {}) as Record<string, unknown>;
      return typeof date === 'string' && Array.isArray(cases);
    })
  );
}
