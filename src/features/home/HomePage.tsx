/**
 * / : the home, one per role (SPEC §2 Doctor home / Secretary home). The frame and the greeting come with the route;
 * the role's panels (calendar, tables, React Aria widgets) load as their own chunk, so the greeting shows at once.
 */
import { lazy, Suspense } from 'react';
import { homeTexts } from '../../lib/i18n/home';
import { ptBR } from '../../lib/i18n/pt-BR';
import { displayNameOf } from '../../../machines/session/sessionMachine';
import { useSession } from '../../lib/session/session';
import { Notice } from '../../components/ui/Notice';
import { HomeShell } from './HomeShell';
import { loadMedicHome, loadSecretaryHome } from './homePanels';

const MedicHome = lazy(() => loadMedicHome().then((module) => ({ default: module.MedicHome })));
const SecretaryHome = lazy(() => loadSecretaryHome().then((module) => ({ default: module.SecretaryHome })));

export function HomePage() {
  const { profile } = useSession();
  if (!profile) return null;
  const isMedic = profile.type === 'medic';
  return (
    <HomeShell firstName={displayNameOf(profile)} intro={isMedic ? homeTexts.medicIntro : homeTexts.secretaryIntro}>
      <Suspense fallback={<Notice kind="loading" title={ptBR.app.loading} />}>
        {isMedic ? <MedicHome /> : <SecretaryHome />}
      </Suspense>
    </HomeShell>
  );
}
