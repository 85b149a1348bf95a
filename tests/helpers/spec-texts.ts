/**
 * The product spec's exact texts the API tests expect (SPEC §3 stage labels, §5 messages, §8 bodies; DECISIONS §4's
 * 409 body). They are written out here as literal strings, on purpose NOT imported from machines/ or src/: the tests
 * keep their own oracle, so a test fails when the product's text drifts from the spec.
 */
import type { CaseStatus } from '../../machines/constants';

/** SPEC §5: the lifecycle steps' validation messages, and the notes' 1000-character limit in the product's words. */
export const STEP_MESSAGES = {
  documentArrivals: 'Preencha a data de envio da documentação!',
  dayRequired: 'Selecione o dia no calendário!',
  invalidHour: 'Hora invalida!',
  invalidDate: 'Data invalida!',
  payment: 'Insira um valor recebido!',
  allApproved: 'Todos os status tem que está aprovado!',
  noteTooLong: 'As observações devem ter no máximo 1000 caracteres.',
} as const;

/** SPEC §3 "Stage keys and labels". */
export const STAGE_LABELS: Record<CaseStatus, string> = {
  ind_paciente: 'Cadastro de Cirurgia',
  prep_doc: 'Preparação de documentação',
  env_doc: 'Envio de documentação (Hospital)',
  autorizacao: 'Autorização',
  agendamento: 'Agendamento de cirurgia',
  realizacao: 'Realização de cirurgia',
  pagamento: 'Pagamento de honorário',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
  arquiv: 'Arquivado',
};

/** SPEC §8 "Surgery not found": the 404 body. */
export const SURGERY_NOT_FOUND = { error: ['Não foi possível encontrar essa cirurgia'] };

/** SPEC §8 "Template unavailable": the 404 bodies. */
export const NO_HOSPITAL_TEMPLATE = { error: ['Esse Hospital não tem template'] };
export const NO_PLAN_TEMPLATE = { error: ['Esse Plano de saude não tem template'] };

/** DECISIONS §4: the 409 body of a move the case's stage does not allow, naming that stage by its SPEC §3 label. */
export function stageConflict(actual: CaseStatus) {
  return {
    message: `Essa mudança de etapa não é permitida: a cirurgia está em "${STAGE_LABELS[actual]}".`,
    status: { actual_status: actual },
  };
}
