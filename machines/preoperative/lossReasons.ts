import { LOSS_REASON_LABELS, LOSS_REASONS, type LossReason } from './constants';

/**
 * The loss reasons' labels and guard (./reasonSchemas.ts has the schemas), without arktype: the server uses them
 * without loading the schemas at start (issue 41, goal 5).
 */

/** How the dashboard names the lost cases whose move carried no reason (archived before issue 13, or by the API). */
export const NO_LOSS_REASON_LABEL = 'Sem motivo informado';

/** A reason's pt-BR label; null (no reason given) is NO_LOSS_REASON_LABEL. */
export function lossReasonLabel(reason: LossReason | null): string {
  return reason === null ? NO_LOSS_REASON_LABEL : LOSS_REASON_LABELS[reason];
}

export function isLossReason(value: unknown): value is LossReason {
  return typeof value === 'string' && (LOSS_REASONS as readonly string[]).includes(value);
}
