/**
 * The registration form's checks (machines/surgeryCase/schemas.ts `surgeryRegistrationSchema`, arktype), in a module
 * of their own: ./components/SurgeryForm.tsx loads it at the form's first input or submit, so /patients-surgery does
 * not load arktype before its first paint (issue 41, goal 6).
 */
import { surgeryRegistrationSchema } from '../../../machines/surgeryCase/schemas';
import { problemsIn } from '../../../machines/validation/problems';
import { stepResolver } from '../../components/form/stepResolver';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import type { SurgeryFormValues } from './rules';

const V = surgeriesTexts.validation;

/** The form's rules: one schema of machines/, shared with the API's createSurgerySchema. */
export const surgeryResolver = stepResolver<SurgeryFormValues>(surgeryRegistrationSchema);

const CODE_MESSAGES: readonly string[] = [V.fillBoth, V.fillCid, V.fillProcedure];

/** SPEC §5's toast when CIDs or procedures are missing ('Preencha CID e Procedimento!' for both), or null. */
export function missingCodesToast(values: SurgeryFormValues): string | null {
  const listed = problemsIn(surgeryRegistrationSchema, values)?.error ?? [];
  return listed.find((message) => CODE_MESSAGES.includes(message)) ?? null;
}
