import { sql, type SQL } from 'drizzle-orm';
import { PAYMENT_SOURCE_LABELS, PAYMENT_SOURCES } from '../../../machines/constants';

/** The payer's name when a case has neither a plan nor a payment source. */
const NOT_INFORMED = 'Não informado';

/**
 * The name of a case's payer, as every money view shows it ('A receber', the dashboard's charts, the exports): the
 * health plan's fantasy name, else the payment source's label, else NOT_INFORMED. `planName` is the joined plan's
 * fantasy name (null without a plan), `source` the case's payment_fountains.
 */
export const payerName = (planName: SQL, source: SQL): SQL<string> => sql<string>`coalesce(${planName}, case ${source}::text ${sql.join(
  PAYMENT_SOURCES.map((key) => sql`when ${key} then ${PAYMENT_SOURCE_LABELS[key]}`),
  sql` `,
)} end, ${NOT_INFORMED})`;
