import { sql, type SQL } from 'drizzle-orm';
import { healthPlans, hospitals, officeTemplates, surgeries } from '../../db/schema/index';

/**
 * The template key a case gets (issue 33 item 10f): its office's own template for the case's hospital or plan
 * (office_templates, the case's medic), else the shared row's `template_file_key`, else null. For a query that joins
 * `surgeries` with `hospitals` / `health_plans` (left joins: no hospital or plan gives null).
 */
export function caseTemplateKey(kind: 'hospital' | 'plano'): SQL<string | null> {
  return kind === 'hospital'
    ? sql<string | null>`coalesce((select ${officeTemplates.fileKey} from ${officeTemplates}
        where ${officeTemplates.medicId} = ${surgeries.medicId} and ${officeTemplates.hospitalId} = ${surgeries.hospitalId}),
        ${hospitals.templateFileKey})`
    : sql<string | null>`coalesce((select ${officeTemplates.fileKey} from ${officeTemplates}
        where ${officeTemplates.medicId} = ${surgeries.medicId} and ${officeTemplates.healthPlanId} = ${surgeries.healthPlanId}),
        ${healthPlans.templateFileKey})`;
}
