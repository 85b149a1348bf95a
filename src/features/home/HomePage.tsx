/**
 * / : the home, one per role (SPEC §2 Doctor home / Secretary home). The role's panels (calendar, tables, React Aria
 * widgets) are a chunk of their own, which the route's loader loads beside this page's (homePanels.ts). Showing it
 * refreshes the next 7 days' agenda kept for offline use (src/lib/offline/sync.ts).
 */
import { useEffect } from 'react';
import type { UserType } from '../../../machines/constants';
import { homeTexts } from '../../lib/i18n/home';
import { ptBR } from '../../lib/i18n/pt-BR';
import { displayNameOf } from '../../../machines/session/sessionMachine';
import { useSession } from '../../lib/session/session';
import { useChunk } from '../../lib/chunkComponent';
import { requestOfflineSync } from '../../lib/offline/sync';
import { Notice } from '../../components/ui/Notice';
import { HomeShell } from './HomeShell';
import { homePanels } from './homePanels';

/**
 * The role's panels: at once when their chunk has arrived, else a loading notice until it does (not `React.lazy`:
 * src/lib/chunkComponent.ts). A chunk that fails to load reaches the route's error page.
 */
function RolePanels({ type }: { type: UserType }) {
  const { Component: Panels } = useChunk(homePanels[type]);
  return Panels ? <Panels /> : <Notice kind="loading" title={ptBR.app.loading} />;
}

export function HomePage() {
  const { profile } = useSession();
  // The home shown refreshes the agenda kept for offline use (docs/OFFLINE.md), unless it was read a moment ago.
  useEffect(() => requestOfflineSync(), []);
  if (!profile) return null;
  const isMedic = profile.type === 'medic';
  return (
    <HomeShell firstName={displayNameOf(profile)} intro={isMedic ? homeTexts.medicIntro : homeTexts.secretaryIntro}>
      <RolePanels key={profile.type} type={profile.type} />
    </HomeShell>
  );
}
