import { recordChange } from '../audit/audit-log';
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { CLOSED_STATUSES, type SurgeryDocumentKind } from '../../../machines/constants';
import type { Database, Executor } from '../../db/client';
import {
  cids,
  healthPlans,
  hospitals,
  medicSecretaries,
  patients,
  procedures,
  surgeries,
  surgeryCids,
  surgeryDocuments,
  surgeryProcedures,
  surgeryStatusHistory,
} from '../../db/schema/index';
import type { AuthUser } from '../../plugins/authenticate';
import { badRequest } from '../../http/errors';
import { contains, digitsOnly, matchesAllTerms, searchTerms } from '../lookups/search-filter';
import { hospitalUsable, hospitalUsableBy } from '../lookups/hospital-service';
import { medicScopeCondition, visibleMedicIds, visibleSurgeriesCondition, visibleSurgery } from '../access/scope';
import { linkSigningContext, type LinkSigner } from '../files/signed-links';
import { hashToken } from '../auth/token-service';
import type { FileStorage, StoredFile } from '../storage/file-storage';
import { CREATE_SURGERY_MESSAGES as M } from '../../../machines/surgeryCase/messages';
import type { CreateSurgeryInput } from '../../../machines/surgeryCase/schemas';
import { addProblem, noProblems } from '../../../machines/validation/problemList';
import { throwIfProblems } from '../../http/validation';
import { SAO_PAULO, saoPauloDay } from '../sao-paulo-time';
import { heldByCondition, overdueSql } from './clocks';
import type { scheduleDaysQuerySchema, surgeryListQuerySchema } from '../../../machines/surgeryCase/listQuerySchemas';
import { listFiltersOf, scheduleDaysFiltersOf, type SurgeryListFilters } from './list-filters';
import { inPageOrder } from '../keyset';
import {
  prepareSurgeryById,
  surgeryByIdWithTokenStatement,
  listIndexCondition,
  listIndexFor,
  readSurgeryPage,
  selectSurgeryPageIds,
  selectSurgeryRows,
  surgeryRowsByIds,
  toSurgeryResponse,
  toSurgeryResponses,
  type SurgeryResponse,
} from './surgery-response';

export const SURGERY_NOT_FOUND = 'Não foi possível encontrar essa cirurgia';

type SurgeryServiceDeps = { db: Database; storage: FileStorage; signer: LinkSigner; now: () => Date };
type User = Pick<AuthUser, 'id' | 'type'>;

/** `closed_count`: see list(). */
type SurgeryList = { results: SurgeryResponse[]; count: number; closed_count?: number };

/** openapi listScheduleDays: the days of a month with visible scheduled cases, in order. */
type ScheduleDays = { month: string; results: Array<{ date: string; count: number }> };

/** The foreign key of a case's patient (server/db/migrations). */
const PATIENT_FOREIGN_KEY = 'surgeries_patient_id_patients_id_fk';

/** The constraint a failed query broke, when it was a foreign key violation (drizzle wraps the driver's error). */
function foreignKeyViolated(error: unknown): string | null {
  for (const candidate of [(error as { cause?: unknown })?.cause, error]) {
    const { code, constraint } = (candidate ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === '23503') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** Ids of `table` among `ids` that exist. */
async function existingIds(db: Executor, table: typeof cids | typeof procedures, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

async function exists(db: Executor, table: typeof hospitals | typeof healthPlans, id: number, usable?: SQL): Promise<boolean> {
  const rows = await db.select({ id: table.id }).from(table).where(and(eq(table.id, id), usable)).limit(1);
  return rows.length > 0;
}

/**
 * Checks every reference of a new case against the database and the user's medics (DECISIONS §2: a
 * patient outside them is "not found", a body reference, so 400). Returns the patient's medic.
 */
async function checkReferences(db: Executor, user: User, input: CreateSurgeryInput): Promise<number> {
  const medicIds = await visibleMedicIds(db, user);
  const { patient, hospital, health_plan: healthPlan } = input;
  const [patientRows, hospitalOk, planOk, cidIds, procedureIds] = await Promise.all([
    medicIds.length > 0
      ? db
          .select({ medicId: patients.medicId, anonymizedAt: patients.anonymizedAt })
          .from(patients)
          .where(and(eq(patients.id, patient), inArray(patients.medicId, medicIds)))
      : Promise.resolve([]),
    exists(db, hospitals, hospital, hospitalUsableBy(medicIds)),
    healthPlan === null ? Promise.resolve(true) : exists(db, healthPlans, healthPlan),
    existingIds(db, cids, input.cid),
    existingIds(db, procedures, input.procedure),
  ]);
  const medicId = patientRows[0]?.medicId ?? null;
  // Another office's hospital is as unknown as a missing one (one of a secretary's other medics' included).
  const hospitalUsableHere = hospitalOk && (medicIds.length === 1 || medicId === null || (await hospitalUsable(db, hospital, medicId)));
  const problems = noProblems();
  if (medicId === null) addProblem(problems, 'patient', M.patientNotFound);
  // An anonymized patient (erasure request, issue 16) starts no new case: it would hold a record with no identity.
  else if (patientRows[0]?.anonymizedAt) addProblem(problems, 'patient', M.patientAnonymized);
  if (!hospitalUsableHere) addProblem(problems, 'hospital', M.hospitalNotFound);
  if (!planOk) addProblem(problems, 'health_plan', M.healthPlanNotFound);
  if (cidIds.size < input.cid.length) addProblem(problems, 'cid', M.unknownCid);
  if (procedureIds.size < input.procedure.length) addProblem(problems, 'procedure', M.unknownProcedure);
  throwIfProblems(problems);
  return medicId!;
}

/**
 * The patients a list search finds among `medicIds` (DECISIONS §11; the patient search's rule): CPF digits match
 * the CPF, anything else every word of the name, case- and accent-insensitively. Null: no search.
 */
function patientSearchCondition(db: Executor, medicIds: number[], search: string): SQL | null {
  const digits = digitsOnly(search);
  const match = digits ? contains(patients.cpf, digits) : matchesAllTerms(patients.searchText, searchTerms(search));
  if (!match) return null;
  const found = db
    .select({ id: patients.id })
    .from(patients)
    .where(and(inArray(patients.medicId, medicIds), match));
  return inArray(surgeries.patientId, found);
}

/**
 * The WHERE of a list: the user's medics, the stages, the schedule filters, the patient search, and the clocks'
 * filters (overdue at `today`; held by the user).
 */
function listCondition(
  db: Executor,
  medicIds: number[],
  filters: SurgeryListFilters,
  clock: { userId: number; today: string },
): SQL | undefined {
  const conditions: SQL[] = [
    inArray(surgeries.medicId, medicIds),
    inArray(surgeries.status, [...filters.statuses]),
    ...listIndexCondition(filters.statuses),
  ];
  if (filters.overdue) conditions.push(overdueSql(clock.today));
  if (filters.mine) conditions.push(heldByCondition(clock.userId));
  if (filters.scheduledOnly) conditions.push(isNotNull(surgeries.schedule));
  if (filters.day) conditions.push(gte(surgeries.schedule, filters.day.start), lt(surgeries.schedule, filters.day.end));
  const search = patientSearchCondition(db, medicIds, filters.search);
  if (search) conditions.push(search);
  return and(...conditions);
}

/**
 * The WHERE of the user's list for `filters` (the list and its CSV export share it), or null when nothing can match
 * (no medics, no stages).
 */
export async function surgeryListWhere(db: Executor, user: User, filters: SurgeryListFilters, today: string): Promise<SQL | null> {
  const medicIds = await visibleMedicIds(db, user);
  if (medicIds.length === 0 || filters.statuses.length === 0) return null;
  return listCondition(db, medicIds, filters, { userId: user.id, today }) ?? null;
}

/**
 * The list's page and count without a patient search as named prepared statements (the list is the app's main
 * screen: drizzle built its statement's text on every request). Its text depends on the role, the ordering, how many
 * stages and which filters are on, so one pair is prepared per such shape, named after it, and kept; everything
 * else (the user, today, the stages, the day, the page) travels as parameters. The user's scope is in the statement
 * (a secretary's linked medics as a subquery), so a secretary's list is two statements, not three.
 */
function createPreparedLists(db: Database) {
  type Shape = ReturnType<typeof prepareShape>;
  const shapes = new Map<string, Shape>();
  const rowsByIds = surgeryRowsByIds(db, sql.placeholder('today'), sql.placeholder('ids')).prepare('surgery_rows_by_ids');

  function prepareShape(key: string, user: User, filters: SurgeryListFilters) {
    const userId = sql.placeholder('userId');
    const today = sql.placeholder('today');
    const scope = medicScopeCondition(db, surgeries.medicId, user.type, userId);
    // The predicate of the list's partial index that holds the stages: part of the shape (its key names the index).
    const conditions: SQL[] = [
      scope,
      inArray(surgeries.status, filters.statuses.map((_, i) => sql.placeholder(`status${i}`))),
      ...listIndexCondition(filters.statuses),
    ];
    if (filters.overdue) conditions.push(overdueSql(today));
    if (filters.mine) conditions.push(heldByCondition(userId));
    if (filters.scheduledOnly) conditions.push(isNotNull(surgeries.schedule));
    if (filters.day) conditions.push(gte(surgeries.schedule, sql.placeholder('dayStart')), lt(surgeries.schedule, sql.placeholder('dayEnd')));
    const where = and(...conditions);
    // Named after the shape (not a counter), so two apps on one pool never give one name two texts.
    const name = `surgery_list_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
    const page = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), ordering: filters.ordering };
    const stagesOnly = !filters.overdue && !filters.mine && !filters.scheduledOnly && !filters.day;
    return {
      pageIds: selectSurgeryPageIds(db, where, page).prepare(`${name}_page`),
      count: stagesOnly
        ? countByStages(user, filters.statuses.length).prepare(`${name}_count`)
        : db.select({ total: count() }).from(surgeries).where(where).prepare(`${name}_count`),
    };
  }

  /**
   * The count of a list filtered by stage alone, from the cases per medic and stage the dashboard's triggers keep
   * (dashboard_status_totals, written in the same transaction as the cases): a few rows whatever the office's size,
   * where counting the cases read thousands (issue 41, flat cost).
   */
  function countByStages(user: User, stages: number) {
    const userId = sql.placeholder('userId');
    const scope =
      user.type === 'medic'
        ? sql`medic_id = ${userId}`
        : sql`medic_id in (select ${medicSecretaries.medicId} from ${medicSecretaries} where ${medicSecretaries.secretaryId} = ${userId})`;
    const statuses = sql.join(
      Array.from({ length: stages }, (_, i) => sql`${sql.placeholder(`status${i}`)}::case_status`),
      sql`, `,
    );
    return db
      .select({ total: sql<number>`coalesce(sum(cases), 0)::int` })
      .from(sql`dashboard_status_totals`)
      .where(sql`${scope} and status in (${statuses})`);
  }

  /** The page and the count for `filters` (no search, at least one stage). */
  return async (user: User, filters: SurgeryListFilters, today: string) => {
    const key = [user.type, filters.ordering, filters.statuses.length, listIndexFor(filters.statuses)?.name, filters.overdue, filters.mine, filters.scheduledOnly, filters.day !== null].join(':');
    let shape = shapes.get(key);
    if (!shape) {
      shape = prepareShape(key, user, filters);
      shapes.set(key, shape);
    }
    const values: Record<string, unknown> = { userId: user.id, today, limit: filters.limit, offset: filters.offset };
    filters.statuses.forEach((status, i) => (values[`status${i}`] = status));
    if (filters.day) Object.assign(values, { dayStart: filters.day.start.toISOString(), dayEnd: filters.day.end.toISOString() });
    const [pageIds, totals] = await Promise.all([shape.pageIds.execute(values), shape.count.execute(values)]);
    const ids = pageIds.map((row) => row.id);
    const rows = ids.length === 0 ? [] : inPageOrder(ids, await rowsByIds.execute({ ids, today }));
    return { rows, total: Number(totals[0]?.total ?? 0) };
  };
}

/**
 * Surgery cases (SPEC §3, §7; openapi createSurgery, listSurgeries, getSurgery, getSurgeryDocument).
 * Every read and write is limited to the user's medics (visibleMedicIds); a case outside them is
 * not found.
 */
export function createSurgeryService({ db, storage, signer, now }: SurgeryServiceDeps) {
  const readById = prepareSurgeryById(db);
  const readByIdWithToken = surgeryByIdWithTokenStatement(db);
  const listPage = createPreparedLists(db);

  /** One visible case as the contract's Surgery, or null (missing or another tenant's). */
  async function get(user: User, id: number, executor: Executor = db): Promise<SurgeryResponse | null> {
    const today = saoPauloDay(now());
    let row;
    if (executor === db) {
      row = await readById(user, id, today);
    } else {
      const visible = await visibleSurgery(executor, user, id);
      if (!visible) return null;
      [row] = await selectSurgeryRows(executor, today).where(visible).limit(1);
    }
    return row ? toSurgeryResponse(row, signer, today) : null;
  }

  /**
   * A search that matches nothing in the stages asked (issue 33 item 12): how many closed cases (CLOSED_STATUSES not
   * asked for) match the same search and filters, so the list can say so instead of 'Nenhuma cirurgia encontrada'.
   */
  async function closedMatches(user: User, filters: SurgeryListFilters, today: string): Promise<number> {
    const statuses = CLOSED_STATUSES.filter((status) => !filters.statuses.includes(status));
    if (statuses.length === 0) return 0;
    const where = await surgeryListWhere(db, user, { ...filters, statuses }, today);
    if (!where) return 0;
    const [row] = await db.select({ total: count() }).from(surgeries).where(where);
    return Number(row?.total ?? 0);
  }

  /**
   * Case `id` for the bearer `accessToken`, checked in the same statement (GET by id, issue 41): the Surgery with the
   * token's user and sign-in, its document links signed for that sign-in; null when the token is refused or the case
   * is not that user's (the caller tells the two apart).
   */
  async function getWithToken(accessToken: string, id: number) {
    const at = now();
    const today = saoPauloDay(at);
    const [found] = await readByIdWithToken.execute({ id, tokenHash: hashToken(accessToken), now: at.toISOString(), today });
    if (!found) return null;
    const surgery = await linkSigningContext.run({ familyId: found.familyId }, () => toSurgeryResponse(found.row, signer, today));
    return { user: found.user, familyId: found.familyId, surgery };
  }

  return {
    get,
    getWithToken,

    /**
     * Creates a case at ind_paciente for the body's patient; its medic is the patient's (SPEC §6).
     * Everything (case, ordered codes, first history row) in one transaction; any problem: one 400
     * listing them all, nothing written.
     */
    async create(user: User, input: CreateSurgeryInput): Promise<{ id: number }> {
      const medicId = await checkReferences(db, user, input);
      const { patient, hospital } = input;
      const at = now();
      try {
        return await db.transaction(async (tx) => {
          // The patient, locked against a concurrent move to another medic or deletion until the case exists.
          const [locked] = await tx
            .select({ medicId: patients.medicId, anonymizedAt: patients.anonymizedAt })
            .from(patients)
            .where(eq(patients.id, patient))
            .for('share');
          if (locked?.medicId !== medicId) throw badRequest([M.patientNotFound], { patient: [M.patientNotFound] });
          if (locked.anonymizedAt) throw badRequest([M.patientAnonymized], { patient: [M.patientAnonymized] });
          const [row] = await tx
            .insert(surgeries)
            .values({
              medicId,
              patientId: patient,
              hospitalId: hospital,
              healthPlanId: input.health_plan,
              paymentFountains: input.payment_fountains,
              opme: input.opme,
              feesPayments: input.fees_payments,
              surgeryNote: input.surgery_note,
              status: 'ind_paciente',
              statusChangedAt: at,
              createdBy: user.id,
              // The creator holds the case (issue 33 item 13): a secretary who registers it, else the medic (null).
              holderId: user.type === 'secretary' ? user.id : null,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: surgeries.id });
          if (!row) throw new Error('createSurgery: no row returned');
          const surgeryId = row.id;
          await tx
            .insert(surgeryProcedures)
            .values(input.procedure.map((procedureId, position) => ({ surgeryId, position, procedureId })));
          await tx.insert(surgeryCids).values(input.cid.map((cidId, position) => ({ surgeryId, position, cidId })));
          await tx
            .insert(surgeryStatusHistory)
            .values({ surgeryId, fromStatus: null, toStatus: 'ind_paciente', changedBy: user.id, changedAt: at });
          await recordChange(tx, user, { medicId, action: 'create', entity: 'surgery', entityId: surgeryId, patientIds: [patient] }, at);
          return { id: surgeryId };
        });
      } catch (error) {
        // The patient deleted between the check above and the insert: the same answer as a missing patient.
        if (foreignKeyViolated(error) === PATIENT_FOREIGN_KEY) throw badRequest([M.patientNotFound], { patient: [M.patientNotFound] });
        throw error;
      }
    },

    /**
     * A page of the visible cases in list order, with the total that match. The same few queries whatever the page
     * size: the count, the page's ids, their rows (and, with a search, the user's medics first).
     */
    async list(user: User, query: typeof surgeryListQuerySchema.infer): Promise<SurgeryList> {
      const filters = listFiltersOf(query);
      const today = saoPauloDay(now());
      if (filters.statuses.length === 0) return { results: [], count: 0 };
      if (!filters.search) {
        const { rows, total } = await listPage(user, filters, today);
        return { results: await toSurgeryResponses(rows, signer, today), count: total };
      }
      const where = await surgeryListWhere(db, user, filters, today);
      if (!where) return { results: [], count: 0 };
      const [rows, totals] = await Promise.all([
        readSurgeryPage(db, where, filters, today),
        db.select({ total: count() }).from(surgeries).where(where),
      ]);
      const total = Number(totals[0]?.total ?? 0);
      const results = await toSurgeryResponses(rows, signer, saoPauloDay(now()));
      if (total > 0) return { results, count: total };
      return { results, count: total, closed_count: await closedMatches(user, filters, today) };
    },

    /**
     * The São Paulo days of a month on which visible cases in the list's stages are scheduled, with
     * how many on each (the calendar "Cirurgias do mês"). One statement: the user's scope is a
     * subquery, the month's bounds (São Paulo, from Temporal) keep it on the schedule index, and the
     * database groups by the São Paulo calendar day.
     */
    async scheduleDays(user: User, query: typeof scheduleDaysQuerySchema.infer): Promise<ScheduleDays> {
      const { month, statuses, bounds } = scheduleDaysFiltersOf(query);
      // The zone is a constant written into the text, so the select, GROUP BY and ORDER BY are one expression.
      const day = sql<string>`to_char(${surgeries.schedule} at time zone ${sql.raw(`'${SAO_PAULO}'`)}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, count: count() })
        .from(surgeries)
        .where(
          and(
            visibleSurgeriesCondition(db, user),
            inArray(surgeries.status, [...statuses]),
            gte(surgeries.schedule, bounds.start),
            lt(surgeries.schedule, bounds.end),
          ),
        )
        .groupBy(day)
        .orderBy(asc(day));
      return { month, results: rows.map((row) => ({ date: row.date, count: Number(row.count) })) };
    },

    /** The latest uploaded file of a kind (the caller verified the signed link), or null. */
    async readDocument(surgeryId: number, kind: SurgeryDocumentKind): Promise<StoredFile | null> {
      const [row] = await db
        .select({ fileKey: surgeryDocuments.fileKey, contentType: surgeryDocuments.contentType })
        .from(surgeryDocuments)
        .where(and(eq(surgeryDocuments.surgeryId, surgeryId), eq(surgeryDocuments.kind, kind)))
        .orderBy(desc(surgeryDocuments.uploadedAt), desc(surgeryDocuments.id))
        .limit(1);
      if (!row) return null;
      const file = await storage.get(row.fileKey);
      return file ? { ...file, contentType: row.contentType } : null;
    },

    /** One stored file of a case by its id (issue 33 item 10; the caller verified the signed link), or null. */
    async readDocumentFile(surgeryId: number, fileId: number): Promise<(StoredFile & { kind: SurgeryDocumentKind | null }) | null> {
      const [row] = await db
        .select({ fileKey: surgeryDocuments.fileKey, contentType: surgeryDocuments.contentType, kind: surgeryDocuments.kind })
        .from(surgeryDocuments)
        .where(and(eq(surgeryDocuments.surgeryId, surgeryId), eq(surgeryDocuments.id, fileId)));
      if (!row) return null;
      const file = await storage.get(row.fileKey);
      return file ? { ...file, contentType: row.contentType, kind: row.kind } : null;
    },
  };
}
