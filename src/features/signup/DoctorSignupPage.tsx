/**
 * /signup (SPEC §2 Doctor signup, 3 steps; §5 validation). The doctor signup machine owns the step shown and the
 * submit; react-hook-form owns the field state (STYLE §17). Each step is checked with its schema of
 * machines/account/signupSchemas.ts, the one the machine guards with and the API's body is built from; the step's
 * values go to the machine as `wizard.next` / `wizard.submit` data. The checks (./doctorSignupChecks.ts, arktype)
 * load just after the first paint, not with the page (issue 41, goal 6).
 */
import { useEffect } from 'react';
import type { Resolver } from 'react-hook-form';
import { useMachine } from '@xstate/react';
import {
  createDoctorSignupMachine,
  type DoctorSignupData,
} from '../../../machines/signup/doctorSignupWizard';
import { AuthHeading, AuthLayout } from '../../components/layout/AuthLayout';
import { lazyResolver } from '../../components/form/lazyResolver';
import { ptBR } from '../../lib/i18n/pt-BR';
import { usePainted } from '../../lib/usePainted';
import { submitDoctorSignup } from './actors';
import { DoctorAccessStep, DoctorProfessionalStep } from './DoctorSignupSteps';
import { PersonalFields } from './PersonalFields';
import { useSignupWizardForm } from './useSignupWizardForm';
import { SignupWizard } from './WizardLayout';

/** The form's values: the wizard data with the specialty as the select's string value. */
export type DoctorSignupForm = Omit<DoctorSignupData, 'specialty' | 'nickname'> & { specialty: string };

const STEPS = ['personal', 'professional', 'access'] as const;
type Step = (typeof STEPS)[number];

type DoctorChecks = typeof import('./doctorSignupChecks');
let loadedChecks: DoctorChecks | undefined;
const loadChecks = (): Promise<DoctorChecks> => import('./doctorSignupChecks').then((module) => (loadedChecks = module));

/** A step's resolver: its schema once loaded (a check before that waits for it). */
function lazyStepResolver(step: Step): Resolver<DoctorSignupForm> {
  return lazyResolver<DoctorSignupForm>(() => loadChecks().then((module) => module.doctorStepResolvers[step])).resolver;
}

const STEP_RESOLVERS: Record<Step, Resolver<DoctorSignupForm>> = {
  personal: lazyStepResolver('personal'),
  professional: lazyStepResolver('professional'),
  access: lazyStepResolver('access'),
};

/**
 * The loaded checks, for the machine's step rules. The page sends a step's values to the machine only once that
 * step's resolver, which waits for the same module, has passed them: they are there by then.
 */
function loaded(): DoctorChecks {
  if (!loadedChecks) throw new Error('DoctorSignupPage: a step reached the machine before its checks loaded');
  return loadedChecks;
}

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

/** doctorSignupMachine, its rules loaded after the first paint. */
const signupMachine = createDoctorSignupMachine({
  personal: (data) => loaded().doctorStepChecks.personal(data),
  professional: (data) => loaded().doctorStepChecks.professional(data),
  access: (data) => loaded().doctorStepChecks.access(data),
}).provide({ actors: { submitSignup: submitDoctorSignup } });

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
  const [snapshot, send] = useMachine(signupMachine, { input: {} });
  // After the first paint (an effect alone may run before it, and the page's largest paint would wait behind the
  // download): by the first check (a field left, at the earliest) the schemas are there.
  const painted = usePainted();
  useEffect(() => {
    if (painted) loadChecks().catch(() => undefined);
  }, [painted]);
  const machineStep = stepOf(snapshot.value);
  const submitting = machineStep === 'submitting';
  const step: Step = machineStep === 'submitting' || machineStep === 'done' ? 'access' : machineStep;

  const form = useSignupWizardForm<DoctorSignupForm>({
    step,
    state: machineStep,
    errors: snapshot.context.errors,
    defaultValues: DEFAULT_VALUES,
    resolver: STEP_RESOLVERS[step],
    successText: ptBR.signup.success,
  });
  const { control, handleSubmit } = form;

  function handleValid(values: DoctorSignupForm) {
    const data = toWizardData(values);
    send(step === 'access' ? { type: 'wizard.submit', data } : { type: 'wizard.next', data });
  }

  function handleBack() {
    send({ type: 'wizard.back', data: toWizardData(form.getValues()) });
  }

  return (
    <AuthLayout wide>
      <AuthHeading title={ptBR.signup.title} subtitle={ptBR.signup.subtitle} />
      <SignupWizard
        texts={ptBR.signup}
        index={STEPS.indexOf(step)}
        submitting={submitting}
        onSubmit={handleSubmit(handleValid)}
        onBack={handleBack}
      >
        {step === 'personal' ? <PersonalFields form={form} /> : null}
        {step === 'professional' ? <DoctorProfessionalStep control={control} /> : null}
        {step === 'access' ? <DoctorAccessStep form={form} /> : null}
      </SignupWizard>
    </AuthLayout>
  );
}
