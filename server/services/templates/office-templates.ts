import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CHECKLIST_MESSAGES } from '../../../machines/preoperative/checklistMessages';
import type { ChecklistScope } from '../../../machines/preoperative/constants';
import type { Database, Executor } from '../../db/client';
import { healthPlans, hospitals, officeTemplates, users } from '../../db/schema/index';
import { badRequest, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { hospitalUsableBy } from '../lookups/hospital-service';
import { officeMedicOf } from '../access/acting-medic';
import { OFFICE_MESSAGES } from '../preoperative/checklists';
import type { FileStorage } from '../storage/file-storage';
import { toSaoPauloIso } from '../sao-paulo-time';
import { DOCX_CONTENT_TYPE, MAX_TEMPLATE_BYTES, TemplateProblemError } from './docx-template';
import { isShippedKey, readTemplateFile } from './template-files';
import type { TemplateFiller } from './template-filler';
import { TEMPLATE_MESSAGES } from './template-service';

/**
 * An office's own DOCX templates for its hospitals and health plans (issue 33 item 10f; docs/TEMPLATES.md "An
 * office's own template"). The shared rows (`hospitals.template_file_key`, `health_plans.template_file_key`) belong
 * to every office and are attached by the CLI only; an office uploads its own into `office_templates`, which wins
 * over the shared one for that office's cases (template-service.ts `fill`, surgery-response.ts `*_template_ok`).
 *
 * The office is the medic (`medic`, as the document_requirements calls take it: a medic is his own office; a
 * secretary names one of her medics, or not when she has one). A hospital another office added is 404, as anywhere.
 * An upload is checked by its content before anything is written: a real DOCX that the filler (the same worker the
 * case downloads use) fills; a refusal is 400 with the problems in pt-BR and nothing stored.
 */

type User = Pick<AuthUser, 'id' | 'type'>;

export const OFFICE_TEMPLATE_MESSAGES = {
  fileRequired: 'Envie o arquivo do modelo (DOCX).',
  tooLarge: 'O modelo deve ter no máximo 10 MB.',
  notOwn: {
    hospital: 'Este consultório não tem modelo próprio para este hospital.',
    plano: 'Este consultório não tem modelo próprio para este convênio.',
  },
  /** The SPEC §8 sentences of a case download, for "this hospital/plan has no template at all". */
  none: { hospital: TEMPLATE_MESSAGES.hospitalWithout, plano: TEMPLATE_MESSAGES.planWithout },
} as const;

/** The largest template an office may upload (docx-template.ts refuses bigger ones anyway). */
export const MAX_OFFICE_TEMPLATE_BYTES = MAX_TEMPLATE_BYTES;
const MAX_NAME_LENGTH = 200;

type OfficeTemplateAnswer = {
  scope: ChecklistScope;
  id: number;
  /** The template the office's cases get: its own, or the shared one, or none. */
  template:
    | {
        source: 'office';
        name: string;
        size: number;
        uploaded_at: string;
        uploaded_by: { id: number; first_name: string; last_name: string } | null;
      }
    | { source: 'shared'; name: string; size: null; uploaded_at: null; uploaded_by: null }
    | null;
  /** Whether a shared template would be used once the office's own is removed. */
  shared_available: boolean;
};

export type UploadedTemplate = { data: Buffer; filename: string | null };

/** The file name as shown and given back: control characters out, trimmed, at most 200 characters, `.docx` kept. */
function cleanTemplateName(name: string | null, fallback: string): string {
  const cleaned = (name ?? '').replace(/[\u0000-\u001f\u007f/\\]/g, '').trim().slice(0, MAX_NAME_LENGTH);
  return cleaned || fallback;
}

/** A shared template's file name: the shipped file's own, or `modelo-<hospital|plano>-<id>.docx`. */
function sharedName(scope: ChecklistScope, id: number, key: string): string {
  return isShippedKey(key) ? key.slice(key.lastIndexOf('/') + 1) : `modelo-${scope}-${id}.docx`;
}

const ownerColumn = (scope: ChecklistScope) => (scope === 'hospital' ? officeTemplates.hospitalId : officeTemplates.healthPlanId);

export function createOfficeTemplateService({
  db,
  storage,
  now,
  filler,
}: {
  db: Database;
  storage: FileStorage;
  now: () => Date;
  filler: TemplateFiller;
}) {

  /** The shared template key of the hospital or plan, or 404 when the office cannot use it (or it does not exist). */
  async function sharedKey(executor: Executor, medicId: number, scope: ChecklistScope, id: number): Promise<string | null> {
    const [found] =
      scope === 'hospital'
        ? await executor
            .select({ key: hospitals.templateFileKey })
            .from(hospitals)
            .where(and(eq(hospitals.id, id), hospitalUsableBy([medicId])))
        : await executor.select({ key: healthPlans.templateFileKey }).from(healthPlans).where(eq(healthPlans.id, id));
    if (!found) throw notFound(scope === 'hospital' ? CHECKLIST_MESSAGES.hospitalNotFound : CHECKLIST_MESSAGES.healthPlanNotFound);
    return found.key;
  }

  async function ownRow(executor: Executor, medicId: number, scope: ChecklistScope, id: number, lock = false) {
    const query = executor
      .select()
      .from(officeTemplates)
      .where(and(eq(officeTemplates.medicId, medicId), eq(ownerColumn(scope), id)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async function answer(medicId: number, scope: ChecklistScope, id: number): Promise<OfficeTemplateAnswer> {
    const shared = await sharedKey(db, medicId, scope, id);
    const [own] = await db
      .select({
        name: officeTemplates.originalName,
        size: officeTemplates.size,
        uploadedAt: officeTemplates.uploadedAt,
        byId: users.id,
        byFirst: users.firstName,
        byLast: users.lastName,
      })
      .from(officeTemplates)
      .leftJoin(users, eq(users.id, officeTemplates.uploadedBy))
      .where(and(eq(officeTemplates.medicId, medicId), eq(ownerColumn(scope), id)));
    const template: OfficeTemplateAnswer['template'] = own
      ? {
          source: 'office',
          name: own.name,
          size: own.size,
          uploaded_at: toSaoPauloIso(own.uploadedAt),
          uploaded_by: own.byId === null ? null : { id: own.byId, first_name: own.byFirst ?? '', last_name: own.byLast ?? '' },
        }
      : shared
        ? { source: 'shared', name: sharedName(scope, id, shared), size: null, uploaded_at: null, uploaded_by: null }
        : null;
    return { scope, id, template, shared_available: shared !== null };
  }

  async function discard(key: string | null): Promise<void> {
    if (key && !isShippedKey(key)) await storage.delete(key).catch(() => {});
  }

  return {
    /** What the office's cases get for the hospital or plan. */
    async get(user: User, medic: number | null, scope: ChecklistScope, id: number): Promise<OfficeTemplateAnswer> {
      return answer(await officeMedicOf(db, user, medic, OFFICE_MESSAGES), scope, id);
    },

    /**
     * Checks `file` (a DOCX the filler fills: 400 with pt-BR problems otherwise, nothing written), stores it and makes
     * it the office's template for the hospital or plan, replacing (and deleting) the office's previous one.
     */
    async upload(user: User, medic: number | null, scope: ChecklistScope, id: number, file: UploadedTemplate): Promise<OfficeTemplateAnswer> {
      const medicId = await officeMedicOf(db, user, medic, OFFICE_MESSAGES);
      await sharedKey(db, medicId, scope, id);
      try {
        // The same worker and checks as a case download: a file that passes here can be filled there.
        await filler.fill(file.data, {});
      } catch (error) {
        if (!(error instanceof TemplateProblemError)) throw error;
        const messages = error.problems.map((problem) => problem.message);
        throw badRequest(messages, { file: messages });
      }
      const key = `templates/office-${medicId}-${scope}-${id}-${randomBytes(12).toString('hex')}.docx`;
      await storage.put(key, file.data, DOCX_CONTENT_TYPE);
      let previousKey: string | null;
      try {
        previousKey = await db.transaction(async (tx) => {
          const current = await ownRow(tx, medicId, scope, id, true);
          const values = {
            fileKey: key,
            originalName: cleanTemplateName(file.filename, `modelo-${scope}-${id}.docx`),
            size: file.data.length,
            uploadedBy: user.id,
            uploadedAt: now(),
          };
          if (current) {
            await tx.update(officeTemplates).set(values).where(eq(officeTemplates.id, current.id));
            return current.fileKey;
          }
          await tx.insert(officeTemplates).values({
            medicId,
            hospitalId: scope === 'hospital' ? id : null,
            healthPlanId: scope === 'plano' ? id : null,
            ...values,
          });
          return null;
        });
      } catch (error) {
        await discard(key);
        throw error;
      }
      await discard(previousKey);
      return answer(medicId, scope, id);
    },

    /** Removes the office's own template (404 when it has none); its cases fall back to the shared one, if any. */
    async remove(user: User, medic: number | null, scope: ChecklistScope, id: number): Promise<OfficeTemplateAnswer> {
      const medicId = await officeMedicOf(db, user, medic, OFFICE_MESSAGES);
      await sharedKey(db, medicId, scope, id);
      const removed = await db.transaction(async (tx) => {
        const current = await ownRow(tx, medicId, scope, id, true);
        if (!current) return null;
        await tx.delete(officeTemplates).where(eq(officeTemplates.id, current.id));
        return current.fileKey;
      });
      if (removed === null) throw notFound(OFFICE_TEMPLATE_MESSAGES.notOwn[scope]);
      await discard(removed);
      return answer(medicId, scope, id);
    },

    /** The bytes of the template the office's cases get (its own, else the shared one), or 404 when there is none. */
    async file(user: User, medic: number | null, scope: ChecklistScope, id: number): Promise<{ filename: string; data: Buffer }> {
      const medicId = await officeMedicOf(db, user, medic, OFFICE_MESSAGES);
      const shared = await sharedKey(db, medicId, scope, id);
      const own = await ownRow(db, medicId, scope, id);
      const key = own?.fileKey ?? shared;
      const data = key ? await readTemplateFile(storage, key) : null;
      if (!key || !data) throw notFound(OFFICE_TEMPLATE_MESSAGES.none[scope]);
      return { filename: own ? own.originalName : sharedName(scope, id, key), data };
    },
  };
}
