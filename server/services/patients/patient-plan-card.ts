import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { patientPlanCards } from '../../db/schema/index';
import type { CheckedPatientForm } from '../../../machines/patientWizard/schemas';

/**
 * The patient's card per plan (issue 37 item 2; docs/TISS.md "The patient's card"): written by the patient form's
 * optional `plan_card`, one row per (patient, plan), so switching plans keeps the other plan's card.
 *
 * - a card with the plan chosen: upserted for (patient, that plan);
 * - null: the card of the plan chosen is deleted;
 * - absent (an older client): nothing changes.
 *
 * The schema refuses a card without a plan (machines/patientWizard/schemas.ts), so `planId` is null only with no card.
 * Answers whether the stored card changed (the update's audit names `plan_card` then).
 */
export async function writePlanCard(tx: Executor, patientId: number, form: CheckedPatientForm, at: Date): Promise<boolean> {
  const card = form.plan_card;
  const planId = form.convenio;
  if (card === undefined || planId === null) return false;
  const key = and(eq(patientPlanCards.patientId, patientId), eq(patientPlanCards.healthPlanId, planId));
  const [stored] = await tx.select().from(patientPlanCards).where(key).for('update');
  if (card === null) {
    if (!stored) return false;
    await tx.delete(patientPlanCards).where(key);
    return true;
  }
  const values = { cardNumber: card.card_number, validUntil: card.valid_until, planName: card.plan_name };
  if (stored && stored.cardNumber === values.cardNumber && stored.validUntil === values.validUntil && stored.planName === values.planName) {
    return false;
  }
  await tx
    .insert(patientPlanCards)
    .values({ patientId, healthPlanId: planId, ...values, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: [patientPlanCards.patientId, patientPlanCards.healthPlanId], set: { ...values, updatedAt: at } });
  return true;
}

/** Every card of the patient, oldest plan first (the data export lists them all; the erasure deletes them). */
export async function planCardsOf(db: Executor, patientId: number) {
  return db.select().from(patientPlanCards).where(eq(patientPlanCards.patientId, patientId)).orderBy(patientPlanCards.healthPlanId);
}

/** Deletes every card of the patient (the erasure's anonymization). */
export async function deletePlanCards(tx: Executor, patientId: number): Promise<void> {
  await tx.delete(patientPlanCards).where(eq(patientPlanCards.patientId, patientId));
}
