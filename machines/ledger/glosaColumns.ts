import { addDays } from '../rules/dates';
import { DEFAULT_APPEAL_DAYS } from './constants';
import type { GlosaInput, GlosaUpdateInput } from './ledgerSchemas';

/**
 * A checked glosa's columns (the schemas are ./ledgerSchemas.ts'), without arktype: the server uses them without
 * loading the schemas at start (issue 41, goal 5).
 */

/** A checked glosa (new or updated) as stored: every optional field filled. */
export function glosaColumnsOf(input: GlosaInput | GlosaUpdateInput) {
  const appeal = 'appeal_outcome' in input || 'appeal_filed_on' in input ? (input as GlosaUpdateInput) : null;
  const outcome = appeal?.appeal_outcome ?? null;
  return {
    glosaOn: input.glosa_on as string,
    amountCents: input.amount_cents,
    reason: input.reason as string,
    appealDeadline: input.appeal_deadline ?? addDays(input.glosa_on as string, DEFAULT_APPEAL_DAYS),
    appealFiledOn: appeal?.appeal_filed_on ?? null,
    appealOutcome: outcome,
    recoveredCents:
      outcome === null ? null : (appeal?.recovered_cents ?? (outcome === 'revertida' ? input.amount_cents : outcome === 'mantida' ? 0 : null)),
    note: input.note ?? null,
    // Absent: kept as stored (a client that predates the TISS codes does not clear one).
    ...(input.reason_code !== undefined ? { reasonCode: input.reason_code } : {}),
  };
}
