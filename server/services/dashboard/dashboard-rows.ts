import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { CASE_STATUSES, DASHBOARD_GRAPHS, type CaseStatus } from '../../../machines/constants';
import { isLossReason } from '../../../machines/preoperative/lossReasons';
import { STAGES, stagesOfGroup, stagesWhere } from '../../../machines/stages';
import type { Executor } from '../../db/client';

/**
 * What the dashboard's two computations share (dashboard-service.ts, from the maintained figures; dashboard-recompute.ts,
 * at request time, the tests' oracle): the stage groups the figures count, the order of the lists, and how the rows
 * their statements answer become the contract's Dashboard. The statements themselves stay apart, so the oracle
 * checks the SQL independently.
 */

/** The contract's Dashboard (openapi getDashboard). */
export type Dashboard = components['schemas']['Dashboard'];
type Graphs = Dashboard['dash_graph'];
type Distribution = Dashboard['data']['distribution'];
type Money = Dashboard['money'];
type FigureName = Exclude<keyof Dashboard['data'], 'distribution'>;

/** 'Cirurgias autorizadas': scheduled or further, not yet paid (DECISIONS §5). */
export const AUTHORIZED_STATUSES = stagesWhere('authorized');
/** 'Cirurgia pendentes': planned and not yet authorized. */
export const PENDING_STATUSES: readonly CaseStatus[] = STAGES.filter((stage) => stage.group === 'planned' && !stage.authorized).map(
  (stage) => stage.key,
);
/** `*_prev` of the charts: cases not carried out yet (ind_paciente to agendamento). */
export const PLANNED_STATUSES = stagesOfGroup('planned');
/** `*_real` of the charts: cases that reached the operation (realizacao, pagamento, concluido). */
export const CARRIED_OUT_STATUSES = stagesOfGroup('carried_out');
/** 'Cirurgias perdidas por motivo': cancelled and archived cases. */
export const LOST_STATUSES = stagesOfGroup('lost');

/**
 * Ties of a chart list are ordered by name with ICU's root collation ('Ágape' before 'Bradesco', 'amil' next to
 * 'Amil'), present in PGlite and in PostgreSQL built with ICU (Debian's, the official images, the managed ones),
 * so both order alike whatever the database's own collation.
 */
export const NAME_ORDER = sql.raw(`collate "und-x-icu"`);

/** The final ordering of every list: largest value first, ties by name (NAME_ORDER). */
export const LIST_ORDER = sql`order by list, value desc, name ${NAME_ORDER}`;

/** Centavos (a bigint sum) as reais with two decimals, exact (numeric). */
export const reais = (cents: SQL) => sql`round(coalesce(${cents}, 0)::numeric / 100, 2)`;

/** A stage's count column (`d_ind_paciente`, ...). */
export const stageColumn = (status: CaseStatus) => sql.identifier(`d_${status}`);

/** Rows `(list, name, amount)` of the cases and procedures statements: the figures, the distribution, the charts. */
export type ListRow = { list: keyof Graphs | 'data' | 'distribution'; name: string; amount: string | null };
/** Rows of the lost-by-reason statement. */
export type LostRow = { reason: string | null; name: string; amount: string };
/** Rows `(list, name, a, b, c, d)` of the money statement (see its comment for each list's columns). */
export type MoneyRow = { list: 'aging' | 'glosas' | 'glosa_reasons' | 'days' | 'series'; name: string; a: string | null; b: string | null; c: string | null; d: string | null };

/** The rows of a raw statement (both drivers answer `{ rows }`). */
export async function rowsOf<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function emptyMoney(): Money {
  return { aging: [], glosas_by_payer: [], glosas_by_reason: [], days_to_payment: [], expected_vs_received: [] };
}

/** A dashboard of `period` with nothing in it (a user without medics, and the start of every read). */
export function emptyDashboard(period: Dashboard['period']): Dashboard {
  const distribution = Object.fromEntries(CASE_STATUSES.map((status) => [status, 0])) as Distribution;
  return {
    period,
    data: {
      pending_surgery_value: 0,
      payment_done: 0,
      distribution,
      middle_time: null,
      authorized_surgery: 0,
      pending_surgery: 0,
      payment_done_month: 0,
      fees_payments_month: 0,
      open_amount: 0,
    },
    dash_graph: Object.fromEntries(DASHBOARD_GRAPHS.map((name) => [name, []])) as unknown as Graphs,
    lost_by_reason: [],
    money: emptyMoney(),
  };
}

/** The money rows as the contract's `money`. */
function moneyOf(rows: MoneyRow[]): Money {
  const money = emptyMoney();
  const n = (value: string | null) => (value === null ? 0 : Number(value));
  for (const { list, name, a, b, c, d } of rows) {
    if (list === 'aging') money.aging.push({ name, d0_30: n(a), d31_60: n(b), d61_90: n(c), d90_plus: n(d) });
    else if (list === 'glosas') money.glosas_by_payer.push({ name, expected: n(a), glosa: n(b), rate: c === null ? null : Number(c) });
    else if (list === 'glosa_reasons') money.glosas_by_reason.push({ code: c, name, glosas: n(a), glosa: n(b) });
    else if (list === 'days') money.days_to_payment.push({ name, median_days: n(a), cases: n(b) });
    else money.expected_vs_received.push({ month: name, expected: n(a), received: n(b) });
  }
  return money;
}

/** Fills `dashboard` (emptyDashboard) from the rows of its four statements, each list already in its final order. */
export function fillDashboard(
  dashboard: Dashboard,
  rows: { cases: ListRow[]; procedures: ListRow[]; lost: LostRow[]; money: MoneyRow[] },
): Dashboard {
  dashboard.lost_by_reason = rows.lost.map(({ reason, name, amount }) => ({
    reason: isLossReason(reason) ? reason : null,
    name,
    value: Number(amount),
  }));
  dashboard.money = moneyOf(rows.money);
  const { data, dash_graph: graphs } = dashboard;
  for (const { list, name, amount } of [...rows.cases, ...rows.procedures]) {
    const value = amount === null ? 0 : Number(amount);
    if (list === 'distribution') data.distribution[name as CaseStatus] = value;
    // No concluded case: no mean time at all (null, shown as '—'), not a mean of zero days.
    else if (list === 'data' && name === 'middle_time') data.middle_time = amount === null ? null : value;
    else if (list === 'data') data[name as Exclude<FigureName, 'middle_time'>] = value;
    else graphs[list].push({ name, value });
  }
  return dashboard;
}
