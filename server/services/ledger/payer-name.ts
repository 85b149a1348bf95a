import { sql, type SQL } from 'drizzle-orm';
import { PAYMENT_SOURCE_LABELS, PAYMENT_SOURCES } from '../../../machines/constants';

/** The payer's name when a case has neither a plan nor a payment source. */
export const NOT_INFORMED = 'Não informado';

/**
 * The name a case's payer goes by on the dashboard, 'A receber' and the exports: the health plan's fantasy name, else
 * the payment source's label, else NOT_INFORMED. `planName` is the joined plan's fantasy name (null without a plan),
 * `source` the case's payment_fountains.
 */
export function payerNameSql(planName: SQL, source: SQL): SQL<string> {
  return sql<string>`coalesce(${planName}, case ${source}::text ${sql.join(
    PAYMENT_SOURCES.map((key) => sql`when ${key} then ${PAYMENT_SOURCE_LABELS[key]}`),
    sql` `,
  )} end, ${NOT_INFORMED})`;
}
