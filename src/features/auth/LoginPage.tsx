/**
 * /auth (SPEC §2 Login): e-mail and password, 'Acessar' ('Validando...' while signing in), a link to /signup.
 * Invalid data on submit shows 'Dados invalido!'; each sign-in error of the session is a warning toast (SPEC §8).
 * When the session ended on its own it says so ('Sua sessão expirou. Entre novamente.', DECISIONS §14).
 * On success the session becomes signedIn and the router's guard sends the user home, or back where they were.
 * The fields are checked without arktype (./loginChecks.ts), so the page loads none, before or after its first key.
 */
import { useEffect, useRef, useState } from 'react';
import { styled } from 'goober';
import { AuthHeading, AuthLayout } from '../../components/layout/AuthLayout';
import { FormTextField } from '../../components/form/FormTextField';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { Button } from '../../components/ui/Button';
import { TextLink } from '../../components/ui/TextLink';
import { Icon } from '../../components/ui/Icon';
import { colors, fontSizes, space } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { toastWarning } from '../../lib/toast';
import { useSession } from '../../lib/session/session';
import { hasExpiredSessionNote, sessionEndReason } from '../../lib/session/expiredSession';
import { sessionTexts } from '../../lib/i18n/session';
import { loginResolver, type LoginValues } from './loginChecks';
import { SecondFactorStep } from './SecondFactorStep';
import { warningBoxCss } from '../../components/ui/cssParts';

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;

const StyledForgot = styled('p')`
  margin: -${space.sm} 0 0;
  text-align: right;
  font-size: ${fontSizes.sm};
`;

const StyledFooter = styled('p')`
  margin-top: ${space.xl};
  text-align: center;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledNotice = styled('p')`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  margin-bottom: ${space.lg};
  padding: ${space.md};
  ${warningBoxCss}
`;

export function LoginPage() {
  const { status, errors, signIn } = useSession();
  // Read once: the note stays until the user signs in again (the guard then takes it to return them).
  const [sessionExpired] = useState(hasExpiredSessionNote);
  // Why it ended, when the server said (a removed secretary): that, rather than 'Sua sessão expirou.'.
  const [endReason] = useState(sessionEndReason);
  const { control, handleSubmit } = useSchemaForm(loginResolver, { email: '', password: '' });
  const signingIn = status === 'signingIn';

  // A failed sign-in ends in signedOut with the messages in `errors`: show each once, as a warning.
  const previousStatus = useRef(status);
  useEffect(() => {
    const wasSigningIn = previousStatus.current === 'signingIn';
    previousStatus.current = status;
    if (wasSigningIn && status !== 'signingIn' && status !== 'signedIn') {
      for (const message of errors) toastWarning(message);
    }
  }, [status, errors]);

  function handleValid(values: LoginValues) {
    signIn(values.email.trim(), values.password);
  }

  function handleInvalid() {
    toastWarning(ptBR.errors.invalidData);
  }

  // Two-factor sign-in: the password was right, the second step asks the code (docs/SECURITY.md).
  if (status === 'secondFactor' || status === 'verifyingSecondFactor' || status === 'recoveryCodes') {
    return (
      <AuthLayout>
        <AuthHeading title={ptBR.auth.title} subtitle={ptBR.auth.subtitle} />
        <SecondFactorStep />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title={ptBR.auth.title} subtitle={ptBR.auth.subtitle} />
      {sessionExpired ? (
        <StyledNotice role="status">
          <Icon name="alert" size={18} />
          {endReason === 'unlinked' ? sessionTexts.unlinked : ptBR.auth.sessionExpired}
        </StyledNotice>
      ) : null}
      <StyledForm noValidate onSubmit={handleSubmit(handleValid, handleInvalid)}>
        <FormTextField
          control={control}
          name="email"
          label={ptBR.auth.emailLabel}
          type="email"
          inputMode="email"
          placeholder={ptBR.auth.emailPlaceholder}
          autoComplete="username"
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          label={ptBR.auth.passwordLabel}
          type="password"
          placeholder={ptBR.auth.passwordPlaceholder}
          autoComplete="current-password"
        />
        <StyledForgot>
          <TextLink to="/forgot-password">{ptBR.auth.forgotPassword}</TextLink>
        </StyledForgot>
        <Button type="submit" fullWidth loading={signingIn}>
          {signingIn ? ptBR.common.validating : ptBR.auth.submit}
        </Button>
      </StyledForm>
      <StyledFooter>
        <TextLink to="/signup">{ptBR.auth.noAccount}</TextLink>
      </StyledFooter>
    </AuthLayout>
  );
}
