/**
 * The chunk of each role's home panels. The home's route starts the signed-in role's chunk with the page's own
 * (its loader runs beside the lazy page), and HomePage renders it: one network round trip fewer before the panels
 * than when HomePage asked for it only once it had rendered (issue 15: the homes' LCP is a panel's text).
 */
import type { UserType } from '../../../machines/constants';

export const loadMedicHome = () => import('./MedicHome');
export const loadSecretaryHome = () => import('./SecretaryHome');

export function preloadHomePanels(type: UserType): void {
  // A failed load is HomePage's to show (its lazy import asks again); this only starts the download early.
  (type === 'medic' ? loadMedicHome() : loadSecretaryHome()).catch(() => {});
}
