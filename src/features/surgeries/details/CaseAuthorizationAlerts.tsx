/**
 * The case's authorization warnings under the step indicator (issue 13; DECISIONS §15): the Surgery answer's
 * `authorization_alerts` (expiring within 7 days, expired, or ending before the scheduled day), whatever step is on
 * view. Nothing when there are none.
 */
import { styled } from 'goober';
import { authorizationTexts } from '../../../lib/i18n/authorizations';
import { space } from '../../../lib/theme';
import type { Surgery } from '../types';
import { AlertLine } from './AuthorizationRecordView';
import { plainListCss } from '../../../components/ui/cssParts';

const StyledList = styled('ul')`
  ${plainListCss(space.xs)}
`;

export function CaseAuthorizationAlerts({ alerts }: { alerts: Surgery['authorization_alerts'] }) {
  if (alerts.length === 0) return null;
  return (
    <StyledList aria-label={authorizationTexts.alerts.caseLabel} data-case-authorization-alerts>
      {alerts.map((alert) => (
        <li key={`${alert.payer}:${alert.kind}`}>
          <AlertLine alert={alert} />
        </li>
      ))}
    </StyledList>
  );
}
