import { asc, eq, inArray, sql } from 'drizzle-orm';
import { BILLING_MESSAGES as M } from '../../../machines/billing/billingMessages';
import type { BillingProfileInput } from '../../../machines/billing/billingSchemas';
import type { components } from '../../../openapi/schema';
import type { Database, Executor } from '../../db/client';
import { healthPlans, medicBillingProfiles, medicPlanBilling, users } from '../../db/schema/index';
import { badRequest } from '../../http/errors';

type BillingProfile = components['schemas']['BillingProfile'];

/** The medic's billing data as the API answers it (an absent profile reads as CRM with everything else empty). */
async function readBillingProfile(db: Executor, medicId: number): Promise<BillingProfile> {
  const [[medic], [profile], plans] = await Promise.all([
    db
      .select({ firstName: users.firstName, lastName: users.lastName, cpf: users.cpf, crm: users.crm })
      .from(users)
      .where(eq(users.id, medicId)),
    db.select().from(medicBillingProfiles).where(eq(medicBillingProfiles.medicId, medicId)),
    db
      .select({
        health_plan_id: medicPlanBilling.healthPlanId,
        name: healthPlans.fantasyName,
        ans_registry: healthPlans.ansRegistry,
        bills_as: medicPlanBilling.billsAs,
        provider_code: medicPlanBilling.providerCode,
      })
      .from(medicPlanBilling)
      .innerJoin(healthPlans, eq(healthPlans.id, medicPlanBilling.healthPlanId))
      .where(eq(medicPlanBilling.medicId, medicId))
      .orderBy(asc(healthPlans.fantasyName), asc(healthPlans.id)),
  ]);
  return {
    medic_name: medic ? `${medic.firstName} ${medic.lastName}`.trim() : '',
    medic_cpf: medic?.cpf ?? '',
    council: profile?.council ?? '06',
    // Until the office fills it, the council number is the CRM the medic gave at sign-up.
    council_number: profile ? profile.councilNumber : (medic?.crm ?? null),
    council_uf: profile?.councilUf ?? null,
    cbo: profile?.cbo ?? null,
    cnes: profile?.cnes ?? null,
    company_cnpj: profile?.companyCnpj ?? null,
    company_name: profile?.companyName ?? null,
    plans,
  };
}

/**
 * How a medic bills the health plans (issue 37; openapi getBillingProfile, updateBillingProfile): his council
 * registration, CBO, CNES and company, and per plan as whom he bills it and his code there. Both roles, as the
 * payment terms: a medic his own, a secretary one of her medics' (`?medic=`).
 */
export function createBillingProfileService({ db }: { db: Database }) {
  return {
    get: (medicId: number) => readBillingProfile(db, medicId),

    /** Replaces the profile and the plans' list (every plan must exist: else 400, nothing written). */
    async put(medicId: number, userId: number, input: BillingProfileInput): Promise<BillingProfile> {
      const planIds = input.plans.map((plan) => plan.health_plan_id);
      const found = planIds.length ? await db.select({ id: healthPlans.id }).from(healthPlans).where(inArray(healthPlans.id, planIds)) : [];
      if (found.length !== planIds.length) throw badRequest([M.unknownPlan], { plans: [M.unknownPlan] });
      const values = {
        council: input.council,
        councilNumber: input.council_number,
        councilUf: input.council_uf,
        cbo: input.cbo,
        cnes: input.cnes,
        companyCnpj: input.company_cnpj,
        companyName: input.company_name,
        updatedBy: userId,
        updatedAt: sql`now()`,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(medicBillingProfiles)
          .values({ medicId, ...values })
          .onConflictDoUpdate({ target: medicBillingProfiles.medicId, set: values });
        await tx.delete(medicPlanBilling).where(eq(medicPlanBilling.medicId, medicId));
        if (input.plans.length > 0) {
          await tx.insert(medicPlanBilling).values(
            input.plans.map((plan) => ({ medicId, healthPlanId: plan.health_plan_id, billsAs: plan.bills_as, providerCode: plan.provider_code })),
          );
        }
      });
      return readBillingProfile(db, medicId);
    },
  };
}
