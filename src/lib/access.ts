import type { Profile } from '../../machines/session/sessionMachine';

/**
 * Whether the profile registers patients and cases (/patients, /patients-surgery and their menu entries): a
 * secretary, or a medic with no linked secretary (DECISIONS §13). A stored profile without `has_secretary` (an
 * older version's) counts as having none; the profile is re-read from the server at every page load.
 */
export function registersPatients(profile: Profile): boolean {
  return profile.type === 'secretary' || profile.has_secretary !== true;
}
