/**
 * /signup (SPEC §2 Doctor signup, 3 steps; §5 validation). The doctor signup machine owns the step shown and the
 * submit; react-hook-form owns the field state (STYLE §17). Each step is checked with its schema of
 * machines/account/signupSchemas.ts, the one the machine guards with and the API's body is built from; the step's
 * values go to the machine as `wizard.next` / `wizard.submit` data.
 */
import { useEffect, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import {
  doctorSignupMachine,
  type DoctorSignupData,
} from '../../../machines/signup/doctorSignupMachine';
import { doctorAccessForm, doctorPersonalStep, doctorProfessionalForm } from '../../../machines/account/signupSchemas';
import { AuthHeading, AuthLayout } from '../../components/layout/AuthLayout';
import { StepIndicator } from '../../components/ui/StepIndicator';
import { stepResolver } from '../../components/form/stepResolver';
import { TextLink } from '../../components/ui/TextLink';
import { ptBR } from '../../lib/i18n/pt-BR';
import { toastSuccess, toastWarning } from '../../lib/toast';
import { submitDoctorSignup } from './actors';
import { DoctorAccessStep, DoctorProfessionalStep } from './DoctorSignupSteps';
import { PersonalFields } from './PersonalFields';
import { StepTitle, StyledWizardForm, WizardActions, WizardFooter } from './WizardLayout';

/** The form's values: the wizard data with the specialty as the select's string value. */
export type DoctorSignupForm = Omit<DoctorSignupData, 'specialty' | 'nickname'> & { specialty: string };

const STEPS = ['personal', 'professional', 'access'] as const;
type Step = (typeof STEPS)[number];

/** Each step's schema: the form's own where it holds a value differently (the specialty's select) or checks more (consent). */
const STEP_RESOLVERS: Record<Step, Resolver<DoctorSignupForm>> = {
  personal: stepResolver<DoctorSignupForm>(doctorPersonalStep),
  professional: stepResolver<DoctorSignupForm>(doctorProfessionalForm),
  access: stepResolver<DoctorSignupForm>(doctorAccessForm),
};

const DEFAULT_VALUES: DoctorSignupForm = {
  first_name: '',
  last_name: '',
  cpf: '',
  address: '',
  crm: '',
  specialty: '',
  cellphone: '',
  email: '',
  password: '',
  confirmPassword: '',
  news: false,
  IAcceptToStoreData: false,
  IHaveASecretary: false,
  secretary: '',
};

const signupMachine = doctorSignupMachine.provide({ actors: { submitSignup: submitDoctorSignup } });

function toWizardData(values: DoctorSignupForm): Partial<DoctorSignupData> {
  const specialty = Number.parseInt(values.specialty, 10);
  return { ...values, specialty: Number.isInteger(specialty) ? specialty : null };
}

function stepOf(value: unknown): Step | 'submitting' | 'done' {
  return value === 'personal' || value === 'professional' || value === 'submitting' || value === 'done'
    ? value
    : 'access';
}

export function DoctorSignupPage() {
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(signupMachine, { input: {} });
  const machineStep = stepOf(snapshot.value);
  const submitting = machineStep === 'submitting';
  const step: Step = machineStep === 'submitting' || machineStep === 'done' ? 'access' : machineStep;

  const form = useForm<DoctorSignupForm>({
    defaultValues: DEFAULT_VALUES,
    mode: 'onTouched',
    // react-hook-form reads the resolver of the latest render: the schema of the step shown.
    resolver: STEP_RESOLVERS[step],
  });
  const { control, handleSubmit, clearErrors } = form;

  // A new step starts clean: errors of fields that are not shown would only confuse.
  useEffect(() => {
    clearErrors();
  }, [step, clearErrors]);

  // Server errors come back as the machine's `errors` when the submit fails (SPEC §8: each as a warning).
  const previousStep = useRef(machineStep);
  useEffect(() => {
    const wasSubmitting = previousStep.current === 'submitting';
    previousStep.current = machineStep;
    if (machineStep === 'done') {
      toastSuccess(ptBR.signup.success);
      void navigate({ to: '/auth' });
    } else if (wasSubmitting) {
      for (const message of snapshot.context.errors) toastWarning(message);
    }
  }, [machineStep, snapshot.context.errors, navigate]);

  function handleValid(values: DoctorSignupForm) {
    const data = toWizardData(values);
    send(step === 'access' ? { type: 'wizard.submit', data } : { type: 'wizard.next', data });
  }

  function handleBack() {
    send({ type: 'wizard.back', data: toWizardData(form.getValues()) });
  }

  const stepIndex = STEPS.indexOf(step);
  const stepName = ptBR.signup.steps[stepIndex] ?? '';

  return (
    <AuthLayout wide>
      <AuthHeading title={ptBR.signup.title} subtitle={ptBR.signup.subtitle} />
      <StepIndicator steps={ptBR.signup.steps} current={stepIndex} label={ptBR.signup.stepsLabel} />
      <StyledWizardForm noValidate onSubmit={handleSubmit(handleValid)} aria-busy={submitting}>
        <StepTitle stepKey={step} index={stepIndex} total={STEPS.length}>
          {stepName}
        </StepTitle>
        {step === 'personal' ? <PersonalFields form={form} /> : null}
        {step === 'professional' ? <DoctorProfessionalStep control={control} /> : null}
        {step === 'access' ? <DoctorAccessStep form={form} /> : null}
        <WizardActions
          onBack={step === 'personal' ? undefined : handleBack}
          isLastStep={step === 'access'}
          submitting={submitting}
          submitLabel={ptBR.signup.submit}
        />
      </StyledWizardForm>
      <WizardFooter>
        <TextLink to="/auth">{ptBR.signup.haveAccount}</TextLink>
      </WizardFooter>
    </AuthLayout>
  );
}
