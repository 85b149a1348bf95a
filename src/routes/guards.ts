/**
 * Route guards of SPEC §2 / §6, shared by the route files. Each throws a TanStack `redirect`.
 */
import { redirect } from '@tanstack/react-router';
import type { UserType } from '../../machines/constants';
import type { Profile } from '../../machines/session/sessionMachine';
import { registersPatients } from '../lib/access';
import type { RouterContext } from './root';

/**
 * /auth and /signup: a signed-in user is sent home, or back to the page they were on when their session ended on
 * its own (DECISIONS §14).
 */
export async function requireSignedOut(context: RouterContext): Promise<void> {
  const profile = await context.session.waitForSignedInOrOut();
  if (!profile) return;
  const place = context.session.takeReturnPlace();
  if (place && place.href !== '/') {
    throw redirect({ href: place.href, replace: true, state: place.caseId ? { id: place.caseId } : undefined });
  }
  throw redirect({ to: '/', replace: true });
}

/** Every page inside the app layout: a signed-out user goes to /auth. Returns the profile for child routes. */
export async function requireSignedIn(context: RouterContext): Promise<{ profile: Profile }> {
  const profile = await context.session.waitForSignedInOrOut();
  if (!profile) throw redirect({ to: '/auth', replace: true });
  return { profile };
}

/** /patients and /patients-surgery: a secretary or a medic without one (DECISIONS §13); anyone else goes home. */
export function requirePatientRegistration(profile: Profile): void {
  if (!registersPatients(profile)) throw redirect({ to: '/', replace: true });
}

/** Role-only pages: the other role is sent home. */
export function requireRole(profile: Profile, role: UserType): void {
  if (profile.type !== role) throw redirect({ to: '/', replace: true });
}
