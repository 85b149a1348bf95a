/**
 * /signup-secretary/$token (SPEC §2 Secretary signup; DECISIONS §2 invites). Loads the invite first: while loading a
 * designed waiting card, when unknown/used/expired the server's message with a link to /auth. A valid invite opens
 * the 2-step wizard, or, when the e-mail already has a secretary account, only the password to link that account.
 * Both forms (their checks are arktype schemas) load while the invite does, not with the page (issue 41, goal 6): the
 * waiting card stays until the invite and the form it opens have both arrived.
 */
import { useParams } from '@tanstack/react-router';
import { styled } from 'goober';
import { AuthHeading, AuthLayout } from '../../components/layout/AuthLayout';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { Spinner } from '../../components/ui/Spinner';
import { TextLink } from '../../components/ui/TextLink';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { chunkComponent, useChunkComponent } from '../../lib/chunkComponent';
import { fill, ptBR } from '../../lib/i18n/pt-BR';
import type { ExistingAccountFormProps } from './ExistingAccountForm';
import type { SecretaryWizardProps } from './SecretaryWizard';
import { useInvite } from './useInvite';
import { iconBoxCss } from '../../components/ui/cssParts';

const secretaryWizardChunk = chunkComponent<SecretaryWizardProps>(() =>
  import('./SecretaryWizard').then((module) => module.SecretaryWizard),
);
const existingAccountChunk = chunkComponent<ExistingAccountFormProps>(() =>
  import('./ExistingAccountForm').then((module) => module.ExistingAccountForm),
);

const StyledState = styled('div')`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space.lg};
  padding: ${space.xl} 0;
  text-align: center;
`;

const StyledStateText = styled('p')`
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
`;

const StyledAlertIcon = styled('span')`
  ${iconBoxCss('56px')}
  border-radius: 50%;
  background: ${colors.warningSoft};
  color: ${colors.warning};
`;

const StyledStateTitle = styled('h1')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
`;

const StyledMessages = styled('ul')`
  margin: 0;
  padding: ${space.md} ${space.lg};
  list-style: none;
  border-radius: ${radii.md};
  background: ${colors.warningSoft};
  color: ${colors.text};
  font-size: ${fontSizes.sm};
`;

export function SecretarySignupPage() {
  const { token } = useParams({ from: '/signup-secretary/$token' });
  const invite = useInvite(token);
  // Both start loading with the page; the invite tells which one is shown.
  const wizard = useChunkComponent(secretaryWizardChunk);
  const existingAccount = useChunkComponent(existingAccountChunk);
  const form = invite.status === 'ready' ? (invite.invite.existing_account ? existingAccount : wizard) : null;
  // As React.lazy would: the route's error screen, rather than a waiting card that never ends.
  if (form?.failure) throw form.failure.error;

  if (invite.status === 'loading' || (form && !form.Component)) {
    return (
      <AuthLayout>
        <StyledState role="status" aria-live="polite">
          <Spinner size={36} />
          <StyledStateText>{ptBR.secretarySignup.loading}</StyledStateText>
        </StyledState>
      </AuthLayout>
    );
  }

  if (invite.status === 'invalid') {
    return (
      <AuthLayout>
        <StyledState>
          <StyledAlertIcon>
            <Icon name="alert" size={28} />
          </StyledAlertIcon>
          <StyledStateTitle>{ptBR.secretarySignup.invalidTitle}</StyledStateTitle>
          {/* The alert wraps the list: a <ul> keeps its list role (an alert role on it would hide the items). */}
          <div role="alert">
            <StyledMessages>
              {invite.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </StyledMessages>
          </div>
          {invite.retryable ? (
            <Button variant="secondary" onClick={invite.retry}>
              {ptBR.common.retry}
            </Button>
          ) : null}
          <TextLink to="/auth">{ptBR.common.goToLogin}</TextLink>
        </StyledState>
      </AuthLayout>
    );
  }

  const medic = `${invite.invite.medic.first_name} ${invite.invite.medic.last_name}`.trim();
  // The one shown has arrived: the waiting card above stays until it has.
  const { Component: ExistingAccountForm } = existingAccount;
  const { Component: SecretaryWizard } = wizard;
  return (
    <AuthLayout wide={!invite.invite.existing_account}>
      {invite.invite.existing_account ? (
        <>
          <AuthHeading
            title={ptBR.secretarySignup.existingTitle}
            subtitle={fill(ptBR.secretarySignup.invitedBy, { medic })}
          />
          {ExistingAccountForm ? <ExistingAccountForm token={token} invite={invite.invite} medic={medic} /> : null}
        </>
      ) : (
        <>
          <AuthHeading title={ptBR.secretarySignup.title} subtitle={fill(ptBR.secretarySignup.invitedBy, { medic })} />
          {SecretaryWizard ? <SecretaryWizard token={token} invite={invite.invite} /> : null}
        </>
      )}
    </AuthLayout>
  );
}
