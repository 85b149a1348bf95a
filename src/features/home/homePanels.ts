/**
 * The chunk of each role's home panels. The home's route starts the signed-in role's chunk beside the page's own (its
 * loader does not wait for it, so the greeting shows first), and HomePage renders the panels as soon as they have
 * arrived: at once when they came first (issue 15: the homes' LCP is a panel's text or the greeting).
 */
import type { UserType } from '../../../machines/constants';
import { chunkComponent, type ChunkComponent } from '../../lib/chunkComponent';

// One import() per role: a single expression choosing between the two imports got the secretary's preload list for
// both (home.spec checks each role downloads only its own panels).
export const homePanels: Record<UserType, ChunkComponent<object>> = {
  medic: chunkComponent(() => import('./MedicHome').then((module) => module.MedicHome)),
  secretary: chunkComponent(() => import('./SecretaryHome').then((module) => module.SecretaryHome)),
};
