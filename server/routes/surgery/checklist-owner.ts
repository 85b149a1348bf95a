import { CHECKLIST_MESSAGES, isChecklistScope } from '../../../machines/preoperative/checklistMessages';
import type { ChecklistScope } from '../../../machines/preoperative/constants';
import { notFound } from '../../http/errors';
import { pathId } from '../../http/path-id';

/** The path's hospital or plan: an unknown scope or an id that is no id is 404 (no such list can exist). */
export function checklistOwnerOf(params: { scope: string; id: string }): { scope: ChecklistScope; id: number } {
  const { scope } = params;
  if (!isChecklistScope(scope)) throw notFound(CHECKLIST_MESSAGES.scopeUnknown);
  const id = pathId(params.id);
  if (id === null) throw notFound(scope === 'hospital' ? CHECKLIST_MESSAGES.hospitalNotFound : CHECKLIST_MESSAGES.healthPlanNotFound);
  return { scope, id };
}
