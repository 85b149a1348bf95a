/**
 * Messages to the patient (issue 39 item 2; docs/MESSAGES.md; openapi tag 'Mensagens ao paciente'): the medic's
 * templates (listMessageTemplates, updateMessageTemplate, resetMessageTemplate), the patient's consent to be contacted
 * (recordContactConsent, revokeContactConsent) and a case's messages (getCaseMessages, sendPatientMessage).
 */
import type { components } from '../../openapi/schema';
import { api } from './client';
import { callApi, type CallResult } from './call';
import { read, type ReadResult } from './read';

export type MessageTemplate = components['schemas']['MessageTemplate'];
type MessageTemplateList = components['schemas']['MessageTemplateList'];
export type ContactConsent = components['schemas']['ContactConsent'];
export type CaseMessages = components['schemas']['CaseMessages'];
export type PatientMessage = components['schemas']['PatientMessage'];
type MessageTemplateKind = components['schemas']['MessageTemplateKind'];
type ContactChannel = components['schemas']['ContactChannel'];
type ContactConsentInput = components['schemas']['ContactConsentInput'];
type PatientMessageInput = components['schemas']['PatientMessageInput'];
type PatientMessageSent = components['schemas']['PatientMessageSent'];

/** GET message_templates/: the signed-in medic's four templates and the fields they may use. */
export function getMessageTemplates(signal?: AbortSignal): Promise<ReadResult<MessageTemplateList>> {
  return read(() => api.GET('/project_auth/api/v1/message_templates/', { signal }));
}

/** PUT message_templates/{kind}/: the medic's own text (unknown `{fields}`: 400 on `body`). */
export function saveMessageTemplate(kind: MessageTemplateKind, body: string): Promise<CallResult<MessageTemplate>> {
  return callApi(() => api.PUT('/project_auth/api/v1/message_templates/{kind}/', { params: { path: { kind } }, body: { body } }));
}

/** DELETE message_templates/{kind}/: the shipped text again. */
export function resetMessageTemplate(kind: MessageTemplateKind): Promise<CallResult<MessageTemplate>> {
  return callApi(() => api.DELETE('/project_auth/api/v1/message_templates/{kind}/', { params: { path: { kind } } }));
}

/** POST patient/{id}/contact_consents/: replaces a standing consent of that channel. */
export function recordContactConsent(patientId: number, body: ContactConsentInput): Promise<CallResult<ContactConsent>> {
  return callApi(() => api.POST('/surgery/api/v1/patient/{id}/contact_consents/', { params: { path: { id: patientId } }, body }));
}

/** DELETE patient/{id}/contact_consents/{channel}/ (204). */
export function revokeContactConsent(patientId: number, channel: ContactChannel): Promise<CallResult<unknown>> {
  return callApi(() =>
    api.DELETE('/surgery/api/v1/patient/{id}/contact_consents/{channel}/', { params: { path: { id: patientId, channel } } }),
  );
}

/** GET surgery/{id}/messages/: the consents, each template filled from the case, and the messages sent. */
export function getCaseMessages(surgeryId: number, signal?: AbortSignal): Promise<ReadResult<CaseMessages>> {
  return read(() => api.GET('/surgery/api/v1/surgery/{id}/messages/', { params: { path: { id: surgeryId } }, signal }));
}

/** POST surgery/{id}/messages/: the message as recorded and, on WhatsApp, the wa.me link to open. */
export function sendPatientMessage(surgeryId: number, body: PatientMessageInput): Promise<CallResult<PatientMessageSent>> {
  return callApi(() => api.POST('/surgery/api/v1/surgery/{id}/messages/', { params: { path: { id: surgeryId } }, body }));
}
