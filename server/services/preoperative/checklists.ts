import { caseChange, recordChange } from '../audit/audit-log';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DOCUMENT_LABELS, type SurgeryDocumentKind } from '../../../machines/constants';
import { buildChecklist, planChecklistApplies, type Checklist, type RequirementRow } from '../../../machines/preoperative/checklistRules';
import { CHECKLIST_MESSAGES as M, documentNameKey } from '../../../machines/preoperative/checklistMessages';
import type { ChecklistMarkInput, DispatchInput, DocumentRequirementsInput } from '../../../machines/preoperative/checklistSchemas';
import type { ChecklistScope, DispatchChannel } from '../../../machines/preoperative/constants';
import type { Database, Executor, Transaction } from '../../db/client';
import { hospitalUsableBy } from '../lookups/hospital-service';
import {
  documentRequirements,
  healthPlans,
  hospitals,
  surgeryChecklistMarks,
  surgeryDispatches,
  surgeryDocuments,
  users,
  type SurgeryRow,
} from '../../db/schema/index';
import { badRequest, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { officeMedicOf, type OfficeMessages } from '../access/acting-medic';
import { visibleSurgeryRow } from '../access/scope';
import { SURGERY_NOT_FOUND } from '../surgeries/surgery-service';

/**
 * The document checklists (issue 13 item 2; DECISIONS §15):
 * - a medic's required documents per hospital and per health plan (document_requirements): a medic edits their own,
 *   a secretary her linked medics' (naming the medic, or not when she has only one);
 * - a case's checklist: its hospital's list and, when the plan pays, its plan's, each document once; a SPEC kind is
 *   received when the case has a file of it (surgery_documents), a named extra when marked (surgery_checklist_marks)
 *   or when a file is attached to it (surgery_documents.name, issue 33 item 10);
 * - the sendings of documents (surgery_dispatches).
 * A case outside the user's medics is 404 'Não foi possível encontrar essa cirurgia'. Writes on a case lock its row,
 * so they are serialized with its lifecycle moves (which read the missing documents through the same lock).
 */

type User = Pick<AuthUser, 'id' | 'type'>;

/** A configured document as the API shows it. */
type RequirementItem = { kind: SurgeryDocumentKind | null; name: string };
type RequirementList = { scope: ChecklistScope; id: number; name: string; items: RequirementItem[] };

type DispatchAnswer = {
  id: number;
  sent_on: string;
  recipient: string;
  channel: DispatchChannel;
  items: string[];
  notes: string | null;
  created_at: string;
  created_by: { id: number; first_name: string; last_name: string } | null;
};

const itemOf = (row: { documentKind: SurgeryDocumentKind | null; name: string | null }): RequirementItem =>
  row.documentKind ? { kind: row.documentKind, name: DOCUMENT_LABELS[row.documentKind] } : { kind: null, name: row.name ?? '' };

/** The owner column of a scope's rows. */
const ownerColumn = (scope: ChecklistScope) => (scope === 'hospital' ? documentRequirements.hospitalId : documentRequirements.healthPlanId);

/** The checklist of a stored case, read through `db` (inside a move or a mark: its transaction). */
async function checklistOfCase(
  db: Executor,
  row: Pick<SurgeryRow, 'id' | 'medicId' | 'hospitalId' | 'healthPlanId' | 'paymentFountains'>,
  arriving: readonly SurgeryDocumentKind[] = [],
): Promise<Checklist> {
  const owners: SQL[] = [];
  if (row.hospitalId !== null) owners.push(eq(documentRequirements.hospitalId, row.hospitalId));
  if (planChecklistApplies(row.paymentFountains) && row.healthPlanId !== null) owners.push(eq(documentRequirements.healthPlanId, row.healthPlanId));
  if (owners.length === 0) return { items: [], missing: [] };
  const requirements = await db
    .select({
      hospitalId: documentRequirements.hospitalId,
      kind: documentRequirements.documentKind,
      name: documentRequirements.name,
    })
    .from(documentRequirements)
    .where(and(eq(documentRequirements.medicId, row.medicId), or(...owners)))
    .orderBy(asc(documentRequirements.position), asc(documentRequirements.id));
  if (requirements.length === 0) return { items: [], missing: [] };
  // A kind is received with one file at least; a named document when ticked or with one file at least (issue 33 #10).
  const files = await db
    .select({ kind: surgeryDocuments.kind, name: surgeryDocuments.name })
    .from(surgeryDocuments)
    .where(eq(surgeryDocuments.surgeryId, row.id));
  const marks = await db.select({ name: surgeryChecklistMarks.name }).from(surgeryChecklistMarks).where(eq(surgeryChecklistMarks.surgeryId, row.id));
  const rows: RequirementRow[] = requirements.map((r) => ({ scope: r.hospitalId !== null ? 'hospital' : 'plano', kind: r.kind, name: r.name }));
  const uploaded = files.flatMap((file) => (file.kind ? [file.kind] : []));
  const attached = files.flatMap((file) => (file.name !== null ? [file.name] : []));
  return buildChecklist(rows, [...uploaded, ...arriving], [...marks.map((m) => m.name), ...attached]);
}

/**
 * The named document of the case's checklist called `name` (compared as documentNameKey does), as the checklist
 * names it, or null when the checklist has no such named document (a SPEC kind's label is no named document).
 */
export async function namedDocumentOf(
  db: Executor,
  row: Pick<SurgeryRow, 'id' | 'medicId' | 'hospitalId' | 'healthPlanId' | 'paymentFountains'>,
  name: string,
): Promise<string | null> {
  const key = documentNameKey(name);
  const item = (await checklistOfCase(db, row)).items.find((each) => each.kind === null && documentNameKey(each.name) === key);
  return item?.name ?? null;
}

/**
 * The lifecycle facts of the checklist (machines/surgeryLifecycle/lifecycleRules.ts `missing_documents`): what the
 * case lacks while it is at prep_doc, the only stage they hold back, the documents uploaded with the move counted
 * (`arriving`); read through the move's `tx`.
 */
export async function checklistFacts(
  tx: Transaction,
  row: SurgeryRow,
  arriving: readonly SurgeryDocumentKind[] = [],
): Promise<{ missing_documents: string[] }> {
  if (row.status !== 'prep_doc') return { missing_documents: [] };
  return { missing_documents: (await checklistOfCase(tx, row, arriving)).missing };
}

/** The `medic` field's 400s of the checklists and the office templates. */
export const OFFICE_MESSAGES: OfficeMessages = { unknown: M.medicUnknown, required: M.medicRequired, noMedic: M.medicRequired };

export function createChecklistService({ db, now }: { db: Database; now: () => Date }) {
  const medicOf = (user: User, requested: number | null) => officeMedicOf(db, user, requested, OFFICE_MESSAGES);

  /** The hospital's or plan's name, or 404 when there is none with that id (or the hospital is another office's). */
  async function ownerName(executor: Executor, medicId: number, scope: ChecklistScope, id: number): Promise<string> {
    const [found] =
      scope === 'hospital'
        ? await executor
            .select({ name: hospitals.fantasyName })
            .from(hospitals)
            .where(and(eq(hospitals.id, id), hospitalUsableBy([medicId])))
        : await executor.select({ name: healthPlans.fantasyName }).from(healthPlans).where(eq(healthPlans.id, id));
    if (!found) throw notFound(scope === 'hospital' ? M.hospitalNotFound : M.healthPlanNotFound);
    return found.name;
  }

  async function listOf(executor: Executor, medicId: number, scope: ChecklistScope, id: number): Promise<RequirementList> {
    const name = await ownerName(executor, medicId, scope, id);
    const rows = await executor
      .select({ documentKind: documentRequirements.documentKind, name: documentRequirements.name })
      .from(documentRequirements)
      .where(and(eq(documentRequirements.medicId, medicId), eq(ownerColumn(scope), id)))
      .orderBy(asc(documentRequirements.position), asc(documentRequirements.id));
    return { scope, id, name, items: rows.map(itemOf) };
  }

  /** The user's case `id` (locked until the transaction ends when `lock`), or 404. */
  async function caseOf(executor: Executor, user: User, id: number, lock: boolean): Promise<SurgeryRow> {
    const row = await visibleSurgeryRow(executor, user, id, { lock });
    if (!row) throw notFound(SURGERY_NOT_FOUND);
    return row;
  }

  return {
    /** Every hospital and plan the medic configured, by name, with their documents. */
    async overview(user: User, requested: number | null): Promise<{ medic_id: number; lists: RequirementList[] }> {
      const medicId = await medicOf(user, requested);
      const rows = await db
        .select({
          hospitalId: documentRequirements.hospitalId,
          healthPlanId: documentRequirements.healthPlanId,
          hospitalName: hospitals.fantasyName,
          planName: healthPlans.fantasyName,
          documentKind: documentRequirements.documentKind,
          name: documentRequirements.name,
        })
        .from(documentRequirements)
        .leftJoin(hospitals, eq(hospitals.id, documentRequirements.hospitalId))
        .leftJoin(healthPlans, eq(healthPlans.id, documentRequirements.healthPlanId))
        .where(eq(documentRequirements.medicId, medicId))
        .orderBy(asc(documentRequirements.position), asc(documentRequirements.id));
      const lists = new Map<string, RequirementList>();
      for (const row of rows) {
        const scope: ChecklistScope = row.hospitalId !== null ? 'hospital' : 'plano';
        const id = (row.hospitalId ?? row.healthPlanId)!;
        const key = `${scope}:${id}`;
        const list = lists.get(key) ?? { scope, id, name: (scope === 'hospital' ? row.hospitalName : row.planName) ?? '', items: [] };
        list.items.push(itemOf(row));
        lists.set(key, list);
      }
      const sorted = [...lists.values()].sort(
        (a, b) => (a.scope === b.scope ? a.name.localeCompare(b.name, 'pt-BR') : a.scope === 'hospital' ? -1 : 1),
      );
      return { medic_id: medicId, lists: sorted };
    },

    async get(user: User, requested: number | null, scope: ChecklistScope, id: number): Promise<RequirementList & { medic_id: number }> {
      const medicId = await medicOf(user, requested);
      return { medic_id: medicId, ...(await listOf(db, medicId, scope, id)) };
    },

    /** Replaces the medic's list for the hospital or plan (two empty lists clear it). */
    async put(
      user: User,
      requested: number | null,
      scope: ChecklistScope,
      id: number,
      input: DocumentRequirementsInput,
    ): Promise<RequirementList & { medic_id: number }> {
      const medicId = await medicOf(user, requested);
      await ownerName(db, medicId, scope, id);
      return db.transaction(async (tx) => {
        // Two saves of the same medic's lists at once run one after the other (the medic's row is the lock).
        await tx.select({ id: users.id }).from(users).where(eq(users.id, medicId)).for('update');
        await tx.delete(documentRequirements).where(and(eq(documentRequirements.medicId, medicId), eq(ownerColumn(scope), id)));
        const owner = scope === 'hospital' ? { hospitalId: id } : { healthPlanId: id };
        const values = [
          ...input.kinds.map((kind) => ({ documentKind: kind, name: null })),
          ...input.extras.map((name) => ({ documentKind: null, name })),
        ].map((item, position) => ({ medicId, ...owner, ...item, position }));
        if (values.length > 0) await tx.insert(documentRequirements).values(values);
        return { medic_id: medicId, ...(await listOf(tx, medicId, scope, id)) };
      });
    },

    /** The case's checklist (read without a lock: a read). */
    async checklist(user: User, id: number): Promise<Checklist> {
      return checklistOfCase(db, await caseOf(db, user, id, false));
    },

    /** Marks a named extra of the case's checklist as received, or not; answers the checklist. */
    async mark(user: User, id: number, input: ChecklistMarkInput): Promise<Checklist> {
      return db.transaction(async (tx) => {
        const row = await caseOf(tx, user, id, true);
        const before = await checklistOfCase(tx, row);
        const key = documentNameKey(input.name);
        const item = before.items.find((each) => each.kind === null && documentNameKey(each.name) === key);
        if (!item) throw badRequest([M.markNotExtra], { name: [M.markNotExtra] });
        const stored = await tx.select({ name: surgeryChecklistMarks.name }).from(surgeryChecklistMarks).where(eq(surgeryChecklistMarks.surgeryId, id));
        const same = stored.filter((mark) => documentNameKey(mark.name) === key).map((mark) => mark.name);
        if (!input.received && same.length > 0) {
          await tx.delete(surgeryChecklistMarks).where(and(eq(surgeryChecklistMarks.surgeryId, id), inArray(surgeryChecklistMarks.name, same)));
        }
        if (input.received && same.length === 0) {
          await tx.insert(surgeryChecklistMarks).values({ surgeryId: id, name: item.name, markedBy: user.id, markedAt: now() });
        }
        await recordChange(tx, user, caseChange(row, 'checklist'), now());
        return checklistOfCase(tx, row);
      });
    },

    /** The case's sendings, newest first. */
    async dispatches(user: User, id: number): Promise<DispatchAnswer[]> {
      await caseOf(db, user, id, false);
      return readDispatches(db, id);
    },

    /** Records a sending of the case's documents; answers it. */
    async dispatch(user: User, id: number, input: DispatchInput): Promise<DispatchAnswer> {
      return db.transaction(async (tx) => {
        const row = await caseOf(tx, user, id, true);
        await recordChange(tx, user, caseChange(row, 'dispatch'), now());
        const [created] = await tx
          .insert(surgeryDispatches)
          .values({
            surgeryId: id,
            sentOn: input.sent_on,
            recipient: input.recipient,
            channel: input.channel,
            items: input.items,
            notes: input.notes ?? null,
            createdBy: user.id,
            createdAt: now(),
          })
          .returning({ id: surgeryDispatches.id });
        const [answer] = await readDispatches(tx, id, created!.id);
        return answer!;
      });
    },
  };
}

const author = alias(users, 'dispatch_author');

/** The sendings of case `surgeryId` (or only `onlyId`), newest first (by day sent, then recorded). */
async function readDispatches(db: Executor, surgeryId: number, onlyId?: number): Promise<DispatchAnswer[]> {
  const rows = await db
    .select({
      id: surgeryDispatches.id,
      sentOn: surgeryDispatches.sentOn,
      recipient: surgeryDispatches.recipient,
      channel: surgeryDispatches.channel,
      items: surgeryDispatches.items,
      notes: surgeryDispatches.notes,
      createdAt: surgeryDispatches.createdAt,
      authorId: author.id,
      authorFirst: author.firstName,
      authorLast: author.lastName,
    })
    .from(surgeryDispatches)
    .leftJoin(author, eq(author.id, surgeryDispatches.createdBy))
    .where(and(eq(surgeryDispatches.surgeryId, surgeryId), onlyId === undefined ? sql`true` : eq(surgeryDispatches.id, onlyId)))
    .orderBy(desc(surgeryDispatches.sentOn), desc(surgeryDispatches.id));
  return rows.map((row) => ({
    id: row.id,
    sent_on: row.sentOn,
    recipient: row.recipient,
    channel: row.channel,
    items: row.items,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    created_by: row.authorId === null ? null : { id: row.authorId, first_name: row.authorFirst ?? '', last_name: row.authorLast ?? '' },
  }));
}
