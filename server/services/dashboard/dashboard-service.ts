import { sql, type SQL } from 'drizzle-orm';
import { CASE_STATUSES, type CaseStatus } from '../../../machines/constants';
import type { StageGroup } from '../../../machines/stages';
import type { DashboardQuery } from '../../../machines/ledger/periodSchemas';
import { periodRange } from '../../../machines/ledger/periodRange';
import type { Database } from '../../db/client';
import { prepareSql } from '../../db/prepared';
import { LOSS_REASON_LABELS, LOSS_REASONS } from '../../../machines/preoperative/constants';
import { NO_LOSS_REASON_LABEL } from '../../../machines/preoperative/lossReasons';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../access/scope';
import { NOT_INFORMED, payerNameSql } from '../ledger/payer-name';
import { NO_GLOSA_REASON_LABEL } from '../../../machines/tiss/guideRules';
import { saoPauloDay, saoPauloDayBounds, saoPauloMonthDays } from '../sao-paulo-time';
import {
  AUTHORIZED_STATUSES,
  emptyDashboard,
  fillDashboard,
  PENDING_STATUSES,
  reais,
  rowsOf,
  stageColumn,
  type Dashboard,
  type ListRow,
  type LostRow,
  type MoneyRow,
} from './dashboard-rows';

/**
 * The dashboard read from the figures maintained as cases change (issue 15; server/db/functions/dashboard-figures.sql,
 * their tables and upkeep; docs/BENCHMARKS.md "Issue 15: maintained figures"): summary rows per medic
 * and São Paulo month, and all-time ones per medic, kept up to date by triggers in the transaction of every write.
 * One statement reads every list for any window (dashboardStatement): the period 'all' (the homes' read) from the
 * all-time summaries, prepared; a period of whole months (every preset) from the monthly summaries; a custom period's
 * partial first and last months from the per-case facts (`dashboard_case_facts`, by index on the day), added to the
 * whole months between them. Every figure, its value and its order are those of the request-time computation
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

/** What the statement reads of a window: its days and their split into whole months and partial-month edges. */
type WindowBounds = Pick<DashboardWindow, 'from' | 'to' | 'months' | 'edges'>;

/** The window of `query` at `now`. */
function dashboardWindow(query: DashboardQuery, now: Date): DashboardWindow {
  const today = saoPauloDay(now);
  const { from, to } = periodRange(query.period, today, query.from, query.to);
  const split = from === null || to === null ? { months: 'all' as const, edges: [] } : splitPeriod(from, to);
  return { key: query.period, from, to, ...split, today, month: saoPauloMonthDays(now) };
}

/** `month` (a summary's month column) among the period's whole months. */
function monthIn(window: WindowBounds, month: SQL): SQL {
  if (window.months === 'all') return sql`true`;
  if (window.months === null) return sql`false`;
  return sql`(${month} >= ${window.months.first}::date and ${month} <= ${window.months.last}::date)`;
}

/** `day` (a date column) within the period's partial months. */
function dayInEdges(window: WindowBounds, day: SQL): SQL {
  if (window.edges.length === 0) return sql`false`;
  return sql`(${sql.join(
    window.edges.map((edge) => sql`(${day} >= ${edge.from}::date and ${day} <= ${edge.to}::date)`),
    sql` or `,
  )})`;
}

/** `instant` (a timestamptz column) within the São Paulo days of the period's partial months. */
function instantInEdges(window: WindowBounds, instant: SQL): SQL {
  if (window.edges.length === 0) return sql`false`;
  return sql`(${sql.join(
    window.edges.map(({ from, to }) => {
      const [start, end] = [saoPauloDayBounds(from)!.start, saoPauloDayBounds(to)!.end];
      return sql`(${instant} >= ${start.toISOString()}::timestamptz and ${instant} < ${end.toISOString()}::timestamptz)`;
    }),
    sql` or `,
  )})`;
}

/** The medics read: the condition that a medic id column is one of them. */
type Medics = (column: SQL) => SQL;

/** The period's cases from the per-case facts: only those indicated in its partial months. */
function edgeFacts(window: WindowBounds, medics: Medics): SQL {
  return sql`from dashboard_case_facts as f where ${medics(sql`f.medic_id`)} and ${instantInEdges(window, sql`f.created_at`)}`;
}

/** 1 when the fact's stage is of `group` (planned, carried out), else 0. */
const oneIf = (group: StageGroup) => sql`(case when stage_group(f.status) = ${sql.raw(`'${group}'`)} then 1 else 0 end)`;
/** The fact's stage is not a lost one. */
const notLost = sql`stage_group(f.status) <> 'lost'`;

/** The sum of the stage counts of `statuses` in the totals. */
const stageSum = (statuses: readonly CaseStatus[]) => sql`(${sql.join(statuses.map(stageColumn), sql` + `)})`;

/** The payer's name of a summary row (its plan id, 0 for none, and payment source, '' for none). */
const payerName = (planId: SQL, source: SQL) =>
  sql`${payerNameSql(sql`(select hp.fantasy_name from health_plans as hp where hp.id = ${planId})`, source)}`;

/**
 * The summary rows a window covers, as the CTEs every list of dashboardStatement reads:
 *
 * - `by_status (status, cases, fees, days, concluded)`: the cases indicated in the window, per stage (the fees, the
 *   days from creation to conclusion of the concluded ones);
 * - `by_payer (plan_id, source, planned, carried_out, to_receive, received_cents, expected_cents, glosa_cents,
 *   open_cents)`, one row per plan and payment source: the cases indicated in the window planned and carried out and
 *   their fees still to come (active stages), the receipts received in it, the expected fees of the receivable cases
 *   falling due in it and the glosas of its days (the period 'all': of every receivable case), and the open balance
 *   of every receivable case (a snapshot now, whatever the window);
 * - `by_hospital (hospital_id, planned, carried_out)`, `by_code (procedure_id, planned, carried_out)` and
 *   `by_reason (reason, cases)`: the cases indicated in the window;
 * - `by_payment_day (plan_id, source, days, cases)`: the cases paid off whose last receipt falls in the window, by
 *   days from the surgery to it;
 * - `by_receipt_month (month, cents)` and `by_due_month (month, cents, cases)`: the receipts and the expected fees of
 *   the receivable cases by the month they were received or fall due, within the window;
 * - `by_glosa_reason (reason, glosas, cents)`: the glosas of the receivable cases dated in the window, by TISS reason
 *   code ('' for none).
 *
 * The period 'all' reads the all-time summaries (a few rows per medic and status, payer, hospital, procedure, loss
 * reason, receipt and due month); any other period the monthly summaries of its whole months and the per-case facts
 * of its partial months (splitPeriod).
 */
function windowSources(window: WindowBounds, medics: Medics): SQL {
  const ofMedics = medics(sql`medic_id`);
  if (window.months === 'all') {
    return sql`by_status as (
      select status::text as status, sum(cases) as cases, sum(fees) as fees, sum(days) as days, sum(concluded) as concluded
      from dashboard_status_totals where ${ofMedics}
      group by 1
    ),
    by_payer as (
      select plan_id, source, sum(planned) as planned, sum(carried_out) as carried_out, sum(to_receive) as to_receive,
        sum(received_cents) as received_cents, sum(expected_cents) as expected_cents, sum(glosa_cents) as glosa_cents,
        sum(open_cents) as open_cents
      from dashboard_payer_totals where ${ofMedics}
      group by 1, 2
    ),
    by_hospital as (select hospital_id, planned, carried_out from dashboard_hospital_totals where ${ofMedics}),
    by_code as (select procedure_id, planned, carried_out from dashboard_procedure_totals where ${ofMedics}),
    by_reason as (select reason, cases from dashboard_lost_totals where ${ofMedics}),
    by_payment_day as (select plan_id, source, days, cases from dashboard_payment_day_totals where ${ofMedics}),
    by_receipt_month as (select month, cents from dashboard_receipt_month_totals where ${ofMedics}),
    by_due_month as (select month, expected_cents as cents, cases from dashboard_due_months where ${ofMedics}),
    by_glosa_reason as (select reason, glosas, cents from dashboard_glosa_reason_totals where ${ofMedics})`;
  }
  const edges = edgeFacts(window, medics);
  const months = sql`${ofMedics} and ${monthIn(window, sql`month`)}`;
  const edgeMedics = medics(sql`f.medic_id`);
  // 'Honorários a receber' of the case (docs/LEDGER.md "The figures"): still to come, on the active stages only.
  const toReceive = sql`(case when stage_is_active(f.status) then round(f.to_come_cents::numeric / 100, 2) else 0 end)`;
  const settled = sql`stage_is_receivable(f.status) and f.open_cents = 0 and f.disputed_cents = 0
    and f.received_cents > 0 and f.accomplishment is not null`;
  return sql`by_status as (
      select status::text as status, cases, fees, days, concluded
      from dashboard_status_months where ${months}
      union all
      select f.status::text, 1, coalesce(f.fees, 0), coalesce(f.concluded_days, 0), (case when f.concluded_days is null then 0 else 1 end)
      ${edges}
    ),
    by_payer as (
      select plan_id, source, sum(planned) as planned, sum(carried_out) as carried_out, sum(to_receive) as to_receive,
        sum(received_cents) as received_cents, sum(expected_cents) as expected_cents, sum(glosa_cents) as glosa_cents,
        sum(open_cents) as open_cents
      from (
        select plan_id, source, planned, carried_out, to_receive, 0 as received_cents, 0 as expected_cents,
          0 as glosa_cents, 0 as open_cents
        from dashboard_payer_months where ${months}
        union all
        select f.plan_id, f.source, ${oneIf('planned')}, ${oneIf('carried_out')}, ${toReceive}, 0, 0, 0, 0
        ${edges} and ${notLost}
        union all
        select plan_id, source, 0, 0, 0, cents, 0, 0, 0 from dashboard_receipt_months where ${months}
        union all
        select f.plan_id, f.source, 0, 0, 0, r.amount_cents, 0, 0, 0
        from surgery_receipts as r join dashboard_case_facts as f on f.surgery_id = r.surgery_id
        where ${edgeMedics} and ${dayInEdges(window, sql`r.received_on`)}
        union all
        select plan_id, source, 0, 0, 0, 0, expected_cents, glosa_cents, 0 from dashboard_glosa_months where ${months}
        union all
        select f.plan_id, f.source, 0, 0, 0, 0, f.expected_cents, 0, 0
        from dashboard_case_facts as f
        where ${edgeMedics} and f.receivable and ${dayInEdges(window, sql`f.due_date`)}
        union all
        select f.plan_id, f.source, 0, 0, 0, 0, 0, g.amount_cents, 0
        from surgery_glosas as g join dashboard_case_facts as f on f.surgery_id = g.surgery_id
        where ${edgeMedics} and f.receivable and ${dayInEdges(window, sql`g.glosa_on`)}
        union all
        select plan_id, source, 0, 0, 0, 0, 0, 0, open_cents from dashboard_payer_totals where ${ofMedics}
      ) as parts
      group by 1, 2
    ),
    by_hospital as (
      select hospital_id, planned, carried_out from dashboard_hospital_months where ${months}
      union all
      select f.hospital_id, ${oneIf('planned')}, ${oneIf('carried_out')} ${edges} and ${notLost}
    ),
    by_code as (
      select procedure_id, planned, carried_out from dashboard_procedure_months where ${months}
      union all
      select code.id, ${oneIf('planned')}, ${oneIf('carried_out')}
      from dashboard_case_facts as f, unnest(f.procedure_ids) as code(id)
      where ${edgeMedics} and ${instantInEdges(window, sql`f.created_at`)} and ${notLost}
    ),
    by_reason as (
      select reason, cases from dashboard_lost_months where ${months}
      union all
      select f.lost_reason, 1 ${edges} and stage_group(f.status) = 'lost'
    ),
    by_payment_day as (
      select plan_id, source, days, cases from dashboard_payment_days where ${months}
      union all
      select f.plan_id, f.source, greatest(0, f.last_receipt_on - f.accomplishment), 1
      from dashboard_case_facts as f
      where ${edgeMedics} and ${dayInEdges(window, sql`f.last_receipt_on`)} and ${settled}
    ),
    by_receipt_month as (
      select month, cents from dashboard_receipt_months where ${months}
      union all
      select date_trunc('month', r.received_on)::date, r.amount_cents
      from surgery_receipts as r join dashboard_case_facts as f on f.surgery_id = r.surgery_id
      where ${edgeMedics} and ${dayInEdges(window, sql`r.received_on`)}
    ),
    by_due_month as (
      select month, expected_cents as cents, cases from dashboard_due_months where ${months}
      union all
      select date_trunc('month', f.due_date)::date, f.expected_cents, 1
      from dashboard_case_facts as f
      where ${edgeMedics} and ${dayInEdges(window, sql`f.due_date`)} and stage_is_receivable(f.status)
    ),
    by_glosa_reason as (
      select reason, glosas, cents from dashboard_glosa_reason_months where ${months}
      union all
      select coalesce(g.reason_code, ''), 1, g.amount_cents
      from surgery_glosas as g join dashboard_case_facts as f on f.surgery_id = g.surgery_id
      where ${edgeMedics} and f.receivable and ${dayInEdges(window, sql`g.glosa_on`)}
    )`;
}

/**
 * Rows `(list, name, sort, position, a, b, c, d)` of dashboardStatement, unordered; `sort` (a decimal as text, or
 * null) and `position` are the keys of inDashboardOrder.
 */
type DashboardRow = {
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
 * dashboardStatement's inputs as SQL besides the window: the medics read, São Paulo's today and the first day of its
 * month (dates). Placeholders in the service's prepared statements of the period 'all', values otherwise.
 */
type StatementParameters = { medics: Medics; today: SQL; month: SQL };

/**
 * The whole dashboard of a window in one statement, every list once over the window's summary rows (windowSources):
 *
 * - the figures ('data': fees still to come, open balance, received in the window and in São Paulo's current month,
 *   authorized, pending, mean days to conclusion) and the cases per stage ('distribution');
 * - the charts: per payer the fees still to come, the amounts received, the cases planned and carried out; per
 *   hospital and per procedure (a procedure is one name, whatever its codes) the cases planned and carried out;
 * - 'lost': the cancelled and archived cases by loss reason (no reason as NO_LOSS_REASON_LABEL);
 * - the money views (issue 14; DECISIONS §16), over the receivable cases: 'aging', the open balances per payer by
 *   aging bucket at São Paulo's today (only the balances falling due in the last 90 days or later are read by due
 *   date: they make the first three buckets; a payer's 90+ bucket is its open balance minus those); 'glosas', per
 *   payer the expected fees and the amount denied (before any appeal) and the rate glosa / expected (4 decimals),
 *   payers with neither left out; 'glosa_reasons', the same glosas by TISS reason code (the code's description,
 *   'Motivo de glosa NNNN' without one, NO_GLOSA_REASON_LABEL without a code) with their number, ties by code (some
 *   codes share a description) and the glosas without one last; 'days', per payer the median days from the surgery to the last receipt of the cases
 *   paid off (percentile_cont(0.5): the mean of the two middle values for an even count, from a histogram of days
 *   through a running count) with their number; 'series', every month of the window (all time: from the first month
 *   with an amount to the current month), the expected fees falling due in it and the receipts received in it.
 *
 * Every figure, name and order is that of the request-time computation (dashboard-recompute.ts, the tests' oracle).
 * Rows `(list, name, sort, position, a, b, c, d)`, `a`–`d` as text: the chart lists and the figures with their value
 * in `a`; 'lost' with the count in `a` and the reason in `b`; aging (d0_30, d31_60, d61_90, d90_plus), glosas
 * (expected, glosa, rate), glosa_reasons (glosas, glosa, code), days (median, cases), series (yyyy-MM; expected, received). Unordered: ordering the ~950
 * rows of the period 'all' cost PostgreSQL about a third of the statement's CPU (2–2.5 of 7–8.5 ms per read at 20,000
 * cases), so the service puts them in order itself (inDashboardOrder).
 */
function dashboardStatement(window: WindowBounds, { medics, today, month }: StatementParameters): SQL {
  const ofMedics = medics(sql`medic_id`);
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
  const firstMonth = window.from === null ? sql`null::date` : sql`${`${window.from.slice(0, 7)}-01`}::date`;
  const lastMonth = window.to === null ? month : sql`${`${window.to.slice(0, 7)}-01`}::date`;
  return sql`with ${windowSources(window, medics)},
    recent_dues as (
      select plan_id, source,
        sum(open_cents) filter (where days <= 30) as d0_30,
        sum(open_cents) filter (where days > 30 and days <= 60) as d31_60,
        sum(open_cents) filter (where days > 60) as d61_90,
        sum(open_cents) as open_cents
      from (
        select plan_id, source, coalesce(${today} - nullif(due_date, 'infinity'::date), 0) as days, open_cents
        from dashboard_owing_dues where ${ofMedics} and due_date >= ${today} - 90
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
        select hospital_id, sum(planned) as planned, sum(carried_out) as carried_out from by_hospital group by 1
      ) as grouped left join hospitals as h on h.id = grouped.hospital_id
      group by 1
    ),
    by_procedure as (
      select p.description as name, sum(grouped.planned) as planned, sum(grouped.carried_out) as carried_out
      from (
        select procedure_id, sum(planned) as planned, sum(carried_out) as carried_out from by_code group by 1
      ) as grouped join procedures as p on p.id = grouped.procedure_id
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
        (select ${reais(sql`sum(cents)`)} from dashboard_receipt_month_totals where ${ofMedics} and month = ${month}) as received_month,
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
      from (select nullif(reason, '') as reason, cases from by_reason) as parts
      group by reason
      having sum(cases) > 0
    ),
    payment_days as (
      select name, days, sum(cases) as cases
      from (
        select ${payerName(sql`plan_id`, sql`source`)} as name, days, cases
        from (
          select plan_id, source, days, sum(cases) as cases
          from by_payment_day
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
    glosa_reasons as (
      select case when grouped.reason = '' then ${NO_GLOSA_REASON_LABEL}
          else coalesce(nullif(gr.description, ''), 'Motivo de glosa ' || grouped.reason) end as name,
        nullif(grouped.reason, '') as code, grouped.glosas, grouped.cents
      from (
        select reason, sum(glosas) as glosas, sum(cents) as cents from by_glosa_reason group by 1 having sum(glosas) > 0
      ) as grouped left join glosa_reasons as gr on gr.code = grouped.reason
    ),
    received_months as (
      select month, sum(cents) as cents from by_receipt_month group by 1 having sum(cents) > 0
    ),
    expected_months as (
      select month, sum(cents) as cents from by_due_month group by 1 having sum(cases) > 0
    ),
    months as (
      select generate_series(
        coalesce(${firstMonth}, least((select min(month) from received_months), (select min(month) from expected_months))),
        ${lastMonth}, interval '1 month')::date as month
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
      union all
      select 'glosa_reasons', name, cents, code::integer, glosas::text, ${reais(sql`cents`)}::text, code, null from glosa_reasons
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
 * `rows` in the order of the request-time computation's statements (`order by list, sort desc, position asc nulls
 * last, name collate "und-x-icu"`) within each list: the value descending, exact (a null first, as PostgreSQL puts it in a descending
 * order), then the loss reason's position, then the name under ICU's root collation, which `Intl.Collator('und')` is
 * too (a deterministic collation: names it finds equal go by their code points, as PostgreSQL breaks such ties by
 * bytes). Each value is read once, as an integer at the rows' largest scale.
 */
export function inDashboardOrder(rows: DashboardRow[]): DashboardRow[] {
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

/** dashboardStatement's rows as fillDashboard takes them, each list in its order. */
function splitRows(rows: DashboardRow[]): { cases: ListRow[]; procedures: ListRow[]; lost: LostRow[]; money: MoneyRow[] } {
  const answer = { cases: [] as ListRow[], procedures: [] as ListRow[], lost: [] as LostRow[], money: [] as MoneyRow[] };
  for (const row of inDashboardOrder(rows)) {
    if (row.list === 'lost') answer.lost.push({ reason: row.b, name: row.name, amount: row.a! });
    else if (MONEY_LISTS.has(row.list)) answer.money.push(row as MoneyRow);
    else answer.cases.push({ list: row.list as ListRow['list'], name: row.name, amount: row.a });
  }
  return answer;
}

const MONEY_LISTS = new Set<string>(['aging', 'glosas', 'glosa_reasons', 'days', 'series']);

/** `(id, id, …)` of the medics read, as a condition on a medic id column. */
const medicList = (medicIds: number[]): Medics => (column) =>
  sql`${column} in (${sql.join(medicIds.map((id) => sql`${id}::int`), sql`, `)})`;

/** dashboardStatement of `window` for `medicIds`, with its values. */
const statementOf = (window: DashboardWindow, medicIds: number[]) =>
  dashboardStatement(window, { medics: medicList(medicIds), today: sql`${window.today}::date`, month: sql`${window.month.first}::date` });

/** The statement of a dashboard read, for `medicIds` over `query` at `now` (the benchmark EXPLAINs it). */
export function dashboardReadStatement(
  medicIds: number[],
  now: Date,
  query: DashboardQuery = { period: 'all', from: null, to: null },
): SQL {
  return statementOf(dashboardWindow(query, now), medicIds);
}

/** The bounds of the period 'all'. */
const ALL_TIME: WindowBounds = { from: null, to: null, months: 'all', edges: [] };

/**
 * The statement of the period 'all' (the homes' read) as named prepared statements, so PostgreSQL parses it once per
 * connection and keeps a generic plan (planning was about half its CPU): one for a medic (`medic_id = $1`), one for a
 * secretary's medics (an int[] parameter). With the array, PostgreSQL kept planning each run (its generic plan looked
 * costlier); at 1,000,000 cases of one medic it did so for the first too (docs/BENCHMARKS.md, "Measured and left").
 */
function prepareAllTime(db: Database, one: boolean) {
  const statement = dashboardStatement(ALL_TIME, {
    medics: one
      ? (column) => sql`${column} = ${sql.placeholder('medic')}::int`
      : (column) => sql`${column} = any(${sql.placeholder('medics')}::int[])`,
    today: sql`${sql.placeholder('today')}::date`,
    month: sql`${sql.placeholder('month')}::date`,
  });
  return prepareSql<DashboardRow>(db, statement, one ? 'dashboard_all_time_of_medic' : 'dashboard_all_time_of_medics');
}

/**
 * The dashboard (SPEC §2 Doctor home and Dashboard, §3; DECISIONS §5, §16; openapi getDashboard): every figure over
 * the cases of the user's medics (a medic: her own; a secretary: the sum over the medics she is linked to, none when
 * she has none), within the period of `query` (none: all time, SPEC's homes), read from the maintained summaries in
 * one statement (dashboardStatement; prepared for the period 'all'). "This month" is São Paulo's month at `now()`.
 */
export function createDashboardService({ db, now }: { db: Database; now: () => Date }) {
  const allTime = { one: prepareAllTime(db, true), many: prepareAllTime(db, false) };
  return {
    async read(user: Pick<AuthUser, 'id' | 'type'>, query: DashboardQuery = { period: 'all', from: null, to: null }): Promise<Dashboard> {
      const window = dashboardWindow(query, now());
      const dashboard = emptyDashboard({ key: window.key, from: window.from, to: window.to });
      const medicIds = await visibleMedicIds(db, user);
      if (medicIds.length === 0) return dashboard;
      const [today, month] = [window.today, window.month.first];
      const rows =
        window.months !== 'all'
          ? await rowsOf<DashboardRow>(db, statementOf(window, medicIds))
          : medicIds.length === 1
            ? (await allTime.one.execute({ medic: medicIds[0], today, month })).rows
            : (await allTime.many.execute({ medics: medicIds, today, month })).rows;
      return fillDashboard(dashboard, splitRows(rows));
    },
  };
}
