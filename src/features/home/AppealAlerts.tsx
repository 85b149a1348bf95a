/**
 * 'Recursos de glosa a vencer' on both homes (issue 14 item 3; DECISIONS §16): the visible cases' glosas with no
 * appeal filed nor decided whose appeal deadline is 7 days away or fewer, or passed, soonest first (GET
 * appeal_alerts/; the days are the server's). Each line names the patient, the deadline in words and the amount, and
 * opens the case; a link leads to 'A receber' filtered to them. Its own loading, empty and failed states.
 */
import { Link } from '@tanstack/react-router';
import { styled } from 'goober';
import { listAppealAlerts, type AppealAlert } from '../../api/receivables';
import { Notice } from '../../components/ui/Notice';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { formatDate } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { receivablesTexts } from '../../lib/i18n/receivables';
import { plural } from '../../../machines/rules/plural';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { AlertList, type Alert } from './AlertList';
import { HomePanel } from './HomePanel';

const T = receivablesTexts.home;

const StyledMore = styled('p')`
  margin: ${space.sm} 0 0;
  font-size: ${fontSizes.sm};
  & > a { color: ${colors.primary}; font-weight: ${fontWeights.semibold}; }
  & > a:focus-visible { outline: none; box-shadow: ${focusRing}; border-radius: ${radii.sm}; }
`;

/** 'Vence hoje', 'Vence em 1 dia', 'Vence em 3 dias', 'Venceu há 2 dias'. */
function appealDueText(daysLeft: number): string {
  if (daysLeft === 0) return T.dueToday;
  return daysLeft > 0 ? plural(daysLeft, T.dueIn) : plural(-daysLeft, T.passed);
}

function alertOf(item: AppealAlert): Alert {
  const danger = item.days_left < 0;
  const due = appealDueText(item.days_left);
  const details = `${fill(T.deadline, { date: formatDate(item.appeal_deadline) })} · ${fill(T.amount, { amount: formatBRL(item.amount_cents / 100) })}`;
  return {
    key: String(item.glosa),
    surgeryId: item.surgery,
    danger,
    label: `${fill(T.open, { name: item.patient.nome_completo })}: ${due}`,
    name: item.patient.nome_completo,
    badge: due,
    lines: [{ text: details, muted: true }],
    data: { 'data-appeal-alert': danger ? 'passed' : 'soon' },
  };
}

export function AppealAlerts() {
  const alerts = useRead((signal) => listAppealAlerts(signal), []);
  const { state } = alerts;

  let body;
  if (state.status !== 'ready') body = <ReadNotice read={alerts} loading={T.loading} failed={T.failed} compact />;
  else if (state.value.length === 0) body = <Notice kind="empty" title={T.empty} text={T.emptyHint} icon="shieldCheck" compact />;
  else {
    body = (
      <>
        <AlertList alerts={state.value.map(alertOf)} />
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
