/**
 * The chunk of each role's home panels. The home's route starts the signed-in role's chunk beside the page's own (its
 * loader does not wait for it, so the greeting shows first), and HomePage renders the panels as soon as they have
 * arrived: at once when they came first (issue 15: the homes' LCP is a panel's text or the greeting).
 */
import type { ComponentType } from 'react';
import type { UserType } from '../../../machines/constants';

// One function per import, each with its own: Vite attaches the chunk's dependencies to each import() it preloads,
// and a single expression choosing between the two imports got the secretary's list for both.
const importPanels: Record<UserType, () => Promise<ComponentType>> = {
  medic: () => import('./MedicHome').then((module) => module.MedicHome),
  secretary: () => import('./SecretaryHome').then((module) => module.SecretaryHome),
};

const loaded: Partial<Record<UserType, ComponentType>> = {};

/** Loads the panels of `type`'s home (once; later calls answer at once). */
export function loadHomePanels(type: UserType): Promise<ComponentType> {
  return importPanels[type]().then((component) => (loaded[type] = component));
}

/** The panels of `type`'s home when their chunk has loaded, else undefined. */
export function loadedHomePanels(type: UserType): ComponentType | undefined {
  return loaded[type];
}
