import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { ACTIVE_STATUSES, CASE_STATUSES, type CaseStatus } from '../../../machines/constants';
import { periodRange, type DashboardQuery } from '../../../machines/ledger/periodSchemas';
import type { Database } from '../../db/client';
import { LOSS_REASON_LABELS, LOSS_REASONS } from '../../../machines/preoperative/constants';
import { NO_LOSS_REASON_LABEL } from '../../../machines/preoperative/reasonSchemas';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../access/scope';
import { NOT_INFORMED, payerNameSql } from '../ledger/payer-name';
import { saoPauloDay, saoPauloDayBounds, saoPauloMonthDays } from '../sao-paulo-time';
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

/**
 * The dashboard read from the figures maintained as cases change (issue 15; migration 0006_dashboard_figures.sql,
 * server/db/schema/dashboard-figures.ts; docs/BENCHMARKS.md "Issue 15: maintained figures"): summary rows per medic
 * and São Paulo month, kept up to date by triggers in the transaction of every write. A period of whole months (every
 * preset, 'all') reads only summary rows; a custom period's partial first and last months are read from the per-case
 * facts (`dashboard_case_facts`, by index on the day) and added to the whole months between them. The period 'all'
 * (the homes' read) reads the all-time summaries of migration 0007 instead, in one prepared statement
 * (allTimeStatement). Every figure, its value and its order are those of the request-time computation
 * (dashboard-recompute.ts, the tests' oracle).
 */

/** A day range, inclusive, yyyy-MM-dd. */
type DayRange = { from: string; to: string };

/**
 * The period a dashboard read covers (machines/ledger/periodSchemas.ts): its key and days (inclusive, null for
 * 'all'); split into the whole São Paulo months it covers (`months`: first days of the first and last month,
 * inclusive; 'all' for no bounds; null for none) and the days of its partial months (`edges`, at most two ranges);
 * São Paulo's today and its month.
 */
type DashboardWindow = {
  key: DashboardQuery['period'];
  from: string | null;
  to: string | null;
  months: { first: string; last: string } | 'all' | null;
  edges: DayRange[];
  today: string;
  month: { first: string; next: string };
};

const pad = (value: number) => String(value).padStart(2, '0');
/** The month index (year × 12 + month − 1) of a yyyy-MM-dd day, and back to the month's first or last day. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const firstDayOf = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad((index % 12) + 1)}-01`;
function lastDayOf(index: number): string {
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  return `${firstDayOf(index).slice(0, 8)}${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

/** `from`..`to` as whole months and partial-month edges (see DashboardWindow). */
function splitPeriod(from: string, to: string): Pick<DashboardWindow, 'months' | 'edges'> {
  let [firstMonth, lastMonth] = [monthIndex(from), monthIndex(to)];
  const edges: DayRange[] = [];
  if (from !== firstDayOf(firstMonth)) {
    edges.push({ from, to: firstMonth === lastMonth ? to : lastDayOf(firstMonth) });
    firstMonth += 1;
  }
  if (lastMonth >= firstMonth && to !== lastDayOf(lastMonth)) {
    edges.push({ from: firstDayOf(lastMonth), to });
    lastMonth -= 1;
  }
  const months = lastMonth >= firstMonth ? { first: firstDayOf(firstMonth), last: firstDayOf(lastMonth) } : null;
  return { months, edges };
}

/** The window of `query` at `now`. */
function dashboardWindow(query: DashboardQuery, now: Date): DashboardWindow {
  const today = saoPauloDay(now);
  const { from, to } = periodRange(query.period, today, query.from, query.to);
  const split = from === null || to === null ? { months: 'all' as const, edges: [] } : splitPeriod(from, to);
  return { key: query.period, from, to, ...split, today, month: saoPauloMonthDays(now) };
}

/** `month` (a summary's month column) among the period's whole months. */
function monthIn(window: DashboardWindow, month: SQL): SQL {
  if (window.months === 'all') return sql`true`;
  if (window.months === null) return sql`false`;
  return sql`(${month} >= ${window.months.first}::date and ${month} <= ${window.months.last}::date)`;
}

/** `day` (a date column) within the period's partial months. */
function dayInEdges(window: DashboardWindow, day: SQL): SQL {
  if (window.edges.length === 0) return sql`false`;
  return sql`(${sql.join(
    window.edges.map((edge) => sql`(${day} >= ${edge.from}::date and ${day} <= ${edge.to}::date)`),
    sql` or `,
  )})`;
}

/** `instant` (a timestamptz column) within the São Paulo days of the period's partial months. */
function instantInEdges(window: DashboardWindow, instant: SQL): SQL {
  if (window.edges.length === 0) return sql`false`;
  return sql`(${sql.join(
    window.edges.map(({ from, to }) => {
      const [start, end] = [saoPauloDayBounds(from)!.start, saoPauloDayBounds(to)!.end];
      return sql`(${instant} >= ${start.toISOString()}::timestamptz and ${instant} < ${end.toISOString()}::timestamptz)`;
    }),
    sql` or `,
  )})`;
}

/** The period's cases from the per-case facts: only those indicated in its partial months. */
function edgeFacts(window: DashboardWindow, medics: SQL): SQL {
  return sql`from dashboard_case_facts as f where f.medic_id in ${medics} and ${instantInEdges(window, sql`f.created_at`)}`;
}

const inList = (statuses: readonly CaseStatus[]) => sql.raw(`(${statuses.map((status) => `'${status}'`).join(', ')})`);
/** 1 when the fact's status is among `statuses`, else 0. */
const oneIf = (statuses: readonly CaseStatus[]) => sql`(case when f.status in ${inList(statuses)} then 1 else 0 end)`;

/** The sum of the stage counts of `statuses` in the totals. */
const stageSum = (statuses: readonly CaseStatus[]) => sql`(${sql.join(statuses.map(stageColumn), sql` + `)})`;

/** The payer's name of a summary row (its plan id, 0 for none, and payment source, '' for none). */
const payerName = (planId: SQL, source: SQL) =>
  sql`${payerNameSql(sql`(select hp.fantasy_name from health_plans as hp where hp.id = ${planId})`, source)}`;

/**
 * Everything but the procedure lists and the loss reasons, from the summaries: cases per status (the counts, the
 * fees of the active stages, the days from creation to conclusion), per payer (planned, carried out, fees of the
 * active stages) and per hospital (planned, carried out), over the months of the cases' creation in the period; and
 * the receipts per payer and month of receipt: those in the period and those of São Paulo's current month (by receipt
 * day, whatever the case's creation day: issue 14). Rows `(list, name, value)`: list 'data' and 'distribution' carry
 * the figures; the chart lists only values above zero, in their final order.
 */
function casesStatement(medics: SQL, window: DashboardWindow): SQL {
  const { month } = window;
  const edges = edgeFacts(window, medics);
  const fees = sql`coalesce(f.fees, 0)`;
  // 'Honorários a receber' of the case (docs/LEDGER.md "The figures"): still to come, on the active stages only.
  const toReceive = sql`(case when f.status in ${inList(ACTIVE_STATUSES)} then round(f.to_come_cents::numeric / 100, 2) else 0 end)`;
  const counts = CASE_STATUSES.map((status) => sql`coalesce(sum(cases) filter (where status = ${status}), 0) as ${stageColumn(status)}`);
  const distribution = CASE_STATUSES.map((status) => sql`('distribution', ${status}, totals.${stageColumn(status)})`);
  return sql`with by_status as (
      select status::text as status, cases, fees, days, concluded
      from dashboard_status_months where medic_id in ${medics} and ${monthIn(window, sql`month`)}
      union all
      select f.status::text, 1, ${fees}, coalesce(f.concluded_days, 0), (case when f.concluded_days is null then 0 else 1 end)
      ${edges}
    ),
    by_payer as (
      select plan_id, source, planned, carried_out, to_receive
      from dashboard_payer_months where medic_id in ${medics} and ${monthIn(window, sql`month`)}
      union all
      select f.plan_id, f.source, ${oneIf(PLANNED_STATUSES)}, ${oneIf(CARRIED_OUT_STATUSES)}, ${toReceive}
      ${edges} and f.status not in ${inList(LOST_STATUSES)}
    ),
    by_hospital as (
      select hospital_id, planned, carried_out
      from dashboard_hospital_months where medic_id in ${medics} and ${monthIn(window, sql`month`)}
      union all
      select f.hospital_id, ${oneIf(PLANNED_STATUSES)}, ${oneIf(CARRIED_OUT_STATUSES)}
      ${edges} and f.status not in ${inList(LOST_STATUSES)}
    ),
    paid as (
      select plan_id, source, (case when ${monthIn(window, sql`month`)} then cents else 0 end) as in_period,
        (case when month = ${month.first}::date then cents else 0 end) as in_month
      from dashboard_receipt_months
      where medic_id in ${medics} and (${monthIn(window, sql`month`)} or month = ${month.first}::date)
      union all
      select f.plan_id, f.source, r.amount_cents, 0
      from surgery_receipts as r join dashboard_case_facts as f on f.surgery_id = r.surgery_id
      where f.medic_id in ${medics} and ${dayInEdges(window, sql`r.received_on`)}
    ),
    payers as (
      select name, sum(to_receive) as to_receive, sum(received) as received,
        sum(planned) as planned, sum(carried_out) as carried_out
      from (
        select ${payerName(sql`plan_id`, sql`source`)} as name, to_receive, 0::numeric as received, planned, carried_out
        from (
          select plan_id, source, sum(to_receive) as to_receive, sum(planned) as planned, sum(carried_out) as carried_out
          from by_payer group by 1, 2
        ) as grouped
        union all
        select ${payerName(sql`plan_id`, sql`source`)}, null, ${reais(sql`cents`)}, 0, 0
        from (select plan_id, source, sum(in_period) as cents from paid group by 1, 2) as received
      ) as parts
      group by 1
    ),
    hospitals as (
      select coalesce(h.fantasy_name, ${NOT_INFORMED}) as name, sum(grouped.planned) as planned, sum(grouped.carried_out) as carried_out
      from (
        select hospital_id, sum(planned) as planned, sum(carried_out) as carried_out from by_hospital group by 1
      ) as grouped left join hospitals as h on h.id = grouped.hospital_id
      group by 1
    ),
    lists (list, name, value) as (
      select 'valores_a_receber', name, to_receive from payers
      union all select 'valores_recebidos', name, received from payers
      union all select 'qtd_convenio_prev', name, planned from payers
      union all select 'qtd_convenio_real', name, carried_out from payers
      union all select 'qtd_hospital_prev', name, planned from hospitals
      union all select 'qtd_hospital_real', name, carried_out from hospitals
    ),
    totals as (
      select
        (select sum(to_receive) from by_payer) as to_receive,
        (select ${reais(sql`sum(open_cents)`)} from dashboard_payer_totals where medic_id in ${medics}) as open_amount,
        (select ${reais(sql`sum(in_period)`)} from paid) as received,
        (select ${reais(sql`sum(in_month)`)} from paid) as received_month,
        ${stageSum(AUTHORIZED_STATUSES)} as authorized, ${stageSum(PENDING_STATUSES)} as pending,
        (select round(sum(days)::numeric / nullif(sum(concluded), 0), 1) from by_status) as middle_time,
        counts.*
      from (select ${sql.join(counts, sql`, `)} from by_status) as counts
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
 * The two procedure lists: the medics' planned or carried-out cases counted per procedure code (each case once per
 * description: the triggers keep its lowest code of each description, the rule of issue 11), summed per description
 * (a procedure is one name, whatever its codes).
 */
function proceduresStatement(medics: SQL, window: DashboardWindow): SQL {
  return sql`with by_code as (
      select procedure_id, sum(planned) as planned, sum(carried_out) as carried_out
      from (
        select procedure_id, planned, carried_out
        from dashboard_procedure_months where medic_id in ${medics} and ${monthIn(window, sql`month`)}
        union all
        select code.id, ${oneIf(PLANNED_STATUSES)}, ${oneIf(CARRIED_OUT_STATUSES)}
        from dashboard_case_facts as f, unnest(f.procedure_ids) as code(id)
        where f.medic_id in ${medics} and ${instantInEdges(window, sql`f.created_at`)}
          and f.status not in ${inList(LOST_STATUSES)}
      ) as parts
      group by 1
    ),
    by_procedure as (
      select p.description as name, sum(planned) as planned, sum(carried_out) as carried_out
      from by_code join procedures as p on p.id = by_code.procedure_id
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
 * 'Cirurgias perdidas por motivo' (issue 13; DECISIONS §15): the medics' cancelado and arquiv cases by the reason of
 * the history row that put them there (kept by the triggers), no reason as NO_LOSS_REASON_LABEL; largest count
 * first, ties in LOSS_REASONS' order with no reason last.
 */
function lostByReasonStatement(medics: SQL, window: DashboardWindow): SQL {
  const name = sql`case reason ${sql.join(
    LOSS_REASONS.map((reason) => sql`when ${reason} then ${LOSS_REASON_LABELS[reason]}`),
    sql` `,
  )} else ${NO_LOSS_REASON_LABEL} end`;
  const position = sql`array_position(array[${sql.join(
    LOSS_REASONS.map((reason) => sql`${reason}`),
    sql`, `,
  )}]::text[], reason)`;
  return sql`select reason, ${name} as name, sum(cases)::text as amount
    from (
      select nullif(reason, '') as reason, cases
      from dashboard_lost_months where medic_id in ${medics} and ${monthIn(window, sql`month`)}
      union all
      select nullif(f.lost_reason, ''), 1 ${edgeFacts(window, medics)} and f.status in ${inList(LOST_STATUSES)}
    ) as parts
    group by reason
    having sum(cases) > 0
    order by sum(cases) desc, ${position} asc nulls last`;
}

/**
 * The four money views (issue 14; DECISIONS §16) over the medics' receivable cases (pagamento, concluido), from the
 * summaries the triggers keep with the ledger's rules (services/ledger/balances.ts):
 *
 * - `aging`: the open balances of the cases indicated in the period, kept per payer and due date and put into the
 *   aging buckets at São Paulo's today here (the buckets move every day; the due dates do not).
 * - `glosas`: per payer, the expected fees and the amount denied (before any appeal) of the cases indicated in the
 *   period, and the rate glosa / expected (4 decimals); payers with no expected fee are left out.
 * - `days`: per payer, the median of the days from the surgery to the last receipt over the cases paid off whose last
 *   receipt falls in the period (percentile_cont(0.5): the mean of the two middle values for an even count), from a
 *   histogram of days through a running count; with the number of cases.
 * - `series`: every month of the period (all time: from the first month with an amount to the current month), the
 *   expected fees falling due in it and the receipts received in it (any case's).
 *
 * Rows `(list, name, a, b, c, d)` as text: aging (name, d0_30, d31_60, d61_90, d90_plus), glosas (name, expected,
 * glosa, rate), days (name, median, cases), series (yyyy-MM, expected, received); each list in its final order.
 */
function moneyStatement(medics: SQL, window: DashboardWindow): SQL {
  const days = sql`coalesce(${window.today}::date - nullif(due_date, 'infinity'::date), 0)`;
  const bucket = sql`(case when ${days} <= 30 then 'd0_30' when ${days} <= 60 then 'd31_60'
    when ${days} <= 90 then 'd61_90' else 'd90_plus' end)`;
  const bucketSum = (name: string) => reais(sql`sum(open_cents) filter (where bucket = ${name})`);
  const settled = sql`f.status in ('pagamento', 'concluido') and f.open_cents = 0 and f.disputed_cents = 0
    and f.received_cents > 0 and f.accomplishment is not null`;
  const firstMonth = window.from === null ? null : `${window.from.slice(0, 7)}-01`;
  const lastMonth = window.to === null ? `${window.month.first}` : `${window.to.slice(0, 7)}-01`;
  return sql`with by_payer as (
      select plan_id, source, sum(open_cents) as open_cents
      from dashboard_payer_totals where medic_id in ${medics}
      group by 1, 2
    ),
    recent_dues as (
      select plan_id, source, ${bucket} as bucket, sum(open_cents) as open_cents
      from dashboard_open_dues where medic_id in ${medics} and due_date >= ${window.today}::date - 90
      group by 1, 2, 3
    ),
    open_balances as (
      select plan_id, source, bucket, open_cents from recent_dues
      union all
      select p.plan_id, p.source, 'd90_plus', p.open_cents - coalesce((
        select sum(r.open_cents) from recent_dues as r where r.plan_id = p.plan_id and r.source = p.source
      ), 0)
      from by_payer as p
    ),
    aging as (
      select 'aging' as list, name, sum(open_cents) as sort,
        ${bucketSum('d0_30')} as a, ${bucketSum('d31_60')} as b, ${bucketSum('d61_90')} as c, ${bucketSum('d90_plus')} as d
      from (select ${payerName(sql`plan_id`, sql`source`)} as name, bucket, open_cents from open_balances) as named
      group by name
      having sum(open_cents) > 0
    ),
    glosas as (
      select 'glosas' as list, name, sum(glosa_cents) as sort,
        ${reais(sql`sum(expected_cents)`)} as a, ${reais(sql`sum(glosa_cents)`)} as b,
        round(sum(glosa_cents)::numeric / nullif(sum(expected_cents), 0), 4) as c, null::numeric as d
      from (
        select ${payerName(sql`plan_id`, sql`source`)} as name, expected_cents, glosa_cents
        from (
          select plan_id, source, sum(expected_cents) as expected_cents, sum(glosa_cents) as glosa_cents
          from (
            select plan_id, source, expected_cents, glosa_cents
            from dashboard_glosa_months where medic_id in ${medics} and ${monthIn(window, sql`month`)}
            union all
            select f.plan_id, f.source, f.expected_cents, 0
            from dashboard_case_facts as f
            where f.medic_id in ${medics} and f.receivable and ${dayInEdges(window, sql`f.due_date`)}
            union all
            select f.plan_id, f.source, 0, g.amount_cents
            from surgery_glosas as g join dashboard_case_facts as f on f.surgery_id = g.surgery_id
            where f.medic_id in ${medics} and f.receivable and ${dayInEdges(window, sql`g.glosa_on`)}
          ) as parts
          group by 1, 2
        ) as by_payer
      ) as named
      group by name
      having sum(expected_cents) > 0 or sum(glosa_cents) > 0
    ),
    payment_days as (
      select name, days, sum(cases) as cases
      from (
        select ${payerName(sql`plan_id`, sql`source`)} as name, days, cases
        from (
          select plan_id, source, days, sum(cases) as cases
          from (
            select plan_id, source, days, cases
            from dashboard_payment_days where medic_id in ${medics} and ${monthIn(window, sql`month`)}
            union all
            select f.plan_id, f.source, greatest(0, f.last_receipt_on - f.accomplishment), 1
            from dashboard_case_facts as f
            where f.medic_id in ${medics} and ${dayInEdges(window, sql`f.last_receipt_on`)} and ${settled}
          ) as parts
          group by 1, 2, 3
          having sum(cases) > 0
        ) as by_payer
      ) as named
      group by 1, 2
    ),
    running as (
      select name, days, sum(cases) over (partition by name order by days) as upto,
        sum(cases) over (partition by name) as total
      from payment_days
    ),
    days as (
      select 'days' as list, name,
        round((min(days) filter (where upto > floor((total - 1) / 2.0))
          + min(days) filter (where upto > ceil((total - 1) / 2.0)))::numeric / 2, 1) as a,
        max(total)::numeric as b, null::numeric as c, null::numeric as d
      from running
      group by name
    ),
    received_months as (
      select month, sum(cents) as cents
      from (
        select month, cents
        from dashboard_receipt_months where medic_id in ${medics} and ${monthIn(window, sql`month`)}
        union all
        select date_trunc('month', r.received_on)::date, r.amount_cents
        from surgery_receipts as r join dashboard_case_facts as f on f.surgery_id = r.surgery_id
        where f.medic_id in ${medics} and ${dayInEdges(window, sql`r.received_on`)}
      ) as parts
      group by 1
      having sum(cents) > 0
    ),
    expected_months as (
      select month, sum(cents) as cents
      from (
        select month, expected_cents as cents, cases
        from dashboard_due_months where medic_id in ${medics} and ${monthIn(window, sql`month`)}
        union all
        select date_trunc('month', f.due_date)::date, f.expected_cents, 1
        from dashboard_case_facts as f
        where f.medic_id in ${medics} and ${dayInEdges(window, sql`f.due_date`)} and f.status in ('pagamento', 'concluido')
      ) as parts
      group by 1
      having sum(cases) > 0
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
      select list, name, sort, a, b, c, d from aging
      union all select list, name, sort, a, b, c, d from glosas
      union all select list, name, a, a, b, c, d from days
      union all select list, name, sort, a, b, c, d from series
    )
    select list, name, a::text as a, b::text as b, c::text as c, d::text as d
    from answer
    order by list, sort desc, name ${NAME_ORDER}`;
}

/**
 * Rows `(list, name, sort, position, a, b, c, d)` of the all-time statement: every list of the four statements
 * above in one, unordered; `sort` (a decimal as text, or null) and `position` are the keys of inAllTimeOrder.
 */
type AllTimeRow = {
  list: string;
  name: string;
  sort: string | null;
  position: number | null;
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
};

/**
 * The all-time statement's inputs as SQL: the condition that a medic id column is one of the medics read, São Paulo's
 * today and the first day of its month (dates). Placeholders in the service's prepared statements, values in
 * dashboardStatements.
 */
type AllTimeParameters = { medics: (column: SQL) => SQL; today: SQL; month: SQL };

/**
 * The whole dashboard of the period 'all' (the homes' read, no period) in one statement, from the all-time summaries
 * of migration 0007 (no month: a few rows per status, payer, hospital, procedure, loss reason, receipt month and due
 * month). The same figures, names and order as the four statements above over every month, with one difference of
 * method in the aging: only the open balances falling due in the last 90 days or later are read by due date (they
 * make the first three buckets); a payer's 90+ bucket is its all-time open balance minus those.
 *
 * Rows `(list, name, sort, position, a, b, c, d)`, `a`–`d` as text: the cases statement's lists and the procedure
 * lists with their value in `a`; 'lost' with the count in `a` and the reason in `b`; the money lists as in
 * moneyStatement. Unordered: ordering the ~950 rows cost PostgreSQL about a third of the statement's CPU (2–2.5 of
 * 7–8.5 ms per read at 20,000 cases), so the service puts them in the four statements' order itself (inAllTimeOrder).
 */
function allTimeStatement({ medics, today, month }: AllTimeParameters): SQL {
  const counts = CASE_STATUSES.map((status) => sql`coalesce(sum(cases) filter (where status = ${status}), 0) as ${stageColumn(status)}`);
  const distribution = CASE_STATUSES.map((status) => sql`('distribution', ${status}, totals.${stageColumn(status)})`);
  const lostName = sql`case reason ${sql.join(
    LOSS_REASONS.map((reason) => sql`when ${reason} then ${LOSS_REASON_LABELS[reason]}`),
    sql` `,
  )} else ${NO_LOSS_REASON_LABEL} end`;
  const lostPosition = sql`array_position(array[${sql.join(
    LOSS_REASONS.map((reason) => sql`${reason}`),
    sql`, `,
  )}]::text[], reason)`;
  return sql`with by_status as (
      select status::text as status, sum(cases) as cases, sum(fees) as fees, sum(days) as days, sum(concluded) as concluded
      from dashboard_status_totals where ${medics(sql`medic_id`)}
      group by 1
    ),
    by_payer as (
      select plan_id, source, sum(planned) as planned, sum(carried_out) as carried_out, sum(to_receive) as to_receive,
        sum(received_cents) as received_cents, sum(expected_cents) as expected_cents, sum(glosa_cents) as glosa_cents,
        sum(open_cents) as open_cents
      from dashboard_payer_totals where ${medics(sql`medic_id`)}
      group by 1, 2
    ),
    recent_dues as (
      select plan_id, source,
        sum(open_cents) filter (where days <= 30) as d0_30,
        sum(open_cents) filter (where days > 30 and days <= 60) as d31_60,
        sum(open_cents) filter (where days > 60) as d61_90,
        sum(open_cents) as open_cents
      from (
        select plan_id, source, coalesce(${today} - nullif(due_date, 'infinity'::date), 0) as days, open_cents
        from dashboard_open_dues where ${medics(sql`medic_id`)} and due_date >= ${today} - 90
      ) as dues
      group by 1, 2
    ),
    named as (
      select ${payerName(sql`p.plan_id`, sql`p.source`)} as name, p.planned, p.carried_out, p.to_receive,
        ${reais(sql`p.received_cents`)} as received, p.expected_cents, p.glosa_cents, p.open_cents,
        r.d0_30, r.d31_60, r.d61_90, p.open_cents - coalesce(r.open_cents, 0) as d90_plus
      from by_payer as p left join recent_dues as r on r.plan_id = p.plan_id and r.source = p.source
    ),
    payers as (
      select name, sum(to_receive) as to_receive, sum(received) as received, sum(planned) as planned,
        sum(carried_out) as carried_out, sum(expected_cents) as expected_cents, sum(glosa_cents) as glosa_cents,
        sum(open_cents) as open_cents, sum(d0_30) as d0_30, sum(d31_60) as d31_60, sum(d61_90) as d61_90,
        sum(d90_plus) as d90_plus
      from named
      group by 1
    ),
    hospitals as (
      select coalesce(h.fantasy_name, ${NOT_INFORMED}) as name, sum(grouped.planned) as planned, sum(grouped.carried_out) as carried_out
      from (
        select hospital_id, sum(planned) as planned, sum(carried_out) as carried_out
        from dashboard_hospital_totals where ${medics(sql`medic_id`)}
        group by 1
      ) as grouped left join hospitals as h on h.id = grouped.hospital_id
      group by 1
    ),
    by_procedure as (
      select p.description as name, sum(by_code.planned) as planned, sum(by_code.carried_out) as carried_out
      from (
        select procedure_id, sum(planned) as planned, sum(carried_out) as carried_out
        from dashboard_procedure_totals where ${medics(sql`medic_id`)}
        group by 1
      ) as by_code join procedures as p on p.id = by_code.procedure_id
      group by 1
    ),
    lists (list, name, value) as (
      select 'valores_a_receber', name, to_receive from payers
      union all select 'valores_recebidos', name, received from payers
      union all select 'qtd_convenio_prev', name, planned from payers
      union all select 'qtd_convenio_real', name, carried_out from payers
      union all select 'qtd_hospital_prev', name, planned from hospitals
      union all select 'qtd_hospital_real', name, carried_out from hospitals
      union all select 'qtd_procedim_prev', name, planned from by_procedure
      union all select 'qtd_procedim_real', name, carried_out from by_procedure
    ),
    totals as (
      select
        (select sum(to_receive) from by_payer) as to_receive,
        (select ${reais(sql`sum(open_cents)`)} from by_payer) as open_amount,
        (select ${reais(sql`sum(received_cents)`)} from by_payer) as received,
        (select ${reais(sql`sum(cents)`)} from dashboard_receipt_month_totals
          where ${medics(sql`medic_id`)} and month = ${month}) as received_month,
        ${stageSum(AUTHORIZED_STATUSES)} as authorized, ${stageSum(PENDING_STATUSES)} as pending,
        (select round(sum(days)::numeric / nullif(sum(concluded), 0), 1) from by_status) as middle_time,
        counts.*
      from (select ${sql.join(counts, sql`, `)} from by_status) as counts
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
    lost as (
      select ${lostName} as name, sum(cases) as cases, ${lostPosition} as position, reason
      from (select nullif(reason, '') as reason, cases from dashboard_lost_totals where ${medics(sql`medic_id`)}) as parts
      group by reason
      having sum(cases) > 0
    ),
    payment_days as (
      select name, days, sum(cases) as cases
      from (
        select ${payerName(sql`plan_id`, sql`source`)} as name, days, cases
        from (
          select plan_id, source, days, sum(cases) as cases
          from dashboard_payment_day_totals where ${medics(sql`medic_id`)}
          group by 1, 2, 3
          having sum(cases) > 0
        ) as by_payer
      ) as named
      group by 1, 2
    ),
    running as (
      select name, days, sum(cases) over (partition by name order by days) as upto,
        sum(cases) over (partition by name) as total
      from payment_days
    ),
    days as (
      select name,
        round((min(days) filter (where upto > floor((total - 1) / 2.0))
          + min(days) filter (where upto > ceil((total - 1) / 2.0)))::numeric / 2, 1) as median,
        max(total)::numeric as cases
      from running
      group by name
    ),
    received_months as (
      select month, sum(cents) as cents
      from dashboard_receipt_month_totals where ${medics(sql`medic_id`)}
      group by 1
      having sum(cents) > 0
    ),
    expected_months as (
      select month, sum(expected_cents) as cents
      from dashboard_due_months where ${medics(sql`medic_id`)}
      group by 1
      having sum(cases) > 0
    ),
    months as (
      select generate_series(
        least((select min(month) from received_months), (select min(month) from expected_months)),
        ${month}, interval '1 month')::date as month
    ),
    answer (list, name, sort, position, a, b, c, d) as (
      select list, name, value, null::integer, value::text, null::text, null::text, null::text from lists where value > 0
      union all select list, name, value, null, value::text, null, null, null from figures
      union all select 'lost', name, cases, position, cases::text, reason, null, null from lost
      union all
      select 'aging', name, open_cents, null, ${reais(sql`d0_30`)}::text, ${reais(sql`d31_60`)}::text,
        ${reais(sql`d61_90`)}::text, ${reais(sql`d90_plus`)}::text
      from payers where open_cents > 0
      union all
      select 'glosas', name, glosa_cents, null, ${reais(sql`expected_cents`)}::text, ${reais(sql`glosa_cents`)}::text,
        round(glosa_cents::numeric / nullif(expected_cents, 0), 4)::text, null
      from payers where expected_cents > 0 or glosa_cents > 0
      union all select 'days', name, median, null, median::text, cases::text, null, null from days
      union all
      select 'series', to_char(months.month, 'YYYY-MM'), 0, null, ${reais(sql`expected_months.cents`)}::text,
        ${reais(sql`received_months.cents`)}::text, null, null
      from months
        left join expected_months on expected_months.month = months.month
        left join received_months on received_months.month = months.month
    )
    select list, name, sort::text as sort, position, a, b, c, d from answer`;
}

/**
 * `rows` in the four statements' order (`order by list, sort desc, position asc nulls last, name collate
 * "und-x-icu"`) within each list: the value descending, exact (a null first, as PostgreSQL puts it in a descending
 * order), then the loss reason's position, then the name under ICU's root collation, which `Intl.Collator('und')` is
 * too (a deterministic collation: names it finds equal go by their code points, as PostgreSQL breaks such ties by
 * bytes). Each value is read once, as an integer at the rows' largest scale.
 */
export function inAllTimeOrder(rows: AllTimeRow[]): AllTimeRow[] {
  const scale = rows.reduce((most, { sort }) => Math.max(most, fractionDigits(sort)), 0);
  const keyed = rows.map((row) => ({ row, value: row.sort === null ? null : scaledInteger(row.sort, scale) }));
  keyed.sort(
    (left, right) =>
      byCodePoints(left.row.list, right.row.list) ||
      descendingNullFirst(left.value, right.value) ||
      ascendingNullLast(left.row.position, right.row.position) ||
      rootCollation.compare(left.row.name, right.row.name) ||
      byCodePoints(left.row.name, right.row.name),
  );
  return keyed.map(({ row }) => row);
}

const rootCollation = new Intl.Collator('und');
const byCodePoints = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/** The digits after the point of a decimal as PostgreSQL writes a numeric (`-12.5`, `3`, `0.0400`). */
function fractionDigits(decimal: string | null): number {
  const point = decimal?.indexOf('.') ?? -1;
  return point < 0 ? 0 : decimal!.length - point - 1;
}

/** Such a decimal times 10^scale (scale ≥ its fraction digits), exactly. */
function scaledInteger(decimal: string, scale: number): bigint {
  const point = decimal.indexOf('.');
  const [whole, fraction] = point < 0 ? [decimal, ''] : [decimal.slice(0, point), decimal.slice(point + 1)];
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

function descendingNullFirst(left: bigint | null, right: bigint | null): number {
  if (left === right) return 0;
  if (left === null) return -1;
  if (right === null) return 1;
  return left > right ? -1 : 1;
}

function ascendingNullLast(left: number | null, right: number | null): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left - right;
}

/** The all-time statement's rows as the four statements' (fillDashboard), each list in their order. */
function splitAllTimeRows(rows: AllTimeRow[]): { cases: ListRow[]; procedures: ListRow[]; lost: LostRow[]; money: MoneyRow[] } {
  const answer = { cases: [] as ListRow[], procedures: [] as ListRow[], lost: [] as LostRow[], money: [] as MoneyRow[] };
  for (const row of inAllTimeOrder(rows)) {
    if (row.list === 'lost') answer.lost.push({ reason: row.b, name: row.name, amount: row.a! });
    else if (MONEY_LISTS.has(row.list)) answer.money.push(row as MoneyRow);
    else answer.cases.push({ list: row.list as ListRow['list'], name: row.name, amount: row.a });
  }
  return answer;
}

const MONEY_LISTS = new Set<string>(['aging', 'glosas', 'days', 'series']);

/** `(id, id, …)` of the medics read. */
const medicList = (medicIds: number[]) => sql`(${sql.join(medicIds.map((id) => sql`${id}::int`), sql`, `)})`;

/**
 * The statements of a dashboard read, for `medicIds` over `query` at `now` (the benchmark EXPLAINs them): the four of
 * any period, and for 'all' the one statement the service runs instead (allTimeStatement).
 */
export function dashboardStatements(
  medicIds: number[],
  now: Date,
  query: DashboardQuery = { period: 'all', from: null, to: null },
): { cases: SQL; procedures: SQL; lost: SQL; money: SQL; allTime: SQL | null } {
  const window = dashboardWindow(query, now);
  const medics = medicList(medicIds);
  return {
    cases: casesStatement(medics, window),
    procedures: proceduresStatement(medics, window),
    lost: lostByReasonStatement(medics, window),
    money: moneyStatement(medics, window),
    allTime:
      window.months === 'all'
        ? allTimeStatement({
            medics: (column) => sql`${column} in ${medics}`,
            today: sql`${window.today}::date`,
            month: sql`${window.month.first}::date`,
          })
        : null,
  };
}

/**
 * The all-time statement as named prepared statements, so PostgreSQL parses it once per connection and keeps a
 * generic plan (planning was about half its CPU): one for a medic (`medic_id = $1`), one for a secretary's medics
 * (an int[] parameter). With the array, PostgreSQL kept planning each run (its generic plan looked costlier).
 */
function prepareAllTime(db: Database, one: boolean) {
  const statement = allTimeStatement({
    medics: one
      ? (column) => sql`${column} = ${sql.placeholder('medic')}::int`
      : (column) => sql`${column} = any(${sql.placeholder('medics')}::int[])`,
    today: sql`${sql.placeholder('today')}::date`,
    month: sql`${sql.placeholder('month')}::date`,
  });
  return db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: AllTimeRow[] } }>(
    new PgDialect().sqlToQuery(statement),
    undefined,
    one ? 'dashboard_all_time_of_medic' : 'dashboard_all_time_of_medics',
    false,
  );
}

/**
 * The dashboard (SPEC §2 Doctor home and Dashboard, §3; DECISIONS §5, §16; openapi getDashboard): every figure over
 * the cases of the user's medics (a medic: her own; a secretary: the sum over the medics she is linked to, none when
 * she has none), within the period of `query` (none: all time, SPEC's homes), read from the maintained summaries.
 * "This month" is São Paulo's month at `now()`. The period 'all' is one prepared statement over the all-time
 * summaries; any other period four statements, run side by side.
 */
export function createDashboardService({ db, now }: { db: Database; now: () => Date }) {
  const allTime = { one: prepareAllTime(db, true), many: prepareAllTime(db, false) };
  return {
    async read(user: Pick<AuthUser, 'id' | 'type'>, query: DashboardQuery = { period: 'all', from: null, to: null }): Promise<Dashboard> {
      const window = dashboardWindow(query, now());
      const dashboard = emptyDashboard({ key: window.key, from: window.from, to: window.to });
      const medicIds = await visibleMedicIds(db, user);
      if (medicIds.length === 0) return dashboard;
      if (window.months === 'all') {
        const [today, month] = [window.today, window.month.first];
        const { rows } = await (medicIds.length === 1
          ? allTime.one.execute({ medic: medicIds[0], today, month })
          : allTime.many.execute({ medics: medicIds, today, month }));
        return fillDashboard(dashboard, splitAllTimeRows(rows));
      }
      const medics = medicList(medicIds);
      // Independent statements: on PostgreSQL they run side by side on pooled connections.
      const [caseRows, procedureRows, lostRows, moneyRows] = await Promise.all([
        rowsOf<ListRow>(db, casesStatement(medics, window)),
        rowsOf<ListRow>(db, proceduresStatement(medics, window)),
        rowsOf<LostRow>(db, lostByReasonStatement(medics, window)),
        rowsOf<MoneyRow>(db, moneyStatement(medics, window)),
      ]);
      return fillDashboard(dashboard, { cases: caseRows, procedures: procedureRows, lost: lostRows, money: moneyRows });
    },
  };
}
