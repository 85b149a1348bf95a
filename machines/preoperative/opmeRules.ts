import type { ApprovalValue } from '../constants';

/**
 * The OPME rule of DECISIONS §15 as pure functions, shared by the lifecycle machine (its guards, hence update/{id}/
 * and the details page), the OPME items API and the authorization records: the OPME approval can be 'aprovada' only
 * when every item of the case has its authorization decided (autorizado, parcial or negado). A case with no item
 * listed has nothing undecided, so SPEC's toggle keeps working for cases whose materials are not listed here.
 */

export const OPME_RULE_MESSAGES = {
  /** Approving the OPME (the toggle or the authorization record) while an item is undecided. */
  itemsUndecided: 'Decida a autorização de todos os itens de OPME (autorizado, parcial ou negado) antes de aprovar a OPME.',
  /** Saving an undecided item while the OPME approval is 'aprovada'. */
  approvedNeedsDecision: 'A OPME já está aprovada: informe a autorização deste item (autorizado, parcial ou negado).',
} as const;

/** The problems of setting (or keeping) the OPME approval at `approval` while `undecided` items have no decision. */
export function opmeApprovalProblems(approval: ApprovalValue | null | undefined, undecided: number): string[] {
  return approval === 'aprovada' && undecided > 0 ? [OPME_RULE_MESSAGES.itemsUndecided] : [];
}

/** The problems of an item write that leaves `undecided` items while the case's OPME approval is `approval`. */
export function opmeItemWriteProblems(approval: ApprovalValue | null, undecided: number): string[] {
  return approval === 'aprovada' && undecided > 0 ? [OPME_RULE_MESSAGES.approvedNeedsDecision] : [];
}
