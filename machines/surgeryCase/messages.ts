import { MAX_CASE_CODES, STATUS_LABELS, type ActiveStatus } from '../constants';

/**
 * The surgery's create and update pt-BR messages (./schemas.ts has the schemas), without arktype: the server uses them
 * without loading the schemas at start (issue 41, goal 5).
 */

export const CREATE_SURGERY_MESSAGES = {
  tooManyCids: `Informe no máximo ${MAX_CASE_CODES} CIDs.`,
  tooManyProcedures: `Informe no máximo ${MAX_CASE_CODES} procedimentos.`,
  unknownCid: 'CID não encontrado.',
  unknownProcedure: 'Procedimento não encontrado.',
  patientMissing: 'Selecione o paciente.',
  patientNotFound: 'Paciente não encontrado.',
  patientAnonymized: 'Este paciente foi anonimizado (LGPD): cadastre-o novamente para uma nova cirurgia.',
  hospitalNotFound: 'Hospital não encontrado.',
  healthPlanNotFound: 'Convênio não encontrado.',
  invalidPaymentSource: 'Fonte pagadora inválida.',
  invalidFees: 'Valor previsto inválido: informe um valor de zero ou mais, com no máximo duas casas decimais.',
} as const;

export const UPDATE_SURGERY_MESSAGES = {
  statusRequired: 'Informe a etapa da cirurgia.',
  unknownStatus: 'Etapa da cirurgia desconhecida.',
  invalidApproval: 'Aprovação inválida: os valores aceitos são aprovada e negada.',
  invalidPayment: 'Valor recebido inválido: use no máximo duas casas decimais e até R$ 9.999.999.999,99.',
  mixedSteps: 'Envie apenas os dados de uma etapa.',
  fieldOfStep: (status: ActiveStatus) => `Este campo é da etapa "${STATUS_LABELS[status]}".`,
  backWithData: 'Para voltar uma etapa, envie apenas a etapa, sem dados.',
  dataOnlyAtStep: (status: ActiveStatus) =>
    `Os dados da etapa "${STATUS_LABELS[status]}" só podem ser gravados nessa etapa ou ao avançar dela.`,
  planApprovalNotApplicable: 'A aprovação do plano não se aplica: a fonte pagadora não é Plano de Saúde.',
  opmeApprovalNotApplicable: 'A aprovação do OPME não se aplica: esta cirurgia não usa OPME.',
  invalidVersion: 'Versão da cirurgia inválida.',
} as const;
