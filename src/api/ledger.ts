/**
 * The fee ledger's calls (issue 14; openapi getLedger, updateLedgerBilling, createReceipt, deleteReceipt, createGlosa,
 * updateGlosa, deleteGlosa, getPaymentTerms, updatePaymentTerms). Every ledger write answers the whole ledger as it
 * left it, with the case's new version.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { failedCallMessage, generalErrorMessages, thrownCallMessage } from './errors';

export type Ledger = components['schemas']['Ledger'];
export type Receipt = components['schemas']['Receipt'];
export type Glosa = components['schemas']['Glosa'];
export type PaymentTerms = components['schemas']['PaymentTerms'];
type ReceiptBody = components['schemas']['ReceiptInput'];
type GlosaBody = components['schemas']['GlosaInput'];
type GlosaUpdateBody = components['schemas']['GlosaUpdate'];
type BillingBody = components['schemas']['LedgerBillingUpdate'];
type TermsBody = components['schemas']['PaymentTermsUpdate'];

/** A call's outcome: the answer, or the messages to show (SPEC §8: the body's own, else the generic one). */
export type CallResult<T> = { ok: true; data: T } | { ok: false; status: number; messages: string[]; fields: Record<string, string[]> };

async function settle<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<CallResult<T>> {
  try {
    const { data, error, response } = await call();
    if (response.ok && data) return { ok: true, data };
    const messages = generalErrorMessages(error);
    const fields =
      typeof error === 'object' && error !== null
        ? (Object.fromEntries(Object.entries(error).filter(([key, value]) => key !== 'error' && Array.isArray(value))) as Record<string, string[]>)
        : {};
    return { ok: false, status: response.status, messages: messages.length ? messages : [failedCallMessage(response.status)], fields };
  } catch (thrown) {
    return { ok: false, status: 0, messages: [thrownCallMessage(thrown)], fields: {} };
  }
}

const path = (id: number) => ({ params: { path: { id } } });

export const getLedger = (id: number, signal?: AbortSignal) =>
  settle(() => api.GET('/surgery/api/v1/surgery/{id}/ledger/', { ...path(id), signal }));
export const putBilling = (id: number, body: BillingBody) =>
  settle(() => api.PUT('/surgery/api/v1/surgery/{id}/ledger/billing/', { ...path(id), body }));
export const postReceipt = (id: number, body: ReceiptBody) =>
  settle(() => api.POST('/surgery/api/v1/surgery/{id}/ledger/receipts/', { ...path(id), body }));
export const deleteReceipt = (id: number, receiptId: number) =>
  settle(() => api.DELETE('/surgery/api/v1/surgery/{id}/ledger/receipts/{receiptId}/', { params: { path: { id, receiptId } } }));
export const postGlosa = (id: number, body: GlosaBody) =>
  settle(() => api.POST('/surgery/api/v1/surgery/{id}/ledger/glosas/', { ...path(id), body }));
export const putGlosa = (id: number, glosaId: number, body: GlosaUpdateBody) =>
  settle(() => api.PUT('/surgery/api/v1/surgery/{id}/ledger/glosas/{glosaId}/', { params: { path: { id, glosaId } }, body }));
export const deleteGlosa = (id: number, glosaId: number) =>
  settle(() => api.DELETE('/surgery/api/v1/surgery/{id}/ledger/glosas/{glosaId}/', { params: { path: { id, glosaId } } }));
/** `medic`: whose terms (a secretary names one of her medics; a medic reads and writes his own, null). */
const termsQuery = (medic: number | null) => ({ params: { query: medic === null ? {} : { medic } } });
export const getPaymentTerms = (medic: number | null, signal?: AbortSignal) =>
  settle(() => api.GET('/project_auth/api/v1/payment_terms/', { ...termsQuery(medic), signal }));
export const putPaymentTerms = (medic: number | null, body: TermsBody) =>
  settle(() => api.PUT('/project_auth/api/v1/payment_terms/', { ...termsQuery(medic), body }));
