import type { CaseStatus } from '../constants';
import { stagesWhere } from '../stages';

/**
 * The surgery list's defaults (./listQuerySchemas.ts has the schemas), without arktype: the server uses them without
 * loading the schemas at start (issue 41, goal 5).
 */

/** Page size of the surgery list: default and ceiling (a practice can hold thousands of cases). */
export const SURGERY_PAGE_DEFAULT = 100;

/** Without `status__in`, every stage but concluido (SPEC §4: the cleared filter). */
export const DEFAULT_LIST_STATUSES: readonly CaseStatus[] = stagesWhere('listedByDefault');
