import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DEFAULT_PAYMENT_TERM_DAYS, type AgingBucket } from '../../../machines/ledger/constants';
import { stagesWhere } from '../../../machines/stages';
import {
  paymentTerms,
  surgeries,
  surgeryEvents,
  surgeryGlosas,
  surgeryLedgers,
  surgeryReceipts,
  surgeryStatusHistory,
} from '../../db/schema/index';
import { SAO_PAULO } from '../sao-paulo-time';

/**
 * A case's ledger balance in SQL (issue 14; DECISIONS §16): the rules of machines/ledger/balance.ts (caseBalance),
 * computed in the statement that reads the cases, so the case's ledger, 'A receber', the homes' flags, the dashboard
 * and the CSV exports share one definition. Use it in a statement whose FROM has `surgeries` (not aliased):
 *
 *   select … , ledger.open_cents, … from surgeries ${ledgerJoin} where …
 *
 * Columns of `ledger` (bigint centavos as numbers once read; dates yyyy-MM-dd):
 *   expected_cents, received_cents, last_receipt_on, glosa_net_cents, glosa_cents (every glosa's amount as denied),
 *   disputed_cents, decided_loss_cents, next_appeal_deadline, written_off_cents, lost_cents, billed_on,
 *   billing_reference, term_days, open_cents, due_date.
 * `ledgerJoinAt(day)` yields them from the books as they stood at the end of a past São Paulo day (plus
 * `status_on_day`), for 'Posição em' (docs/LEDGER.md); `ledgerJoin` is `ledgerJoinAt(null)`, the books as they stand.
 * `ledgerJoinForMedics(ids)` yields the same columns computed set-wise, for figures over many cases.
 * bigint answers as text from both drivers: read with Number() (centavos stay far below 2^53).
 */

/** The case's expected fee in centavos (fees_payments is numeric(12,2) reais; 0 when it has none). */
const expectedCentsSql = sql`round(coalesce(${surgeries.feesPayments}, 0) * 100)::bigint`;

/**
 * The payment term that applies: the health plan's (a Plano de Saúde case with a plan), else the hospital's, else
 * DEFAULT_PAYMENT_TERM_DAYS, each as the case's medic configured it.
 */
const termDaysSql = sql`coalesce(
  (select ${paymentTerms.days} from ${paymentTerms} where ${paymentTerms.medicId} = ${surgeries.medicId}
    and ${paymentTerms.payer} = 'plano' and ${paymentTerms.payerId} = ${surgeries.healthPlanId}
    and ${surgeries.paymentFountains} = 'plano_saude'),
  (select ${paymentTerms.days} from ${paymentTerms} where ${paymentTerms.medicId} = ${surgeries.medicId}
    and ${paymentTerms.payer} = 'hospital' and ${paymentTerms.payerId} = ${surgeries.hospitalId}),
  ${DEFAULT_PAYMENT_TERM_DAYS}::int)`;

/**
 * The columns of `ledger` from the parts each join finds (one source of the rules for both joins below). The due date
 * counts the term from the billing day; a case carried out and not billed yet falls due as if billed on the surgery's
 * day (the money is owed either way, and an unbilled fee is itself something to chase).
 */
function ledgerColumns(parts: {
  received: SQL;
  lastReceipt: SQL;
  glosaNet: SQL;
  glosaGross: SQL;
  disputed: SQL;
  decidedLoss: SQL;
  nextDeadline: SQL;
  ledgerRow: SQL;
  term: SQL;
}): SQL {
  return sql`select base.*,
    greatest(0::bigint, base.expected_cents - base.received_cents - base.glosa_net_cents - base.written_off_cents) as open_cents,
    coalesce(base.billed_on, ${surgeries.accomplishment}) + base.term_days as due_date
  from (
    select ${expectedCentsSql} as expected_cents,
      coalesce(${parts.received}, 0)::bigint as received_cents,
      ${parts.lastReceipt} as last_receipt_on,
      coalesce(${parts.glosaNet}, 0)::bigint as glosa_net_cents,
      coalesce(${parts.glosaGross}, 0)::bigint as glosa_cents,
      coalesce(${parts.disputed}, 0)::bigint as disputed_cents,
      coalesce(${parts.decidedLoss}, 0)::bigint as decided_loss_cents,
      ${parts.nextDeadline} as next_appeal_deadline,
      coalesce(${parts.ledgerRow}.written_off_cents, 0)::bigint as written_off_cents,
      (coalesce(${parts.ledgerRow}.written_off_cents, 0) + coalesce(${parts.decidedLoss}, 0))::bigint as lost_cents,
      ${parts.ledgerRow}.billed_on, ${parts.ledgerRow}.billing_reference,
      ${parts.term} as term_days
  ) as base`;
}

/** The glosa aggregates of a set of glosa rows `g` (per case). */
const GLOSA_AGGREGATES = sql`coalesce(sum(g.amount_cents - coalesce(g.recovered_cents, 0)), 0)::bigint as glosa_net_cents,
  coalesce(sum(g.amount_cents), 0)::bigint as glosa_cents,
  coalesce(sum(g.amount_cents) filter (where g.appeal_outcome is null), 0)::bigint as disputed_cents,
  coalesce(sum(g.amount_cents - coalesce(g.recovered_cents, 0)) filter (where g.appeal_outcome is not null), 0)::bigint
    as decided_loss_cents,
  min(g.appeal_deadline) filter (where g.appeal_outcome is null and g.appeal_filed_on is null) as next_appeal_deadline`;

/**
 * The books of a case as they stood at the end of São Paulo day `day` (issue 33 item 16, 'Posição em' a past day),
 * read from the dated entries (docs/LEDGER.md "Posição em"): receipts received on or before the day, glosas dated on or
 * before it, each glosa's appeal as the case's history ('Histórico') stood that day (the last appeal entry recorded by
 * then; a glosa without one, recorded before migration 0013 or at its creation, keeps its appeal from its last change
 * on), the billing when billed by then, the write-off when settled by then, and the case's stage from
 * surgery_status_history (a case without any move recorded keeps its stage). `null`: the books as they stand now
 * (every row as it is), which is what today and any later day read.
 */
function booksAt(day: string | null) {
  if (day === null) {
    return {
      receipts: sql`${surgeryReceipts.surgeryId} = ${surgeries.id}`,
      glosas: sql`${surgeryGlosas} as g where g.surgery_id = ${surgeries.id}`,
      ledgerRow: sql`${surgeryLedgers}`,
      status: sql`${surgeries.status}`,
    };
  }
  /** The first instant after the day in São Paulo: an instant before it happened on or before the day. */
  const end = sql`((${day}::date + 1)::timestamp at time zone ${SAO_PAULO})`;
  const appealEvents = sql`from ${surgeryEvents} as e
    where e.surgery_id = g0.surgery_id and e.kind = 'glosa_appeal' and (e.detail->>'glosa')::integer = g0.id`;
  return {
    receipts: sql`${surgeryReceipts.surgeryId} = ${surgeries.id} and ${surgeryReceipts.receivedOn} <= ${day}::date`,
    glosas: sql`(
      select g0.id, g0.amount_cents, g0.appeal_deadline,
        case when logged.found then (appeal.detail->>'appeal_filed_on')::date
          when g0.appeal_filed_on <= ${day}::date then g0.appeal_filed_on end as appeal_filed_on,
        case when logged.found then appeal.detail->>'appeal_outcome'
          when g0.updated_at < ${end} then g0.appeal_outcome::text end as appeal_outcome,
        case when logged.found then (appeal.detail->>'recovered_cents')::bigint
          when g0.updated_at < ${end} then g0.recovered_cents end as recovered_cents
      from ${surgeryGlosas} as g0
        cross join lateral (select exists (select 1 ${appealEvents}) as found) as logged
        left join lateral (select e.detail ${appealEvents} and e.at < ${end} order by e.at desc, e.id desc limit 1) as appeal on true
      where g0.surgery_id = ${surgeries.id} and g0.glosa_on <= ${day}::date) as g`,
    ledgerRow: sql`(select surgery_id,
        case when billed_on <= ${day}::date then billed_on end as billed_on,
        case when billed_on <= ${day}::date then billing_reference end as billing_reference,
        case when coalesce(settled_on, (updated_at at time zone ${SAO_PAULO})::date) <= ${day}::date
          then written_off_cents else 0 end as written_off_cents
      from ${surgeryLedgers})`,
    status: sql`(case when exists (select 1 from ${surgeryStatusHistory} as h where h.surgery_id = ${surgeries.id})
      then (select h.to_status from ${surgeryStatusHistory} as h where h.surgery_id = ${surgeries.id} and h.changed_at < ${end}
        order by h.changed_at desc, h.id desc limit 1)
      else ${surgeries.status} end)`,
  };
}

/**
 * The lateral join that yields `ledger.*` for each case, looking each case's rows up by index: the right join for a
 * page of cases or one case (the case's ledger, 'A receber', the exports). `ledgerJoinAt(day)` yields the books at
 * the end of `day` (booksAt; null: now), with one more column, `status_on_day`: the case's stage on that day.
 */
export function ledgerJoinAt(day: string | null): SQL {
  const books = booksAt(day);
  return sql`left join lateral (
  select ledger_inner.*, parts.status_on_day from (
    select glosas.*, l.*, ${books.status} as status_on_day,
      (select sum(${surgeryReceipts.amountCents}) from ${surgeryReceipts} where ${books.receipts}) as received,
      (select max(${surgeryReceipts.receivedOn}) from ${surgeryReceipts} where ${books.receipts}) as last_receipt
    from (select ${GLOSA_AGGREGATES} from ${books.glosas}) as glosas
      left join ${books.ledgerRow} as l on l.surgery_id = ${surgeries.id}
  ) as parts, lateral (${ledgerColumns({
    received: sql`parts.received`,
    lastReceipt: sql`parts.last_receipt`,
    glosaNet: sql`parts.glosa_net_cents`,
    glosaGross: sql`parts.glosa_cents`,
    disputed: sql`parts.disputed_cents`,
    decidedLoss: sql`parts.decided_loss_cents`,
    nextDeadline: sql`parts.next_appeal_deadline`,
    ledgerRow: sql`parts`,
    term: termDaysSql,
  })}) as ledger_inner
) as ledger on true`;
}

/** `ledger.*` of the books as they stand now (ledgerJoinAt(null)). */
export const ledgerJoin = ledgerJoinAt(null);

/**
 * The day whose books 'Posição em' `day` reads, with São Paulo's `today`: the day itself when past, else null (now).
 * A later day is a projection of lateness: today's balances, that day's days past due.
 */
export function booksDayOf(day: string, today: string): string | null {
  return day < today ? day : null;
}

/**
 * The same `ledger.*` for every case of `medicIds` at once: the receipts and glosas of those medics' cases are summed
 * in one hash aggregate each and joined, instead of looked up case by case. The right join for figures over many
 * cases (the dashboard's money views).
 */
export function ledgerJoinForMedics(medicIds: number[]): SQL {
  const ofMedics = (alias: string) => sql`join ${surgeries} as ${sql.identifier(`${alias}_case`)}
    on ${sql.identifier(`${alias}_case`)}.id = ${sql.identifier(alias)}.surgery_id
    and ${sql.identifier(`${alias}_case`)}.medic_id in (${sql.join(medicIds.map((id) => sql`${id}`), sql`, `)})`;
  return sql`left join (
      select r.surgery_id, sum(r.amount_cents) as received, max(r.received_on) as last_receipt
      from ${surgeryReceipts} as r ${ofMedics('r')}
      group by r.surgery_id
    ) as ledger_r on ledger_r.surgery_id = ${surgeries.id}
    left join (
      select g.surgery_id, ${GLOSA_AGGREGATES}
      from ${surgeryGlosas} as g ${ofMedics('g')}
      group by g.surgery_id
    ) as ledger_g on ledger_g.surgery_id = ${surgeries.id}
    left join ${surgeryLedgers} as ledger_l on ledger_l.surgery_id = ${surgeries.id}
    left join ${paymentTerms} as ledger_tp on ledger_tp.medic_id = ${surgeries.medicId} and ledger_tp.payer = 'plano'
      and ledger_tp.payer_id = ${surgeries.healthPlanId} and ${surgeries.paymentFountains} = 'plano_saude'
    left join ${paymentTerms} as ledger_th on ledger_th.medic_id = ${surgeries.medicId} and ledger_th.payer = 'hospital'
      and ledger_th.payer_id = ${surgeries.hospitalId}
    cross join lateral (${ledgerColumns({
      received: sql`ledger_r.received`,
      lastReceipt: sql`ledger_r.last_receipt`,
      glosaNet: sql`ledger_g.glosa_net_cents`,
      glosaGross: sql`ledger_g.glosa_cents`,
      disputed: sql`ledger_g.disputed_cents`,
      decidedLoss: sql`ledger_g.decided_loss_cents`,
      nextDeadline: sql`ledger_g.next_appeal_deadline`,
      ledgerRow: sql`ledger_l`,
      term: sql`coalesce(ledger_tp.days, ledger_th.days, ${DEFAULT_PAYMENT_TERM_DAYS}::int)`,
    })}) as ledger`;
}

/** The stages whose cases can owe money: the surgery was carried out (pagamento) or the case was concluded. */
export const RECEIVABLE_STATUSES = stagesWhere('receivable');

/**
 * The case owes money on the books' day (needs ledgerJoinAt(day)): a receivable stage that day (now: its stage), open
 * balance or a glosa still in dispute; on a past day, also carried out by then (a case without a surgery day stays).
 */
export function hasMoneyOutstandingSql(day: string | null): SQL {
  const carriedOut = day === null ? sql`` : sql`and (${surgeries.accomplishment} is null or ${surgeries.accomplishment} <= ${day}::date)`;
  return sql`(ledger.status_on_day in (${sql.join(RECEIVABLE_STATUSES.map((status) => sql`${status}`), sql`, `)}) ${carriedOut}
  and (ledger.open_cents > 0 or ledger.disputed_cents > 0))`;
}

/**
 * Whole São Paulo days past the due date at `today` (negative: not yet due; null: no due date). The due date is
 * ledgerJoin's unless another column holds it (dashboard_case_facts' due_date, the same definition).
 */
export function daysPastDueSql(today: string | Placeholder, dueDate: SQL = sql`ledger.due_date`): SQL<number | null> {
  return sql<number | null>`(${today}::date - ${dueDate})`;
}

/** The aging bucket of the case at `today` (machines/ledger/constants.ts agingBucketOf: the same limits). */
export function agingBucketSql(today: string | Placeholder, dueDate: SQL = sql`ledger.due_date`): SQL<AgingBucket> {
  const days = sql`coalesce(${daysPastDueSql(today, dueDate)}, 0)`;
  return sql<AgingBucket>`(case when ${days} <= 30 then 'd0_30' when ${days} <= 60 then 'd31_60'
    when ${days} <= 90 then 'd61_90' else 'd90_plus' end)`;
}
