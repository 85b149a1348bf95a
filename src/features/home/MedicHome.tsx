import { OverdueCases } from './OverdueCases';
import { CaseHandovers } from './CaseHandovers';
import { registersPatients } from '../../lib/access';
import { useSession } from '../../lib/session/session';
import { AgendaSection } from './AgendaSection';
import { useIsPhone } from '../../lib/useIsPhone';
import { AuthorizationAlerts } from './AuthorizationAlerts';
import { AppealAlerts } from './AppealAlerts';
import { GettingStarted } from './GettingStarted';
import { BackupWarning } from './BackupWarning';
import { StageDistribution } from './StageDistribution';
import { SummaryPanel } from './SummaryPanel';
import { useDashboard } from '../../lib/dashboard/useDashboard';

/**
 * The doctor's panels (SPEC §2 Doctor home), under the greeting of HomeShell: 'Resumo' and 'Distribuição por etapa
 * (total)' from one dashboard read, then the calendar and the day's patients. A medic without a linked secretary
 * first sees 'Primeiros passos' until his first steps are done (DECISIONS §13). On a phone the calendar and the day's
 * patients come first, the list above the calendar (issue 33 item 13). Above all, the backup's warning when the
 * installation's last backup is old or failed (issue 40).
 */
export function MedicHome() {
  const { state, retry } = useDashboard();
  const { profile } = useSession();
  // On a phone the day's patients come first (issue 33 item 13).
  const phone = useIsPhone();
  return (
    <>
      <BackupWarning />
      {phone ? <AgendaSection dayFirst /> : null}
      {profile && registersPatients(profile) ? <GettingStarted /> : null}
      <SummaryPanel dashboard={state} onRetry={retry} />
      <CaseHandovers />
      <OverdueCases />
      <StageDistribution dashboard={state} />
      <AuthorizationAlerts />
      <AppealAlerts />
      {phone ? null : <AgendaSection />}
    </>
  );
}
