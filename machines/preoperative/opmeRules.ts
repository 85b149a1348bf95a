import type { ApprovalValue } from '../constants';
import type { OpmeDecision } from './constants';

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

/** What an item's chosen total reads: its quantities and its authorization. */
type ItemQuantities = { quantity: number; decision: OpmeDecision | null; authorized_quantity: number | null };

/**
 * The units an item's 'Total escolhido' counts: a 'parcial' item's authorized quantity (what the plan pays for, and
 * what will be bought), any other item's quantity asked (an undecided item's answer is still the request; a denied
 * one keeps its request's total, as the list shows what was asked beside its 'Negado').
 */
export function chosenQuantity(item: ItemQuantities): number {
  return item.decision === 'parcial' && item.authorized_quantity !== null ? item.authorized_quantity : item.quantity;
}

/**
 * An item's 'Total escolhido' in centavos: the chosen quote's unit price (centavos) × chosenQuantity; null when no
 * quote is chosen or the chosen one has no price yet.
 */
export function chosenTotalCents(item: ItemQuantities, unitPriceCents: number | null): number | null {
  return unitPriceCents === null ? null : unitPriceCents * chosenQuantity(item);
}

/** The case's OPME total in centavos: the items' chosen totals added up; null when no item has one. */
export function opmeTotalCents(totals: readonly (number | null)[]): number | null {
  const known = totals.filter((total): total is number => total !== null);
  return known.length === 0 ? null : known.reduce((sum, total) => sum + total, 0);
}
