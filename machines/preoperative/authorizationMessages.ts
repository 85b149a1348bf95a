import { MAX_NOTE_LENGTH } from '../constants';

/**
 * The authorization record's pt-BR messages (./authorizationSchemas.ts has the schema), without arktype: the server
 * uses them without loading the schemas at start (issue 41, goal 5).
 */

/** The longest protocol (guide number) or senha: payers' codes are a few dozen characters at most. */
export const AUTHORIZATION_CODE_MAX = 60;

export const AUTHORIZATION_MESSAGES = {
  statusRequired: 'Informe a situação da autorização.',
  invalidStatus: 'Situação da autorização inválida: use pendente, solicitada, aprovada, parcial ou negada.',
  invalidRequestedOn: 'Data da solicitação inválida.',
  invalidDecidedOn: 'Data da decisão inválida.',
  invalidValidUntil: 'Data de validade inválida.',
  requestedOnRequired: 'Informe a data da solicitação.',
  decidedOnNotDecided: 'Uma autorização pendente ou solicitada ainda não tem data de decisão.',
  decidedBeforeRequest: 'A data da decisão não pode ser antes da data da solicitação.',
  validBeforeDecision: 'A validade não pode ser antes da data da decisão.',
  validBeforeRequest: 'A validade não pode ser antes da data da solicitação.',
  protocolTooLong: `O número do protocolo ou da guia deve ter no máximo ${AUTHORIZATION_CODE_MAX} caracteres.`,
  passwordTooLong: `A senha deve ter no máximo ${AUTHORIZATION_CODE_MAX} caracteres.`,
  notesTooLong: `As observações devem ter no máximo ${MAX_NOTE_LENGTH} caracteres.`,
  invalidVersion: 'Versão da cirurgia inválida.',
  /** Server-side (the stored case): the payer does not apply to the case. */
  planNotApplicable: 'A autorização do plano não se aplica: a fonte pagadora não é Plano de Saúde.',
  opmeNotApplicable: 'A autorização da OPME não se aplica: esta cirurgia não usa OPME.',
  /** Server-side: after the authorization step the status is what let the case move on. */
  statusLocked: 'A situação da autorização só pode mudar até a etapa Autorização; depois dela, altere apenas os demais dados.',
} as const;
