/**
 * 'Autorizações a vencer' on both homes (issue 13; DECISIONS §15): the visible cases not yet operated whose granted
 * authorization expires within 7 days, has expired, or ends before the scheduled day, soonest first
 * (GET authorization_alerts/). Each line names the patient, says the warning in words (the server's sentence, from
 * machines/preoperative/authorizationRules.ts) and opens the case. Its own loading, empty and failed states.
 */
import { listAuthorizationAlerts, type AuthorizationAlertItem } from '../../api/authorizations';
import { Notice } from '../../components/ui/Notice';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { formatDate, formatTime } from '../../lib/format/date';
import { authorizationTexts } from '../../lib/i18n/authorizations';
import { fill } from '../../lib/i18n/pt-BR';
import { useRead } from '../../lib/useRead';
import { AlertList, type Alert } from './AlertList';
import { HomePanel } from './HomePanel';

const T = authorizationTexts.home;

function whenText(item: AuthorizationAlertItem): string {
  if (!item.schedule) return T.unscheduled;
  return fill(T.scheduled, { date: `${formatDate(item.schedule)} ${formatTime(item.schedule)}`.trim() });
}

function alertOf(item: AuthorizationAlertItem): Alert {
  return {
    key: `${item.surgery_id}:${item.payer}`,
    surgeryId: item.surgery_id,
    danger: item.kind === 'expired',
    label: `${fill(T.open, { name: item.patient.nome_completo })}: ${item.message}`,
    name: item.patient.nome_completo,
    badge: T.kinds[item.kind],
    lines: [{ text: item.message }, { text: whenText(item), muted: true }],
    data: { 'data-authorization-alert': item.kind },
  };
}

export function AuthorizationAlerts() {
  const alerts = useRead((signal) => listAuthorizationAlerts(signal), []);
  const { state } = alerts;

  let body;
  if (state.status !== 'ready') body = <ReadNotice read={alerts} loading={T.loading} failed={T.failed} compact />;
  else if (state.value.length === 0) body = <Notice kind="empty" title={T.empty} text={T.emptyHint} icon="shieldCheck" compact />;
  else body = <AlertList alerts={state.value.map(alertOf)} />;

  return (
    <HomePanel title={T.title} subtitle={T.intro} busy={state.status === 'loading'}>
      {body}
    </HomePanel>
  );
}
