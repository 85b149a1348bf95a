/**
 * /reset-password#<token> (issue 35 item 1): the link is checked first (a used, replaced or expired one shows the
 * server's text and the way to ask again); then the new password twice, under the signup's rule
 * (machines/account/passwordResetSchemas.ts). Success tells the server's text and opens the sign-in.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useWatch } from 'react-hook-form';
import { styled } from 'goober';
import { api } from '../../api/client';
import { generalErrorMessages } from '../../api/errors';
import { FormTextField } from '../../components/form/FormTextField';
import { lazyResolver } from '../../components/form/lazyResolver';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { AuthHeading, AuthLayout } from '../../components/layout/AuthLayout';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { TextLink } from '../../components/ui/TextLink';
import { accountTexts } from '../../lib/i18n/account';
import { fill } from '../../lib/i18n/pt-BR';
import { fontSizes, space, colors } from '../../lib/theme';
import { toastError, toastSuccess, toastWarning } from '../../lib/toast';

const T = accountTexts.reset;
type ResetValues = { new_password: string; confirm_password: string };
/** The checks (the API's arktype schema) load on the first input, not with the page (issue 41, goal 6). */
const { resolver, preload: startLoadingChecks } = lazyResolver<ResetValues>(() =>
  Promise.all([import('../../components/form/stepResolver'), import('../../../machines/account/passwordResetSchemas')]).then(
    ([{ stepResolver }, { passwordResetForm }]) => stepResolver<ResetValues>(passwordResetForm),
  ),
);

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;

const StyledFooter = styled('p')`
  margin-top: ${space.xl};
  text-align: center;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type LinkState = { status: 'checking' } | { status: 'ready'; email: string } | { status: 'invalid'; message: string };

function tokenOfLocation(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenOfLocation);
  const [link, setLink] = useState<LinkState>(token ? { status: 'checking' } : { status: 'invalid', message: T.missingLink });
  const [saving, setSaving] = useState(false);
  const { control, handleSubmit, trigger, getFieldState } = useSchemaForm(resolver, { new_password: '', confirm_password: '' });
  const newPassword = useWatch({ control, name: 'new_password' });
  useEffect(() => {
    if (getFieldState('confirm_password').isTouched) void trigger('confirm_password');
  }, [newPassword, getFieldState, trigger]);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api
      .GET('/project_auth/api/v1/password_reset/{token}', { params: { path: { token } }, signal: controller.signal })
      .then(({ data, error, response }) => {
        if (controller.signal.aborted) return;
        if (response.ok && data) setLink({ status: 'ready', email: data.email });
        else setLink({ status: 'invalid', message: generalErrorMessages(error)[0] ?? T.failed });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLink({ status: 'invalid', message: T.failed });
      });
    return () => controller.abort();
  }, [token]);

  async function handleValid(values: ResetValues) {
    setSaving(true);
    try {
      const { data, error, response } = await api.POST('/project_auth/api/v1/password_reset/{token}', {
        params: { path: { token } },
        body: { new_password: values.new_password },
      });
      if (response.ok && data) {
        toastSuccess(data.message);
        void navigate({ to: '/auth' });
        return;
      }
      const messages = generalErrorMessages(error);
      if (response.status === 410) setLink({ status: 'invalid', message: messages[0] ?? T.failed });
      else if (messages.length > 0) for (const message of messages) toastWarning(message);
      else toastError(T.failed);
    } catch {
      toastError(T.failed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <AuthLayout>
      <AuthHeading
        title={link.status === 'invalid' ? T.invalidTitle : T.title}
        subtitle={link.status === 'ready' ? fill(T.subtitle, { email: link.email }) : undefined}
      />
      {link.status === 'checking' ? (
        <Notice kind="loading" title={T.checking} compact />
      ) : link.status === 'invalid' ? (
        <Notice kind="failed" title={link.message} compact />
      ) : (
        <StyledForm noValidate onSubmit={handleSubmit(handleValid)} onInput={startLoadingChecks}>
          <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
          <FormTextField
            control={control}
            name="new_password"
            label={T.newPassword}
            type="password"
            autoComplete="new-password"
            hint={T.newPasswordHint}
            autoFocus
          />
          <FormTextField control={control} name="confirm_password" label={T.confirmPassword} type="password" autoComplete="new-password" />
          <Button type="submit" fullWidth loading={saving}>
            {saving ? T.saving : T.submit}
          </Button>
        </StyledForm>
      )}
      <StyledFooter>
        {link.status === 'invalid' ? <TextLink to="/forgot-password">{T.askAgain}</TextLink> : <TextLink to="/auth">{accountTexts.forgot.back}</TextLink>}
      </StyledFooter>
    </AuthLayout>
  );
}
