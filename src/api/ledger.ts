/**
 * The fee ledger's calls (issue 14; openapi getLedger, updateLedgerBilling, createReceipt, deleteReceipt, createGlosa,
 * updateGlosa, deleteGlosa, getPaymentTerms, updatePaymentTerms). Every ledger write answers the whole ledger as it
 * left it, with the case's new version.
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { callApi } from './call';
import { read } from './read';

export type Ledger = components['schemas']['Ledger'];
export type Receipt = components['schemas']['Receipt'];
export type Glosa = components['schemas']['Glosa'];
export type PaymentTerms = components['schemas']['PaymentTerms'];
type ReceiptBody = components['schemas']['ReceiptInput'];
type GlosaBody = components['schemas']['GlosaInput'];
type GlosaUpdateBody = components['schemas']['GlosaUpdate'];
type BillingBody = components['schemas']['LedgerBillingUpdate'];
type TermsBody = components['schemas']['PaymentTermsUpdate'];

const path = (id: number) => ({ params: { path: { id } } });

export const getLedger = (id: number, signal?: AbortSignal) =>
  read(() => api.GET('/surgery/api/v1/surgery/{id}/ledger/', { ...path(id), signal }));
export const putBilling = (id: number, body: BillingBody) =>
  callApi(() => api.PUT('/surgery/api/v1/surgery/{id}/ledger/billing/', { ...path(id), body }));
export const postReceipt = (id: number, body: ReceiptBody) =>
  callApi(() => api.POST('/surgery/api/v1/surgery/{id}/ledger/receipts/', { ...path(id), body }));
export const deleteReceipt = (id: number, receiptId: number) =>
  callApi(() => api.DELETE('/surgery/api/v1/surgery/{id}/ledger/receipts/{receiptId}/', { params: { path: { id, receiptId } } }));
export const postGlosa = (id: number, body: GlosaBody) =>
  callApi(() => api.POST('/surgery/api/v1/surgery/{id}/ledger/glosas/', { ...path(id), body }));
export const putGlosa = (id: number, glosaId: number, body: GlosaUpdateBody) =>
  callApi(() => api.PUT('/surgery/api/v1/surgery/{id}/ledger/glosas/{glosaId}/', { params: { path: { id, glosaId } }, body }));
export const deleteGlosa = (id: number, glosaId: number) =>
  callApi(() => api.DELETE('/surgery/api/v1/surgery/{id}/ledger/glosas/{glosaId}/', { params: { path: { id, glosaId } } }));
/** `medic`: whose terms (a secretary names one of her medics; a medic reads and writes his own, null). */
const termsQuery = (medic: number | null) => ({ params: { query: medic === null ? {} : { medic } } });
export const getPaymentTerms = (medic: number | null, signal?: AbortSignal) =>
  read(() => api.GET('/project_auth/api/v1/payment_terms/', { ...termsQuery(medic), signal }));
export const putPaymentTerms = (medic: number | null, body: TermsBody) =>
  callApi(() => api.PUT('/project_auth/api/v1/payment_terms/', { ...termsQuery(medic), body }));
