import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENDA_STATUSES } from '../../../../machines/constants';

const api = vi.hoisted(() => ({ listSurgeries: vi.fn() }));
const store = vi.hoisted(() => ({ writeOfflineAgenda: vi.fn(async (_agenda: unknown) => {}) }));
const erase = vi.hoisted(() => ({ count: 0, erasureCount: () => erase.count }));
vi.mock('../../../../src/api/surgeryList', () => api);
vi.mock('../../../../src/lib/offline/agendaStore', () => store);
vi.mock('../../../../src/lib/offline/erase', () => ({ erasureCount: erase.erasureCount }));

const { syncOfflineAgenda } = await import('../../../../src/lib/offline/sync');

const signal = new AbortController().signal;

describe('syncOfflineAgenda', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    erase.count = 0;
    api.listSurgeries.mockResolvedValue({ results: [], count: 0, closedCount: null });
  });

  it("reads the 7 São Paulo days one after the other, as the home's day list does, and stores them whole", async () => {
    let reading = 0;
    api.listSurgeries.mockImplementation(async () => {
      reading += 1;
      expect(reading, 'one read at a time').toBe(1);
      await Promise.resolve();
      reading -= 1;
      return { results: [], count: 0, closedCount: null };
    });
    expect(await syncOfflineAgenda(7, () => true, signal)).toBe(true);
    expect(api.listSurgeries).toHaveBeenCalledTimes(7);
    const queries = api.listSurgeries.mock.calls.map(([query]) => query as { date: string; statuses: unknown; offset: number });
    expect(queries.every((query) => query.statuses === AGENDA_STATUSES && query.offset === 0)).toBe(true);
    const stored = store.writeOfflineAgenda.mock.calls[0]![0] as { userId: number; days: { date: string }[] };
    expect(stored.userId).toBe(7);
    expect(stored.days.map((day) => day.date)).toEqual(queries.map((query) => query.date));
  });

  it('keeps the old copy when a read fails', async () => {
    api.listSurgeries.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(syncOfflineAgenda(7, () => true, signal)).rejects.toThrow('Failed to fetch');
    expect(store.writeOfflineAgenda).not.toHaveBeenCalled();
  });

  it('never writes a copy read across a sign-out or for a user who is no longer signed in', async () => {
    api.listSurgeries.mockImplementation(async () => {
      erase.count = 1;
      return { results: [], count: 0, closedCount: null };
    });
    expect(await syncOfflineAgenda(7, () => true, signal)).toBe(false);
    erase.count = 0;
    api.listSurgeries.mockResolvedValue({ results: [], count: 0, closedCount: null });
    expect(await syncOfflineAgenda(7, () => false, signal)).toBe(false);
    expect(store.writeOfflineAgenda).not.toHaveBeenCalled();
  });
});
