/**
 * A small warning badge beside a case's status in the status list (issue 13; DECISIONS §15) when an authorization
 * expires within 7 days, has expired or ends before the scheduled day: a warning glyph (danger-toned when one has
 * expired), the full sentences in its tooltip and read out. No word beside it: the stage name keeps the room.
 */
import { styled } from 'goober';
import type { components } from '../../../openapi/schema';
import { authorizationTexts } from '../../lib/i18n/authorizations';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { Icon } from '../ui/Icon';
import { visuallyHiddenCss } from '../ui/cssParts';

type Alert = components['schemas']['AuthorizationAlert'];

const StyledBadge = styled('span')<{ $danger: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: ${space.xxs};
  padding: ${space.xxs};
  border-radius: ${radii.pill};
  background: ${(p) => (p.$danger ? colors.dangerSoft : colors.warningSoft)};
  color: ${(p) => (p.$danger ? colors.danger : colors.warning)};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  white-space: nowrap;
`;

const StyledHidden = styled('span')`
  ${visuallyHiddenCss}
`;

const StyledWithBadge = styled('span')`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-width: 0;
  max-width: 100%;
  & > span:first-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

function AuthorizationBadge({ alerts }: { alerts: readonly Alert[] }) {
  if (alerts.length === 0) return null;
  const messages = alerts.map((alert) => alert.message).join('; ');
  return (
    <StyledBadge $danger={alerts.some((alert) => alert.kind === 'expired')} title={messages} data-authorization-badge>
      <Icon name="alert" size={14} />
      <StyledHidden>{fill(authorizationTexts.alerts.badgeLabel, { messages })}</StyledHidden>
    </StyledBadge>
  );
}

/** A status text with the case's badge beside it. */
export function StatusWithBadge({ text, alerts }: { text: string; alerts: readonly Alert[] }) {
  if (alerts.length === 0) return <>{text}</>;
  return (
    <StyledWithBadge>
      <span>{text}</span>
      <AuthorizationBadge alerts={alerts} />
    </StyledWithBadge>
  );
}
