import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import {
  CONTACT_CHANNELS,
  DEFAULT_MESSAGE_TEMPLATES,
  fillMessage,
  MESSAGE_PLACEHOLDERS,
  MESSAGE_TEMPLATE_KINDS,
  MESSAGE_TEMPLATE_LABELS,
  MESSAGE_TEXTS,
  whatsappUrl,
  type ContactChannel,
  type MessageTemplateKind,
} from '../../../machines/patientMessages/constants';
import type { ContactConsentInput, PatientMessageInput } from '../../../machines/patientMessages/schemas';
import { DATE_MESSAGES } from '../../../machines/rules/dates';
import type { Database, Executor } from '../../db/client';
import { contactConsents, messageTemplates, patientMessages, patients, users } from '../../db/schema/index';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { namedMedicOf } from '../access/acting-medic';
import { visibleMedicIds } from '../access/scope';
import { caseChange, recordChange } from '../audit/audit-log';
import { escapeHtml } from '../mail/html';
import type { Mailer } from '../mail/mailer';
import { saoPauloDay } from '../sao-paulo-time';
import { historyPerson } from '../surgeries/surgery-history';
import { SURGERY_NOT_FOUND } from '../surgeries/surgery-service';
import { loadMessageCase, type MessageCase } from '../templates/template-service';
import { PATIENT_MESSAGES } from './patient-service';

/**
 * Messages to the patient (issue 39 item 2; docs/MESSAGES.md):
 * - the medic's templates (his own text where he changed one, the shipped one otherwise);
 * - the patient's consent to be contacted, per channel (recorded, replaced, revoked; audited as a change of the
 *   patient);
 * - a case's messages: each template filled from the case, and sending one, by e-mail through the SMTP server or
 *   as a wa.me link the secretary opens; a message needs the standing consent of its channel and is kept, as sent,
 *   on the case's history (audited as a change of the case).
 */

type User = Pick<AuthUser, 'id' | 'type'> & { address?: string | null };
type MessageTemplate = components['schemas']['MessageTemplate'];
type ContactConsent = components['schemas']['ContactConsent'];
type SentMessage = components['schemas']['PatientMessage'];
type CaseMessages = components['schemas']['CaseMessages'];
type SentAnswer = components['schemas']['PatientMessageSent'];

type Deps = { db: Database; mailer: Mailer; now: () => Date };

const M = MESSAGE_TEXTS;

export function isMessageTemplateKind(value: string): value is MessageTemplateKind {
  return (MESSAGE_TEMPLATE_KINDS as readonly string[]).includes(value);
}

export function isContactChannel(value: string): value is ContactChannel {
  return (CONTACT_CHANNELS as readonly string[]).includes(value);
}

/** The medic's templates in the screens' order: his text where he saved one. */
async function templatesOf(db: Executor, medicId: number): Promise<MessageTemplate[]> {
  const own = await db
    .select({ kind: messageTemplates.kind, body: messageTemplates.body, updatedAt: messageTemplates.updatedAt })
    .from(messageTemplates)
    .where(eq(messageTemplates.medicId, medicId));
  return MESSAGE_TEMPLATE_KINDS.map((kind) => {
    const saved = own.find((row) => row.kind === kind);
    return {
      kind,
      title: MESSAGE_TEMPLATE_LABELS[kind].title,
      body: saved?.body ?? DEFAULT_MESSAGE_TEMPLATES[kind],
      customized: saved !== undefined,
      updated_at: saved ? saved.updatedAt.toISOString() : null,
    };
  });
}

/** The patient's standing consents, by channel. */
async function consentsOf(db: Executor, patientId: number): Promise<ContactConsent[]> {
  const rows = await db
    .select({
      channel: contactConsents.channel,
      email: contactConsents.email,
      consentedOn: contactConsents.consentedOn,
      recordedAt: contactConsents.recordedAt,
      recorderId: users.id,
      recorderFirst: users.firstName,
      recorderLast: users.lastName,
    })
    .from(contactConsents)
    .leftJoin(users, eq(users.id, contactConsents.recordedBy))
    .where(and(eq(contactConsents.patientId, patientId), isNull(contactConsents.revokedAt)))
    .orderBy(asc(contactConsents.channel));
  return rows.map((row) => ({
    channel: row.channel as ContactChannel,
    email: row.email,
    consented_on: row.consentedOn,
    recorded_by: historyPerson(row.recorderId, row.recorderFirst, row.recorderLast),
    recorded_at: row.recordedAt.toISOString(),
  }));
}

/** The messages sent about case `surgeryId`, newest first. */
async function sentOf(db: Executor, surgeryId: number): Promise<SentMessage[]> {
  const rows = await db
    .select({
      id: patientMessages.id,
      template: patientMessages.template,
      channel: patientMessages.channel,
      recipient: patientMessages.recipient,
      text: patientMessages.text,
      sentAt: patientMessages.sentAt,
      senderId: users.id,
      senderFirst: users.firstName,
      senderLast: users.lastName,
    })
    .from(patientMessages)
    .leftJoin(users, eq(users.id, patientMessages.sentBy))
    .where(eq(patientMessages.surgeryId, surgeryId))
    .orderBy(desc(patientMessages.sentAt), desc(patientMessages.id));
  return rows.map((row) => ({
    id: row.id,
    template: row.template as MessageTemplateKind,
    title: MESSAGE_TEMPLATE_LABELS[row.template as MessageTemplateKind].title,
    channel: row.channel as ContactChannel,
    recipient: row.recipient,
    text: row.text,
    sent_at: row.sentAt.toISOString(),
    sent_by: historyPerson(row.senderId, row.senderFirst, row.senderLast),
  }));
}

/** The user's patient `id` (locked for the transaction when `lock`), or the patient's 404. */
async function visiblePatient(executor: Executor, user: User, id: number, lock = false) {
  const medicIds = await visibleMedicIds(executor, user);
  if (medicIds.length === 0) throw notFound(PATIENT_MESSAGES.notFound);
  const query = executor
    .select({ id: patients.id, medicId: patients.medicId, anonymizedAt: patients.anonymizedAt })
    .from(patients)
    .where(and(eq(patients.id, id), inArray(patients.medicId, medicIds)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PATIENT_MESSAGES.notFound);
  return row;
}

/** The e-mail of a message: the text as the secretary left it, and its HTML twin (line breaks kept). */
function messageMail(to: string, template: MessageTemplateKind, text: string) {
  const html = `<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5">${escapeHtml(text).replaceAll('\n', '<br>')}</div>`;
  return { to, subject: MESSAGE_TEMPLATE_LABELS[template].subject, text, html };
}

export function createPatientMessageService({ db, mailer, now }: Deps) {
  async function messageCase(user: User, surgeryId: number): Promise<MessageCase> {
    const found = await loadMessageCase(db, user, surgeryId, now());
    if (!found) throw notFound(SURGERY_NOT_FOUND);
    return found;
  }

  return {
    /** The templates of the user's medic (a secretary names one of hers with `medic`), with the placeholders. */
    async listTemplates(user: User, medic: number | null | undefined) {
      const medicId = await namedMedicOf(db, user, medic);
      return {
        results: await templatesOf(db, medicId),
        placeholders: Object.entries(MESSAGE_PLACEHOLDERS).map(([key, description]) => ({ key, description })),
      };
    },

    /** Saves the medic's text of template `kind` (the schema checked it). */
    async saveTemplate(medicId: number, kind: MessageTemplateKind, body: string): Promise<MessageTemplate> {
      await db
        .insert(messageTemplates)
        .values({ medicId, kind, body, updatedAt: now() })
        .onConflictDoUpdate({ target: [messageTemplates.medicId, messageTemplates.kind], set: { body, updatedAt: now() } });
      return (await templatesOf(db, medicId)).find((template) => template.kind === kind)!;
    },

    /** Brings template `kind` back to the shipped text. */
    async resetTemplate(medicId: number, kind: MessageTemplateKind): Promise<MessageTemplate> {
      await db.delete(messageTemplates).where(and(eq(messageTemplates.medicId, medicId), eq(messageTemplates.kind, kind)));
      return (await templatesOf(db, medicId)).find((template) => template.kind === kind)!;
    },

    async listConsents(user: User, patientId: number): Promise<{ results: ContactConsent[] }> {
      await visiblePatient(db, user, patientId);
      return { results: await consentsOf(db, patientId) };
    },

    /**
     * Records the patient's consent through `input.channel`, replacing a standing one of that channel (which stays,
     * revoked, with who replaced it). The day is not after today; e-mail needs the address.
     */
    async recordConsent(user: User, patientId: number, input: ContactConsentInput): Promise<ContactConsent> {
      const problems: Record<string, string[]> = {};
      if (input.consented_on > saoPauloDay(now())) problems.consented_on = [DATE_MESSAGES.futureDate];
      if (input.channel === 'email' && !input.email) problems.email = [M.consentEmailRequired];
      if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems).flat(), problems);
      const at = now();
      await db.transaction(async (tx) => {
        const patient = await visiblePatient(tx, user, patientId, true);
        if (patient.anonymizedAt) throw badRequest([M.anonymized]);
        await tx
          .update(contactConsents)
          .set({ revokedAt: at, revokedBy: user.id })
          .where(and(eq(contactConsents.patientId, patientId), eq(contactConsents.channel, input.channel), isNull(contactConsents.revokedAt)));
        await tx.insert(contactConsents).values({
          patientId,
          channel: input.channel,
          email: input.channel === 'email' ? input.email : null,
          consentedOn: input.consented_on,
          recordedBy: user.id,
          recordedAt: at,
        });
        await recordChange(tx, user, { medicId: patient.medicId, action: 'update', entity: 'patient', entityId: patientId, patientIds: [patientId], detail: 'contact_consent' }, at);
      });
      return (await consentsOf(db, patientId)).find((consent) => consent.channel === input.channel)!;
    },

    /** Revokes the patient's standing consent through `channel` (none: 404). */
    async revokeConsent(user: User, patientId: number, channel: ContactChannel): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const patient = await visiblePatient(tx, user, patientId, true);
        const revoked = await tx
          .update(contactConsents)
          .set({ revokedAt: at, revokedBy: user.id })
          .where(and(eq(contactConsents.patientId, patientId), eq(contactConsents.channel, channel), isNull(contactConsents.revokedAt)))
          .returning({ id: contactConsents.id });
        if (revoked.length === 0) throw notFound(M.consentNotFound);
        await recordChange(tx, user, { medicId: patient.medicId, action: 'update', entity: 'patient', entityId: patientId, patientIds: [patientId], detail: 'contact_consent' }, at);
      });
    },

    /** What the case's card shows: the consents, each template filled from the case, and the messages sent. */
    async caseMessages(user: User, surgeryId: number): Promise<CaseMessages> {
      const found = await messageCase(user, surgeryId);
      const [templates, consents, sent] = await Promise.all([templatesOf(db, found.medicId), consentsOf(db, found.patientId), sentOf(db, surgeryId)]);
      return {
        surgery_id: found.id,
        patient_id: found.patientId,
        has_cellphone: Boolean(found.patientCellphone?.replace(/\D/g, '')),
        anonymized: found.patientAnonymized,
        consents,
        drafts: templates.map((template) => {
          const filled = fillMessage(template.body, found.values);
          return { template: template.kind, title: template.title, text: filled.text, empty: filled.empty };
        }),
        sent,
      };
    },

    /**
     * Sends template `input.template` (or the text the secretary left) to the case's patient through
     * `input.channel`. Refused without the channel's standing consent, and on WhatsApp without a cellphone. An e-mail
     * goes before the record: a failed send records nothing (502). On WhatsApp the answer carries the wa.me link the
     * screen opens, and the record says the secretary opened it.
     */
    async send(user: User, surgeryId: number, input: PatientMessageInput): Promise<SentAnswer> {
      const found = await messageCase(user, surgeryId);
      if (found.patientAnonymized) throw badRequest([M.anonymized]);
      const consent = (await consentsOf(db, found.patientId)).find((standing) => standing.channel === input.channel);
      if (!consent) throw badRequest([M.noConsent[input.channel]], { channel: [M.noConsent[input.channel]] });
      const cellphone = found.patientCellphone?.replace(/\D/g, '') ?? '';
      if (input.channel === 'whatsapp' && !cellphone) throw badRequest([M.noCellphone], { channel: [M.noCellphone] });
      const template = (await templatesOf(db, found.medicId)).find((candidate) => candidate.kind === input.template)!;
      const text = input.text ?? fillMessage(template.body, found.values).text;
      const recipient = input.channel === 'email' ? consent.email! : cellphone;
      // Sent before the record, outside any transaction: the SMTP exchange never holds the database (the embedded
      // one has a single connection), and a failed send records nothing.
      if (input.channel === 'email') {
        await mailer.send(messageMail(recipient, input.template, text)).catch(() => {
          throw new HttpError(502, { error: [M.mailFailed] });
        });
      }
      const at = now();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(patientMessages)
          .values({ surgeryId, patientId: found.patientId, template: input.template, channel: input.channel, recipient, text, sentBy: user.id, sentAt: at })
          .returning({ id: patientMessages.id });
        await recordChange(tx, user, caseChange(found, 'message'), at);
        return row!.id;
      });
      const message = (await sentOf(db, surgeryId)).find((sent) => sent.id === id)!;
      return { message, whatsapp_url: input.channel === 'whatsapp' ? whatsappUrl(cellphone, text) : null };
    },
  };
}
