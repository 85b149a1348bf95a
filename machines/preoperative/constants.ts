import type { ActiveStatus } from '../constants';
import { STAGES } from '../stages';

/**
 * The pre-operative work of a case (issue 13; DECISIONS §15): authorization records, document checklists, OPME,
 * the days-in-stage clocks and the loss reasons. The value lists here are also the database's enums
 * (server/db/schema/enums.ts), so the server, the SPA and the migrations say the same.
 */

/** Who must approve a case: the hospital always, the health plan when it pays, the OPME payer when the case uses OPME. */
export const AUTHORIZATION_PAYERS = ['hospital', 'plano', 'opme'] as const;
export type AuthorizationPayer = (typeof AUTHORIZATION_PAYERS)[number];

export const AUTHORIZATION_PAYER_LABELS: Record<AuthorizationPayer, string> = {
  hospital: 'Hospital',
  plano: 'Plano de saúde',
  opme: 'OPME',
};

/** An authorization record's status; SPEC's toggles are its 'aprovada' and 'negada'. */
export const AUTHORIZATION_STATUSES = ['pendente', 'solicitada', 'aprovada', 'parcial', 'negada'] as const;
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number];

export const AUTHORIZATION_STATUS_LABELS: Record<AuthorizationStatus, string> = {
  pendente: 'Pendente',
  solicitada: 'Solicitada',
  aprovada: 'Aprovada',
  parcial: 'Parcial',
  negada: 'Negada',
};

/** An authorization expiring within this many days (today included) is warned about. */
export const AUTHORIZATION_WARNING_DAYS = 7;

/** The authorization warnings: expires within AUTHORIZATION_WARNING_DAYS, has expired, or expires before the surgery. */
const AUTHORIZATION_ALERT_KINDS = ['expiring', 'expired', 'before_schedule'] as const;
export type AuthorizationAlertKind = (typeof AUTHORIZATION_ALERT_KINDS)[number];

/** An OPME item's authorization. */
export const OPME_DECISIONS = ['autorizado', 'parcial', 'negado'] as const;
export type OpmeDecision = (typeof OPME_DECISIONS)[number];

export const OPME_DECISION_LABELS: Record<OpmeDecision, string> = {
  autorizado: 'Autorizado',
  parcial: 'Parcial',
  negado: 'Negado',
};

/** CFM Resolution 1.956/2010: the surgeon names at least three brands or suppliers for each OPME item. */
export const MIN_OPME_SUPPLIERS = 3;

/** How the documents were sent to the hospital or the plan. */
export const DISPATCH_CHANNELS = ['email', 'portal', 'presencial'] as const;
export type DispatchChannel = (typeof DISPATCH_CHANNELS)[number];

export const DISPATCH_CHANNEL_LABELS: Record<DispatchChannel, string> = {
  email: 'E-mail',
  portal: 'Portal',
  presencial: 'Presencial',
};

/** Whose document checklist an item belongs to. */
export const CHECKLIST_SCOPES = ['hospital', 'plano'] as const;
export type ChecklistScope = (typeof CHECKLIST_SCOPES)[number];

/** Why a case was archived or cancelled (with free text beside it; 'outro' needs the text). */
export const LOSS_REASONS = [
  'paciente_desistiu',
  'condicao_clinica',
  'autorizacao_negada',
  'autorizacao_expirada',
  'documentacao_incompleta',
  'opme_indisponivel',
  'financeiro',
  'troca_medico_hospital',
  'outro',
] as const;
export type LossReason = (typeof LOSS_REASONS)[number];

export const LOSS_REASON_LABELS: Record<LossReason, string> = {
  paciente_desistiu: 'Paciente desistiu',
  condicao_clinica: 'Condição clínica do paciente',
  autorizacao_negada: 'Autorização negada',
  autorizacao_expirada: 'Autorização expirada',
  documentacao_incompleta: 'Documentação incompleta',
  opme_indisponivel: 'OPME indisponível',
  financeiro: 'Motivo financeiro',
  troca_medico_hospital: 'Troca de médico ou hospital',
  outro: 'Outro motivo',
};

/** DECISIONS §15: the target days of each active stage, until the medic changes them. */
export const DEFAULT_STAGE_TARGET_DAYS = Object.fromEntries(
  STAGES.flatMap((stage) => (stage.active ? [[stage.key, stage.defaultTargetDays]] : [])),
) as Record<ActiveStatus, number>;

/** The largest stage target the settings accept (a year). */
export const MAX_STAGE_TARGET_DAYS = 365;

/** Named extra documents per hospital or plan (checklistSchemas.ts; the screen hides its 'add' past it). */
export const MAX_EXTRA_DOCUMENTS = 20;
