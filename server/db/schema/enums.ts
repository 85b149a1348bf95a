import { pgEnum } from 'drizzle-orm/pg-core';
import {
  APPROVAL_VALUES,
  CASE_STATUSES,
  GENDERS,
  PAYMENT_SOURCES,
  SURGERY_DOCUMENT_KINDS,
  USER_TYPES,
} from '../../../machines/constants';
import {
  AUTHORIZATION_PAYERS,
  AUTHORIZATION_STATUSES,
  DISPATCH_CHANNELS,
  LOSS_REASONS,
  OPME_DECISIONS,
} from '../../../machines/preoperative/constants';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../machines/audit/constants';
import { APPEAL_OUTCOMES, PAYMENT_TERM_PAYERS, RECEIPT_PAYERS, SETTLEMENTS } from '../../../machines/ledger/constants';

export const userTypeEnum = pgEnum('user_type', USER_TYPES);
export const caseStatusEnum = pgEnum('case_status', CASE_STATUSES);
export const paymentSourceEnum = pgEnum('payment_source', PAYMENT_SOURCES);
export const genderEnum = pgEnum('gender', GENDERS);
export const approvalEnum = pgEnum('approval', APPROVAL_VALUES);
export const surgeryDocumentKindEnum = pgEnum('surgery_document_kind', SURGERY_DOCUMENT_KINDS);
export const procedureTableEnum = pgEnum('procedure_table', ['tuss', 'sigtap']);
export const tokenKindEnum = pgEnum('token_kind', ['access', 'refresh']);
export const authorizationPayerEnum = pgEnum('authorization_payer', AUTHORIZATION_PAYERS);
export const authorizationStatusEnum = pgEnum('authorization_status', AUTHORIZATION_STATUSES);
export const opmeDecisionEnum = pgEnum('opme_decision', OPME_DECISIONS);
export const dispatchChannelEnum = pgEnum('dispatch_channel', DISPATCH_CHANNELS);
export const lossReasonEnum = pgEnum('loss_reason', LOSS_REASONS);
export const receiptPayerEnum = pgEnum('receipt_payer', RECEIPT_PAYERS);
export const appealOutcomeEnum = pgEnum('appeal_outcome', APPEAL_OUTCOMES);
export const settlementEnum = pgEnum('settlement', SETTLEMENTS);
export const paymentTermPayerEnum = pgEnum('payment_term_payer', PAYMENT_TERM_PAYERS);
export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS);
export const auditEntityEnum = pgEnum('audit_entity', AUDIT_ENTITIES);
