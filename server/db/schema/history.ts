import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigIdentityId, ownedBy, setNullRef, timestamptz } from './_helpers';
import { surgeries } from './surgeries';
import { users } from './users';

/**
 * What a case's history ('Histórico', issue 33 item 7) needs and no other table keeps, recorded from migration 0013
 * on, append-only, in the transaction of the change itself:
 * - `holder`: a handover, `{ from, to }` the user ids who held the case before and after (the medic's id for the
 *   medic, never null);
 * - `receipt_removed`: a receipt deleted, `{ amount_cents, received_on }`;
 * - `glosa_removed`: a glosa deleted, `{ amount_cents, glosa_on }`;
 * - `glosa_appeal`: a glosa's appeal filed or decided, `{ glosa, amount_cents, appeal_filed_on, appeal_outcome, recovered_cents }`;
 * - `document_removed`: a document slot's file removed or replaced, `{ kind }`; `document_attached`: the replaced
 *   file's own attachment, `{ kind }`, at its upload time by its uploader (the slot's row now holds the new one).
 * Moves (surgery_status_history), receipts, glosas, the billing and the documents attached are read from their own
 * tables (server/services/surgeries/surgery-history.ts).
 */
export const surgeryEvents = pgTable(
  'surgery_events',
  {
    id: bigIdentityId(),
    surgeryId: ownedBy('surgery_id', () => surgeries.id),
    kind: text('kind').notNull(),
    actorId: setNullRef('actor_id', () => users.id),
    at: timestamptz('at').notNull().defaultNow(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('surgery_events_surgery_idx').on(t.surgeryId, t.at)],
);

export type SurgeryEventRow = typeof surgeryEvents.$inferSelect;
