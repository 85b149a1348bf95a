/**
 * The 2-step secretary signup (SPEC §2, §5): names + CPF, then the invite's e-mail (read-only), password, its
 * repetition and the notifications checkbox. Same split as the doctor wizard: machine = steps, RHF = fields.
 */
import { useEffect, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import {
  secretarySignupMachine,
  type SecretarySignupData,
} from '../../../machines/signup/secretarySignupMachine';
import { secretaryAccessForm, secretaryPersonalStep } from '../../../machines/account/signupSchemas';
import { FormCheckbox } from '../../components/form/FormCheckbox';
import { FormTextField } from '../../components/form/FormTextField';
import { stepResolver } from '../../components/form/stepResolver';
import { StepIndicator } from '../../components/ui/StepIndicator';
import { TextLink } from '../../components/ui/TextLink';
import { ptBR } from '../../lib/i18n/pt-BR';
import { toastSuccess, toastWarning } from '../../lib/toast';
import { submitSecretarySignup } from './actors';
import { NewPasswordFields } from './NewPasswordFields';
import { PersonalFields } from './PersonalFields';
import type { Invite } from './useInvite';
import { StepTitle, StyledWizardForm, WizardActions, WizardFooter } from './WizardLayout';

type SecretarySignupForm = Omit<SecretarySignupData, 'nickname'>;
type Step = 'personal' | 'access';

/**
 * Each step's schema, the one the machine guards with (machines/account/signupSchemas.ts); step 2's adds the LGPD
 * consent, which the machine leaves to the form (as the doctor's wizard).
 */
const STEP_RESOLVERS: Record<Step, Resolver<SecretarySignupForm>> = {
  personal: stepResolver<SecretarySignupForm>(secretaryPersonalStep),
  access: stepResolver<SecretarySignupForm>(secretaryAccessForm),
};

const signupMachine = secretarySignupMachine.provide({ actors: { submitSignup: submitSecretarySignup } });

type SecretaryWizardProps = {
  token: string;
  invite: Invite;
};

export function SecretaryWizard({ token, invite }: SecretaryWizardProps) {
  const navigate = useNavigate();
  const initial = { first_name: invite.first_name, last_name: invite.last_name, email: invite.email };
  const [snapshot, send] = useMachine(signupMachine, { input: { token, initial } });
  const value = snapshot.value;
  const submitting = value === 'submitting';
  const step: Step = value === 'personal' ? 'personal' : 'access';

  const form = useForm<SecretarySignupForm>({
    defaultValues: { ...initial, cpf: '', password: '', confirmPassword: '', news: false, IAcceptToStoreData: false },
    mode: 'onTouched',
    // react-hook-form reads the resolver of the latest render: the schema of the step shown.
    resolver: STEP_RESOLVERS[step],
  });
  const { control, handleSubmit, clearErrors } = form;

  useEffect(() => {
    clearErrors();
  }, [step, clearErrors]);

  const previousValue = useRef(value);
  useEffect(() => {
    const wasSubmitting = previousValue.current === 'submitting';
    previousValue.current = value;
    if (value === 'done') {
      toastSuccess(ptBR.secretarySignup.success);
      void navigate({ to: '/auth' });
    } else if (wasSubmitting) {
      for (const message of snapshot.context.errors) toastWarning(message);
    }
  }, [value, snapshot.context.errors, navigate]);

  function handleValid(values: SecretarySignupForm) {
    // The e-mail is the invite's: never what a tampered field says.
    const data = { ...values, email: invite.email };
    send(step === 'access' ? { type: 'wizard.submit', data } : { type: 'wizard.next', data });
  }

  function handleBack() {
    send({ type: 'wizard.back', data: form.getValues() });
  }

  const stepIndex = step === 'personal' ? 0 : 1;
  return (
    <>
      <StepIndicator
        steps={ptBR.secretarySignup.steps}
        current={stepIndex}
        label={ptBR.secretarySignup.stepsLabel}
      />
      <StyledWizardForm noValidate onSubmit={handleSubmit(handleValid)} aria-busy={submitting}>
        <StepTitle stepKey={step} index={stepIndex} total={ptBR.secretarySignup.steps.length}>
          {ptBR.secretarySignup.steps[stepIndex] ?? ''}
        </StepTitle>
        {step === 'personal' ? (
          <PersonalFields form={form} />
        ) : (
          <>
            <FormTextField
              control={control}
              name="email"
              label={ptBR.fields.email}
              type="email"
              hint={ptBR.secretarySignup.emailHint}
              readOnly
            />
            <NewPasswordFields form={form} />
            <FormCheckbox control={control} name="news">
              {ptBR.secretarySignup.notifications}
            </FormCheckbox>
            <FormCheckbox control={control} name="IAcceptToStoreData" required>
              {ptBR.signup.consent}
            </FormCheckbox>
          </>
        )}
        <WizardActions
          onBack={step === 'personal' ? undefined : handleBack}
          isLastStep={step === 'access'}
          submitting={submitting}
          submitLabel={ptBR.secretarySignup.submit}
        />
      </StyledWizardForm>
      <WizardFooter>
        <TextLink to="/auth">{ptBR.signup.haveAccount}</TextLink>
      </WizardFooter>
    </>
  );
}
