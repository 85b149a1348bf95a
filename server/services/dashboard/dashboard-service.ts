import { inArray, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import {
  ACTIVE_STATUSES,
  CASE_STATUSES,
  DASHBOARD_GRAPHS,
  PAYMENT_SOURCE_LABELS,
  PAYMENT_SOURCES,
  type CaseStatus,
} from '../../../machines/constants';
import type { Database, Executor } from '../../db/client';
import { LOSS_REASON_LABELS, LOSS_REASONS } from '../../../machines/preoperative/constants';
import { isLossReason, NO_LOSS_REASON_LABEL } from '../../../machines/preoperative/reasonSchemas';
import { healthPlans, hospitals, procedures, surgeries, surgeryProcedures, surgeryStatusHistory } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../access/scope';
import { SAO_PAULO, saoPauloMonthDays } from '../sao-paulo-time';

/** The contract's Dashboard (openapi getDashboard). */
type Dashboard = components['schemas']['Dashboard'];
type Graphs = Dashboard['dash_graph'];
type GraphName = keyof Graphs;
type Distribution = Dashboard['data']['distribution'];

/** 'Cirurgias autorizadas': scheduled or further, not yet paid (DECISIONS §5). */
const AUTHORIZED_STATUSES = ['agendamento', 'realizacao', 'pagamento'] as const satisfies readonly CaseStatus[];
/** 'Cirurgia pendentes': not yet authorized. */
const PENDING_STATUSES = ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao'] as const satisfies readonly CaseStatus[];
/** `*_prev` of the charts: cases not carried out yet (ind_paciente to agendamento). */
const PLANNED_STATUSES = [...PENDING_STATUSES, 'agendamento'] as const satisfies readonly CaseStatus[];
/** `*_real` of the charts: cases that reached the operation (realizacao, pagamento, concluido). */
const CARRIED_OUT_STATUSES = ['realizacao', 'pagamento', 'concluido'] as const satisfies readonly CaseStatus[];
/** 'Cirurgias perdidas por motivo': cancelled and archived cases. */
const LOST_STATUSES = ['cancelado', 'arquiv'] as const satisfies readonly CaseStatus[];

/** The name of a chart slice when a case has neither a plan nor a payment source (nor a hospital). */
const NOT_INFORMED = 'Não informado';


/**
 * Ties of a chart list are ordered by name with ICU's root collation ('Ágape' before 'Bradesco', 'amil' next to
 * 'Amil'), present in PGlite and in PostgreSQL built with ICU (Debian's, the official images, the managed ones),
 * so both order alike whatever the database's own collation.
 */
const NAME_ORDER = sql.raw(`collate "und-x-icu"`);

const statusIn = (statuses: readonly CaseStatus[]) => inArray(surgeries.status, [...statuses]);

/** The chart name of a case's payer: the plan's fantasy name, else the payment source's label, else NOT_INFORMED. */
const payerName = (planName: SQL, source: SQL) => sql`coalesce(${planName}, case ${source}::text ${sql.join(
  PAYMENT_SOURCES.map((key) => sql`when ${key} then ${PAYMENT_SOURCE_LABELS[key]}`),
  sql` `,
)} end, ${NOT_INFORMED})`;

type Row = Record<string, unknown>;
type FigureName = Exclude<keyof Dashboard['data'], 'distribution'>;
type ListRow = { list: GraphName | 'data' | 'distribution'; name: string; amount: string | null };
type LostRow = { reason: string | null; name: string; amount: string };

/** The rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<T extends Row>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A stage's count column in the grouped cases (`d_ind_paciente`, ...). */
const stageColumn = (status: CaseStatus) => sql.identifier(`d_${status}`);
/** The sum of the stage counts of `statuses`, over one group or over all of them. */
const stageSum = (statuses: readonly CaseStatus[]) => sql`sum(${sql.join(statuses.map(stageColumn), sql` + `)})`;

/** The final ordering of every list: largest value first, ties by name (NAME_ORDER). */
const LIST_ORDER = sql`order by list, value desc, name ${NAME_ORDER}`;

/**
 * Everything but the procedure lists, from ONE scan of the medics' cases grouped by plan, payment source and
 * hospital (a few thousand groups at most, whatever the number of cases), with FILTER aggregates per group: a count
 * per stage, the fees of the active stages, the amounts received (all, and within São Paulo's current month
 * `[first, next)`), and the São Paulo calendar days from creation to conclusion of the concluded cases. The figures,
 * the distribution and the payer and hospital lists all derive from those groups. Rows `(list, name, value)`:
 * list 'data' and 'distribution' carry the figures; the chart lists only values above zero, in their final order.
 *
 * `created_at::date` is the São Paulo day because the statement runs with the session time zone set to São Paulo
 * (readCases): a cast per row, much cheaper than `AT TIME ZONE` with a zone name.
 */
function casesStatement(medicIds: number[], month: { first: string; next: string }): SQL {
  const concluded = sql`${surgeries.status} = 'concluido' and ${surgeries.concludedAt} is not null`;
  const counts = CASE_STATUSES.map((status) => sql`count(*) filter (where ${surgeries.status} = ${status}) as ${stageColumn(status)}`);
  const distribution = CASE_STATUSES.map((status) => sql`('distribution', ${status}, totals.${stageColumn(status)})`);
  return sql`with grouped as (
      select ${surgeries.healthPlanId} as plan_id, ${surgeries.paymentFountains} as source,
        ${surgeries.hospitalId} as hospital_id,
        ${sql.join(counts, sql`, `)},
        sum(${surgeries.feesPayments}) filter (where ${statusIn(ACTIVE_STATUSES)}) as to_receive,
        sum(${surgeries.paymentDone}) as received,
        sum(${surgeries.paymentDone}) filter (
          where ${surgeries.datePayment} >= ${month.first}::date and ${surgeries.datePayment} < ${month.next}::date
        ) as received_month,
        sum(${surgeries.concludedAt}::date - ${surgeries.createdAt}::date) filter (where ${concluded}) as days,
        count(*) filter (where ${concluded}) as concluded
      from ${surgeries}
      where ${inArray(surgeries.medicId, medicIds)}
      group by 1, 2, 3
    ),
    payers as (
      select ${payerName(sql`${healthPlans.fantasyName}`, sql`grouped.source`)} as name,
        sum(to_receive) as to_receive, sum(received) as received,
        ${stageSum(PLANNED_STATUSES)} as planned, ${stageSum(CARRIED_OUT_STATUSES)} as carried_out
      from grouped left join ${healthPlans} on ${healthPlans.id} = grouped.plan_id
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
      select sum(to_receive) as to_receive, sum(received) as received, sum(received_month) as received_month,
        ${stageSum(AUTHORIZED_STATUSES)} as authorized, ${stageSum(PENDING_STATUSES)} as pending,
        round(sum(days)::numeric / nullif(sum(concluded), 0), 1) as middle_time,
        ${sql.join(CASE_STATUSES.map((status) => sql`${stageSum([status])} as ${stageColumn(status)}`), sql`, `)}
      from grouped
    ),
    figures (list, name, value) as (
      select figure.list, figure.name, figure.value
      from totals, lateral (values
        ('data', 'pending_surgery_value', totals.to_receive), ('data', 'fees_payments_month', totals.to_receive),
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
function proceduresStatement(medicIds: number[]): SQL {
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
      where ${inArray(surgeries.medicId, medicIds)} and ${statusIn([...PLANNED_STATUSES, ...CARRIED_OUT_STATUSES])}
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
function lostByReasonStatement(medicIds: number[]): SQL {
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
    where ${inArray(surgeries.medicId, medicIds)} and ${statusIn(LOST_STATUSES)}
    group by h.reason
    order by count(*) desc, ${position} asc nulls last`;
}

/** The statements of a dashboard read, for `medicIds` at `now` (the benchmark EXPLAINs them). */
export function dashboardStatements(medicIds: number[], now: Date): { cases: SQL; procedures: SQL; lost: SQL } {
  return {
    cases: casesStatement(medicIds, saoPauloMonthDays(now)),
    procedures: proceduresStatement(medicIds),
    lost: lostByReasonStatement(medicIds),
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

function emptyGraphs(): Graphs {
  return Object.fromEntries(DASHBOARD_GRAPHS.map((name) => [name, []])) as unknown as Graphs;
}

function emptyDashboard(): Dashboard {
  const distribution = Object.fromEntries(CASE_STATUSES.map((status) => [status, 0])) as Distribution;
  return {
    data: {
      pending_surgery_value: 0,
      payment_done: 0,
      distribution,
      middle_time: null,
      authorized_surgery: 0,
      pending_surgery: 0,
      payment_done_month: 0,
      fees_payments_month: 0,
    },
    dash_graph: emptyGraphs(),
    lost_by_reason: [],
  };
}

/**
 * The dashboard (SPEC §2 Doctor home and Dashboard, §3; DECISIONS §5; openapi getDashboard): every figure computed
 * in SQL over the cases of the user's medics (a medic: her own; a secretary: the sum over the medics she is linked
 * to, none when she has none). "This month" is São Paulo's month at `now()`. Three statements, run side by side.
 */
export function createDashboardService({ db, now }: { db: Database; now: () => Date }) {
  return {
    async read(user: Pick<AuthUser, 'id' | 'type'>): Promise<Dashboard> {
      const dashboard = emptyDashboard();
      const medicIds = await visibleMedicIds(db, user);
      if (medicIds.length === 0) return dashboard;
      const statements = dashboardStatements(medicIds, now());
      // Independent statements: on PostgreSQL they run side by side on two pooled connections.
      const [caseRows, procedureRows, lostRows] = await Promise.all([
        readCases(db, statements.cases),
        rowsOf<ListRow>(db, statements.procedures),
        rowsOf<LostRow>(db, statements.lost),
      ]);
      dashboard.lost_by_reason = lostRows.map(({ reason, name, amount }) => ({
        reason: isLossReason(reason) ? reason : null,
        name,
        value: Number(amount),
      }));
      const { data, dash_graph: graphs } = dashboard;
      for (const { list, name, amount } of [...caseRows, ...procedureRows]) {
        const value = amount === null ? 0 : Number(amount);
        if (list === 'distribution') data.distribution[name as CaseStatus] = value;
        // No concluded case: no mean time at all (null, shown as '—'), not a mean of zero days.
        else if (list === 'data' && name === 'middle_time') data.middle_time = amount === null ? null : value;
        else if (list === 'data') data[name as Exclude<FigureName, 'middle_time'>] = value;
        else graphs[list].push({ name, value });
      }
      return dashboard;
    },
  };
}
