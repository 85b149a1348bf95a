import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownedBy, timestamptz } from './_helpers';
import { tokenKindEnum } from './enums';
import { users } from './users';

/**
 * Opaque OAuth tokens, stored as SHA-256 hashes. Every token issued from one password sign-in shares a
 * family: presenting a used refresh token revokes the family (reuse detection), as does signing out.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: identityId(),
    userId: ownedBy('user_id', () => users.id),
    kind: tokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set when a refresh token is exchanged; a second exchange after the grace window is reuse. */
    usedAt: timestamptz('used_at'),
    /**
     * The pair a refresh token was exchanged for, sealed (AES-256-GCM) under a key derived from the raw
     * refresh token, which the table never holds: a second exchange within the grace window gets the same
     * pair back (DECISIONS §14). Cleared once the window is over.
     */
    successorSealed: text('successor_sealed'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_tokens_family_idx').on(t.familyId), index('oauth_tokens_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters shared by every server instance (failed sign-ins per account and per address). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamptz('window_ends_at').notNull(),
});

/** Server-generated secrets shared by every instance (e.g. the key that signs file links). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export type OauthTokenRow = typeof oauthTokens.$inferSelect;

/**
 * Where a user has signed in before (OWASP ASVS 5.0 §6.3, device cookies): a browser (the hash of its
 * opaque device cookie) or an address (an HMAC of it, so the table holds no address). Failed sign-ins
 * of others do not slow or block a sign-in from one of these. Renewed on each successful sign-in.
 */
export const trustedSignIns = pgTable(
  'trusted_sign_ins',
  {
    id: identityId(),
    userId: ownedBy('user_id', () => users.id),
    /** 'device' (a device cookie) or 'address'. */
    kind: text('kind').notNull(),
    keyHash: text('key_hash').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [uniqueIndex('trusted_sign_ins_user_kind_key_idx').on(t.userId, t.kind, t.keyHash)],
);
