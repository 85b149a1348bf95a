/**
 * 'Recursos de glosa a vencer' on both homes (issue 14 item 3; DECISIONS §16): the visible cases' glosas with no
 * appeal filed nor decided whose appeal deadline is 7 days away or fewer, or passed, soonest first (GET
 * appeal_alerts/; the days are the server's). Each line names the patient, the deadline in words and the amount, and
 * opens the case; a link leads to 'A receber' filtered to them. Its own loading, empty and failed states.
 */
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import { listAppealAlerts, type AppealAlert } from '../../api/receivables';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { formatDate } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { receivablesTexts } from '../../lib/i18n/receivables';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useRetryableRead } from '../../lib/useRetryableRead';
import { HomePanel } from './HomePanel';

const T = receivablesTexts.home;

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
  & > svg { grid-row: span 2; margin-top: 2px; color: ${(p) => (p.$danger ? colors.danger : colors.warning)}; }
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

const StyledWhen = styled('span')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledMore = styled('p')`
  margin: ${space.sm} 0 0;
  font-size: ${fontSizes.sm};
  & > a { color: ${colors.primary}; font-weight: ${fontWeights.semibold}; }
  & > a:focus-visible { outline: none; box-shadow: ${focusRing}; border-radius: ${radii.sm}; }
`;

/** 'Vence hoje', 'Vence em 3 dia(s)', 'Venceu há 2 dia(s)'. */
function appealDueText(daysLeft: number): string {
  if (daysLeft === 0) return T.dueToday;
  return daysLeft > 0 ? fill(T.dueIn, { days: daysLeft }) : fill(T.passed, { days: -daysLeft });
}

export function AppealAlerts() {
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const { state, retry } = useRetryableRead((signal) => listAppealAlerts(signal), []);

  let body;
  if (state.status === 'loading') body = <Notice kind="loading" title={T.loading} compact />;
  else if (state.status === 'error') body = <Notice kind="failed" title={T.failed} onRetry={retry} compact />;
  else if (state.value.length === 0) body = <Notice kind="empty" title={T.empty} text={T.emptyHint} icon="shieldCheck" compact />;
  else {
    body = (
      <>
        <StyledList>
          {state.value.map((item: AppealAlert) => {
            const danger = item.days_left < 0;
            const due = appealDueText(item.days_left);
            return (
              <li key={item.glosa}>
                <StyledItem
                  type="button"
                  $danger={danger}
                  data-appeal-alert={danger ? 'passed' : 'soon'}
                  aria-label={`${fill(T.open, { name: item.patient.nome_completo })}: ${due}`}
                  onClick={() => void navigate({ to: '/surgery-details', state: { id: item.surgery, back: href } })}
                >
                  <Icon name="alert" size={18} />
                  <StyledHead>
                    <strong>{item.patient.nome_completo}</strong>
                    <StyledKind $danger={danger}>{due}</StyledKind>
                  </StyledHead>
                  <StyledWhen>
                    {fill(T.deadline, { date: formatDate(item.appeal_deadline) })} · {fill(T.amount, { amount: formatBRL(item.amount_cents / 100) })}
                  </StyledWhen>
                </StyledItem>
              </li>
            );
          })}
        </StyledList>
        <StyledMore>
          <Link to="/receivables" search={{ appeals: 1 }}>
            {T.seeAll}
          </Link>
        </StyledMore>
      </>
    );
  }

  return (
    <HomePanel title={T.title} subtitle={T.intro} busy={state.status === 'loading'}>
      {body}
    </HomePanel>
  );
}
