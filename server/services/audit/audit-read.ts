import { sql, type SQL } from 'drizzle-orm';
import type { AuditFilters } from '../../../machines/audit/auditSchemas';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntity } from '../../../machines/audit/constants';
import type { UserType } from '../../../machines/constants';
import type { Database } from '../../db/client';
import { saoPauloDayBounds, toSaoPauloIso } from '../sao-paulo-time';

/** One audit row as the medic reads it (openapi AuditEvent). Names are joined in now; the row holds only ids. */
export type AuditEventView = {
  id: number;
  at: string;
  actor: { id: number; name: string; type: UserType } | null;
  action: AuditAction;
  entity: AuditEntity;
  entity_id: number | null;
  /** The one patient concerned (null for a list page of several, or a patient since deleted: see patient_ids). */
  patient: { id: number; nome_completo: string } | null;
  patient_ids: number[];
  /** How many records a list page showed (0 otherwise). */
  shown_count: number;
  detail: string | null;
  address: string | null;
};

type AuditRow = {
  id: string | number;
  at: Date | string;
  at_key: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_type: UserType | null;
  action: AuditAction;
  entity: AuditEntity;
  entity_id: number | null;
  patient_ids: number[];
  shown_count: number;
  detail: string | null;
  address: string | null;
  patient_name: string | null;
};

/** The export's keyset: the row's instant as the database wrote it (microseconds kept) and its id. */
type AuditKey = { at: string; id: number };

const rowsOf = <Row>(result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? (result as Row[]));

function viewOf(row: AuditRow): AuditEventView {
  const single = row.patient_ids.length === 1 ? row.patient_ids[0]! : null;
  return {
    id: Number(row.id),
    at: toSaoPauloIso(new Date(row.at)),
    actor:
      row.actor_id === null
        ? null
        : { id: row.actor_id, name: row.actor_name ?? `Usuário ${row.actor_id}`, type: row.actor_type ?? 'secretary' },
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    patient: single !== null && row.patient_name !== null ? { id: single, nome_completo: row.patient_name } : null,
    patient_ids: row.patient_ids,
    shown_count: row.shown_count,
    detail: row.detail,
    address: row.address,
  };
}

/** No filter: the page counts the medic's whole trail. */
const unfiltered = (filters: AuditFilters) =>
  filters.patient === null && filters.actor === null && filters.action === null && !filters.from && !filters.to;

/**
 * The medic's whole trail, from the counts the audit's trigger keeps (server/db/functions/audit-counts.sql): a handful
 * of rows whatever the trail's size, where count(*) read every row of it (issue 41 goal 3).
 */
const countedTotal = (medicId: number) =>
  sql`select coalesce(sum(events), 0)::bigint as count from audit_event_counts where medic_id = ${medicId}`;

/**
 * The medic's audit (issue 16 item 2): the rows of their own patients and cases, newest first, filtered. Only a medic
 * reads it (the route answers 404 to a secretary). `patient` matches every row naming the patient, list pages
 * included; `from`/`to` are São Paulo days.
 */
export function createAuditReader(db: Database) {
  function whereOf(medicId: number, filters: AuditFilters): SQL {
    const conditions: SQL[] = [sql`a.medic_id = ${medicId}`];
    if (filters.patient !== null) conditions.push(sql`a.patient_ids @> array[${filters.patient}]::integer[]`);
    if (filters.actor !== null) conditions.push(sql`a.actor_id = ${filters.actor}`);
    if (filters.action !== null) conditions.push(sql`a.action = ${filters.action}`);
    const from = filters.from ? saoPauloDayBounds(filters.from) : null;
    const to = filters.to ? saoPauloDayBounds(filters.to) : null;
    if (from) conditions.push(sql`a.at >= ${from.start.toISOString()}::timestamptz`);
    if (to) conditions.push(sql`a.at < ${to.end.toISOString()}::timestamptz`);
    return sql.join(conditions, sql` and `);
  }

  function select(where: SQL, tail: SQL) {
    return sql`
      select a.id, a.at, a.at::text as at_key, a.actor_id, nullif(trim(u.first_name || ' ' || u.last_name), '') as actor_name, u.type as actor_type,
        a.action, a.entity, a.entity_id, a.patient_ids, coalesce(cardinality(a.shown_ids), 0)::int as shown_count,
        a.detail, a.address,
        case when cardinality(a.patient_ids) = 1
          then (select p.nome_completo from patients p where p.id = a.patient_ids[1] and p.medic_id = a.medic_id) end as patient_name
      from audit_events a
      left join users u on u.id = a.actor_id
      where ${where}
      ${tail}`;
  }

  return {
    /** Whether `patientId` is one the medic may ask about: theirs now, or named by their audit (since deleted). */
    async knowsPatient(medicId: number, patientId: number): Promise<boolean> {
      const result = await db.execute(sql`
        select exists(select 1 from patients where id = ${patientId} and medic_id = ${medicId})
          or exists(select 1 from audit_events where medic_id = ${medicId} and patient_ids @> array[${patientId}]::integer[]) as known`);
      return Boolean(rowsOf<{ known: boolean }>(result)[0]?.known);
    },

    /**
     * The 'Pessoa' filter's choices (item 33.19): the medic, her linked secretaries and everyone who ever acted in her
     * audit (a removed secretary too: her rows stay), each once, by name; the medic first, then by name.
     */
    async people(medicId: number): Promise<{ id: number; name: string; type: UserType }[]> {
      const result = await db.execute(sql`
        select u.id, nullif(trim(u.first_name || ' ' || u.last_name), '') as name, u.type
        from users u
        where u.id = ${medicId}
          or u.id in (select secretary_id from medic_secretaries where medic_id = ${medicId})
          or u.id in (select distinct actor_id from audit_events where medic_id = ${medicId} and actor_id is not null)`);
      const people = rowsOf<{ id: number; name: string | null; type: UserType }>(result).map((row) => ({
        id: Number(row.id),
        name: row.name ?? `Usuário ${row.id}`,
        type: row.type,
      }));
      const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
      return people.sort((a, b) => (a.id === medicId ? -1 : b.id === medicId ? 1 : collator.compare(a.name, b.name) || a.id - b.id));
    },

    async list(medicId: number, filters: AuditFilters): Promise<{ count: number; page: number; page_size: number; results: AuditEventView[] }> {
      const where = whereOf(medicId, filters);
      const offset = (filters.page - 1) * AUDIT_PAGE_SIZE;
      const [page, total] = await Promise.all([
        db.execute(select(where, sql`order by a.at desc, a.id desc limit ${AUDIT_PAGE_SIZE} offset ${offset}`)),
        db.execute(unfiltered(filters) ? countedTotal(medicId) : sql`select count(*)::int as count from audit_events a where ${where}`),
      ]);
      return {
        count: Number(rowsOf<{ count: number }>(total)[0]?.count ?? 0),
        page: filters.page,
        page_size: AUDIT_PAGE_SIZE,
        results: rowsOf<AuditRow>(page).map(viewOf),
      };
    },

    /** Every filtered row in the list's order, in keyset pages (the export streams them). */
    exportPage(medicId: number, filters: AuditFilters) {
      const where = whereOf(medicId, filters);
      return async (after: AuditKey | null, size: number): Promise<(AuditEventView & { key: AuditKey })[]> => {
        const keyset = after ? sql` and (a.at, a.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
        const result = await db.execute(select(sql`${where}${keyset}`, sql`order by a.at desc, a.id desc limit ${size}`));
        return rowsOf<AuditRow>(result).map((row) => ({ ...viewOf(row), key: { at: row.at_key, id: Number(row.id) } }));
      };
    },
  };
}
