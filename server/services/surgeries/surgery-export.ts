import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_SOURCE_LABELS, STATUS_LABELS } from '../../../machines/constants';
import type { surgeryExportQuerySchema } from '../../../machines/surgeryCase/listQuerySchemas';
import type { Executor } from '../../db/client';
import { healthPlans, hospitals, patients, surgeries, users } from '../../db/schema/index';
import { csvMoney, inPages, type CsvCell } from '../../http/csv';
import type { AuthUser } from '../../plugins/authenticate';
import { keysetAfter, keyValuesSql, orderByOf, type KeyValues } from '../keyset';
import { SAO_PAULO, saoPauloDay } from '../sao-paulo-time';
import { daysInStageSql, holderSql } from './clocks';
import { listFiltersOf } from './list-filters';
import { ORDERINGS_BY_PATIENT, procedureList, SURGERY_SORT_KEYS } from './surgery-response';
import { surgeryListWhere } from './surgery-service';

/**
 * The status list as a CSV (issue 14 item 5; openapi exportSurgeries): every case the list's filters match (no page),
 * in the list's order, read in keyset pages of `pageSize` and yielded row by row for server/http/csv.ts' `sendCsv`.
 * The columns are SPEC §2's list columns, then the fee and the clocks. Each figure is read by the same SQL as the
 * JSON list's (the list's WHERE, procedures, days in stage, holder); money in centavos from the numeric columns.
 */
export const SURGERY_EXPORT_HEADER = [
  'Paciente',
  'Médico',
  'Fonte pagadora',
  'Plano de saúde',
  'Hospital',
  'Procedimentos',
  'Etapa',
  'Agendamento',
  'Valor esperado',
  'Valor recebido',
  'Na etapa (dias)',
  'Responsável',
] as const;

/** Rows per statement: memory holds one page whatever the practice's size. */
export const EXPORT_PAGE_SIZE = 500;

type ExportQuery = typeof surgeryExportQuerySchema.infer;
type User = Pick<AuthUser, 'id' | 'type'>;

/** numeric reais as integer centavos, exactly (the database rounds the numeric, never a float). */
const centsOf = (column: AnyPgColumn) => sql<string | number | null>`round(${column} * 100)::bigint`;

function exportColumns(today: string, keys: (typeof SURGERY_SORT_KEYS)[keyof typeof SURGERY_SORT_KEYS]) {
  return {
    surgeryId: surgeries.id,
    patientName: patients.nomeCompleto,
    medicFirstName: users.firstName,
    medicLastName: users.lastName,
    paymentFountains: surgeries.paymentFountains,
    healthPlanName: healthPlans.fantasyName,
    hospitalName: hospitals.fantasyName,
    procedureList,
    status: surgeries.status,
    // The schedule as São Paulo's wall clock; the zone is a constant written into the text.
    schedule: sql<string | null>`to_char(${surgeries.schedule} at time zone ${sql.raw(`'${SAO_PAULO}'`)}, 'DD/MM/YYYY HH24:MI')`,
    expectedCents: centsOf(surgeries.feesPayments),
    receivedCents: centsOf(surgeries.paymentDone),
    daysInStage: daysInStageSql(today),
    holder: holderSql,
    sortKey: keyValuesSql(keys),
  };
}

const personName = (first: string, last: string) => `${first} ${last}`.trim();
const cents = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The CSV rows of the user's status list for `query` (the list's filters and order). The WHERE is the list's
 * (surgeryListWhere); each page's ids are chosen from the surgeries table alone after the previous page's last key,
 * then joined, like a page of the list.
 */
export async function* surgeryExportRows(
  db: Executor,
  user: User,
  query: ExportQuery,
  now: () => Date,
  pageSize = EXPORT_PAGE_SIZE,
  onRecord: (surgeryId: number) => void = () => {},
): AsyncGenerator<CsvCell[]> {
  const filters = listFiltersOf(query);
  const today = saoPauloDay(now());
  const where = await surgeryListWhere(db, user, filters, today);
  if (!where) return;
  const keys = SURGERY_SORT_KEYS[filters.ordering];
  const orderBy = orderByOf(keys);
  const columns = exportColumns(today, keys);

  const fetchPage = (after: KeyValues | null, size: number) => {
    const base = db.select({ id: surgeries.id }).from(surgeries).$dynamic();
    const chosen = (ORDERINGS_BY_PATIENT.has(filters.ordering) ? base.innerJoin(patients, eq(patients.id, surgeries.patientId)) : base)
      .where(after ? and(where, keysetAfter(keys, after)) : where)
      .orderBy(...orderBy)
      .limit(size)
      .as('page');
    return db
      .select(columns)
      .from(surgeries)
      .innerJoin(chosen, eq(chosen.id, surgeries.id))
      .innerJoin(patients, eq(patients.id, surgeries.patientId))
      .innerJoin(users, eq(users.id, surgeries.medicId))
      .leftJoin(hospitals, eq(hospitals.id, surgeries.hospitalId))
      .leftJoin(healthPlans, eq(healthPlans.id, surgeries.healthPlanId))
      .orderBy(...orderBy);
  };

  for await (const row of inPages(fetchPage, (row) => row.sortKey, pageSize)) {
    onRecord(row.surgeryId);
    yield [
      row.patientName,
      personName(row.medicFirstName, row.medicLastName),
      row.paymentFountains ? PAYMENT_SOURCE_LABELS[row.paymentFountains] : null,
      row.healthPlanName,
      row.hospitalName,
      (row.procedureList ?? []).map((item) => item.description).join(', '),
      STATUS_LABELS[row.status],
      row.schedule === null ? null : { csv: row.schedule },
      csvMoney(cents(row.expectedCents)),
      csvMoney(cents(row.receivedCents)),
      row.daysInStage === null ? null : Number(row.daysInStage),
      row.holder ? personName(row.holder.first_name, row.holder.last_name) : null,
    ];
  }
}
