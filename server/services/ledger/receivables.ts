import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { APPEAL_WARNING_DAYS, type AgingBucket } from '../../../machines/ledger/constants';
import { RECEIVABLES_MESSAGES as M, RECEIVABLES_PAGE_SIZE } from '../../../machines/ledger/receivablesMessages';
import type { ReceivablesFilters } from '../../../machines/ledger/receivablesSchemas';
import type { CaseStatus } from '../../../machines/constants';
import type { Database, Executor } from '../../db/client';
import { prepareSql } from '../../db/prepared';
import { healthPlans, patients, surgeries, surgeryGlosas, users } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../access/scope';
import { contains, digitsOnly, matchesAllTerms, searchTerms } from '../lookups/search-filter';
import { saoPauloDay } from '../sao-paulo-time';
import { agingBucketSql, booksDayOf, daysPastDueSql, hasMoneyOutstandingSql, ledgerJoinAt } from './balances';
import { payerNameSql } from './payer-name';

/**
 * 'A receber' and the appeal-deadline flags (issue 14 item 3; DECISIONS §16; openapi listReceivables,
 * exportReceivables, listAppealAlerts). Every figure is computed in SQL from the ledger's shared definitions
 * (balances.ts: ledgerJoinAt, hasMoneyOutstandingSql, daysPastDueSql, agingBucketSql) at the reference day `as_of`
 * (today in São Paulo by default, a parameter, never the database's clock). A past `as_of` is the position on that day
 * (issue 33 item 16): the cases receivable then, with the books as they stood at its end; today or a later day reads
 * the books as they stand, a later day's lateness projected (docs/LEDGER.md "Posição em").
 */

type User = Pick<AuthUser, 'id' | 'type'>;

/** The contract's shapes (openapi listReceivables, listAppealAlerts). */
type Receivable = components['schemas']['Receivable'];
type ReceivableList = components['schemas']['ReceivableList'];
type AppealAlert = components['schemas']['AppealAlertList']['results'][number];

type Row = Record<string, unknown>;

async function rowsOf<T extends Row>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A bigint/int/numeric answer (text on node-postgres, number on PGlite) as a number; null stays null. */
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Payer names compare and sort with ICU's root collation, as the dashboard's (same order on both databases). */
const NAME_ORDER = sql.raw(`collate "und-x-icu"`);

/** The case's payer name (needs `health_plans` left-joined on the case's plan). */
const payerSql = payerNameSql(sql`${healthPlans.fantasyName}`, sql`${surgeries.paymentFountains}`);

/** A deadline within APPEAL_WARNING_DAYS of `day`, or passed (needs ledgerJoin). */
const appealWarningSql = (day: string | Placeholder) =>
  sql`(ledger.next_appeal_deadline is not null and ledger.next_appeal_deadline - ${day}::date <= ${APPEAL_WARNING_DAYS})`;

/** The list's order key: days past due, highest first; a case with no due date last. Then the case id. */
const orderKeySql = (day: string | Placeholder) => sql`coalesce(${daysPastDueSql(day)}, -2147483648)`;

/** The patients a search finds (the surgery list's rule): CPF digits, else every word of the name. */
function patientSearch(db: Executor, medicIds: number[], q: string): SQL | null {
  const digits = digitsOnly(q);
  const match = digits ? contains(patients.cpf, digits) : matchesAllTerms(patients.searchText, searchTerms(q));
  if (!match) return null;
  return inArray(surgeries.patientId, db.select({ id: patients.id }).from(patients).where(and(inArray(patients.medicId, medicIds), match)));
}

/**
 * With today's books, the cases that owe money are those the dashboard's maintained facts say owe (dashboard_case_facts:
 * receivable, open or disputed above zero; the triggers keep them in the transaction of every write, from the same
 * ledger definitions), read through their partial index. A past day's books are read from the base rows (the facts
 * hold only the present).
 */
const OWING_FACTS = sql`owing.receivable and (owing.open_cents > 0 or owing.disputed_cents > 0)`;

/** The facts' due date (the ledger's definition, kept with the case's facts). */
const FACTS_DUE_DATE = sql`owing.due_date`;

/**
 * Today's owing cases, without the ledger: the page's choice is read from the facts (and the totals, when a patient
 * search or a glosa reason needs the cases), and the ledger is computed for the page's rows only (issue 41 goal 3:
 * computing it for every owing case cost 0.26 s of PostgreSQL per request at 100,000 cases and 2.7 s at 1,000,000).
 * The payer comes from the facts' plan and source (the case's, kept with its facts); the case's row is joined only for
 * a patient search.
 */
const fromOwingFacts = (withCase: boolean) => sql`from dashboard_case_facts as owing
  left join ${healthPlans} as owing_plan on owing_plan.id = owing.plan_id${
    withCase ? sql` join ${surgeries} on ${surgeries.id} = owing.surgery_id` : sql``
  }`;

/** The payer's name from the facts (payerSql's rule). */
const factsPayerSql = payerNameSql(sql`owing_plan.fantasy_name`, sql`owing.source`);

/**
 * The ledger's path with today's books (the appeals filter, the export) takes its candidates here, and
 * hasMoneyOutstandingSql then decides; with a past day's books every case of the medics is a candidate.
 */
const owingToday = (medicIds: number[]) => sql`${surgeries.id} in (select owing.surgery_id from dashboard_case_facts as owing
  where ${inArray(sql`owing.medic_id`, medicIds)} and ${OWING_FACTS})`;

/** What the totals sum: the rows' count and open and disputed amounts, and the aging bucket of each row. */
type TotalsSource = { count: SQL; open: SQL; disputed: SQL; bucket: SQL<AgingBucket> };

/** The totals over `rows` (a FROM … WHERE): how many, the open and disputed sums and the open sum per aging bucket. */
function totalsSql({ count, open, disputed, bucket }: TotalsSource, rows: SQL): SQL {
  const byBucket = (key: AgingBucket) => sql`coalesce(sum(${open}) filter (where ${bucket} = ${key}), 0)::text`;
  return sql`select ${count}::int as count, coalesce(sum(${open}), 0)::text as open_cents,
    coalesce(sum(${disputed}), 0)::text as disputed_cents,
    ${byBucket('d0_30')} as d0_30, ${byBucket('d31_60')} as d31_60, ${byBucket('d61_90')} as d61_90, ${byBucket('d90_plus')} as d90_plus
    ${rows}`;
}

/**
 * The owing cases summed by the dashboard's triggers with the facts (issue 41 goal 3: flat cost), so that the totals and
 * payer options read a row per due date or per payer, not a row per case: by due date alone (dashboard_owing_due_dates:
 * no payer chosen), by due date and payer (dashboard_owing_dues: a payer chosen), and per payer the count of owing cases
 * (dashboard_payer_totals.owing_cases: the options). The due date 'infinity' stands for none.
 */
const FROM_OWING_DUE_DATES = sql`from dashboard_owing_due_dates as dues`;
const FROM_OWING_DUES = sql`from dashboard_owing_dues as dues left join ${healthPlans} as dues_plan on dues_plan.id = dues.plan_id`;
const duesPayerSql = payerNameSql(sql`dues_plan.fantasy_name`, sql`dues.source`);
const DUES_DUE_DATE = sql`nullif(dues.due_date, 'infinity'::date)`;
const FROM_OWING_PAYERS = sql`from dashboard_payer_totals as dues left join ${healthPlans} as dues_plan on dues_plan.id = dues.plan_id`;

/** The payer options: every `payer` of `rows` (a FROM … WHERE over the cases in scope, no filter), by name. */
const payersSql = (payer: SQL, rows: SQL) => sql`select payer from (select distinct ${payer} as payer ${rows}) as options order by payer ${NAME_ORDER}`;

/** The list's FROM with the books at `booksDay` (booksDayOf: null for now). */
const fromAt = (booksDay: string | null) => sql`from ${surgeries}
  join ${patients} on ${patients.id} = ${surgeries.patientId}
  join ${users} on ${users.id} = ${surgeries.medicId}
  left join ${healthPlans} on ${healthPlans.id} = ${surgeries.healthPlanId}
  ${ledgerJoinAt(booksDay)}`;

type RawReceivable = {
  surgery: unknown;
  nome_completo: string;
  medic_id: unknown;
  first_name: string;
  last_name: string;
  payer: string;
  status: CaseStatus;
  accomplishment: string | null;
  billed_on: string | null;
  due_date: string | null;
  days_past_due: unknown;
  bucket: AgingBucket;
  expected_cents: unknown;
  received_cents: unknown;
  glosa_net_cents: unknown;
  disputed_cents: unknown;
  open_cents: unknown;
  next_appeal_deadline: string | null;
  appeal_warning: boolean;
  order_key: unknown;
};

function selectColumns(day: string | Placeholder): SQL {
  return sql`select ${surgeries.id} as surgery, ${patients.nomeCompleto} as nome_completo,
    ${users.id} as medic_id, ${users.firstName} as first_name, ${users.lastName} as last_name,
    ${payerSql} as payer, ledger.status_on_day as status, ${surgeries.accomplishment}::text as accomplishment,
    ledger.billed_on::text as billed_on, ledger.due_date::text as due_date,
    ${daysPastDueSql(day)} as days_past_due, ${agingBucketSql(day)} as bucket,
    ledger.expected_cents, ledger.received_cents, ledger.glosa_net_cents, ledger.disputed_cents, ledger.open_cents,
    ledger.next_appeal_deadline::text as next_appeal_deadline, ${appealWarningSql(day)} as appeal_warning,
    ${orderKeySql(day)} as order_key`;
}

function toReceivable(row: RawReceivable): Receivable {
  return {
    surgery: Number(row.surgery),
    patient: { nome_completo: row.nome_completo },
    medic: { id: Number(row.medic_id), first_name: row.first_name, last_name: row.last_name },
    payer: row.payer,
    status: row.status,
    accomplishment: row.accomplishment,
    billed_on: row.billed_on,
    due_date: row.due_date,
    days_past_due: num(row.days_past_due),
    bucket: row.bucket,
    expected_cents: Number(row.expected_cents),
    received_cents: Number(row.received_cents),
    glosa_net_cents: Number(row.glosa_net_cents),
    disputed_cents: Number(row.disputed_cents),
    open_cents: Number(row.open_cents),
    next_appeal_deadline: row.next_appeal_deadline,
    appeal_warning: row.appeal_warning === true || (row.appeal_warning as unknown) === 't',
  };
}

/** A receivable row of the CSV export with its keyset key. */
export type ReceivableExportRow = Receivable & { key: [number, number] };

/**
 * The ledger of a page's cases (`ids`) at `day`, in the list's order (order_key's, then the id): one statement for every
 * page of today's books, prepared once (a named statement: PostgreSQL parses it once per connection and keeps a
 * generic plan). Unnamed, its parse and plan took 4–5 ms of PostgreSQL's CPU per request, five times running it
 * (docs/BENCHMARKS.md).
 */
function pageRowsStatement(db: Database) {
  const day = sql.placeholder('day');
  const statement = sql`${selectColumns(day)} ${fromAt(null)} where ${surgeries.id} = any(${sql.placeholder('ids')}::int[])
    order by order_key desc, ${surgeries.id} asc`;
  return prepareSql<RawReceivable>(db, statement, 'receivables_page_rows');
}

export function createReceivablesService({ db, now }: { db: Database; now: () => Date }) {
  const pageRows = pageRowsStatement(db);

  /** The medics whose cases the list covers: the user's, narrowed to `medic` (a medic the user does not see: 404). */
  async function medicsOf(user: User, medic: number | null): Promise<number[]> {
    const medicIds = await visibleMedicIds(db, user);
    if (medic === null) return medicIds;
    if (!medicIds.includes(medic)) throw notFound(M.medicNotFound);
    return [medic];
  }

  /**
   * The medics' cases that owe money on the books' day (the payer options are read over these, so no filter hides
   * its own options).
   */
  function scopeCondition(medicIds: number[], booksDay: string | null): SQL {
    const candidates = booksDay === null ? sql` and ${owingToday(medicIds)}` : sql``;
    return sql`${inArray(surgeries.medicId, medicIds)}${candidates} and ${hasMoneyOutstandingSql(booksDay)}`;
  }

  /** The list's WHERE: the scope, then each filter given. */
  function filterCondition(medicIds: number[], filters: ReceivablesFilters, day: string, booksDay: string | null): SQL {
    const conditions: SQL[] = [scopeCondition(medicIds, booksDay)];
    if (filters.payer !== null) conditions.push(sql`${payerSql} = ${filters.payer}`);
    if (filters.bucket !== null) conditions.push(sql`${agingBucketSql(day)} = ${filters.bucket}`);
    if (filters.appeals) conditions.push(appealWarningSql(day));
    if (filters.reason !== null) {
      // A glosa of that TISS reason, as the books stood on a past day (dated on or before it) or as they stand.
      const dated = booksDay === null ? sql`` : sql` and g.glosa_on <= ${booksDay}::date`;
      conditions.push(sql`exists (select 1 from surgery_glosas as g where g.surgery_id = ${surgeries.id} and g.reason_code = ${filters.reason}${dated})`);
    }
    const search = patientSearch(db, medicIds, filters.q);
    if (search) conditions.push(search);
    return sql.join(conditions, sql` and `);
  }

  /** The reference day (as_of, else today) and the day whose books are read (booksDayOf). */
  function daysOf(filters: ReceivablesFilters): { day: string; booksDay: string | null } {
    const today = saoPauloDay(now());
    const day = filters.asOf ?? today;
    return { day, booksDay: booksDayOf(day, today) };
  }

  /**
   * Today's books, any filter but the appeals' (it reads the ledger's next deadline): the page's ids from the facts,
   * the totals and the payer options from the sums by due date and payer (the facts' rows for a patient search or a
   * glosa reason), then the ledger of the page's rows alone, in the list's order (due date, the oldest first, none
   * last: order_key's order).
   */
  async function listFromFacts(medicIds: number[], filters: ReceivablesFilters, day: string) {
    const scope = sql`${inArray(sql`owing.medic_id`, medicIds)} and ${OWING_FACTS}`;
    const conditions: SQL[] = [scope];
    if (filters.payer !== null) conditions.push(sql`${factsPayerSql} = ${filters.payer}`);
    if (filters.bucket !== null) conditions.push(sql`${agingBucketSql(day, FACTS_DUE_DATE)} = ${filters.bucket}`);
    if (filters.reason !== null) {
      conditions.push(sql`exists (select 1 from surgery_glosas as g where g.surgery_id = owing.surgery_id and g.reason_code = ${filters.reason})`);
    }
    const search = patientSearch(db, medicIds, filters.q);
    if (search) conditions.push(search);
    const filtered = sql`${fromOwingFacts(search !== null)} where ${sql.join(conditions, sql` and `)}`;
    const offset = (filters.page - 1) * RECEIVABLES_PAGE_SIZE;
    const [page, totals, payers] = await Promise.all([
      rowsOf<{ id: unknown }>(
        db,
        sql`select owing.surgery_id as id ${filtered}
          order by owing.due_date asc nulls last, owing.surgery_id asc limit ${RECEIVABLES_PAGE_SIZE} offset ${offset}`,
      ),
      rowsOf<Row>(db, search === null && filters.reason === null ? duesTotals(medicIds, filters, day) : factsTotals(filtered, day)),
      rowsOf<{ payer: string }>(
        db,
        payersSql(duesPayerSql, sql`${FROM_OWING_PAYERS} where ${inArray(sql`dues.medic_id`, medicIds)} and dues.owing_cases > 0`),
      ),
    ]);
    const ids = page.map((row) => Number(row.id));
    const rows = ids.length === 0 ? [] : (await pageRows.execute({ day, ids })).rows;
    return { rows, totals, payers };
  }

  /**
   * The totals from the sums by due date, and by payer when one is chosen (no patient search, no glosa reason: those
   * need the cases); only the rows that still count a case.
   */
  function duesTotals(medicIds: number[], filters: ReceivablesFilters, day: string): SQL {
    const bucket = agingBucketSql(day, DUES_DUE_DATE);
    const conditions: SQL[] = [sql`${inArray(sql`dues.medic_id`, medicIds)} and dues.cases > 0`];
    if (filters.payer !== null) conditions.push(sql`${duesPayerSql} = ${filters.payer}`);
    if (filters.bucket !== null) conditions.push(sql`${bucket} = ${filters.bucket}`);
    const sums = { count: sql`coalesce(sum(dues.cases), 0)`, open: sql`dues.open_cents`, disputed: sql`dues.disputed_cents`, bucket };
    const from = filters.payer === null ? FROM_OWING_DUE_DATES : FROM_OWING_DUES;
    return totalsSql(sums, sql`${from} where ${sql.join(conditions, sql` and `)}`);
  }

  /** The totals from the cases' facts, row by row (a patient search or a glosa reason). */
  const factsTotals = (filtered: SQL, day: string) =>
    totalsSql({ count: sql`count(*)`, open: sql`owing.open_cents`, disputed: sql`owing.disputed_cents`, bucket: agingBucketSql(day, FACTS_DUE_DATE) }, filtered);

  /** Any day, any filter: every candidate's ledger computed (a past day's books, or the appeals filter). */
  async function listFromLedger(medicIds: number[], filters: ReceivablesFilters, day: string, booksDay: string | null) {
    const FROM = fromAt(booksDay);
    const where = filterCondition(medicIds, filters, day, booksDay);
    const offset = (filters.page - 1) * RECEIVABLES_PAGE_SIZE;
    const [rows, totals, payers] = await Promise.all([
      rowsOf<RawReceivable>(
        db,
        sql`${selectColumns(day)} ${FROM} where ${where}
          order by order_key desc, ${surgeries.id} asc limit ${RECEIVABLES_PAGE_SIZE} offset ${offset}`,
      ),
      rowsOf<Row>(
        db,
        totalsSql({ count: sql`count(*)`, open: sql`ledger.open_cents`, disputed: sql`ledger.disputed_cents`, bucket: agingBucketSql(day) }, sql`${FROM} where ${where}`),
      ),
      rowsOf<{ payer: string }>(db, payersSql(payerSql, sql`${FROM} where ${scopeCondition(medicIds, booksDay)}`)),
    ]);
    return { rows, totals, payers };
  }

  return {
    /** A page of the user's receivables with the totals over every filtered row and the payer options. */
    async list(user: User, filters: ReceivablesFilters): Promise<ReceivableList> {
      const { day, booksDay } = daysOf(filters);
      const medicIds = await medicsOf(user, filters.medic);
      const empty: ReceivableList = {
        as_of: day,
        count: 0,
        page: filters.page,
        page_size: RECEIVABLES_PAGE_SIZE,
        totals: { open_cents: 0, disputed_cents: 0, by_bucket: { d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 } },
        payers: [],
        results: [],
      };
      if (medicIds.length === 0) return empty;
      const { rows, totals, payers } =
        booksDay === null && !filters.appeals ? await listFromFacts(medicIds, filters, day) : await listFromLedger(medicIds, filters, day, booksDay);
      const total = totals[0] ?? {};
      return {
        ...empty,
        count: Number(total.count ?? 0),
        totals: {
          open_cents: Number(total.open_cents ?? 0),
          disputed_cents: Number(total.disputed_cents ?? 0),
          by_bucket: {
            d0_30: Number(total.d0_30 ?? 0),
            d31_60: Number(total.d31_60 ?? 0),
            d61_90: Number(total.d61_90 ?? 0),
            d90_plus: Number(total.d90_plus ?? 0),
          },
        },
        payers: payers.map((row) => row.payer),
        results: rows.map(toReceivable),
      };
    },

    /**
     * Every filtered row, in the list's order, read in keyset pages (the export streams them). The medic check runs
     * before the first row, so a 404 is answered before the download starts.
     */
    async exportRows(user: User, filters: ReceivablesFilters) {
      const { day, booksDay } = daysOf(filters);
      const medicIds = await medicsOf(user, filters.medic);
      const where = medicIds.length > 0 ? filterCondition(medicIds, filters, day, booksDay) : null;
      const FROM = fromAt(booksDay);
      return {
        day,
        fetchPage: async (after: [number, number] | null, size: number): Promise<ReceivableExportRow[]> => {
          if (!where) return [];
          const key = orderKeySql(day);
          const afterCondition = after ? sql`and (${key} < ${after[0]} or (${key} = ${after[0]} and ${surgeries.id} > ${after[1]}))` : sql``;
          const rows = await rowsOf<RawReceivable>(
            db,
            sql`${selectColumns(day)} ${FROM} where ${where} ${afterCondition}
              order by order_key desc, ${surgeries.id} asc limit ${size}`,
          );
          return rows.map((row) => ({ ...toReceivable(row), key: [Number(row.order_key), Number(row.surgery)] }));
        },
      };
    },

    /**
     * The visible cases' glosas whose appeal is due within APPEAL_WARNING_DAYS of today (or passed): no outcome, not
     * filed, with a deadline. Soonest first.
     */
    async appealAlerts(user: User): Promise<AppealAlert[]> {
      const medicIds = await visibleMedicIds(db, user);
      if (medicIds.length === 0) return [];
      const today = saoPauloDay(now());
      const rows = await db
        .select({
          surgery: surgeries.id,
          glosa: surgeryGlosas.id,
          nome_completo: patients.nomeCompleto,
          amount_cents: surgeryGlosas.amountCents,
          appeal_deadline: surgeryGlosas.appealDeadline,
          days_left: sql<number>`(${surgeryGlosas.appealDeadline} - ${today}::date)`,
        })
        .from(surgeryGlosas)
        .innerJoin(surgeries, eq(surgeries.id, surgeryGlosas.surgeryId))
        .innerJoin(patients, eq(patients.id, surgeries.patientId))
        .where(
          and(
            inArray(surgeries.medicId, medicIds),
            sql`${surgeryGlosas.appealOutcome} is null`,
            sql`${surgeryGlosas.appealFiledOn} is null`,
            sql`${surgeryGlosas.appealDeadline} is not null`,
            sql`${surgeryGlosas.appealDeadline} - ${today}::date <= ${APPEAL_WARNING_DAYS}`,
          ),
        )
        .orderBy(surgeryGlosas.appealDeadline, surgeryGlosas.id);
      return rows.map((row) => ({
        surgery: row.surgery,
        glosa: row.glosa,
        patient: { nome_completo: row.nome_completo },
        amount_cents: Number(row.amount_cents),
        appeal_deadline: row.appeal_deadline!,
        days_left: Number(row.days_left),
      }));
    },
  };
}
