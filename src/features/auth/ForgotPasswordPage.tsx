/**
 * /forgot-password, 'Esqueci minha senha' (issue 35 item 1): the e-mail, then the server's one answer (the same
 * whether or not the e-mail has an account) with what to do next. A refusal (too many requests, a malformed e-mail)
 * shows the server's text.
 */
import { useState } from 'react';
import { styled } from 'goober';
import { api } from '../../api/client';
import { generalErrorMessages } from '../../api/errors';
import { FormTextField } from '../../components/form/FormTextField';
import { lazyResolver } from '../../components/form/lazyResolver';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { AuthHeading, AuthLayout } from '../../components/layout/AuthLayout';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { TextLink } from '../../components/ui/TextLink';
import { accountTexts } from '../../lib/i18n/account';
import { colors, fontSizes, radii, space } from '../../lib/theme';
import { toastError, toastWarning } from '../../lib/toast';

const T = accountTexts.forgot;
type ForgotValues = { email: string };
/** The checks (the API's arktype schema) load on the first input, not with the page (issue 41, goal 6). */
const { resolver, preload: startLoadingChecks } = lazyResolver<ForgotValues>(() =>
  Promise.all([import('../../components/form/stepResolver'), import('../../../machines/account/passwordResetSchemas')]).then(
    ([{ stepResolver }, { passwordResetRequestSchema }]) => stepResolver<ForgotValues>(passwordResetRequestSchema),
  ),
);

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;

const StyledSent = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  color: ${colors.text};
  & > p:first-of-type { display: flex; gap: ${space.sm}; align-items: flex-start; }
  & > p:last-of-type { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
  & svg { flex: none; color: ${colors.primary}; }
`;

const StyledFooter = styled('p')`
  margin-top: ${space.xl};
  text-align: center;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { control, handleSubmit, reset } = useSchemaForm(resolver, { email: '' });

  async function handleValid(values: ForgotValues) {
    setSending(true);
    try {
      const { data, error, response } = await api.POST('/project_auth/api/v1/password_reset/', { body: { email: values.email.trim() } });
      if (response.ok && data) setSent(data.message);
      else {
        const messages = generalErrorMessages(error);
        if (messages.length > 0) for (const message of messages) toastWarning(message);
        else toastError(T.failed);
      }
    } catch {
      toastError(T.failed);
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthLayout>
      <AuthHeading title={sent ? T.sentTitle : T.title} subtitle={sent ? undefined : T.subtitle} />
      {sent ? (
        <StyledSent role="status">
          <p>
            <Icon name="mail" size={20} />
            <span>{sent}</span>
          </p>
          <p>{T.sentHint}</p>
          <Button
            variant="secondary"
            onClick={() => {
              reset();
              setSent(null);
            }}
          >
            {T.again}
          </Button>
        </StyledSent>
      ) : (
        <StyledForm noValidate onSubmit={handleSubmit(handleValid)} onInput={startLoadingChecks}>
          <FormTextField
            control={control}
            name="email"
            label={T.emailLabel}
            type="email"
            inputMode="email"
            placeholder={T.emailPlaceholder}
            autoComplete="username"
            autoFocus
          />
          <Button type="submit" fullWidth loading={sending}>
            {sending ? T.sending : T.submit}
          </Button>
        </StyledForm>
      )}
      <StyledFooter>
        <TextLink to="/auth">{T.back}</TextLink>
      </StyledFooter>
    </AuthLayout>
  );
}
