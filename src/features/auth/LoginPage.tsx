/**
 * /auth (SPEC §2 Login): e-mail and password, 'Acessar' ('Validando...' while signing in), a link to /signup.
 * Invalid data on submit shows 'Dados invalido!'; each sign-in error of the session is a warning toast (SPEC §8).
 * When the session ended on its own it says so ('Sua sessão expirou. Entre novamente.', DECISIONS §14).
 * On success the session becomes signedIn and the router's guard sends the user home, or back where they were.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { arktypeResolver } from '@hookform/resolvers/arktype';
import { type } from 'arktype';
import { styled } from 'goober';
import { AuthHeading, AuthLayout } from '../../components/layout/AuthLayout';
import { FormTextField } from '../../components/form/FormTextField';
import { Button } from '../../components/ui/Button';
import { TextLink } from '../../components/ui/TextLink';
import { Icon } from '../../components/ui/Icon';
import { colors, fontSizes, radii, space } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { toastWarning } from '../../lib/toast';
import { useSession } from '../../lib/session/session';
import { hasExpiredSessionNote } from '../../lib/session/expiredSession';

const loginSchema = type({
  email: type('string.email').configure({ message: () => ptBR.validation.emailInvalid }),
  password: type('string > 0').configure({ message: () => ptBR.validation.passwordRequired }),
});

type LoginValues = typeof loginSchema.infer;

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

const StyledNotice = styled('p')`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  margin-bottom: ${space.lg};
  padding: ${space.md};
  border: 1px solid ${colors.warningBorder};
  border-radius: ${radii.md};
  background: ${colors.warningSoft};
  color: ${colors.warning};
  font-size: ${fontSizes.sm};
`;

export function LoginPage() {
  const { status, errors, signIn } = useSession();
  // Read once: the note stays until the user signs in again (the guard then takes it to return them).
  const [sessionExpired] = useState(hasExpiredSessionNote);
  const { control, handleSubmit } = useForm<LoginValues>({
    resolver: arktypeResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
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

  return (
    <AuthLayout>
      <AuthHeading title={ptBR.auth.title} subtitle={ptBR.auth.subtitle} />
      {sessionExpired ? (
        <StyledNotice role="status">
          <Icon name="alert" size={18} />
          {ptBR.auth.sessionExpired}
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
