import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { RECEIPT_PAYER_LABELS, RECEIPT_PAYERS } from '../../../machines/ledger/constants';
import type { IncomeReportQuery } from '../../../machines/ledger/incomeSchemas';
import type { Database, Executor } from '../../db/client';
import { healthPlans, hospitals, medicHospitalBilling, patients, surgeries, surgeryReceipts } from '../../db/schema/index';

/**
 * 'Relatório para o contador' (issue 38 item 5; docs/LEDGER.md "Relatório para o contador"; openapi getIncomeReport,
 * exportIncomeReport): a medic's receipts of a year (or one month of it), per month of the receipt's day, split into
 * receipts from persons (the patients: the carnê-leão, each receipt with the patient's CPF) and from companies (plans,
 * hospitals, cooperatives, others: per company, with its CNPJ and the taxes it withheld at source). Every figure,
 * the totals by month and year included, is computed in SQL; the TypeScript only shapes the rows.
 *
 * A receipt's day (received_on, a São Paulo calendar day as typed) decides its month. The gross is amount_cents (what
 * settles the fee), the net deposited is gross − IRRF − ISS − PIS/COFINS/CSLL, computed here, never stored.
 */

export type IncomeReport = components['schemas']['IncomeReport'];
type IncomeTotals = components['schemas']['IncomeTotals'];
type IncomeMonth = IncomeReport['months'][number];

type Row = Record<string, unknown>;

async function rowsOf<T extends Row>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const num = (value: unknown): number => Number(value ?? 0);

/** A date column read raw: PGlite may answer a Date, node-postgres a string. */
function day(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/**
 * A receipt's payer, joined from its case (FROM surgery_receipts): the case, its patient, its plan, its hospital and
 * the office's registration of that hospital (medic_hospital_billing, issue 37).
 */
export const receiptPayerJoin = sql`join ${surgeries} on ${surgeries.id} = ${surgeryReceipts.surgeryId}
  join ${patients} on ${patients.id} = ${surgeries.patientId}
  left join ${healthPlans} on ${healthPlans.id} = ${surgeries.healthPlanId}
  left join ${hospitals} on ${hospitals.id} = ${surgeries.hospitalId}
  left join ${medicHospitalBilling} on ${medicHospitalBilling.medicId} = ${surgeries.medicId}
    and ${medicHospitalBilling.hospitalId} = ${surgeries.hospitalId}`;

/** Whether the receipt came from a person (the patient, particular) — else from a company (needs receiptPayerJoin). */
const fromPersonSql = sql`(${surgeryReceipts.payer} = 'particular')`;

/**
 * The payer's document (needs receiptPayerJoin): the patient's CPF for a person (from the patient's record; null once
 * the patient was anonymized), else the CNPJ typed on the receipt, else the registered CNPJ of the case's hospital when
 * the hospital paid (the office's own registration first, then the hospital's record). Null when unknown.
 */
export const payerDocumentSql = sql<string | null>`(case when ${fromPersonSql} then nullif(${patients.cpf}, '')
  else coalesce(${surgeryReceipts.payerDocument},
    case when ${surgeryReceipts.payer} = 'hospital' then coalesce(${medicHospitalBilling.cnpj}, ${hospitals.cnpj}) end) end)`;

/**
 * The paying company's name (needs receiptPayerJoin): as typed on the receipt, else the case's plan's corporate name
 * (razão social) when the plan paid, the case's hospital's (its corporate name, else its name) when the hospital did,
 * else the payer's label. Null for a person.
 */
export const companyNameSql = sql<string | null>`(case when ${fromPersonSql} then null
  else coalesce(${surgeryReceipts.payerName},
    case ${surgeryReceipts.payer}::text
      when 'plano_saude' then ${healthPlans.corporateName}
      when 'hospital' then coalesce(${hospitals.corporateName}, ${hospitals.fantasyName}) end,
    case ${surgeryReceipts.payer}::text ${sql.join(
      RECEIPT_PAYERS.map((payer) => sql`when ${payer} then ${RECEIPT_PAYER_LABELS[payer]}`),
      sql` `,
    )} end) end)`;

/** The sum of the withholdings and the net deposited (gross − withholdings) of a receipt. */
const withheldSql = sql`(${surgeryReceipts.irrfCents} + ${surgeryReceipts.issCents} + ${surgeryReceipts.pisCofinsCsllCents})`;
export const netSql = sql`(${surgeryReceipts.amountCents} - ${withheldSql})`;

/** The first day of the report's period and the first day after it (yyyy-MM-dd). */
function incomePeriod({ year, month }: IncomeReportQuery): { from: string; until: string } {
  const pad = (value: number) => String(value).padStart(2, '0');
  if (month === null) return { from: `${year}-01-01`, until: `${year + 1}-01-01` };
  return { from: `${year}-${pad(month)}-01`, until: month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01` };
}

/** The medic's receipts of the period (needs receiptPayerJoin). */
const inPeriod = (medicId: number, { from, until }: { from: string; until: string }) =>
  sql`${surgeries.medicId} = ${medicId} and ${surgeryReceipts.receivedOn} >= ${from}::date and ${surgeryReceipts.receivedOn} < ${until}::date`;

const monthSql = sql`to_char(${surgeryReceipts.receivedOn}, 'YYYY-MM')`;

/** The sums every total carries. */
const sumsSql = sql`count(*)::int as receipts, coalesce(sum(${surgeryReceipts.amountCents}), 0)::bigint as gross_cents,
  coalesce(sum(${surgeryReceipts.irrfCents}), 0)::bigint as irrf_cents,
  coalesce(sum(${surgeryReceipts.issCents}), 0)::bigint as iss_cents,
  coalesce(sum(${surgeryReceipts.pisCofinsCsllCents}), 0)::bigint as pis_cofins_csll_cents,
  coalesce(sum(${netSql}), 0)::bigint as net_cents`;

type SumsRow = { receipts: unknown; gross_cents: unknown; irrf_cents: unknown; iss_cents: unknown; pis_cofins_csll_cents: unknown; net_cents: unknown };

const totalsOf = (row: SumsRow | undefined): IncomeTotals => ({
  receipts: num(row?.receipts),
  gross_cents: num(row?.gross_cents),
  irrf_cents: num(row?.irrf_cents),
  iss_cents: num(row?.iss_cents),
  pis_cofins_csll_cents: num(row?.pis_cofins_csll_cents),
  net_cents: num(row?.net_cents),
});

/**
 * The report of `medicId` for `query`: the persons' receipts one by one, the companies' per company (CNPJ and name)
 * and month, and the totals per month and half, per month, per half and overall (one GROUPING SETS statement).
 */
export async function readIncomeReport(db: Database | Executor, medicId: number, query: IncomeReportQuery): Promise<IncomeReport> {
  const period = incomePeriod(query);
  const where = inPeriod(medicId, period);
  const persons = await rowsOf<Row>(
    db,
    sql`select ${surgeryReceipts.id} as id, ${surgeries.id} as surgery, ${monthSql} as month,
      ${surgeryReceipts.receivedOn} as received_on, ${patients.nomeCompleto} as patient_name, ${payerDocumentSql} as cpf,
      ${surgeryReceipts.amountCents} as gross_cents
    from ${surgeryReceipts} ${receiptPayerJoin}
    where ${where} and ${fromPersonSql}
    order by ${surgeryReceipts.receivedOn}, ${surgeryReceipts.id}`,
  );
  const companies = await rowsOf<Row>(
    db,
    sql`select month, cnpj, name, count(*)::int as receipts,
      sum(gross)::bigint as gross_cents, sum(irrf)::bigint as irrf_cents, sum(iss)::bigint as iss_cents,
      sum(pcc)::bigint as pis_cofins_csll_cents, sum(net)::bigint as net_cents
    from (select ${monthSql} as month, ${payerDocumentSql} as cnpj, ${companyNameSql} as name,
        ${surgeryReceipts.amountCents} as gross, ${surgeryReceipts.irrfCents} as irrf, ${surgeryReceipts.issCents} as iss,
        ${surgeryReceipts.pisCofinsCsllCents} as pcc, ${netSql} as net
      from ${surgeryReceipts} ${receiptPayerJoin}
      where ${where} and not ${fromPersonSql}) as company
    group by month, cnpj, name
    order by month, name collate "und-x-icu", cnpj nulls last`,
  );
  const totals = await rowsOf<SumsRow & { month: string | null; person: boolean | null; by_month: number; by_half: number }>(
    db,
    sql`select ${monthSql} as month, ${fromPersonSql} as person,
      grouping(${monthSql})::int as by_month, grouping(${fromPersonSql})::int as by_half, ${sumsSql}
    from ${surgeryReceipts} ${receiptPayerJoin}
    where ${where}
    group by grouping sets ((${monthSql}, ${fromPersonSql}), (${monthSql}), (${fromPersonSql}), ())`,
  );
  const totalOf = (month: string | null, person: boolean | null) =>
    totalsOf(
      totals.find(
        (row) =>
          (month === null ? num(row.by_month) === 1 : num(row.by_month) === 0 && row.month === month) &&
          (person === null ? num(row.by_half) === 1 : num(row.by_half) === 0 && Boolean(row.person) === person),
      ),
    );
  const months = [...new Set(totals.filter((row) => num(row.by_month) === 0).map((row) => row.month!))].sort();
  return {
    year: query.year,
    month: query.month,
    from: period.from,
    until: period.until,
    months: months.map((month) => ({
      month,
      persons: {
        receipts: persons.filter((row) => row.month === month).map(personOf),
        total: totalOf(month, true),
      },
      companies: {
        payers: companies.filter((row) => row.month === month).map(companyOf),
        total: totalOf(month, false),
      },
      total: totalOf(month, null),
    })),
    totals: { persons: totalOf(null, true), companies: totalOf(null, false), all: totalOf(null, null) },
  };
}

function personOf(row: Row): IncomeMonth['persons']['receipts'][number] {
  return {
    id: num(row.id),
    surgery: num(row.surgery),
    received_on: day(row.received_on),
    patient_name: String(row.patient_name),
    cpf: (row.cpf as string | null) ?? null,
    gross_cents: num(row.gross_cents),
  };
}

function companyOf(row: Row): IncomeMonth['companies']['payers'][number] {
  return {
    cnpj: (row.cnpj as string | null) ?? null,
    name: String(row.name),
    receipts: num(row.receipts),
    gross_cents: num(row.gross_cents),
    irrf_cents: num(row.irrf_cents),
    iss_cents: num(row.iss_cents),
    pis_cofins_csll_cents: num(row.pis_cofins_csll_cents),
    net_cents: num(row.net_cents),
  };
}
