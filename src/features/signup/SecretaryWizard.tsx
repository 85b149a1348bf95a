/**
 * The 2-step secretary signup (SPEC §2, §5): names + CPF, then the invite's e-mail (read-only), password, its
 * repetition and the notifications checkbox. Same split as the doctor wizard: machine = steps, RHF = fields.
 */
import type { Resolver } from 'react-hook-form';
import { useMachine } from '@xstate/react';
import {
  secretarySignupMachine,
  type SecretarySignupData,
} from '../../../machines/signup/secretarySignupMachine';
import { secretaryAccessForm, secretaryPersonalStep } from '../../../machines/account/signupSchemas';
import { FormCheckbox } from '../../components/form/FormCheckbox';
import { FormTextField } from '../../components/form/FormTextField';
import { stepResolver } from '../../components/form/stepResolver';
import { ptBR } from '../../lib/i18n/pt-BR';
import { submitSecretarySignup } from './actors';
import { NewPasswordFields } from './NewPasswordFields';
import { PersonalFields } from './PersonalFields';
import type { Invite } from './useInvite';
import { useSignupWizardForm } from './useSignupWizardForm';
import { SignupWizard } from './WizardLayout';

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

export type SecretaryWizardProps = {
  token: string;
  invite: Invite;
};

export function SecretaryWizard({ token, invite }: SecretaryWizardProps) {
  const initial = { first_name: invite.first_name, last_name: invite.last_name, email: invite.email };
  const [snapshot, send] = useMachine(signupMachine, { input: { token, initial } });
  const value = snapshot.value;
  const submitting = value === 'submitting';
  const step: Step = value === 'personal' ? 'personal' : 'access';

  const form = useSignupWizardForm<SecretarySignupForm>({
    step,
    state: value,
    errors: snapshot.context.errors,
    defaultValues: { ...initial, cpf: '', password: '', confirmPassword: '', news: false, IAcceptToStoreData: false },
    resolver: STEP_RESOLVERS[step],
    successText: ptBR.secretarySignup.success,
  });
  const { control, handleSubmit } = form;

  function handleValid(values: SecretarySignupForm) {
    // The e-mail is the invite's: never what a tampered field says.
    const data = { ...values, email: invite.email };
    send(step === 'access' ? { type: 'wizard.submit', data } : { type: 'wizard.next', data });
  }

  function handleBack() {
    send({ type: 'wizard.back', data: form.getValues() });
  }

  return (
    <SignupWizard
      texts={ptBR.secretarySignup}
      index={step === 'personal' ? 0 : 1}
      submitting={submitting}
      onSubmit={handleSubmit(handleValid)}
      onBack={handleBack}
    >
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
    </SignupWizard>
  );
}
