import { and, eq, getTableColumns, gt, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../../openapi/schema';
import { ACTIVE_STATUSES, isActiveStatus, SURGERY_DOCUMENT_KINDS, type CaseStatus, type SurgeryDocumentKind } from '../../../machines/constants';
import type { Database, Executor } from '../../db/client';
import { executeIn } from '../../db/prepared';
import {
  cids,
  healthPlans,
  hospitals,
  medicSecretaries,
  oauthTokens,
  patients,
  procedures,
  surgeries,
  surgeryCids,
  surgeryDocuments,
  surgeryAuthorizations,
  surgeryProcedures,
  surgeryStatusHistory,
  users,
} from '../../db/schema/index';
import type { LossReason } from '../../../machines/preoperative/constants';
import type { LinkSigner } from '../files/signed-links';
import { phoneDigits } from '../patients/patient-response';
import type { SurgeryOrdering } from '../../../machines/surgeryCase/listQuerySchemas';
import { toSaoPauloIso } from '../sao-paulo-time';
import { authorizationAlerts, type AuthorizationValidity } from '../../../machines/preoperative/authorizationRules';
import { daysInStageSql, holderSql, overdueSql, stageTargetSql } from './clocks';
import { inPageOrder, orderByOf, type SortKey } from '../keyset';
import { caseTemplateKey } from '../templates/template-keys';

/**
 * The Surgery object of the contract (openapi: components.schemas.Surgery) and how it is read: one
 * statement per set of surgeries, with their patient, medic, hospital and plan joined and their
 * procedures, CIDs and uploaded document kinds gathered by correlated subqueries (each an index
 * lookup by surgery id: no per-surgery round trip, and no plan that depends on table statistics,
 * which the embedded PGlite never collects by itself). Every operation that answers a Surgery (get,
 * list, and the lifecycle writes) goes through here.
 */
export type SurgeryResponse = components['schemas']['Surgery'];

/** The joined row of one case, as selectSurgeryRows reads it. */
export type SurgeryJoinedRow = Awaited<ReturnType<typeof selectSurgeryRows>>[number];

/** Where a patient's photo and a surgery's document are served (signed links, openapi). */
const patientPhotoPath = (patientId: number) => `/surgery/api/v1/patient/${patientId}/foto/`;
const surgeryDocumentPath = (surgeryId: number, kind: SurgeryDocumentKind) =>
  `/surgery/api/v1/surgery/${surgeryId}/documents/${kind}/`;
/** One stored file of a case (issue 33 item 10), whichever its kind or named document. */
const surgeryDocumentFilePath = (surgeryId: number, fileId: number) =>
  `/surgery/api/v1/surgery/${surgeryId}/document_files/${fileId}/`;

/**
 * The case's procedures in position order, as JSON (null when none). Each item is read by its primary
 * key in a scalar subquery: a join here would, without statistics, hash the whole reference table.
 */
export const procedureList = sql<SurgeryResponse['procedure'] | null>`(
  select json_agg((
      select json_build_object('id', ${procedures.id}, 'description', ${procedures.description}, 'code', ${procedures.code})
      from ${procedures} where ${procedures.id} = ${surgeryProcedures.procedureId}
    ) order by ${surgeryProcedures.position})
  from ${surgeryProcedures} where ${surgeryProcedures.surgeryId} = ${surgeries.id})`;

/** The case's CIDs in position order, as JSON (null when none); read like the procedures. */
const cidList = sql<SurgeryResponse['cid'] | null>`(
  select json_agg((
      select json_build_object('id', ${cids.id}, 'code', ${cids.code}, 'description', ${cids.description})
      from ${cids} where ${cids.id} = ${surgeryCids.cidId}
    ) order by ${surgeryCids.position})
  from ${surgeryCids} where ${surgeryCids.surgeryId} = ${surgeries.id})`;

/**
 * The case's stored files (issue 33 item 10: several per kind, and the named documents' files): id, the kind or the
 * named document, the sender's file name, when; in the kinds' order, then the named documents, each oldest first.
 */
const documentFiles = sql<Array<{
  id: number;
  kind: SurgeryDocumentKind | null;
  document: string | null;
  name: string | null;
  uploaded_at: string;
}> | null>`(
  select json_agg(json_build_object(
      'id', ${surgeryDocuments.id}, 'kind', ${surgeryDocuments.kind}, 'document', ${surgeryDocuments.name},
      'name', ${surgeryDocuments.originalName}, 'uploaded_at', ${surgeryDocuments.uploadedAt})
    order by ${surgeryDocuments.kind} nulls last, ${surgeryDocuments.name}, ${surgeryDocuments.uploadedAt}, ${surgeryDocuments.id})
  from ${surgeryDocuments} where ${surgeryDocuments.surgeryId} = ${surgeries.id})`;

/**
 * Why a cancelled or archived case was lost (issue 13): the reason and note of the history row that put it in its
 * current status (the latest such row), as JSON; null for any other status, or when no history row says.
 */
const lossReason = sql<{ reason: LossReason | null; note: string | null } | null>`(
  select json_build_object('reason', ${surgeryStatusHistory.reason}, 'note', ${surgeryStatusHistory.reasonNote})
  from ${surgeryStatusHistory}
  where ${surgeryStatusHistory.surgeryId} = ${surgeries.id} and ${surgeryStatusHistory.toStatus} = ${surgeries.status}
    and stage_group(${surgeries.status}) = 'lost'
  order by ${surgeryStatusHistory.changedAt} desc, ${surgeryStatusHistory.id} desc
  limit 1)`;

/**
 * The case's granted authorizations with a validity (issue 13; DECISIONS §15), as JSON (null when none): what its
 * `authorization_alerts` are computed from (machines/preoperative/authorizationRules.ts). Read by the primary key.
 */
const authorizationValidities = sql<AuthorizationValidity[] | null>`(
  select json_agg(json_build_object(
      'payer', ${surgeryAuthorizations.payer}, 'status', ${surgeryAuthorizations.status}, 'valid_until', ${surgeryAuthorizations.validUntil}))
  from ${surgeryAuthorizations}
  where ${surgeryAuthorizations.surgeryId} = ${surgeries.id} and ${surgeryAuthorizations.validUntil} is not null
    and ${surgeryAuthorizations.status} in ('aprovada', 'parcial'))`;

/**
 * The joined row's columns; `today` (yyyy-MM-dd, São Paulo, or a prepared statement's placeholder) sets the
 * days-in-stage clock (./clocks.ts).
 */
const surgeryRowColumns = (today: string | Placeholder) => ({
  ...getTableColumns(surgeries),
  patientName: patients.nomeCompleto,
  patientCellphone: patients.cellphone,
  patientPhotoKey: patients.photoKey,
  medicFirstName: users.firstName,
  medicLastName: users.lastName,
  hospitalName: hospitals.fantasyName,
  hospitalTemplateKey: caseTemplateKey('hospital'),
  healthPlanName: healthPlans.fantasyName,
  healthPlanTemplateKey: caseTemplateKey('plano'),
  procedureList,
  cidList,
  documentFiles,
  lossReason,
  authorizationValidities,
  daysInStage: daysInStageSql(today),
  stageTargetDays: stageTargetSql,
  overdue: overdueSql(today),
  holder: holderSql,
});

/**
 * The surgeries query (joins and related lists included) before its WHERE, ORDER BY and paging; `today` is the São
 * Paulo day the clocks count to (saoPauloDay(deps.now())).
 */
export function selectSurgeryRows(db: Executor, today: string | Placeholder) {
  return db
    .select(surgeryRowColumns(today))
    .from(surgeries)
    .innerJoin(patients, eq(patients.id, surgeries.patientId))
    .innerJoin(users, eq(users.id, surgeries.medicId))
    .leftJoin(hospitals, eq(hospitals.id, surgeries.hospitalId))
    .leftJoin(healthPlans, eq(healthPlans.id, surgeries.healthPlanId))
    .$dynamic();
}

/**
 * The reader of one case's joined row by id (no tenancy check: callers have already locked or checked the case), for
 * `db` and its transactions: the writes answer the Surgery they left, read in their own transaction. Prepared once
 * per database handle and run on the caller's connection (executeIn).
 */
export function surgeryRowReader(db: Database) {
  const statement = selectSurgeryRows(db, sql.placeholder('today'))
    .where(eq(surgeries.id, sql.placeholder('id')))
    .limit(1)
    .prepare('surgery_row_by_id');
  return async (executor: Executor, id: number, today: string): Promise<SurgeryJoinedRow | undefined> => {
    const [row] = await executeIn(executor, statement, { id, today });
    return row;
  };
}

/**
 * GET surgery by id as two named prepared statements, one per role (the user's scope written into the statement: a
 * medic's own cases, a secretary's linked medics as a subquery), with the placeholders `id`, `userId` and `today`.
 * Drizzle builds their text once per database handle (building this statement cost more Node CPU than the rest of
 * the request) and PostgreSQL parses and plans each once per connection.
 */
export function surgeryByIdStatements(db: Database) {
  const id = sql.placeholder('id');
  const userId = sql.placeholder('userId');
  const today = sql.placeholder('today');
  const linkedMedics = db
    .select({ medicId: medicSecretaries.medicId })
    .from(medicSecretaries)
    .where(eq(medicSecretaries.secretaryId, userId));
  return {
    medic: selectSurgeryRows(db, today)
      .where(and(eq(surgeries.id, id), eq(surgeries.medicId, userId)))
      .limit(1)
      .prepare('surgery_by_id_of_medic'),
    secretary: selectSurgeryRows(db, today)
      .where(and(eq(surgeries.id, id), inArray(surgeries.medicId, linkedMedics)))
      .limit(1)
      .prepare('surgery_by_id_of_secretary'),
  };
}

/** The signed-in user of surgeryByIdWithToken's statement (the `users` table is already joined as the case's medic). */
const tokenUser = alias(users, 'token_user');

/**
 * GET surgery by id and the bearer token's check in one statement (issue 41: one round trip instead of two): the
 * case `id` joined to the live access token of digest `tokenHash` and its user, within that user's scope (a medic's
 * own cases, a secretary's linked medics). No row when the token is refused or the case is not the user's: the
 * caller then looks the token up alone to tell 401 from 404. Placeholders `id`, `tokenHash`, `now`, `today`.
 */
export function surgeryByIdWithTokenStatement(db: Database) {
  const tokenUserId = tokenUser.id;
  const linkedMedics = db
    .select({ medicId: medicSecretaries.medicId })
    .from(medicSecretaries)
    .where(eq(medicSecretaries.secretaryId, tokenUserId));
  return db
    .select({ row: surgeryRowColumns(sql.placeholder('today')), user: tokenUser, familyId: oauthTokens.familyId })
    .from(surgeries)
    .innerJoin(patients, eq(patients.id, surgeries.patientId))
    .innerJoin(users, eq(users.id, surgeries.medicId))
    .leftJoin(hospitals, eq(hospitals.id, surgeries.hospitalId))
    .leftJoin(healthPlans, eq(healthPlans.id, surgeries.healthPlanId))
    .innerJoin(
      oauthTokens,
      and(
        eq(oauthTokens.tokenHash, sql.placeholder('tokenHash')),
        eq(oauthTokens.kind, 'access'),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .innerJoin(tokenUser, eq(tokenUser.id, oauthTokens.userId))
    .where(
      and(
        eq(surgeries.id, sql.placeholder('id')),
        or(
          and(eq(tokenUser.type, 'medic'), eq(surgeries.medicId, tokenUserId)),
          and(eq(tokenUser.type, 'secretary'), inArray(surgeries.medicId, linkedMedics)),
        ),
      ),
    )
    .limit(1)
    .prepare('surgery_by_id_with_token');
}

/**
 * The read of surgeryByIdStatements: case `caseId` if `user` may see it, with the clocks counted to `today`
 * (yyyy-MM-dd, São Paulo). Only for reads on `db` itself: a transaction's reads go through surgeryRowReader.
 */
export function prepareSurgeryById(db: Database) {
  const byRole = surgeryByIdStatements(db);
  return async (user: { id: number; type: 'medic' | 'secretary' }, caseId: number, today: string): Promise<SurgeryJoinedRow | undefined> => {
    const [row] = await byRole[user.type].execute({ id: caseId, userId: user.id, today });
    return row;
  };
}

/** The patient's name as a sort key: the normalised text, byte-wise (PGlite and PostgreSQL agree). */
const patientKey = sql`${patients.searchText} collate "C"`;

const scheduleAsc: SortKey = { expr: sql`${surgeries.schedule}`, nullsLast: true };
const changedDesc: SortKey = { expr: sql`${surgeries.statusChangedAt}`, desc: true };
const idAsc: SortKey = { expr: sql`${surgeries.id}` };
const idDesc: SortKey = { ...idAsc, desc: true };

/**
 * Each `ordering` of the list (openapi listSurgeries) as its sort keys (the ORDER BY, and the keyset of the streamed
 * export); `id` last, so pages never overlap. The default is the list order (DECISIONS §11): scheduled date
 * (unscheduled last either way), latest status change first, then id. The patient orders need the patients table.
 */
export const SURGERY_SORT_KEYS: Record<SurgeryOrdering, readonly SortKey[]> = {
  schedule: [scheduleAsc, changedDesc, idAsc],
  '-schedule': [{ ...scheduleAsc, desc: true }, changedDesc, idDesc],
  status_changed_at: [{ ...changedDesc, desc: false }, idAsc],
  '-status_changed_at': [changedDesc, idDesc],
  patient: [{ expr: patientKey }, scheduleAsc, idAsc],
  '-patient': [{ expr: patientKey, desc: true }, scheduleAsc, idDesc],
};

const SURGERY_ORDER_BY = Object.fromEntries(
  Object.entries(SURGERY_SORT_KEYS).map(([ordering, keys]) => [ordering, orderByOf(keys)]),
) as Record<SurgeryOrdering, SQL[]>;

/** Orders that sort on the patient, so the page's ids are chosen with the patients table joined. */
export const ORDERINGS_BY_PATIENT: ReadonlySet<SurgeryOrdering> = new Set(['patient', '-patient']);

/**
 * The list's two partial indexes (migration 0023), tightest first: the open cases (every active stage: the list's
 * stage filter as the app opens it) and the cases not concluded (the list without a stage filter, SPEC §4). Each on
 * (medic, schedule, status change, id), the default order, so a page of 100 is 100 index entries and never a walk
 * past the office's history (issue 41, flat cost). A list whose stages all fall in one adds its predicate to the
 * WHERE, written exactly as the index's own, so that any plan, a prepared statement's generic one included, may read
 * that index. The stages are the code's constants, not input.
 */
export const LIST_INDEXES = [
  {
    name: 'surgeries_open_list_idx',
    holds: (status: CaseStatus) => isActiveStatus(status),
    predicate: sql`${surgeries.status} in (${sql.raw(ACTIVE_STATUSES.map((status) => `'${status}'`).join(', '))})`,
  },
  {
    name: 'surgeries_unconcluded_list_idx',
    holds: (status: CaseStatus) => status !== 'concluido',
    predicate: sql`${surgeries.status} <> 'concluido'`,
  },
] as const;

/** The tightest of LIST_INDEXES that holds every stage of `statuses`, or undefined. */
export const listIndexFor = (statuses: readonly CaseStatus[]) =>
  statuses.length === 0 ? undefined : LIST_INDEXES.find((index) => statuses.every(index.holds));

/** The predicate of listIndexFor(statuses), as a condition to add, or nothing. */
export const listIndexCondition = (statuses: readonly CaseStatus[]): SQL[] => {
  const index = listIndexFor(statuses);
  return index ? [index.predicate] : [];
};

/**
 * The ids of one page of the surgeries matching `where`, in the page's order (the list order by default): chosen
 * from the surgeries table alone (a narrow sort; the patients table joins only to sort by name). The rows are read
 * by surgeryRowsByIds, a second statement: with the page's size unknown, a single statement's generic plan joined
 * whole tables, so PostgreSQL planned it anew on every request.
 */
export function selectSurgeryPageIds(
  db: Executor,
  where: SQL | undefined,
  page: { limit: number | Placeholder; offset: number | Placeholder; ordering?: SurgeryOrdering },
) {
  const ordering = page.ordering ?? 'schedule';
  const base = db.select({ id: surgeries.id }).from(surgeries).$dynamic();
  return (ORDERINGS_BY_PATIENT.has(ordering) ? base.innerJoin(patients, eq(patients.id, surgeries.patientId)) : base)
    .where(where)
    .orderBy(...SURGERY_ORDER_BY[ordering])
    .limit(page.limit)
    .offset(page.offset);
}

/** The joined rows of the cases `ids` (placeholder `ids`, an int[]; `today` as in selectSurgeryRows), in no order. */
export function surgeryRowsByIds(db: Executor, today: string | Placeholder, ids: number[] | Placeholder) {
  // sql.param: one array parameter (a bare array would be spread into a list of parameters).
  return selectSurgeryRows(db, today).where(sql`${surgeries.id} = any(${Array.isArray(ids) ? sql.param(ids) : ids}::int[])`);
}

/** One page of the surgeries matching `where` as joined rows, in the page's order: its ids, then their rows. */
export async function readSurgeryPage(
  db: Executor,
  where: SQL | undefined,
  page: { limit: number; offset: number; ordering?: SurgeryOrdering },
  today: string,
): Promise<SurgeryJoinedRow[]> {
  const ids = (await selectSurgeryPageIds(db, where, page)).map((row) => row.id);
  if (ids.length === 0) return [];
  return inPageOrder(ids, await surgeryRowsByIds(db, today, ids));
}

const money = (value: string | null): number | null => (value === null ? null : Number(value));

type DocumentLinks = Pick<SurgeryResponse, SurgeryDocumentKind>;

async function documentLinks(surgeryId: number, files: SurgeryJoinedRow['documentFiles'], signer: LinkSigner) {
  const kinds = files?.flatMap((file) => (file.kind ? [file.kind] : []));
  const links = {} as DocumentLinks;
  for (const kind of SURGERY_DOCUMENT_KINDS) {
    links[kind] = kinds?.includes(kind) ? await signer.sign(surgeryDocumentPath(surgeryId, kind)) : null;
  }
  return links;
}

/**
 * One joined row as the contract's Surgery: dates as yyyy-MM-dd, instants as ISO 8601 with São
 * Paulo's offset, money as numbers, files as signed links (null when absent), and the template flags
 * read from the hospital and plan themselves (whether they have a DOCX template).
 */
export async function toSurgeryResponse(row: SurgeryJoinedRow, signer: LinkSigner, today: string): Promise<SurgeryResponse> {
  const schedule = row.schedule ? toSaoPauloIso(row.schedule) : null;
  const healthPlan =
    row.healthPlanId !== null && row.healthPlanName !== null ? { id: row.healthPlanId, fantasy_name: row.healthPlanName } : null;
  return {
    id: row.id,
    status: row.status,
    schedule,
    patient: {
      id: row.patientId,
      nome_completo: row.patientName,
      foto: row.patientPhotoKey ? await signer.sign(patientPhotoPath(row.patientId)) : null,
      cellphone: phoneDigits(row.patientCellphone),
    },
    medic: { id: row.medicId, first_name: row.medicFirstName, last_name: row.medicLastName },
    hospital:
      row.hospitalId !== null && row.hospitalName !== null ? { id: row.hospitalId, fantasy_name: row.hospitalName } : null,
    health_plan: healthPlan,
    procedure: row.procedureList ?? [],
    cid: row.cidList ?? [],
    payment_fountains: row.paymentFountains,
    opme: row.opme,
    fees_payments: money(row.feesPayments),
    surgery_note: row.surgeryNote,
    document_arrivals: row.documentArrivals,
    document_note: row.documentNote,
    accomplishment: row.accomplishment,
    accomplishment_note: row.accomplishmentNote,
    schedule_note: row.scheduleNote,
    payment_done: money(row.paymentDone),
    date_payment: row.datePayment,
    payment_notes: row.paymentNotes,
    hospital_approvals_note: row.hospitalApprovalsNote,
    plan_approvals_note: row.planApprovalsNote,
    opme_approvals_note: row.opmeApprovalsNote,
    ...(await documentLinks(row.id, row.documentFiles, signer)),
    // What the documents step shows beside each link: the file's name and when it was sent (issue 33 #10e).
    // Issue 33 #10b/c: every file, each with its own link (opened and removed on its own).
    document_files: await Promise.all(
      (row.documentFiles ?? []).map(async (file) => ({
        id: file.id,
        kind: file.kind,
        document: file.document,
        name: file.name,
        uploaded_at: toSaoPauloIso(new Date(file.uploaded_at)),
        link: await signer.sign(surgeryDocumentFilePath(row.id, file.id)),
      })),
    ),
    hospital_template_ok: row.hospitalTemplateKey !== null,
    plano_template_ok: healthPlan !== null && row.healthPlanTemplateKey !== null,
    status_changed_at: toSaoPauloIso(row.statusChangedAt),
    created_at: toSaoPauloIso(row.createdAt),
    version: row.version,
    loss_reason: row.lossReason?.reason ?? null,
    loss_reason_note: row.lossReason?.note ?? null,
    // `today` is São Paulo's (saoPauloDay(deps.now())): the alerts count days from it.
    authorization_alerts: authorizationAlerts(row.authorizationValidities ?? [], { status: row.status, schedule }, today),
    days_in_stage: row.daysInStage === null ? null : Number(row.daysInStage),
    stage_target_days: row.stageTargetDays === null ? null : Number(row.stageTargetDays),
    overdue: row.overdue === true,
    holder: row.holder,
  };
}

/** Rows (already filtered, ordered and paged) as Surgery objects, in the same order. */
export function toSurgeryResponses(rows: SurgeryJoinedRow[], signer: LinkSigner, today: string): Promise<SurgeryResponse[]> {
  return Promise.all(rows.map((row) => toSurgeryResponse(row, signer, today)));
}
