import { OverdueCases } from './OverdueCases';
import { AgendaSection } from './AgendaSection';
import { AuthorizationAlerts } from './AuthorizationAlerts';
import { AppealAlerts } from './AppealAlerts';
import { StatusChanges } from './StatusChanges';

/**
 * The secretary's panels (SPEC §2 Secretary home), under the greeting of HomeShell: the calendar, the day's patients
 * and 'Alterações de status'.
 */
export function SecretaryHome() {
  return (
    <>
      <AuthorizationAlerts />
      <AppealAlerts />
      <OverdueCases />
      <AgendaSection />
      <StatusChanges />
    </>
  );
}
