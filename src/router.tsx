/**
 * The route tree (code-based TanStack Router, STACK gotcha 3) and the router factory. Guards live in each route's
 * `beforeLoad` (routes/guards.ts); main.tsx calls `router.invalidate()` whenever the session changes, so the guards
 * run again (sign-in on /auth goes home, sign-out anywhere goes to /auth).
 */
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { CaseStatus } from '../machines/constants';
import { FullPageLoader } from './components/layout/FullPageLoader';
import { RouteError } from './components/layout/RouteError';
import { endFirstPage } from './lib/DeferredOnFirstPage';
import { accountRoute } from './routes/account';
import { allDataRoute } from './routes/all-data';
import { appRoute } from './routes/app';
import { auditRoute } from './routes/audit';
import { authRoute } from './routes/auth';
import { digestUnsubscribeRoute } from './routes/digest-unsubscribe';
import { documentChecklistsRoute } from './routes/document-checklists';
import { forgotPasswordRoute } from './routes/forgot-password';
import { incomeReportRoute } from './routes/income-report';
import { indexRoute } from './routes/index';
import { notFoundRoute } from './routes/not-found';
import { patientsRoute } from './routes/patients';
import { patientsSurgeryRoute } from './routes/patients-surgery';
import { receivablesRoute } from './routes/receivables';
import { resetPasswordRoute } from './routes/reset-password';
import { rootRoute, type RouterContext } from './routes/root';
import { settingsRoute } from './routes/settings';
import { signupRoute } from './routes/signup';
import { signupSecretaryRoute } from './routes/signup-secretary.$token';
import { surgeryDetailsRoute, surgeryDetailsStateRoute } from './routes/surgery-details';
import { surgeryStatusRoute } from './routes/surgery-status';
import { tissGuideRoute, tissLotsRoute } from './routes/tiss-lots';

export const routeTree = rootRoute.addChildren([
  authRoute,
  signupRoute,
  signupSecretaryRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  digestUnsubscribeRoute,
  appRoute.addChildren([
    indexRoute,
    settingsRoute,
    accountRoute,
    allDataRoute,
    surgeryStatusRoute,
    receivablesRoute,
    incomeReportRoute,
    auditRoute,
    documentChecklistsRoute,
    surgeryDetailsStateRoute,
    surgeryDetailsRoute,
    patientsRoute,
    patientsSurgeryRoute,
    tissLotsRoute,
    tissGuideRoute,
  ]),
  notFoundRoute,
]);

type CreateAppRouterOptions = {
  context: RouterContext;
  /** Browser history by default; tests pass createMemoryHistory(). */
  history?: RouterHistory;
};

export function createAppRouter({ context, history }: CreateAppRouterOptions) {
  const router = createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    defaultPendingComponent: FullPageLoader,
    defaultErrorComponent: RouteError,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
  // A move to another address (a link, a redirect, the back button) leaves the visit's first page.
  router.history.subscribe(endFirstPage);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  /**
   * Navigation state (SPEC §2): /surgery-details reads the case `id` (and sends it on to /surgery-details/$id), and
   * `back`, the address of the list a case was opened from ('Voltar' and Escape return there, filters included); /surgery-status reads the stage a home panel
   * passed as `method` (then its status filter is hidden).
   */
  interface HistoryState {
    id?: number;
    back?: string;
    method?: CaseStatus;
    /** /settings opens 'Adicionar uma pessoa a sua conta' at once ('Primeiros passos', DECISIONS §13). */
    invite?: boolean;
  }
}
