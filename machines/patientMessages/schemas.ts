import { type, type ArkError } from 'arktype';
import { EMAIL_MAX_LENGTH, isWellFormedEmail } from '../rules/account';
import { isValidIsoDate } from '../rules/dates';
import { anyString, orNull, text } from '../validation/fields';
import { CONTACT_CHANNELS, MESSAGE_MAX_LENGTH, MESSAGE_TEMPLATE_KINDS, MESSAGE_TEXTS, unknownPlaceholders } from './constants';

/**
 * The bodies of the patient-message endpoints (issue 39 item 2; openapi updateMessageTemplate,
 * recordContactConsent, sendPatientMessage). What needs the stored rows (the consent on file, the patient's
 * cellphone, a date not after today in São Paulo) is checked by the server.
 */

const M = MESSAGE_TEXTS;

const channel = type.enumerated(...CONTACT_CHANNELS).configure({ message: M.channelUnknown, missing: M.channelUnknown });
const templateKind = type.enumerated(...MESSAGE_TEMPLATE_KINDS).configure({ message: M.templateUnknown, missing: M.templateUnknown });

/** PUT /project_auth/api/v1/message_templates/{kind}/: the template's text, with only known placeholders. */
export const messageTemplateUpdateSchema = type({
  '+': 'reject',
  body: text({ required: M.bodyRequired, max: MESSAGE_MAX_LENGTH, tooLong: M.tooLong }).narrow((value, ctx) => {
    const unknown = unknownPlaceholders(value);
    return unknown.length === 0 || ctx.reject({ message: M.unknownPlaceholder(unknown) });
  }),
});

/**
 * POST /surgery/api/v1/patient/{id}/contact_consents/: the patient agreed to be contacted through `channel` on
 * `consented_on`; for e-mail, at `email` (required then: the server says so, with the field).
 */
export const contactConsentSchema = type({
  '+': 'reject',
  channel,
  consented_on: anyString
    .narrow((value, ctx) => isValidIsoDate(value) || ctx.reject({ message: M.consentDateInvalid }))
    .configure({ missing: M.consentDateRequired }),
  'email?': orNull(anyString).pipe((value, ctx): string | null | ArkError => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') return null;
    if (trimmed.length > EMAIL_MAX_LENGTH || !isWellFormedEmail(trimmed)) return ctx.error({ message: M.consentEmailInvalid });
    return trimmed.toLowerCase();
  }),
});

/**
 * POST /surgery/api/v1/surgery/{id}/messages/: the template and the channel; `text`, the message as the secretary
 * left it after reading the filled template (absent: the template filled by the server).
 */
export const patientMessageSchema = type({
  '+': 'reject',
  template: templateKind,
  channel,
  'text?': text({ required: M.textRequired, max: MESSAGE_MAX_LENGTH, tooLong: M.tooLong }),
});

export type MessageTemplateUpdate = typeof messageTemplateUpdateSchema.infer;
export type ContactConsentInput = typeof contactConsentSchema.infer;
export type PatientMessageInput = typeof patientMessageSchema.infer;
