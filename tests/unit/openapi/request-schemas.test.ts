import type { Type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { hospitalQuerySchema, lookupQuerySchema, procedureQuerySchema } from '../../../machines/lookups/schemas';
import { createHospitalSchema } from '../../../machines/lookups/hospitalSchemas';
import { scheduleDaysQuerySchema, surgeryExportQuerySchema, surgeryListQuerySchema } from '../../../machines/surgeryCase/listQuerySchemas';
import { createSurgerySchema, moveFromVersionSchema, reuseDocumentSchema, surgeryFilesFieldsSchema, updateSurgerySchema } from '../../../machines/surgeryCase/schemas';
import { patientExportQuerySchema, patientFormSchema, patientListQuerySchema } from '../../../machines/patientWizard/schemas';
import { changePasswordSchema, createSecretarySchema, settingsUpdateSchema } from '../../../machines/account/settingsSchemas';
import { doctorSignupSchema, secretarySignupSchema } from '../../../machines/account/signupSchemas';
import { passwordResetRequestSchema, passwordResetSchema } from '../../../machines/account/passwordResetSchemas';
import { twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorSecretariesSchema } from '../../../machines/account/twoFactorSchemas';
import { calendarFeedUpdateSchema } from '../../../machines/account/calendarFeedSchemas';
import { digestUnsubscribeSchema, digestUpdateSchema } from '../../../machines/account/digestSchemas';
import { authorizationSchema } from '../../../machines/preoperative/authorizationSchemas';
import {
  checklistMarkSchema,
  dispatchSchema,
  documentRequirementsSchema,
  officeTemplateFieldsSchema,
  requirementsQuerySchema,
} from '../../../machines/preoperative/checklistSchemas';
import { stageTargetsQuerySchema, stageTargetsSchema, surgeryHolderSchema } from '../../../machines/preoperative/clockSchemas';
import { contactConsentSchema, messageTemplateUpdateSchema, patientMessageSchema } from '../../../machines/patientMessages/schemas';
import { dashboardQuerySchema } from '../../../machines/ledger/periodSchemas';
import { opmeItemSchema } from '../../../machines/preoperative/opmeSchemas';
import { billingSchema, glosaSchema, glosaUpdateSchema, paymentTermsSchema, receiptSchema } from '../../../machines/ledger/ledgerSchemas';
import { appealCreateSchema, buildTissSentSchema, guideInputsSchema, lotCreateSchema, tissGuidesQuerySchema } from '../../../machines/billing/guideSchemas';
import { billingProfileSchema, buildSurgeryTeamSchema, usualTeamSchema } from '../../../machines/billing/billingSchemas';
import { receivablesExportQuerySchema, receivablesQuerySchema } from '../../../machines/ledger/receivablesSchemas';
import { incomeReportQuerySchema } from '../../../machines/ledger/incomeSchemas';
import { buildRepasseFieldsSchema } from '../../../machines/ledger/repasseSchemas';
import { auditExportQuerySchema, auditQuerySchema } from '../../../machines/audit/auditSchemas';
import { bodyDifferences, operationsWithInput, queryDifferences } from '../../helpers/schema-contract';

const patientForm = patientFormSchema({ today: '2026-03-10' });

/**
 * Every request body and query the API reads is one schema of machines/, and that schema says what
 * openapi/openapi.yaml says (same fields, required, types, enums): the contract, the server and the forms cannot
 * drift. Add a row when an operation gains a body or a query.
 */
const REQUEST_SCHEMAS: Record<string, { body?: Type; query?: Type }> = {
  createSurgery: { body: createSurgerySchema },
  listMessageTemplates: { query: stageTargetsQuerySchema },
  updateMessageTemplate: { body: messageTemplateUpdateSchema },
  recordContactConsent: { body: contactConsentSchema },
  sendPatientMessage: { body: patientMessageSchema },
  includeSurgeryFiles: { body: surgeryFilesFieldsSchema },
  reuseDocument: { body: reuseDocumentSchema },
  updateSurgery: { body: updateSurgerySchema('2026-11-26') },
  archiveSurgery: { body: moveFromVersionSchema },
  cancelSurgery: { body: moveFromVersionSchema },
  listSurgeries: { query: surgeryListQuerySchema },
  exportSurgeries: { query: surgeryExportQuerySchema },
  listScheduleDays: { query: scheduleDaysQuerySchema },
  listHealthPlans: { query: lookupQuerySchema },
  listHospitals: { query: hospitalQuerySchema },
  createHospital: { body: createHospitalSchema },
  listCids: { query: lookupQuerySchema },
  listProcedures: { query: procedureQuerySchema },
  createPatient: { body: patientForm },
  updatePatient: { body: patientForm },
  listPatients: { query: patientListQuerySchema },
  exportPatients: { query: patientExportQuerySchema },
  signupDoctor: { body: doctorSignupSchema },
  signupSecretary: { body: secretarySignupSchema },
  updateSettings: { body: settingsUpdateSchema },
  changePassword: { body: changePasswordSchema },
  updateOwnAccount: { body: settingsUpdateSchema },
  requestPasswordReset: { body: passwordResetRequestSchema },
  resetPassword: { body: passwordResetSchema },
  createSecretary: { body: createSecretarySchema },
  confirmTwoFactor: { body: twoFactorConfirmSchema },
  disableTwoFactor: { body: twoFactorDisableSchema },
  setSecretariesTwoFactor: { body: twoFactorSecretariesSchema },
  updateCalendarFeed: { body: calendarFeedUpdateSchema },
  updateDigest: { body: digestUpdateSchema },
  unsubscribeDigest: { body: digestUnsubscribeSchema },
  updateAuthorization: { body: authorizationSchema('2026-11-26') },
  listDocumentRequirements: { query: requirementsQuerySchema },
  getDocumentRequirements: { query: requirementsQuerySchema },
  updateDocumentRequirements: { body: documentRequirementsSchema, query: requirementsQuerySchema },
  getOfficeTemplate: { query: requirementsQuerySchema },
  uploadOfficeTemplate: { body: officeTemplateFieldsSchema, query: requirementsQuerySchema },
  deleteOfficeTemplate: { query: requirementsQuerySchema },
  downloadOfficeTemplate: { query: requirementsQuerySchema },
  markSurgeryChecklist: { body: checklistMarkSchema },
  createSurgeryDispatch: { body: dispatchSchema('2026-11-26') },
  getStageTargets: { query: stageTargetsQuerySchema },
  getDashboard: { query: dashboardQuerySchema },
  exportDashboard: { query: dashboardQuerySchema },
  getPaymentTerms: { query: stageTargetsQuerySchema },
  updatePaymentTerms: { query: stageTargetsQuerySchema, body: paymentTermsSchema },
  getBillingProfile: { query: stageTargetsQuerySchema },
  updateBillingProfile: { query: stageTargetsQuerySchema, body: billingProfileSchema },
  getUsualTeam: { query: stageTargetsQuerySchema },
  updateUsualTeam: { query: stageTargetsQuerySchema, body: usualTeamSchema },
  updateSurgeryTeam: { body: buildSurgeryTeamSchema('2026-11-26') },
  listGlosaReasons: { query: lookupQuerySchema },
  updateCaseGuide: { body: guideInputsSchema },
  listUnbatchedGuides: { query: tissGuidesQuerySchema },
  listTissLots: { query: stageTargetsQuerySchema },
  createTissLot: { query: stageTargetsQuerySchema, body: lotCreateSchema },
  getTissLot: { query: stageTargetsQuerySchema },
  deleteTissLot: { query: stageTargetsQuerySchema },
  downloadTissLot: { query: stageTargetsQuerySchema },
  markTissLotSent: { query: stageTargetsQuerySchema, body: buildTissSentSchema('2026-11-26') },
  // The statement upload's only part is the file (its text fields: none, like the office template's).
  previewTissStatement: { query: stageTargetsQuerySchema, body: officeTemplateFieldsSchema },
  importTissStatement: { query: stageTargetsQuerySchema, body: officeTemplateFieldsSchema },
  previewRepasse: { query: stageTargetsQuerySchema, body: buildRepasseFieldsSchema('2026-11-26') },
  importRepasse: { query: stageTargetsQuerySchema, body: buildRepasseFieldsSchema('2026-11-26') },
  listTissStatements: { query: stageTargetsQuerySchema },
  getTissStatement: { query: stageTargetsQuerySchema },
  listTissAppeals: { query: stageTargetsQuerySchema },
  createTissAppeal: { query: stageTargetsQuerySchema, body: appealCreateSchema },
  downloadTissAppeal: { query: stageTargetsQuerySchema },
  markTissAppealSent: { query: stageTargetsQuerySchema, body: buildTissSentSchema('2026-11-26') },
  updateLedgerBilling: { body: billingSchema('2026-11-26') },
  createReceipt: { body: receiptSchema('2026-11-26') },
  createGlosa: { body: glosaSchema('2026-11-26') },
  updateGlosa: { body: glosaUpdateSchema('2026-11-26') },
  updateStageTargets: { body: stageTargetsSchema },
  updateSurgeryHolder: { body: surgeryHolderSchema },
  createOpmeItem: { body: opmeItemSchema },
  updateOpmeItem: { body: opmeItemSchema },
  listReceivables: { query: receivablesQuerySchema },
  exportReceivables: { query: receivablesExportQuerySchema },
  getIncomeReport: { query: incomeReportQuerySchema },
  exportIncomeReport: { query: incomeReportQuerySchema },
  exportIncomeReportPdf: { query: incomeReportQuerySchema },
  listAudit: { query: auditQuerySchema },
  exportAudit: { query: auditExportQuerySchema },
};

/** Operations whose input is not one of machines/' schemas, and why. */
const NOT_SCHEMAS: Record<string, string> = {
  createToken: 'RFC 6749 form (server/routes/auth.ts): its errors are OAuth error codes, not SPEC §8 shapes',
  revokeToken: 'RFC 7009 form (server/routes/auth.ts): always 200 for a valid client',
  associateMfa: 'OAuth form beside /auth/token (server/routes/auth.ts): its errors are OAuth error codes',
  getProfilePhoto: 'a signed link: the link is the authorization, any fault is 403',
  getPatientPhoto: 'a signed link: the link is the authorization, any fault is 403',
  getSurgeryDocument: 'a signed link: the link is the authorization, any fault is 403',
  getSurgeryDocumentFile: 'a signed link: the link is the authorization, any fault is 403',
  attachNamedDocument: 'a name and one file part, the file checked by its content (server/routes/surgery/surgery-files.ts)',
  updateProfilePhoto: 'one file part, checked by its content (server/services/files/photo.ts)',
};

describe('request schemas against openapi.yaml', () => {
  const rows = Object.entries(REQUEST_SCHEMAS);

  it('covers every operation with a body or a query', () => {
    const missing = operationsWithInput()
      .filter(({ operationId, body, query }) => {
        if (NOT_SCHEMAS[operationId]) return false;
        const row = REQUEST_SCHEMAS[operationId];
        return !row || (body && !row.body) || (query && !row.query);
      })
      .map(({ operationId }) => operationId);
    expect(missing).toEqual([]);
  });

  it.each(rows.filter(([, row]) => row.body).map(([id, row]) => [id, row.body!] as const))('%s body', (id, schema) => {
    expect(bodyDifferences(id, schema)).toEqual([]);
  });

  it.each(rows.filter(([, row]) => row.query).map(([id, row]) => [id, row.query!] as const))('%s query', (id, schema) => {
    expect(queryDifferences(id, schema)).toEqual([]);
  });
});
