import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigIdentityId, identityId, ownedBy, setNullRef, timestamptz } from './_helpers';
import { patients } from './patients';
import { surgeries } from './surgeries';
import { users } from './users';

/**
 * Messages to the patient (issue 39 item 2; docs/MESSAGES.md).
 *
 * A patient's consent to be contacted through one channel: the day the patient agreed, who recorded it and when, and
 * for e-mail the address agreed to. Revoking keeps the row (revoked_at, revoked_by): what was allowed when a message
 * went stays readable. At most one standing consent per patient and channel.
 */
export const contactConsents = pgTable(
  'contact_consents',
  {
    id: identityId(),
    patientId: ownedBy('patient_id', () => patients.id),
    channel: text('channel').notNull(),
    email: text('email'),
    consentedOn: date('consented_on', { mode: 'string' }).notNull(),
    recordedBy: setNullRef('recorded_by', () => users.id),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: setNullRef('revoked_by', () => users.id),
  },
  (t) => [
    uniqueIndex('contact_consents_standing_unique').on(t.patientId, t.channel).where(sql`${t.revokedAt} is null`),
    check('contact_consents_channel_check', sql`${t.channel} in ('whatsapp', 'email')`),
    check('contact_consents_email_check', sql`${t.channel} <> 'email' or ${t.email} is not null`),
  ],
);

/** A medic's own text of one template (absent: the shipped one, machines/patientMessages/constants.ts). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    medicId: ownedBy('medic_id', () => users.id),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.kind] })],
);

/**
 * A message sent to a case's patient, as sent (the text, the address or number), on the case's history. A patient's
 * erasure empties the text and the recipient and keeps the row (the history still says a message went).
 */
export const patientMessages = pgTable(
  'patient_messages',
  {
    id: bigIdentityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    patientId: integer('patient_id').notNull().references(() => patients.id),
    template: text('template').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    text: text('text').notNull(),
    sentBy: setNullRef('sent_by', () => users.id),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('patient_messages_surgery_idx').on(t.surgeryId, t.sentAt), index('patient_messages_patient_idx').on(t.patientId)],
);

export type ContactConsentRow = typeof contactConsents.$inferSelect;
export type PatientMessageRow = typeof patientMessages.$inferSelect;
