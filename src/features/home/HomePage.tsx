/**
 * / : the home, one per role (SPEC §2 Doctor home / Secretary home). The role's panels (calendar, tables, React Aria
 * widgets) are a chunk of their own, which the route's loader loads beside this page's (homePanels.ts).
 */
import { startTransition, useEffect, useState } from 'react';
import type { UserType } from '../../../machines/constants';
import { homeTexts } from '../../lib/i18n/home';
import { ptBR } from '../../lib/i18n/pt-BR';
import { displayNameOf } from '../../../machines/session/sessionMachine';
import { useSession } from '../../lib/session/session';
import { Notice } from '../../components/ui/Notice';
import { HomeShell } from './HomeShell';
import { loadedHomePanels, loadHomePanels } from './homePanels';

/**
 * The role's panels: at once when their chunk has arrived, else a loading notice until it does. Not `React.lazy` under
 * Suspense: a lazy component suspends at its first render even when its chunk is there, and React then holds the
 * revealed panels back for up to 300 ms after the fallback showed (its fallback throttling), idle time the traces of
 * the homes showed before their panels (issue 15). A chunk that fails to load reaches the route's error page.
 */
function RolePanels({ type }: { type: UserType }) {
  const [Panels, setPanels] = useState(() => loadedHomePanels(type));
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (Panels) return;
    let current = true;
    loadHomePanels(type).then(
      (panels) => {
        if (current) startTransition(() => setPanels(() => panels));
      },
      (error: unknown) => {
        if (current) setFailure({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [Panels, type]);
  if (failure) throw failure.error;
  return Panels ? <Panels /> : <Notice kind="loading" title={ptBR.app.loading} />;
}

export function HomePage() {
  const { profile } = useSession();
  if (!profile) return null;
  const isMedic = profile.type === 'medic';
  return (
    <HomeShell firstName={displayNameOf(profile)} intro={isMedic ? homeTexts.medicIntro : homeTexts.secretaryIntro}>
      <RolePanels key={profile.type} type={profile.type} />
    </HomeShell>
  );
}
