/**
 * Invite for an e-mail that already has a secretary account (DECISIONS §2): only the current password is asked, and
 * accepting links that account to the inviting medic.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import { existingAccountStep } from '../../../machines/account/signupSchemas';
import { signupErrorMessages } from '../../../machines/signup/rules';
import { FormCheckbox } from '../../components/form/FormCheckbox';
import { FormTextField } from '../../components/form/FormTextField';
import { stepResolver } from '../../components/form/stepResolver';
import { Button } from '../../components/ui/Button';
import { colors, fontSizes } from '../../lib/theme';
import { fill, ptBR } from '../../lib/i18n/pt-BR';
import { toastSuccess, toastWarning } from '../../lib/toast';
import { acceptInviteWithExistingAccount } from './actors';
import type { Invite } from './useInvite';
import { StyledWizardForm, WizardFooter } from './WizardLayout';
import { TextLink } from '../../components/ui/TextLink';

type ExistingAccountValues = { email: string; password: string; news: boolean };

/** Only the account's password is checked: the e-mail is the invite's, the checkbox optional. */
const resolver = stepResolver<ExistingAccountValues>(existingAccountStep);

const StyledText = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

export type ExistingAccountFormProps = {
  token: string;
  invite: Invite;
  medic: string;
};

export function ExistingAccountForm({ token, invite, medic }: ExistingAccountFormProps) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const { control, handleSubmit } = useForm<ExistingAccountValues>({
    defaultValues: { email: invite.email, password: '', news: false },
    mode: 'onTouched',
    resolver,
  });

  async function handleValid(values: ExistingAccountValues) {
    setSubmitting(true);
    try {
      await acceptInviteWithExistingAccount({ token, email: invite.email, password: values.password, news: values.news });
      toastSuccess(ptBR.secretarySignup.success);
      void navigate({ to: '/auth' });
    } catch (error) {
      for (const message of signupErrorMessages(error)) toastWarning(message);
      setSubmitting(false);
    }
  }

  return (
    <>
      <StyledText>{fill(ptBR.secretarySignup.existingText, { email: invite.email, medic })}</StyledText>
      <StyledWizardForm noValidate onSubmit={handleSubmit(handleValid)} aria-busy={submitting}>
        <FormTextField control={control} name="email" label={ptBR.fields.email} type="email" readOnly />
        <FormTextField
          control={control}
          name="password"
          label={ptBR.fields.currentPassword}
          type="password"
          autoComplete="current-password"
          autoFocus
        />
        <FormCheckbox control={control} name="news">
          {ptBR.secretarySignup.notifications}
        </FormCheckbox>
        <Button type="submit" fullWidth loading={submitting}>
          {submitting ? ptBR.common.validating : ptBR.secretarySignup.existingSubmit}
        </Button>
      </StyledWizardForm>
      <WizardFooter>
        <TextLink to="/auth">{ptBR.common.goToLogin}</TextLink>
      </WizardFooter>
    </>
  );
}
