import { OverdueCases } from './OverdueCases';
import { registersPatients } from '../../lib/access';
import { useSession } from '../../lib/session/session';
import { AgendaSection } from './AgendaSection';
import { AuthorizationAlerts } from './AuthorizationAlerts';
import { AppealAlerts } from './AppealAlerts';
import { GettingStarted } from './GettingStarted';
import { StageDistribution } from './StageDistribution';
import { SummaryPanel } from './SummaryPanel';
import { useDashboard } from '../../lib/dashboard/useDashboard';

/**
 * The doctor's panels (SPEC §2 Doctor home), under the greeting of HomeShell: 'Resumo' and 'Distribuição por etapa
 * (total)' from one dashboard read, then the calendar and the day's patients. A medic without a linked secretary
 * first sees 'Primeiros passos' until his first steps are done (DECISIONS §13).
 */
export function MedicHome() {
  const { state, retry } = useDashboard();
  const { profile } = useSession();
  return (
    <>
      {profile && registersPatients(profile) ? <GettingStarted /> : null}
      <SummaryPanel dashboard={state} onRetry={retry} />
      <OverdueCases />
      <StageDistribution dashboard={state} />
      <AuthorizationAlerts />
      <AppealAlerts />
      <AgendaSection />
    </>
  );
}
