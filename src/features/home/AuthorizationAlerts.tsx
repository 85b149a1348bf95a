/**
 * 'Autorizações a vencer' on both homes (issue 13; DECISIONS §15): the visible cases not yet operated whose granted
 * authorization expires within 7 days, has expired, or ends before the scheduled day, soonest first
 * (GET authorization_alerts/). Each line names the patient, says the warning in words (the server's sentence, from
 * machines/preoperative/authorizationRules.ts) and opens the case. Its own loading, empty and failed states.
 */
import { useLocation, useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import { listAuthorizationAlerts, type AuthorizationAlertItem } from '../../api/authorizations';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { formatDate, formatTime } from '../../lib/format/date';
import { authorizationTexts } from '../../lib/i18n/authorizations';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useRetryableRead } from '../../lib/useRetryableRead';
import { HomePanel } from './HomePanel';

const T = authorizationTexts.home;

const StyledList = styled('ul')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledItem = styled('button')<{ $danger: boolean }>`
  width: 100%;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space.xxs} ${space.md};
  align-items: start;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-left: 4px solid ${(p) => (p.$danger ? colors.danger : colors.warning)};
  border-radius: ${radii.md};
  background: ${colors.surface};
  text-align: left;
  font: inherit;
  cursor: pointer;
  &:hover { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  & > svg { grid-row: span 3; margin-top: 2px; color: ${(p) => (p.$danger ? colors.danger : colors.warning)}; }
`;

const StyledHead = styled('span')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.xs} ${space.sm};
  & > strong { font-weight: ${fontWeights.semibold}; color: ${colors.text}; overflow-wrap: anywhere; }
`;

const StyledKind = styled('span')<{ $danger: boolean }>`
  padding: 0 ${space.sm};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  background: ${(p) => (p.$danger ? colors.dangerSoft : colors.warningSoft)};
  color: ${(p) => (p.$danger ? colors.danger : colors.warning)};
`;

const StyledMessage = styled('span')`
  font-size: ${fontSizes.sm};
  color: ${colors.text};
`;

const StyledWhen = styled('span')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

function whenText(item: AuthorizationAlertItem): string {
  if (!item.schedule) return T.unscheduled;
  return fill(T.scheduled, { date: `${formatDate(item.schedule)} ${formatTime(item.schedule)}`.trim() });
}

export function AuthorizationAlerts() {
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const { state, retry } = useRetryableRead((signal) => listAuthorizationAlerts(signal), []);

  let body;
  if (state.status === 'loading') body = <Notice kind="loading" title={T.loading} compact />;
  else if (state.status === 'error') body = <Notice kind="failed" title={T.failed} onRetry={retry} compact />;
  else if (state.value.length === 0) body = <Notice kind="empty" title={T.empty} text={T.emptyHint} icon="shieldCheck" compact />;
  else {
    body = (
      <StyledList>
        {state.value.map((item) => {
          const danger = item.kind === 'expired';
          return (
            <li key={`${item.surgery_id}:${item.payer}`}>
              <StyledItem
                type="button"
                $danger={danger}
                data-authorization-alert={item.kind}
                aria-label={`${fill(T.open, { name: item.patient.nome_completo })}: ${item.message}`}
                onClick={() => void navigate({ to: '/surgery-details', state: { id: item.surgery_id, back: href } })}
              >
                <Icon name="alert" size={18} />
                <StyledHead>
                  <strong>{item.patient.nome_completo}</strong>
                  <StyledKind $danger={danger}>{T.kinds[item.kind]}</StyledKind>
                </StyledHead>
                <StyledMessage>{item.message}</StyledMessage>
                <StyledWhen>{whenText(item)}</StyledWhen>
              </StyledItem>
            </li>
          );
        })}
      </StyledList>
    );
  }

  return (
    <HomePanel title={T.title} subtitle={T.intro} busy={state.status === 'loading'}>
      {body}
    </HomePanel>
  );
}
