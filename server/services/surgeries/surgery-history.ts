import { sql } from 'drizzle-orm';
import type { operations } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { surgeries } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleSurgery } from '../access/scope';
import { SURGERY_NOT_FOUND } from './surgery-service';

type User = Pick<AuthUser, 'id' | 'type'>;
type SurgeryHistory = operations['getSurgeryHistory']['responses']['200']['content']['application/json'];
type Entry = SurgeryHistory['results'][number];
type Person = Entry['actor'];

type Row = {
  kind: Entry['kind'];
  at: string;
  actor_id: number | null;
  actor_first: string | null;
  actor_last: string | null;
  from_status: Entry['from_status'];
  to_status: Entry['to_status'];
  reason: Entry['reason'];
  reason_note: string | null;
  missing_documents: string[] | null;
  from_id: number | null;
  from_first: string | null;
  from_last: string | null;
  to_id: number | null;
  to_first: string | null;
  to_last: string | null;
  amount_cents: number | null;
  on_day: string | null;
  document: string | null;
  text: string | null;
};

const rowsOf = <R>(result: unknown): R[] => ((result as { rows?: R[] }).rows ?? (result as R[]));

/** Someone a history entry (or a message, a consent) names, from a left join's columns: null when nobody or deleted. */
export function historyPerson(id: number | null, first: string | null, last: string | null): Person {
  return id === null || first === null ? null : { id, first_name: first, last_name: last ?? '' };
}

/**
 * The timeline of one case, newest first ('Histórico', issue 33 item 7; openapi getSurgeryHistory), in one statement:
 * - moves from surgery_status_history (the first row, without a stage of origin, is the registration);
 * - what only surgery_events keeps (handovers, ledger entries deleted, appeals, documents replaced);
 * - the ledger as it stands (the billing, each receipt and glosa at its creation; an appeal recorded before migration
 *   0013, i.e. without an event of its own, at the glosa's last change, with no author known);
 * - each document slot's current file at its upload;
 * - each message sent to the patient (its template and channel; the text stays in patient_messages).
 * Entries of one instant (a move that carried documents) list the move first. People come joined by name.
 */
export async function readSurgeryHistory(db: Database, user: User, id: number): Promise<SurgeryHistory> {
  const visible = await visibleSurgery(db, user, id);
  const [found] = visible ? await db.select({ id: surgeries.id }).from(surgeries).where(visible) : [];
  if (!found) throw notFound(SURGERY_NOT_FOUND);
  const result = await db.execute(sql`
    with entries as (
      select h.changed_at as at, case when h.from_status is null then 'created' else 'moved' end as kind,
        h.changed_by as actor_id, h.from_status::text as from_status, h.to_status::text as to_status,
        h.reason::text as reason, h.reason_note, h.missing_documents,
        null::integer as from_id, null::integer as to_id, null::bigint as amount_cents, null::date as on_day,
        null::text as document, null::text as text, 1 as source, h.id as seq
      from surgery_status_history h where h.surgery_id = ${id}
      union all
      select e.at, e.kind, e.actor_id, null, null, null, null, null,
        case when e.kind = 'holder' then (e.detail->>'from')::integer end,
        case when e.kind = 'holder' then (e.detail->>'to')::integer end,
        case when e.kind = 'glosa_appeal' then (e.detail->>'recovered_cents')::bigint else (e.detail->>'amount_cents')::bigint end,
        case e.kind
          when 'receipt_removed' then (e.detail->>'received_on')::date
          when 'glosa_removed' then (e.detail->>'glosa_on')::date
          when 'glosa_appeal' then (e.detail->>'appeal_filed_on')::date
        end,
        case when e.kind like 'document%' then e.detail->>'kind' end,
        case when e.kind = 'glosa_appeal' then e.detail->>'appeal_outcome' end,
        case when e.kind like 'document%' then 4 else 3 end, e.id
      from surgery_events e where e.surgery_id = ${id}
      union all
      select l.updated_at, 'billing', l.updated_by, null, null, null, null, null, null, null, null, l.billed_on, null,
        l.billing_reference, 2, 0
      from surgery_ledgers l where l.surgery_id = ${id} and l.billed_on is not null
      union all
      select r.created_at, 'receipt', r.created_by, null, null, null, null, null, null, null, r.amount_cents, r.received_on,
        null, null, 2, r.id
      from surgery_receipts r where r.surgery_id = ${id}
      union all
      select g.created_at, 'glosa', g.created_by, null, null, null, null, null, null, null, g.amount_cents, g.glosa_on, null,
        g.reason, 2, g.id
      from surgery_glosas g where g.surgery_id = ${id}
      union all
      select g.updated_at, 'glosa_appeal', null, null, null, null, null, null, null, null, g.recovered_cents, g.appeal_filed_on,
        null, g.appeal_outcome::text, 2, g.id
      from surgery_glosas g
      where g.surgery_id = ${id} and (g.appeal_filed_on is not null or g.appeal_outcome is not null)
        and not exists (
          select 1 from surgery_events e
          where e.surgery_id = g.surgery_id and e.kind = 'glosa_appeal' and (e.detail->>'glosa')::integer = g.id
        )
      union all
      select m.sent_at, 'message', m.sent_by, null, null, null, null, null, null, null, null, null, m.template, m.channel, 3, m.id
      from patient_messages m where m.surgery_id = ${id}
      union all
      select d.uploaded_at, 'document_attached', d.uploaded_by, null, null, null, null, null, null, null, null, null,
        coalesce(d.kind::text, d.name), d.original_name, 4, d.id
      from surgery_documents d where d.surgery_id = ${id}
    )
    select e.kind,
      to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
      a.id as actor_id, a.first_name as actor_first, a.last_name as actor_last,
      e.from_status, e.to_status, e.reason, e.reason_note, e.missing_documents,
      f.id as from_id, f.first_name as from_first, f.last_name as from_last,
      t.id as to_id, t.first_name as to_first, t.last_name as to_last,
      e.amount_cents::integer as amount_cents, to_char(e.on_day, 'YYYY-MM-DD') as on_day, e.document, e.text
    from entries e
    left join users a on a.id = e.actor_id
    left join users f on f.id = e.from_id
    left join users t on t.id = e.to_id
    order by e.at desc, e.source, e.seq desc
  `);
  return {
    results: rowsOf<Row>(result).map((row) => ({
      kind: row.kind,
      at: row.at,
      actor: historyPerson(row.actor_id, row.actor_first, row.actor_last),
      from_status: row.from_status,
      to_status: row.to_status,
      reason: row.reason,
      reason_note: row.reason_note,
      missing_documents: Array.isArray(row.missing_documents) ? row.missing_documents : [],
      from_holder: historyPerson(row.from_id, row.from_first, row.from_last),
      to_holder: historyPerson(row.to_id, row.to_first, row.to_last),
      amount_cents: row.amount_cents === null ? null : Number(row.amount_cents),
      on: row.on_day,
      document: row.document,
      text: row.text,
    })),
  };
}
