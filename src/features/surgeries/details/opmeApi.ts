/**
 * The OPME calls of the authorization step (openapi listOpmeItems, createOpmeItem, updateOpmeItem, deleteOpmeItem;
 * DECISIONS §15). Every write answers the whole list as it left it, with the case's new version.
 */
import type { components } from '../../../../openapi/schema';
import { api } from '../../../api/client';
import { failedCallMessage, generalErrorMessages, thrownCallMessage } from '../../../api/errors';

export type OpmeList = components['schemas']['OpmeList'];
export type OpmeItem = components['schemas']['OpmeItem'];
type OpmeItemBody = components['schemas']['OpmeItemInput'];

/** A call's outcome: the list, or the messages to show (SPEC §8: the body's own, else the generic one). */
export type OpmeResult = { ok: true; list: OpmeList } | { ok: false; status: number; messages: string[]; fields: Record<string, string[]> };

async function settle(call: () => Promise<{ data?: OpmeList; error?: unknown; response: Response }>): Promise<OpmeResult> {
  try {
    const { data, error, response } = await call();
    if (response.ok && data) return { ok: true, list: data };
    const messages = generalErrorMessages(error);
    const fields = typeof error === 'object' && error !== null ? fieldErrors(error as Record<string, unknown>) : {};
    return { ok: false, status: response.status, messages: messages.length ? messages : [failedCallMessage(response.status)], fields };
  } catch (thrown) {
    return { ok: false, status: 0, messages: [thrownCallMessage(thrown)], fields: {} };
  }
}

function fieldErrors(body: Record<string, unknown>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => key !== 'error' && Array.isArray(value)) as [string, string[]][],
  );
}

export function listOpme(id: number, signal?: AbortSignal): Promise<OpmeResult> {
  return settle(() => api.GET('/surgery/api/v1/surgery/{id}/opme/', { params: { path: { id } }, signal }));
}

export function createOpme(id: number, body: OpmeItemBody): Promise<OpmeResult> {
  return settle(() => api.POST('/surgery/api/v1/surgery/{id}/opme/', { params: { path: { id } }, body }));
}

export function updateOpme(id: number, itemId: number, body: OpmeItemBody): Promise<OpmeResult> {
  return settle(() => api.PUT('/surgery/api/v1/surgery/{id}/opme/{itemId}/', { params: { path: { id, itemId } }, body }));
}

export function deleteOpme(id: number, itemId: number): Promise<OpmeResult> {
  return settle(() => api.DELETE('/surgery/api/v1/surgery/{id}/opme/{itemId}/', { params: { path: { id, itemId } } }));
}
