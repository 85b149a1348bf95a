import type { components } from '../../../openapi/schema';
import { opmeApprovalApplies, planApprovalApplies } from '../../../machines/surgeryLifecycle/lifecycleRules';
import type { Database } from '../../db/client';
import { surgeries } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleSurgery } from '../access/scope';

type ApprovalsResponse = components['schemas']['Approvals'];

type User = Pick<AuthUser, 'id' | 'type'>;

/**
 * The authorization step's approvals (SPEC §3 "Approvals record", §7 approvals/{id}/; openapi getApprovals): the
 * three values (null until marked), whether the case uses OPME, and whether the plan's approval applies (the payment
 * source is plano_saude), so the SPA greys out the boxes that do not apply. Changing one goes through update/{id}/.
 */
export function createApprovalsService({ db }: { db: Database }) {
  return {
    /** The approvals of the user's case `id`, or null (missing or another tenant's). */
    async get(user: User, id: number): Promise<ApprovalsResponse | null> {
      const visible = await visibleSurgery(db, user, id);
      if (!visible) return null;
      const [row] = await db
        .select({
          paymentFountains: surgeries.paymentFountains,
          opme: surgeries.opme,
          hospitalApprovals: surgeries.hospitalApprovals,
          planApprovals: surgeries.planApprovals,
          opmeApprovals: surgeries.opmeApprovals,
        })
        .from(surgeries)
        .where(visible)
        .limit(1);
      if (!row) return null;
      return {
        plan_approvals: row.planApprovals,
        hospital_approvals: row.hospitalApprovals,
        opme_approvals: row.opmeApprovals,
        opme: opmeApprovalApplies({ opme: row.opme }),
        health_plan_approval: planApprovalApplies({ payment_fountains: row.paymentFountains }),
      };
    },
  };
}
