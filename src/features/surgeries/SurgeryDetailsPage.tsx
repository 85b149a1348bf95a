import { Page, Panel } from '../../components/layout/Page';
import { ptBR } from '../../lib/i18n/pt-BR';

/** /surgery-details (both roles). The 7-step case panels arrive in a later issue. */
export function SurgeryDetailsPage() {
  return (
    <Page title={ptBR.pages.surgeryDetails}>
      <Panel>{ptBR.pages.comingSoon}</Panel>
    </Page>
  );
}
