import { boolean, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownedBy, timestamptz } from './_helpers';
import { users } from './users';

/**
 * 'Esqueci minha senha' (issue 35 item 1): one row per link sent. Only the SHA-256 of the link's token is kept, so a
 * leaked table opens no account; a link is good once (`used_at`) and for 30 minutes (`expires_at`). A new link or a
 * completed reset spends the user's other open links.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: identityId(),
    userId: ownedBy('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Where an account is signed in (issue 35 item 4): one row per sign-in (token family), with the browser and system
 * read from the User-Agent (the labels only, not the header) and the approximate time of its last use.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    familyId: uuid('family_id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    browser: text('browser').notNull(),
    system: text('system').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
  },
  (t) => [index('sign_in_devices_user_idx').on(t.userId)],
);

/**
 * The calendar feed of an account (issue 39 item 1): its private iCalendar address, of which only the token's
 * SHA-256 is kept (the address is shown once, when made; a new one replaces it and the old one stops at once), and
 * whether its events name the patient in full (`full_names`) or by initials. A row without a token is a preference
 * kept while the feed is off.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: ownedBy('user_id', () => users.id).primaryKey(),
  tokenHash: text('token_hash').unique(),
  fullNames: boolean('full_names').notNull().default(false),
  /** When the current address was made; null while the feed is off. */
  createdAt: timestamptz('created_at'),
});

/** The morning digest (issue 39 item 3, docs/DIGEST.md): a row means the account wants it. */
export const digestSubscriptions = pgTable('digest_subscriptions', {
  userId: ownedBy('user_id', () => users.id).primaryKey(),
  createdAt: createdAt(),
});

/**
 * A digest claimed for an account and a São Paulo day: the primary key makes the claim succeed once, whatever the
 * number of instances or restarts; a send that fails gives its claim back for the next round.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: ownedBy('user_id', () => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
