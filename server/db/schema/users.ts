import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownedBy, timestamps, timestamptz } from './_helpers';
import { userTypeEnum } from './enums';
import { specialties } from './lookups';

export const users = pgTable(
  'users',
  {
    id: identityId(),
    type: userTypeEnum('type').notNull(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    nickname: text('nickname'),
    /** Eleven digits, no mask. */
    cpf: text('cpf').notNull(),
    crm: text('crm'),
    address: text('address'),
    cellphone: text('cellphone'),
    specialtyId: integer('specialty_id').references(() => specialties.id),
    news: boolean('news').notNull().default(false),
    acceptsDataStorage: boolean('accepts_data_storage').notNull().default(false),
    notifyFromMedic: boolean('notify_from_medic').notNull().default(false),
    imageKey: text('image_key'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_type_cpf_unique').on(t.type, t.cpf)],
);

/** Which secretaries work for which medics (many to many). */
export const medicSecretaries = pgTable(
  'medic_secretaries',
  {
    medicId: ownedBy('medic_id', () => users.id),
    secretaryId: ownedBy('secretary_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.medicId, t.secretaryId] }), index('medic_secretaries_secretary_idx').on(t.secretaryId)],
);

/** A medic's invitation for a secretary; the token itself is never stored, only its SHA-256. */
export const invites = pgTable(
  'invites',
  {
    id: identityId(),
    medicId: ownedBy('medic_id', () => users.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('invites_medic_idx').on(t.medicId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type InviteRow = typeof invites.$inferSelect;
