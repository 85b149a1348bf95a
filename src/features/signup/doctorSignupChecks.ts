/**
 * The doctor signup's checks, loaded after /signup's first paint (issue 41, goal 6: arktype stays out of its first
 * download): each step's schema of machines/account/signupSchemas.ts as the form's resolver, and the step rules of
 * machines/signup/rules.ts the wizard machine guards with, the ones of doctorSignupMachine.
 */
import type { Resolver } from 'react-hook-form';
import { doctorAccessForm, doctorPersonalStep, doctorProfessionalForm } from '../../../machines/account/signupSchemas';
import type { DoctorStepChecks } from '../../../machines/signup/doctorSignupWizard';
import { doctorAccessProblems, doctorPersonalProblems, doctorProfessionalProblems } from '../../../machines/signup/rules';
import { stepResolver } from '../../components/form/stepResolver';
import type { DoctorSignupForm } from './DoctorSignupPage';

/** Each step's schema: the form's own where it holds a value differently (the specialty's select) or checks more (consent). */
export const doctorStepResolvers: Record<keyof DoctorStepChecks, Resolver<DoctorSignupForm>> = {
  personal: stepResolver<DoctorSignupForm>(doctorPersonalStep),
  professional: stepResolver<DoctorSignupForm>(doctorProfessionalForm),
  access: stepResolver<DoctorSignupForm>(doctorAccessForm),
};

export const doctorStepChecks: DoctorStepChecks = {
  personal: doctorPersonalProblems,
  professional: doctorProfessionalProblems,
  access: doctorAccessProblems,
};
