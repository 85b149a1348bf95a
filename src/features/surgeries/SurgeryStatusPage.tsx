import { Page, Panel } from '../../components/layout/Page';
import { ptBR } from '../../lib/i18n/pt-BR';

/** /surgery-status (both roles). The table and the status filter arrive in a later issue. */
export function SurgeryStatusPage() {
  return (
    <Page title={ptBR.pages.surgeryStatus}>
      <Panel>{ptBR.pages.comingSoon}</Panel>
    </Page>
  );
}
