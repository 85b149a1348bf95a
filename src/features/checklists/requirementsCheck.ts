/**
 * The check of a hospital's or plan's document list: the API's own schema (machines/preoperative/checklistSchemas.ts),
 * so it loads arktype; loaded through `loadRequirementsCheck` (DocumentChecklistsPage) when a list's editor opens, not
 * before the page's first paint (issue 41).
 */
import { documentRequirementsSchema } from '../../../machines/preoperative/checklistSchemas';
import { check } from '../../../machines/validation/problems';

export function checkRequirements(input: { kinds: unknown; extras: unknown }) {
  return check(documentRequirementsSchema, input);
}
