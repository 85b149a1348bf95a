import { Page, Panel } from '../../components/layout/Page';
import { ptBR } from '../../lib/i18n/pt-BR';

/** /patients (secretary). The list, search and patient wizard arrive in a later issue. */
export function PatientsPage() {
  return (
    <Page title={ptBR.pages.patients}>
      <Panel>{ptBR.pages.comingSoon}</Panel>
    </Page>
  );
}
