import { AgendaSection } from './AgendaSection';
import { StageDistribution } from './StageDistribution';
import { SummaryPanel } from './SummaryPanel';
import { useDashboard } from '../dashboard/useDashboard';

/**
 * The doctor's panels (SPEC §2 Doctor home), under the greeting of HomeShell: 'Resumo' and 'Distribuição por etapa
 * (total)' from one dashboard read, then the calendar and the day's patients.
 */
export function MedicHome() {
  const { state, retry } = useDashboard();
  return (
    <>
      <SummaryPanel dashboard={state} onRetry={retry} />
      <StageDistribution dashboard={state} />
      <AgendaSection />
    </>
  );
}
