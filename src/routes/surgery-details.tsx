import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { caseReadKey, getSurgery, surgeryIdParam } from '../features/surgeries/caseRead';
import { prefetchRead } from '../lib/prefetchedRead';
import { appRoute } from './app';

/** A usable case id from navigation state, or null. */
function surgeryIdFromState(state: { id?: unknown }): number | null {
  const { id } = state;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The case is asked for while the page's chunk downloads (src/lib/prefetchedRead.ts). Only when the case is opened
 * (`enter`): not on a link's hover (the router's `preload`), since reading a case is recorded in 'Auditoria', nor when
 * the session's change re-runs the route (`stay`), where the page already has it.
 */
export function prefetchOpenedCase({ params, cause }: { params: { id: string }; cause: 'enter' | 'stay' | 'preload' }): void {
  const id = surgeryIdParam(params.id);
  if (cause === 'enter' && id !== null) prefetchRead(caseReadKey(id), () => getSurgery(id));
}

/**
 * /surgery-details/$id: a case's own address (issue 33 item 5), so a case opens in a new tab, from a bookmark or from
 * a link sent to the surgeon. Both roles. A path id that is not a case of the user's (malformed, unknown, another
 * office's) gets SPEC §8's 'Não foi possível encontrar essa cirurgia' and the way back to the list.
 */
export const surgeryDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/surgery-details/$id',
  loader: prefetchOpenedCase,
  component: lazyRouteComponent(() => import('../features/surgeries/SurgeryDetailsPage'), 'SurgeryDetailsPage'),
});

/**
 * /surgery-details, SPEC §2's route: the surgery id in navigation state. With one, the case's own address (the
 * state's `back`, the list it was opened from, kept); without, /patients-surgery (SPEC §2; that route sends a medic on
 * to /).
 */
export const surgeryDetailsStateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/surgery-details',
  beforeLoad: ({ location }) => {
    const id = surgeryIdFromState(location.state);
    if (id === null) throw redirect({ to: '/patients-surgery', replace: true });
    const { back } = location.state;
    throw redirect({
      to: '/surgery-details/$id',
      params: { id: String(id) },
      state: typeof back === 'string' ? { back } : {},
      replace: true,
    });
  },
});
