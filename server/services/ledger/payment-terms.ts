import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_PAYMENT_TERM_DAYS } from '../../../machines/ledger/constants';
import type { PaymentTermsInput } from '../../../machines/ledger/ledgerSchemas';
import type { components } from '../../../openapi/schema';
import type { Database, Executor } from '../../db/client';
import { healthPlans, hospitals, paymentTerms } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { namedMedicOf } from '../access/acting-medic';

type User = Pick<AuthUser, 'id' | 'type'>;
type PaymentTermsResponse = components['schemas']['PaymentTerms'];

const PAYMENT_TERMS_MESSAGES = {
  unknownPlan: 'Plano de saúde não encontrado.',
  unknownHospital: 'Hospital não encontrado.',
} as const;

/** A medic's payment terms, plans first then hospitals, each by name (openapi PaymentTerms). */
async function readTerms(db: Executor, medicId: number): Promise<PaymentTermsResponse> {
  const name = sql<string>`coalesce(
    (select ${healthPlans.fantasyName} from ${healthPlans} where ${paymentTerms.payer} = 'plano' and ${healthPlans.id} = ${paymentTerms.payerId}),
    (select ${hospitals.fantasyName} from ${hospitals} where ${paymentTerms.payer} = 'hospital' and ${hospitals.id} = ${paymentTerms.payerId}),
    '')`;
  const rows = await db
    .select({ payer: paymentTerms.payer, payer_id: paymentTerms.payerId, name, days: paymentTerms.days })
    .from(paymentTerms)
    .where(eq(paymentTerms.medicId, medicId))
    .orderBy(asc(paymentTerms.payer), asc(name), asc(paymentTerms.payerId));
  return { default_days: DEFAULT_PAYMENT_TERM_DAYS, terms: rows };
}

/**
 * The medics' payment terms (issue 14; DECISIONS §16; openapi getPaymentTerms, updatePaymentTerms): days from billing
 * to the due date per health plan and per hospital (balances.ts reads them for every case's due date). Both roles
 * read and write them: a medic his own, a secretary her medics' (she is the one who knows each plan's term).
 */
export function createPaymentTermsService({ db }: { db: Database }) {
  const medicOf = (user: User, medic: number | null | undefined) => namedMedicOf(db, user, medic);

  return {
    medicOf,

    async get(user: User, medic: number | null | undefined): Promise<PaymentTermsResponse> {
      return readTerms(db, await medicOf(user, medic));
    },

    /** Replaces the medic's list (every plan and hospital named must exist: else 400, nothing written). */
    async put(medicId: number, input: PaymentTermsInput): Promise<PaymentTermsResponse> {
      const planIds = input.terms.filter((term) => term.payer === 'plano').map((term) => term.payer_id);
      const hospitalIds = input.terms.filter((term) => term.payer === 'hospital').map((term) => term.payer_id);
      const plans = planIds.length ? await db.select({ id: healthPlans.id }).from(healthPlans).where(inArray(healthPlans.id, planIds)) : [];
      const found = hospitalIds.length ? await db.select({ id: hospitals.id }).from(hospitals).where(inArray(hospitals.id, hospitalIds)) : [];
      const messages: string[] = [];
      if (plans.length !== new Set(planIds).size) messages.push(PAYMENT_TERMS_MESSAGES.unknownPlan);
      if (found.length !== new Set(hospitalIds).size) messages.push(PAYMENT_TERMS_MESSAGES.unknownHospital);
      if (messages.length > 0) throw badRequest(messages, { terms: messages });
      await db.transaction(async (tx) => {
        await tx.delete(paymentTerms).where(and(eq(paymentTerms.medicId, medicId)));
        if (input.terms.length > 0) {
          await tx.insert(paymentTerms).values(input.terms.map((term) => ({ medicId, payer: term.payer, payerId: term.payer_id, days: term.days })));
        }
      });
      return readTerms(db, medicId);
    },
  };
}
