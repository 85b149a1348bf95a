/** / : the home, one per role (SPEC §2 Doctor home / Secretary home). */
import { useSession } from '../session/session';
import { MedicHome } from './MedicHome';
import { SecretaryHome } from './SecretaryHome';

export function HomePage() {
  const { profile } = useSession();
  if (!profile) return null;
  return profile.type === 'medic' ? (
    <MedicHome firstName={profile.user.first_name} />
  ) : (
    <SecretaryHome firstName={profile.user.first_name} />
  );
}
