import { Page, Panel } from '../../components/layout/Page';
import { ptBR } from '../../lib/i18n/pt-BR';

/** /all-data (medic). The widgets and charts arrive in a later issue. */
export function DashboardPage() {
  return (
    <Page title={ptBR.pages.dashboard}>
      <Panel>{ptBR.pages.comingSoon}</Panel>
    </Page>
  );
}
