import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * /surgery-details/$id's loader (src/routes/surgery-details.tsx): the case is read beside the page's chunk when the
 * case is opened, and never on a link's hover (the router's preload) or a re-run of the route (reading a case is
 * recorded in 'Auditoria').
 */
const GET = vi.hoisted(() => vi.fn(async () => ({ data: { id: 5 }, response: new Response('{}', { status: 200 }) })));
vi.mock('../../../../src/api/client', () => ({ api: { GET } }));

const { prefetchOpenedCase, surgeryDetailsRoute } = await import('../../../../src/routes/surgery-details');
const { takePrefetchedRead } = await import('../../../../src/lib/prefetchedRead');
const { caseReadKey } = await import('../../../../src/features/surgeries/caseRead');

const runLoader = (id: string, cause: 'enter' | 'stay' | 'preload') => prefetchOpenedCase({ params: { id }, cause });

afterEach(() => {
  GET.mockClear();
  takePrefetchedRead(caseReadKey(5));
});

describe('the case page route starts the case read', () => {
  it('is the route\'s loader', () => {
    expect(surgeryDetailsRoute.options.loader).toBe(prefetchOpenedCase);
  });

  it('on opening the case: one read, which the page takes', async () => {
    runLoader('5', 'enter');
    expect(GET).toHaveBeenCalledTimes(1);
    expect(GET).toHaveBeenCalledWith('/surgery/api/v1/surgery/{id}/', { params: { path: { id: 5 } }, signal: undefined });
    await expect(takePrefetchedRead(caseReadKey(5))).resolves.toEqual({ kind: 'ok', value: { id: 5 } });
  });

  it.each(['preload', 'stay'] as const)('not on %s', async (cause) => {
    runLoader('5', cause);
    expect(GET).not.toHaveBeenCalled();
    expect(takePrefetchedRead(caseReadKey(5))).toBeNull();
  });

  it.each(['0', 'abc', '5.5', '99999999999'])('not for the address id %s, which names no case', async (id) => {
    runLoader(id, 'enter');
    expect(GET).not.toHaveBeenCalled();
  });
});
