import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownedBy, timestamptz } from './_helpers';
import { users } from './users';

/** A user's TOTP secret (sealed with the app secret `two_factor_key`); two-factor sign-in is on once `enabledAt` is set. */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamptz('enabled_at'),
  /** The last accepted time step: a code is never accepted twice (RFC 6238 §5.2). */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, as HMAC-SHA-256 under the app secret `recovery_code_key`. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: identityId(),
    userId: ownedBy('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/** A sign-in that passed its password and owes the second factor (or an enrolment): SHA-256 of the mfa_token only. */
export const mfaTokens = pgTable(
  'mfa_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    /** 'verify' (enrolled: asks the code) or 'enrol' (required but not enrolled: enrols first). */
    purpose: text('purpose').notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('mfa_tokens_expires_idx').on(t.expiresAt)],
);

/** A medic who requires two-factor sign-in of his secretaries (a row = required). */
export const secretaryTwoFactorPolicies = pgTable('secretary_two_factor_policies', {
  medicId: integer('medic_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
