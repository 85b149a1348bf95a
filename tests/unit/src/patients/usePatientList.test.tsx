// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The client uses baseUrl '' and captures Request when it is created: resolve relative URLs first.
vi.hoisted(() => {
  const NativeRequest = globalThis.Request;
  class SameOriginRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://localhost:3000') : input, init);
    }
  }
  globalThis.Request = SameOriginRequest as typeof Request;
});

import { PATIENT_PAGE_SIZE } from '../../../../src/features/patients/patientList';
import { usePatientList } from '../../../../src/features/patients/usePatientList';

function fakePatient(id: number) {
  return {
    id,
    nome_completo: `Paciente ${id}`,
    foto: null,
    cellphone: null,
    convenio: null,
    birthday: null,
    address: null,
    full_address: null,
    cep: null,
    cpf: '529.982.247-25',
    gender: null,
    medic: { id: 3, first_name: 'Carlos', last_name: 'Mendes' },
    anonymized_at: null,
  };
}

/** A list endpoint holding `total` patients, answering pages by limit/offset. */
function listServer(total: number) {
  const calls: URLSearchParams[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    calls.push(url.searchParams);
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => fakePatient(offset + i + 1));
    return new Response(JSON.stringify({ results, count: total }), { headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch, calls };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('usePatientList', () => {
  it('loads the first page, then appends the next with "Carregar mais"', async () => {
    const server = listServer(PATIENT_PAGE_SIZE + 5);
    vi.stubGlobal('fetch', server.fetch);
    const { result } = renderHook(() => usePatientList(''));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toHaveLength(PATIENT_PAGE_SIZE);
    expect(result.current.hasMore).toBe(true);
    expect(server.calls[0]?.get('search')).toBeNull();

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(PATIENT_PAGE_SIZE + 5));
    expect(result.current.hasMore).toBe(false);
    expect(server.calls[1]?.get('offset')).toBe(String(PATIENT_PAGE_SIZE));
  });

  it('asks again with the search, and once more on refresh', async () => {
    const server = listServer(3);
    vi.stubGlobal('fetch', server.fetch);
    const { result, rerender } = renderHook(({ search }) => usePatientList(search), { initialProps: { search: '' } });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ search: 'lucia' });
    await waitFor(() => expect(server.calls.at(-1)?.get('search')).toBe('lucia'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.refresh());
    await waitFor(() => expect(server.calls).toHaveLength(3));
  });

  it('reports a failure for the error state and recovers on retry', async () => {
    let fail = true;
    const server = listServer(2);
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => (fail ? new Response('{}', { status: 500 }) : server.fetch(request))));
    const { result } = renderHook(() => usePatientList(''));
    await waitFor(() => expect(result.current.status).toBe('error'));
    fail = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toHaveLength(2);
  });
});
