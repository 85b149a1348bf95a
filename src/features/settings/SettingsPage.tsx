import { Page, Panel } from '../../components/layout/Page';
import { ptBR } from '../../lib/i18n/pt-BR';

/** /settings (medic). The profile, password and linked secretaries arrive in a later issue. */
export function SettingsPage() {
  return (
    <Page title={ptBR.pages.settings}>
      <Panel>{ptBR.pages.comingSoon}</Panel>
    </Page>
  );
}
