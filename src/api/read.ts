/**
 * A read whose failure each screen designs itself (SPEC §7: failed reads are silent): a tagged result instead of a
 * throw. An abort still throws, so a superseded read never lands.
 */
export type ReadResult<T> = { kind: 'ok'; value: T } | { kind: 'notFound' } | { kind: 'error' };

export async function read<T>(call: () => Promise<{ data?: T; response: Response }>): Promise<ReadResult<T>> {
  try {
    const { data, response } = await call();
    if (response.ok && data !== undefined) return { kind: 'ok', value: data };
    return response.status === 404 ? { kind: 'notFound' } : { kind: 'error' };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { kind: 'error' };
  }
}


/** A list read (`{ results: [...] }`): its items. A body without the list, or no body (a 404 too), is a failed read. */
export async function readList<T>(call: () => Promise<{ data?: { results: T[] }; response: Response }>): Promise<ReadResult<T[]>> {
  const result = await read(call);
  return result.kind === 'ok' && Array.isArray(result.value?.results) ? { kind: 'ok', value: result.value.results } : { kind: 'error' };
}
