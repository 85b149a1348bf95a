import { STATUS_LABELS, type ActiveStatus } from '../constants';
import { MAX_STAGE_TARGET_DAYS } from './constants';

/**
 * The clocks' and holders' pt-BR messages (./clockSchemas.ts), without arktype: the server's services use them
 * without loading the schemas at start (issue 41, goal 5).
 */

export const CLOCK_MESSAGES = {
  targetMissing: (status: ActiveStatus) => `Informe o prazo da etapa "${STATUS_LABELS[status]}".`,
  targetInvalid: (status: ActiveStatus) =>
    `O prazo da etapa "${STATUS_LABELS[status]}" deve ser um número inteiro de 1 a ${MAX_STAGE_TARGET_DAYS} dias.`,
  holderMissing: 'Escolha quem fica responsável pelo caso.',
  holderInvalid: 'Responsável inválido.',
  /** The holder is neither the case's medic nor one of the medic's secretaries (checked by the server). */
  holderNotAllowed: 'O responsável deve ser o médico do caso ou uma secretária vinculada a ele.',
  medicInvalid: 'Médico inválido.',
  /** A secretary reading targets without naming the medic. */
  medicRequired: 'Informe o médico (medic).',
  /** A medic the user does not see. */
  medicNotFound: 'Médico não encontrado.',
} as const;
