/**
 * The dashboard recomputed from the base rows at request time: the reads of issue 14, before the maintained figures
 * of issue 15 (migration 0006, dashboard-service.ts). Kept as the oracle the maintained figures are checked against
 * (tests/api/dashboard-figures.property.test.ts) and as the "before" of scripts/bench-dashboard.ts; no route uses it.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_STATUSES, CASE_STATUSES, type CaseStatus } from '../../../machines/constants';
import { periodRange, type DashboardQuery } from '../../../machines/ledger/periodSchemas';
import type { Database } from '../../db/client';
import { LOSS_REASON_LABELS, LOSS_REASONS } from '../../../machines/preoperative/constants';
import { NO_LOSS_REASON_LABEL } from '../../../machines/preoperative/reasonSchemas';
import { NO_GLOSA_REASON_LABEL } from '../../../machines/tiss/guideRules';
import {
  healthPlans,
  hospitals,
  procedures,
  surgeries,
  surgeryGlosas,
  glosaReasons,
  surgeryProcedures,
  surgeryReceipts,
  surgeryStatusHistory,
} from '../../db/schema/index';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../access/scope';
import { agingBucketSql, ledgerJoinForMedics, RECEIVABLE_STATUSES } from '../ledger/balances';
import { NOT_INFORMED, payerNameSql } from '../ledger/payer-name';
import { SAO_PAULO, saoPauloDay, saoPauloDayBounds, saoPauloMonthDays } from '../sao-paulo-time';
import {
  AUTHORIZED_STATUSES,
  CARRIED_OUT_STATUSES,
  emptyDashboard,
  fillDashboard,
  LIST_ORDER,
  LOST_STATUSES,
  NAME_ORDER,
  PENDING_STATUSES,
  PLANNED_STATUSES,
  reais,
  rowsOf,
  stageColumn,
  type Dashboard,
  type ListRow,
  type LostRow,
  type MoneyRow,
} from './dashboard-rows';

const statusIn = (statuses: readonly CaseStatus[]) => inArray(surgeries.status, [...statuses]);

/**
 * The period a dashboard read covers (machines/ledger/periodSchemas.ts): its key and days (inclusive, null for
 * 'all'), the instants of those days in São Paulo (`[start, end)`, for `created_at`), São Paulo's today and its month.
 */
type DashboardWindow = {
  key: DashboardQuery['period'];
  from: string | null;
  to: string | null;
  start: Date | null;
  end: Date | null;
  today: string;
  month: { first: string; next: string };
};

/** The window of `query` at `now`. */
function dashboardWindow(query: DashboardQuery, now: Date): DashboardWindow {
  const today = saoPauloDay(now);
  const { from, to } = periodRange(query.period, today, query.from, query.to);
  const start = from === null ? null : saoPauloDayBounds(from)!.start;
  const end = to === null ? null : saoPauloDayBounds(to)!.end;
  return { key: query.period, from, to, start, end, today, month: saoPauloMonthDays(now) };
}

/** The cases indicated (created) within the period, São Paulo days; nothing for 'all'. */
function createdIn(window: DashboardWindow): SQL {
  if (window.start === null || window.end === null) return sql``;
  return sql` and ${surgeries.createdAt} >= ${window.start.toISOString()}::timestamptz and ${surgeries.createdAt} < ${window.end.toISOString()}::timestamptz`;
}

/** `day` (a date column) within the period's days; true for 'all'. */
function dayIn(window: DashboardWindow, day: SQL): SQL {
  if (window.from === null || window.to === null) return sql`true`;
  return sql`(${day} >= ${window.from}::date and ${day} <= ${window.to}::date)`;
}

/** The sum of the stage counts of `statuses`, over one group or over all of them. */
const stageSum = (statuses: readonly CaseStatus[]) => sql`sum(${sql.join(statuses.map(stageColumn), sql` + `)})`;

/**
 * Everything but the procedure lists, from ONE scan of the medics' cases indicated in the period, grouped by plan,
 * payment source and hospital (a few thousand groups at most, whatever the number of cases), with FILTER aggregates
 * per group: a count per stage, the fees of the active stages and the São Paulo calendar days from creation to
 * conclusion of the concluded cases; and ONE scan of the medics' receipts grouped by plan and payment source: the
 * amounts received within the period and within São Paulo's current month `[first, next)` (by receipt day, whatever
 * the case's creation day: issue 14, payment_done is the sum of the receipts). The figures, the distribution and the
 * payer and hospital lists all derive from those groups. Rows `(list, name, value)`: list 'data' and 'distribution'
 * carry the figures; the chart lists only values above zero, in their final order.
 *
 * `created_at::date` is the São Paulo day because the statement runs with the session time zone set to São Paulo
 * (readCases): a cast per row, much cheaper than `AT TIME ZONE` with a zone name.
 */
function casesStatement(medicIds: number[], window: DashboardWindow): SQL {
  const { month } = window;
  const concluded = sql`${surgeries.status} = 'concluido' and ${surgeries.concludedAt} is not null`;
  const counts = CASE_STATUSES.map((status) => sql`count(*) filter (where ${surgeries.status} = ${status}) as ${stageColumn(status)}`);
  const distribution = CASE_STATUSES.map((status) => sql`('distribution', ${status}, totals.${stageColumn(status)})`);
  const stagesOf = (statuses: readonly CaseStatus[]) => sql`(${sql.join(statuses.map(stageColumn), sql` + `)})`;
  const receivedOn = sql`${surgeryReceipts.receivedOn}`;
  return sql`with grouped as (
      select ${surgeries.healthPlanId} as plan_id, ${surgeries.paymentFountains} as source,
        ${surgeries.hospitalId} as hospital_id,
        ${sql.join(counts, sql`, `)},
        sum(round(greatest(0, ledger.expected_cents - ledger.received_cents - ledger.lost_cents)::numeric / 100, 2))
          filter (where ${statusIn(ACTIVE_STATUSES)}) as to_receive,
        sum(${surgeries.concludedAt}::date - ${surgeries.createdAt}::date) filter (where ${concluded}) as days,
        count(*) filter (where ${concluded}) as concluded
      from ${surgeries} ${ledgerJoinForMedics(medicIds)}
      where ${inArray(surgeries.medicId, medicIds)}${createdIn(window)}
      group by 1, 2, 3
    ),
    open_total as (
      select sum(ledger.open_cents) as cents
      from ${surgeries} ${ledgerJoinForMedics(medicIds)}
      where ${inArray(surgeries.medicId, medicIds)} and ${inArray(surgeries.status, [...RECEIVABLE_STATUSES])}
    ),
    paid as (
      select ${surgeries.healthPlanId} as plan_id, ${surgeries.paymentFountains} as source,
        sum(${surgeryReceipts.amountCents}) filter (where ${dayIn(window, receivedOn)}) as received_cents,
        sum(${surgeryReceipts.amountCents}) filter (
          where ${receivedOn} >= ${month.first}::date and ${receivedOn} < ${month.next}::date
        ) as month_cents
      from ${surgeryReceipts} join ${surgeries} on ${surgeries.id} = ${surgeryReceipts.surgeryId}
      where ${inArray(surgeries.medicId, medicIds)}
        and (${dayIn(window, receivedOn)} or (${receivedOn} >= ${month.first}::date and ${receivedOn} < ${month.next}::date))
      group by 1, 2
    ),
    payers as (
      select name, sum(to_receive) as to_receive, sum(received) as received,
        sum(planned) as planned, sum(carried_out) as carried_out
      from (
        select ${payerNameSql(sql`${healthPlans.fantasyName}`, sql`grouped.source`)} as name,
          grouped.to_receive, 0::numeric as received,
          ${stagesOf(PLANNED_STATUSES)} as planned, ${stagesOf(CARRIED_OUT_STATUSES)} as carried_out
        from grouped left join ${healthPlans} on ${healthPlans.id} = grouped.plan_id
        union all
        select ${payerNameSql(sql`${healthPlans.fantasyName}`, sql`paid.source`)} as name,
          null, ${reais(sql`paid.received_cents`)}, 0, 0
        from paid left join ${healthPlans} on ${healthPlans.id} = paid.plan_id
      ) as parts
      group by 1
    ),
    by_hospital as (
      select coalesce(${hospitals.fantasyName}, ${NOT_INFORMED}) as name,
        ${stageSum(PLANNED_STATUSES)} as planned, ${stageSum(CARRIED_OUT_STATUSES)} as carried_out
      from grouped left join ${hospitals} on ${hospitals.id} = grouped.hospital_id
      group by 1
    ),
    lists (list, name, value) as (
      select 'valores_a_receber', name, to_receive from payers
      union all select 'valores_recebidos', name, received from payers
      union all select 'qtd_convenio_prev', name, planned from payers
      union all select 'qtd_convenio_real', name, carried_out from payers
      union all select 'qtd_hospital_prev', name, planned from by_hospital
      union all select 'qtd_hospital_real', name, carried_out from by_hospital
    ),
    totals as (
      select sum(to_receive) as to_receive,
        (select ${reais(sql`cents`)} from open_total) as open_amount,
        (select ${reais(sql`sum(received_cents)`)} from paid) as received,
        (select ${reais(sql`sum(month_cents)`)} from paid) as received_month,
        ${stageSum(AUTHORIZED_STATUSES)} as authorized, ${stageSum(PENDING_STATUSES)} as pending,
        round(sum(days)::numeric / nullif(sum(concluded), 0), 1) as middle_time,
        ${sql.join(CASE_STATUSES.map((status) => sql`${stageSum([status])} as ${stageColumn(status)}`), sql`, `)}
      from grouped
    ),
    figures (list, name, value) as (
      select figure.list, figure.name, figure.value
      from totals, lateral (values
        ('data', 'pending_surgery_value', totals.to_receive), ('data', 'fees_payments_month', totals.to_receive),
        ('data', 'open_amount', totals.open_amount),
        ('data', 'payment_done', totals.received), ('data', 'payment_done_month', totals.received_month),
        ('data', 'authorized_surgery', totals.authorized), ('data', 'pending_surgery', totals.pending),
        ('data', 'middle_time', totals.middle_time),
        ${sql.join(distribution, sql`, `)}
      ) as figure (list, name, value)
    ),
    answer (list, name, value) as (
      select list, name, value from lists where value > 0
      union all select list, name, value from figures
    )
    select list, name, value::text as amount from answer
    ${LIST_ORDER}`;
}

/**
 * The two procedure lists: the medics' planned or carried-out cases counted per procedure, each case once per
 * procedure (SPEC: "um caso com dois procedimentos conta em cada um"), so every bar counts surgeries. A procedure is
 * one name: the seed merges a TUSS and a SIGTAP code of one name into one entry (docs/first-week/clinical.md), and
 * codes that still share a description (older rows, two codes of one table) are one bar.
 *
 * The links are counted per code in a hash aggregate (a few hundred groups) and the counts added up per name; a
 * `count(distinct case)` per name would sort every link (docs/BENCHMARKS.md). So that a case listing two codes of one
 * name still counts once there, such a link counts only for the case's lowest code of that name: the check runs only
 * for the codes whose description another code has (`shared`, hardly any after the merge).
 */
function proceduresStatement(medicIds: number[], window: DashboardWindow): SQL {
  const link = sql`${surgeryProcedures.procedureId}`;
  return sql`with shared as (
      select coalesce(array_agg(code.id), '{}') as ids
      from ${procedures} as code
      where exists (
        select 1 from ${procedures} as twin where twin.description = code.description and twin.id <> code.id
      )
    ),
    by_code as (
      select ${link} as procedure_id,
        count(*) filter (where ${statusIn(PLANNED_STATUSES)}) as planned,
        count(*) filter (where ${statusIn(CARRIED_OUT_STATUSES)}) as carried_out
      from ${surgeries} join ${surgeryProcedures} on ${surgeryProcedures.surgeryId} = ${surgeries.id}, shared
      where ${inArray(surgeries.medicId, medicIds)} and ${statusIn([...PLANNED_STATUSES, ...CARRIED_OUT_STATUSES])}${createdIn(window)}
        and (${link} <> all (shared.ids) or not exists (
          select 1
          from surgery_procedures as other
            join ${procedures} as mine on mine.id = ${link}
            join ${procedures} as theirs on theirs.id = other.procedure_id
          where other.surgery_id = ${surgeries.id} and other.procedure_id < ${link}
            and theirs.description = mine.description
        ))
      group by 1
    ),
    by_procedure as (
      select ${procedures.description} as name, sum(planned) as planned, sum(carried_out) as carried_out
      from by_code join ${procedures} on ${procedures.id} = by_code.procedure_id
      group by 1
    ),
    lists (list, name, value) as (
      select 'qtd_procedim_prev', name, planned from by_procedure
      union all select 'qtd_procedim_real', name, carried_out from by_procedure
    )
    select list, name, value::text as amount from lists where value > 0
    ${LIST_ORDER}`;
}

/**
 * 'Cirurgias perdidas por motivo' (issue 13; DECISIONS §15): the medics' cases now cancelado or arquiv, counted by
 * the reason of the history row that put them there (the latest row into the case's current status; one index
 * lookup per lost case), no reason (or no row) as NO_LOSS_REASON_LABEL. Rows `(reason, name, amount)`, largest count
 * first, ties in LOSS_REASONS' order with no reason last.
 */
function lostByReasonStatement(medicIds: number[], window: DashboardWindow): SQL {
  const name = sql`case h.reason::text ${sql.join(
    LOSS_REASONS.map((reason) => sql`when ${reason} then ${LOSS_REASON_LABELS[reason]}`),
    sql` `,
  )} else ${NO_LOSS_REASON_LABEL} end`;
  const position = sql`array_position(array[${sql.join(
    LOSS_REASONS.map((reason) => sql`${reason}`),
    sql`, `,
  )}]::text[], h.reason::text)`;
  return sql`select h.reason::text as reason, ${name} as name, count(*)::text as amount
    from ${surgeries}
      left join lateral (
        select ${surgeryStatusHistory.reason} as reason
        from ${surgeryStatusHistory}
        where ${surgeryStatusHistory.surgeryId} = ${surgeries.id} and ${surgeryStatusHistory.toStatus} = ${surgeries.status}
        order by ${surgeryStatusHistory.changedAt} desc, ${surgeryStatusHistory.id} desc
        limit 1
      ) as h on true
    where ${inArray(surgeries.medicId, medicIds)} and ${statusIn(LOST_STATUSES)}${createdIn(window)}
    group by h.reason
    order by count(*) desc, ${position} asc nulls last`;
}

/**
 * The four money views (issue 14; DECISIONS §16), in one statement over the medics' receivable cases (pagamento,
 * concluido) with their ledger balance (services/ledger/balances.ts `ledgerJoin`, the rules every ledger screen
 * shares, computed set-wise: `ledgerJoinForMedics`), and their receipts:
 *
 * - `aging`: the open balance (centavos → reais) of the cases indicated in the period that still owe, by payer and
 *   by aging bucket at São Paulo's today (`agingBucketSql`): a snapshot now of the period's cases.
 * - `glosas`: per payer, over the cases indicated in the period, the expected fees and the amount denied (every
 *   glosa's amount as the payer denied it, before any appeal: the glosa rate payers are compared by), and the rate
 *   glosa / expected (4 decimals). Payers with no expected fee are left out (no rate).
 * - `days`: per payer, the median (percentile_cont(0.5): the mean of the two middle values for an even count) of the
 *   days from the surgery (accomplishment) to the last receipt, over the cases paid off (open 0 and no glosa in
 *   dispute, at least one receipt) whose last receipt falls in the period; a receipt before the surgery counts 0
 *   days. With the number of cases.
 * - `glosa_reasons`: the same glosas (dated in the period, of the receivable cases) by TISS reason code, with their
 *   number and amount denied; the name is the code's description ('Motivo de glosa NNNN' without one,
 *   NO_GLOSA_REASON_LABEL without a code); ties by code (some codes share a description), the glosas without one last.
 * - `series`: every month of the period (all time: from the first month with an amount to the current month), the
 *   expected fees of the receivable cases falling due in it and the receipts received in it (any case's).
 *
 * Rows `(list, name, a, b, c, d)` as text: aging (name, d0_30, d31_60, d61_90, d90_plus), glosas (name, expected,
 * glosa, rate), glosa_reasons (name, glosas, glosa, code), days (name, median, cases), series (yyyy-MM, expected, received); each list in its final order.
 */
function moneyStatement(medicIds: number[], window: DashboardWindow): SQL {
  const receivable = sql`${inArray(surgeries.medicId, medicIds)} and ${inArray(surgeries.status, [...RECEIVABLE_STATUSES])}`;
  const bucketSum = (bucket: string) => reais(sql`sum(open_cents) filter (where bucket = ${bucket})`);
  const firstMonth = window.from === null ? null : `${window.from.slice(0, 7)}-01`;
  const lastMonth = window.to === null ? `${window.month.first}` : `${window.to.slice(0, 7)}-01`;
  return sql`with cases as materialized (
      select ${surgeries.id} as id, ${payerNameSql(sql`${healthPlans.fantasyName}`, sql`${surgeries.paymentFountains}`)} as name,
        ${surgeries.accomplishment} as accomplishment,
        ledger.expected_cents, ledger.received_cents, ledger.open_cents, ledger.disputed_cents,
        ledger.due_date, ledger.last_receipt_on,
        ${agingBucketSql(window.today)} as bucket,
        ledger.glosa_cents
      from ${surgeries} ${ledgerJoinForMedics(medicIds)}
        left join ${healthPlans} on ${healthPlans.id} = ${surgeries.healthPlanId}
      where ${receivable}
    ),
    aging as (
      select 'aging' as list, name, sum(open_cents) as sort,
        ${bucketSum('d0_30')} as a, ${bucketSum('d31_60')} as b, ${bucketSum('d61_90')} as c, ${bucketSum('d90_plus')} as d
      from cases where open_cents > 0
      group by name
    ),
    glosa_parts as (
      select name, expected_cents, 0::bigint as glosa_cents from cases where ${dayIn(window, sql`due_date`)}
      union all
      select cases.name, 0::bigint, ${surgeryGlosas.amountCents}
      from ${surgeryGlosas} join cases on cases.id = ${surgeryGlosas.surgeryId}
      where ${dayIn(window, sql`${surgeryGlosas.glosaOn}`)}
    ),
    glosas as (
      select 'glosas' as list, name, sum(glosa_cents) as sort,
        ${reais(sql`sum(expected_cents)`)} as a, ${reais(sql`sum(glosa_cents)`)} as b,
        round(sum(glosa_cents)::numeric / nullif(sum(expected_cents), 0), 4) as c, null::numeric as d
      from glosa_parts
      group by name
      having sum(expected_cents) > 0 or sum(glosa_cents) > 0
    ),
    glosa_reasons as (
      select 'glosa_reasons' as list,
        case when ${surgeryGlosas.reasonCode} is null then ${NO_GLOSA_REASON_LABEL}
          else coalesce(nullif(min(${glosaReasons.description}), ''), 'Motivo de glosa ' || ${surgeryGlosas.reasonCode}) end as name,
        sum(${surgeryGlosas.amountCents}) as sort,
        count(*)::text as a, ${reais(sql`sum(${surgeryGlosas.amountCents})`)}::text as b, ${surgeryGlosas.reasonCode} as c,
        null::text as d
      from ${surgeryGlosas} join cases on cases.id = ${surgeryGlosas.surgeryId}
        left join ${glosaReasons} on ${glosaReasons.code} = ${surgeryGlosas.reasonCode}
      where ${dayIn(window, sql`${surgeryGlosas.glosaOn}`)}
      group by ${surgeryGlosas.reasonCode}
    ),
    days as (
      select 'days' as list, name, 0 as sort,
        round((percentile_cont(0.5) within group (
          order by greatest(0, last_receipt_on - accomplishment)
        ))::numeric, 1) as a,
        count(*)::numeric as b, null::numeric as c, null::numeric as d
      from cases
      where open_cents = 0 and disputed_cents = 0 and received_cents > 0 and accomplishment is not null
        and ${dayIn(window, sql`last_receipt_on`)}
      group by name
    ),
    received_months as (
      select date_trunc('month', ${surgeryReceipts.receivedOn})::date as month, sum(${surgeryReceipts.amountCents}) as cents
      from ${surgeryReceipts} join ${surgeries} on ${surgeries.id} = ${surgeryReceipts.surgeryId}
      where ${inArray(surgeries.medicId, medicIds)} and ${dayIn(window, sql`${surgeryReceipts.receivedOn}`)}
      group by 1
    ),
    expected_months as (
      select date_trunc('month', due_date)::date as month, sum(expected_cents) as cents
      from cases where due_date is not null and ${dayIn(window, sql`due_date`)}
      group by 1
    ),
    months as (
      select generate_series(
        coalesce(${firstMonth}::date, least((select min(month) from received_months), (select min(month) from expected_months))),
        ${lastMonth}::date, interval '1 month')::date as month
    ),
    series as (
      select 'series' as list, to_char(months.month, 'YYYY-MM') as name, 0 as sort,
        ${reais(sql`expected_months.cents`)} as a, ${reais(sql`received_months.cents`)} as b,
        null::numeric as c, null::numeric as d
      from months
        left join expected_months on expected_months.month = months.month
        left join received_months on received_months.month = months.month
    ),
    answer as (
      select list, name, sort, null::integer as code, a::text, b::text, c::text, d::text from aging
      union all select list, name, sort, null, a::text, b::text, c::text, d::text from glosas
      union all select list, name, sort, c::integer, a, b, c, d from glosa_reasons
      union all select list, name, a, null, a::text, b::text, c::text, d::text from days
      union all select list, name, sort, null, a::text, b::text, c::text, d::text from series
    )
    select list, name, a, b, c, d
    from answer
    order by list, sort desc, code asc nulls last, name ${NAME_ORDER}`;
}

/** The statements of a recomputation, for `medicIds` over `window` (the benchmark EXPLAINs them). */
export function recomputeStatements(
  medicIds: number[],
  now: Date,
  query: DashboardQuery = { period: 'all', from: null, to: null },
): { cases: SQL; procedures: SQL; lost: SQL; money: SQL } {
  const window = dashboardWindow(query, now);
  return {
    cases: casesStatement(medicIds, window),
    procedures: proceduresStatement(medicIds, window),
    lost: lostByReasonStatement(medicIds, window),
    money: moneyStatement(medicIds, window),
  };
}

/**
 * Runs the cases statement in a transaction whose time zone is São Paulo's (SET LOCAL: the connection goes back to
 * its own zone afterwards), so a timestamptz cast to date is the São Paulo calendar day.
 */
function readCases(db: Database, statement: SQL): Promise<ListRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('TimeZone', ${SAO_PAULO}, true)`);
    return rowsOf<ListRow>(tx, statement);
  });
}

/**
 * The dashboard (SPEC §2 Doctor home and Dashboard, §3; DECISIONS §5, §16; openapi getDashboard): every figure
 * computed in SQL over the cases of the user's medics (a medic: her own; a secretary: the sum over the medics she is
 * linked to, none when she has none), within the period of `query` (none: all time, SPEC's homes). "This month" is
 * São Paulo's month at `now()`. Four statements, run side by side.
 */
export function createRecomputedDashboardService({ db, now }: { db: Database; now: () => Date }) {
  return {
    async read(user: Pick<AuthUser, 'id' | 'type'>, query: DashboardQuery = { period: 'all', from: null, to: null }): Promise<Dashboard> {
      const window = dashboardWindow(query, now());
      const dashboard = emptyDashboard({ key: window.key, from: window.from, to: window.to });
      const medicIds = await visibleMedicIds(db, user);
      if (medicIds.length === 0) return dashboard;
      // Independent statements: on PostgreSQL they run side by side on pooled connections.
      const [caseRows, procedureRows, lostRows, moneyRows] = await Promise.all([
        readCases(db, casesStatement(medicIds, window)),
        rowsOf<ListRow>(db, proceduresStatement(medicIds, window)),
        rowsOf<LostRow>(db, lostByReasonStatement(medicIds, window)),
        rowsOf<MoneyRow>(db, moneyStatement(medicIds, window)),
      ]);
      return fillDashboard(dashboard, { cases: caseRows, procedures: procedureRows, lost: lostRows, money: moneyRows });
    },
  };
}
