import { OverdueCases } from './OverdueCases';
import { CaseHandovers } from './CaseHandovers';
import { AgendaSection } from './AgendaSection';
import { useIsPhone } from '../../lib/useIsPhone';
import { AuthorizationAlerts } from './AuthorizationAlerts';
import { AppealAlerts } from './AppealAlerts';
import { StatusChanges } from './StatusChanges';

/**
 * The secretary's panels (SPEC §2 Secretary home), under the greeting of HomeShell: the calendar, the day's patients
 * and 'Alterações de status'. On a phone the day's patients come first, above the calendar (issue 33 item 13).
 */
export function SecretaryHome() {
  // On a phone the day's patients come first (issue 33 item 13).
  const phone = useIsPhone();
  return (
    <>
      {phone ? <AgendaSection dayFirst /> : null}
      <CaseHandovers />
      <AuthorizationAlerts />
      <AppealAlerts />
      <OverdueCases />
      {phone ? null : <AgendaSection />}
      <StatusChanges />
    </>
  );
}
