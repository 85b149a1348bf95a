/**
 * Every arktype schema the API checks requests with, and the helpers that read their output, in one module that
 * server/http/schemas.ts imports on first use (issue 41, goal 5). Only that dynamic import may reach this module.
 */
export { check } from '../../machines/validation/problems';
export { parse } from './parse';
export { changePasswordSchema, createSecretarySchema, settingsUpdateSchema } from '../../machines/account/settingsSchemas';
export { passwordResetRequestSchema, passwordResetSchema } from '../../machines/account/passwordResetSchemas';
export { doctorSignupSchema, newSecretarySchema, secretarySignupSchema } from '../../machines/account/signupSchemas';
export { twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorSecretariesSchema } from '../../machines/account/twoFactorSchemas';
export { calendarFeedUpdateSchema } from '../../machines/account/calendarFeedSchemas';
export { digestUnsubscribeSchema, digestUpdateSchema } from '../../machines/account/digestSchemas';
export { billingProfileSchema, buildSurgeryTeamSchema, usualTeamSchema } from '../../machines/billing/billingSchemas';
export { appealCreateSchema, buildTissSentSchema, guideInputsSchema, lotCreateSchema, tissGuidesQuerySchema } from '../../machines/billing/guideSchemas';
export { auditExportQuerySchema, auditFiltersOf, auditQuerySchema } from '../../machines/audit/auditSchemas';
export { billingSchema, glosaSchema, glosaUpdateSchema, paymentTermsSchema, receiptSchema } from '../../machines/ledger/ledgerSchemas';
export { incomeReportQueryOf, incomeReportQuerySchema } from '../../machines/ledger/incomeSchemas';
export { customRangeProblems, dashboardQueryOf, dashboardQuerySchema } from '../../machines/ledger/periodSchemas';
export { buildRepasseFieldsSchema, repassePayerOf } from '../../machines/ledger/repasseSchemas';
export { receivablesExportQuerySchema, receivablesFiltersOf, receivablesQuerySchema } from '../../machines/ledger/receivablesSchemas';
export { createHospitalSchema } from '../../machines/lookups/hospitalSchemas';
export { hospitalQuerySchema, lookupQuerySchema, procedureQuerySchema } from '../../machines/lookups/schemas';
export { patientExportQuerySchema, patientFormSchema, patientListQuerySchema } from '../../machines/patientWizard/schemas';
export { authorizationSchema } from '../../machines/preoperative/authorizationSchemas';
export {
  checklistMarkSchema,
  dispatchSchema,
  documentRequirementsSchema,
  requirementsQuerySchema,
} from '../../machines/preoperative/checklistSchemas';
export { stageTargetsQuerySchema, stageTargetsSchema, surgeryHolderSchema } from '../../machines/preoperative/clockSchemas';
export { contactConsentSchema, messageTemplateUpdateSchema, patientMessageSchema } from '../../machines/patientMessages/schemas';
export { opmeItemInputOf, opmeItemSchema } from '../../machines/preoperative/opmeSchemas';
export { scheduleDaysQuerySchema, surgeryExportQuerySchema, surgeryListQuerySchema } from '../../machines/surgeryCase/listQuerySchemas';
export {
  createSurgerySchema,
  moveFromVersionSchema,
  reuseDocumentSchema,
  surgeryFilesFieldsSchema,
  updateInputOf,
  updateSurgerySchema,
} from '../../machines/surgeryCase/schemas';
