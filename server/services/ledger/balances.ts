import { inArray, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAYMENT_TERM_DAYS, type AgingBucket } from '../../../machines/ledger/constants';
import type { CaseStatus } from '../../../machines/constants';
import { paymentTerms, surgeries, surgeryGlosas, surgeryLedgers, surgeryReceipts } from '../../db/schema/index';

/**
 * A case's ledger balance in SQL (issue 14; DECISIONS §16): the rules of machines/ledger/balance.ts (caseBalance),
 * computed in the statement that reads the cases, so the case's ledger, 'A receber', the homes' flags, the dashboard
 * and the CSV exports share one definition. Use it in a statement whose FROM has `surgeries` (not aliased):
 *
 *   select … , ledger.open_cents, … from surgeries ${ledgerJoin} where …
 *
 * Columns of `ledger` (bigint centavos as numbers once read; dates yyyy-MM-dd):
 *   expected_cents, received_cents, glosa_net_cents, disputed_cents, written_off_cents, open_cents, lost_cents,
 *   billed_on, billing_reference, term_days, due_date, next_appeal_deadline, last_receipt_on.
 * bigint answers as text from both drivers: read with Number() (centavos stay far below 2^53).
 */

/** The case's expected fee in centavos (fees_payments is numeric(12,2) reais; 0 when it has none). */
export const expectedCentsSql = sql`round(coalesce(${surgeries.feesPayments}, 0) * 100)::bigint`;

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
 * The lateral join that yields `ledger.*` for each case. The due date counts the term from the billing day; a case
 * carried out and not billed yet falls due as if billed on the surgery's day (the money is owed either way, and an
 * unbilled fee is itself something to chase).
 */
export const ledgerJoin = sql`left join lateral (
  select base.*,
    greatest(0::bigint, base.expected_cents - base.received_cents - base.glosa_net_cents - base.written_off_cents) as open_cents,
    coalesce(base.billed_on, ${surgeries.accomplishment}) + base.term_days as due_date
  from (
    select ${expectedCentsSql} as expected_cents,
      coalesce((select sum(${surgeryReceipts.amountCents}) from ${surgeryReceipts}
        where ${surgeryReceipts.surgeryId} = ${surgeries.id}), 0)::bigint as received_cents,
      (select max(${surgeryReceipts.receivedOn}) from ${surgeryReceipts}
        where ${surgeryReceipts.surgeryId} = ${surgeries.id}) as last_receipt_on,
      glosas.glosa_net_cents, glosas.disputed_cents, glosas.decided_loss_cents, glosas.next_appeal_deadline,
      coalesce(l.written_off_cents, 0)::bigint as written_off_cents,
      (coalesce(l.written_off_cents, 0) + glosas.decided_loss_cents)::bigint as lost_cents,
      l.billed_on, l.billing_reference,
      ${termDaysSql} as term_days
    from (
      select coalesce(sum(g.amount_cents - coalesce(g.recovered_cents, 0)), 0)::bigint as glosa_net_cents,
        coalesce(sum(g.amount_cents) filter (where g.appeal_outcome is null), 0)::bigint as disputed_cents,
        coalesce(sum(g.amount_cents - coalesce(g.recovered_cents, 0)) filter (where g.appeal_outcome is not null), 0)::bigint
          as decided_loss_cents,
        min(g.appeal_deadline) filter (where g.appeal_outcome is null and g.appeal_filed_on is null) as next_appeal_deadline
      from ${surgeryGlosas} as g where g.surgery_id = ${surgeries.id}
    ) as glosas
    left join ${surgeryLedgers} as l on l.surgery_id = ${surgeries.id}
  ) as base
) as ledger on true`;

/** The stages whose cases can owe money: the surgery was carried out (pagamento) or the case was concluded. */
export const RECEIVABLE_STATUSES = ['pagamento', 'concluido'] as const satisfies readonly CaseStatus[];

/** The case owes money: open balance, or a glosa still in dispute (needs ledgerJoin). */
export const hasMoneyOutstandingSql = sql`(${inArray(surgeries.status, [...RECEIVABLE_STATUSES])}
  and (ledger.open_cents > 0 or ledger.disputed_cents > 0))`;

/** Whole São Paulo days past the due date at `today` (negative: not yet due; null: no due date). Needs ledgerJoin. */
export function daysPastDueSql(today: string): SQL<number | null> {
  return sql<number | null>`(${today}::date - ledger.due_date)`;
}

/** The aging bucket of the case at `today` (machines/ledger/constants.ts agingBucketOf: the same limits). */
export function agingBucketSql(today: string): SQL<AgingBucket> {
  const days = sql`coalesce(${daysPastDueSql(today)}, 0)`;
  return sql<AgingBucket>`(case when ${days} <= 30 then 'd0_30' when ${days} <= 60 then 'd31_60'
    when ${days} <= 90 then 'd61_90' else 'd90_plus' end)`;
}
