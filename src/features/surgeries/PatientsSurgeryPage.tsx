import { Page, Panel } from '../../components/layout/Page';
import { ptBR } from '../../lib/i18n/pt-BR';

/** /patients-surgery (secretary). Patient search and the surgery form arrive in a later issue. */
export function PatientsSurgeryPage() {
  return (
    <Page title={ptBR.pages.patientsSurgery}>
      <Panel>{ptBR.pages.comingSoon}</Panel>
    </Page>
  );
}
