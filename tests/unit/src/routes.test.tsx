// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { Profile } from '../../../machines/session/sessionMachine';

/**
 * Route guards of SPEC §2 / §6 (src/router.tsx, src/routes/guards.ts), driven through the real route tree with a
 * memory history. The router context gets a fake session; the session module and the API client are mocked so the
 * pages render without IO.
 */

const sessionState = vi.hoisted(() => ({
  profile: null as Profile | null,
}));

/** The invite's `existing_account`: the page then asks only for that account's password. */
const inviteState = vi.hoisted(() => ({ existingAccount: false }));

vi.mock('../../../src/lib/session/session', () => ({
  useSession: () => ({
    status: sessionState.profile ? 'signedIn' : 'signedOut',
    profile: sessionState.profile,
    errors: [],
    signIn: vi.fn(),
    signOut: vi.fn(),
  }),
  waitForSignedInOrOut: async () => sessionState.profile,
  getProfile: () => sessionState.profile,
  sessionActor: { send: vi.fn() },
  reloadProfileFromServer: vi.fn(async () => {}),
}));

const NO_INCOME = { receipts: 0, gross_cents: 0, irrf_cents: 0, iss_cents: 0, pis_cofins_csll_cents: 0, net_cents: 0 };

vi.mock('../../../src/api/client', () => ({
  api: {
    GET: vi.fn(async (path: string) => ({
      data: path.includes('secretaria_convite')
        ? {
            email: 'bia@clinica.com.br',
            first_name: 'Bia',
            last_name: 'Lima',
            medic: { first_name: 'Ana', last_name: 'Souza' },
            existing_account: inviteState.existingAccount,
          }
        : path.includes('income_report')
          ? { year: 2026, month: null, from: '2026-01-01', until: '2027-01-01', months: [], totals: { persons: NO_INCOME, companies: NO_INCOME, all: NO_INCOME } }
          : { results: [] },
      response: new Response('{}', { status: 200 }),
    })),
    POST: vi.fn(async () => ({ data: {}, response: new Response('{}', { status: 201 }) })),
  },
}));

const { createAppRouter } = await import('../../../src/router');

const medic: Profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza' }, has_secretary: true };
/** DECISIONS §13: a medic with no linked secretary registers patients and cases himself. */
const soloMedic: Profile = { type: 'medic', user: { id: 3, first_name: 'Caio', last_name: 'Reis' }, has_secretary: false };
const secretary: Profile = { type: 'secretary', user: { id: 2, first_name: 'Bia', last_name: 'Lima' } };

function renderAt(path: string, profile: Profile | null) {
  sessionState.profile = profile;
  const signOut = vi.fn();
  const reloadPage = vi.fn();
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    context: {
      session: { waitForSignedInOrOut: async () => sessionState.profile, signOut, takeReturnPlace: () => null },
      reloadPage,
    },
  });
  render(<RouterProvider router={router} />);
  return { router, signOut, reloadPage };
}

async function expectPath(router: ReturnType<typeof renderAt>['router'], path: string) {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.status).toBe('idle');
  });
}

beforeEach(() => {
  sessionState.profile = null;
  inviteState.existingAccount = false;
});

afterEach(() => {
  cleanup();
});

describe('router guards', () => {
  it('redirects an unknown path to /auth', async () => {
    const { router } = renderAt('/nao-existe/de-jeito-nenhum', null);
    await expectPath(router, '/auth');
    expect(await screen.findByRole('button', { name: 'Acessar' })).toBeTruthy();
  });

  it('redirects a signed-out user on / to /auth', async () => {
    const { router } = renderAt('/', null);
    await expectPath(router, '/auth');
  });

  it('redirects a signed-out user on a medic page to /auth', async () => {
    const { router } = renderAt('/settings', null);
    await expectPath(router, '/auth');
  });

  it('sends a medic on /patients home', async () => {
    const { router } = renderAt('/patients', medic);
    await expectPath(router, '/');
    expect(await screen.findByText('Olá, Ana!')).toBeTruthy();
  });

  it('sends a medic on /patients-surgery home', async () => {
    const { router } = renderAt('/patients-surgery', medic);
    await expectPath(router, '/');
  });

  it('lets a medic without a secretary open /patients and /patients-surgery (DECISIONS §13)', async () => {
    const patientsRun = renderAt('/patients', soloMedic);
    await expectPath(patientsRun.router, '/patients');
    cleanup();
    const surgeryRun = renderAt('/patients-surgery', soloMedic);
    await expectPath(surgeryRun.router, '/patients-surgery');
  });

  it("adds 'Adicionar paciente' and 'Vincular cirurgia' to the menu of a medic without a secretary only", async () => {
    const solo = renderAt('/', soloMedic);
    await expectPath(solo.router, '/');
    const links = async () => {
      const nav = await screen.findByRole('navigation', { name: 'Menu principal', hidden: true });
      return within(nav).getAllByRole('link', { hidden: true }).map((link) => link.textContent);
    };
    expect(await links()).toEqual(['Home', 'Adicionar paciente', 'Vincular cirurgia', 'Dashboard', 'Configurações', 'Status de cirurgia', 'A receber', 'Lotes TISS', 'Documentos exigidos', 'Auditoria']);
    cleanup();
    const linked = renderAt('/', medic);
    await expectPath(linked.router, '/');
    expect(await links()).toEqual(['Home', 'Dashboard', 'Configurações', 'Status de cirurgia', 'A receber', 'Lotes TISS', 'Documentos exigidos', 'Auditoria']);
  });

  it('sends a secretary on /all-data home', async () => {
    const { router } = renderAt('/all-data', secretary);
    await expectPath(router, '/');
  });

  it("sends a secretary on /audit home (the medic's audit, issue 16)", async () => {
    const { router } = renderAt('/audit?patient=7', secretary);
    await expectPath(router, '/');
  });

  it("lets a medic open /audit, its page loaded on demand (an empty trail: 'Nenhum registro de auditoria ainda')", async () => {
    const { router } = renderAt('/audit', medic);
    await expectPath(router, '/audit');
    expect(await screen.findByRole('heading', { name: 'Auditoria', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Nenhum registro de auditoria ainda')).toBeTruthy();
  });

  it("sends a secretary on /income-report home, and lets a medic open it (issue 38: 'Relatório para o contador')", async () => {
    const { router } = renderAt('/income-report?year=2026', secretary);
    await expectPath(router, '/');
    cleanup();
    const opened = renderAt('/income-report?year=2026', medic);
    await expectPath(opened.router, '/income-report');
    expect(await screen.findByRole('heading', { name: 'Relatório para o contador', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Nenhum recebimento no período.')).toBeTruthy();
  });

  it("sends a medic on /account home, and gives the secretary 'Minha conta' at the end of her menu (issue 35)", async () => {
    const { router } = renderAt('/account', medic);
    await expectPath(router, '/');
    cleanup();
    const asSecretary = renderAt('/', secretary);
    await expectPath(asSecretary.router, '/');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal', hidden: true });
    const links = within(nav).getAllByRole('link', { hidden: true }).map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Adicionar paciente', 'Vincular cirurgia', 'Status de cirurgia', 'A receber', 'Lotes TISS', 'Documentos exigidos', 'Minha conta']);
  });

  it('sends a secretary on /settings home', async () => {
    const { router } = renderAt('/settings', secretary);
    await expectPath(router, '/');
  });

  it('sends a signed-in user on /auth home', async () => {
    const { router } = renderAt('/auth', medic);
    await expectPath(router, '/');
  });

  it('sends a signed-in user on /signup home', async () => {
    const { router } = renderAt('/signup', secretary);
    await expectPath(router, '/');
  });

  it('lets each role open its own pages and the shared ones', async () => {
    const medicRun = renderAt('/all-data', medic);
    await expectPath(medicRun.router, '/all-data');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    cleanup();

    const secretaryRun = renderAt('/surgery-status', secretary);
    await expectPath(secretaryRun.router, '/surgery-status');
    expect(await screen.findByRole('heading', { name: 'Veja o status das cirurgias' })).toBeTruthy();
  });

  it('shows the role menu in the layout', async () => {
    const { router } = renderAt('/', secretary);
    await expectPath(router, '/');
    // jsdom ignores media queries, so the desktop rail counts as hidden: include hidden elements.
    expect(await screen.findByRole('link', { name: /Adicionar paciente/, hidden: true })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Dashboard/, hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: /Auditoria/, hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: /Sair/, hidden: true })).toBeTruthy();
  });

  it('signs out and reloads when a profile opens a secretary invite', async () => {
    const { router, signOut, reloadPage } = renderAt('/signup-secretary/abc123', medic);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/signup-secretary/abc123');
  });

  it('lets a signed-out visitor open a secretary invite without reloading', async () => {
    const { router, reloadPage } = renderAt('/signup-secretary/abc123', null);
    await expectPath(router, '/signup-secretary/abc123');
    expect(await screen.findByText('Convite de Dr(a). Ana Souza')).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('opens an invite of an existing account on its password form, loaded with the invite (issue 41, goal 6)', async () => {
    inviteState.existingAccount = true;
    renderAt('/signup-secretary/abc123', null);
    expect(await screen.findByRole('heading', { name: 'Vincular sua conta' })).toBeTruthy();
    expect(screen.getByLabelText('Senha atual')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirmar e vincular' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('opens /digest-unsubscribe signed out and signed in, and posts nothing until the click (issue 39 item 3)', async () => {
    const { api } = await import('../../../src/api/client');
    vi.mocked(api.POST).mockClear();
    // The page reads its token from the window's fragment, as the e-mail's link opens it.
    window.location.hash = `#1.${'A'.repeat(43)}`;
    try {
      for (const profile of [null, medic]) {
        const { router } = renderAt('/digest-unsubscribe', profile);
        await expectPath(router, '/digest-unsubscribe');
        expect(await screen.findByRole('heading', { name: 'Resumo diário' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Parar o resumo diário' })).toBeTruthy();
        cleanup();
      }
      expect(api.POST).not.toHaveBeenCalled();

      window.location.hash = '';
      renderAt('/digest-unsubscribe', null);
      expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Este link para cancelar o resumo diário não é válido.');
      expect(screen.queryByRole('button', { name: 'Parar o resumo diário' })).toBeNull();
    } finally {
      window.location.hash = '';
    }
  });

  it('sends the user to /auth after the session signs out and the router is invalidated', async () => {
    const { router } = renderAt('/settings', medic);
    await expectPath(router, '/settings');
    sessionState.profile = null;
    await act(() => router.invalidate());
    await expectPath(router, '/auth');
  });
});

describe('navigation state', () => {
  it('lists only the stage passed as `method` to /surgery-status and hides the status filter', async () => {
    const { api } = await import('../../../src/api/client');
    const get = vi.mocked(api.GET);
    const { router } = renderAt('/', medic);
    await expectPath(router, '/');
    get.mockClear();
    await act(() => router.navigate({ to: '/surgery-status', state: { method: 'autorizacao' } }));
    await expectPath(router, '/surgery-status');
    expect(await screen.findByText('Mostrando a etapa')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver todas as etapas' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Etapas/ })).toBeNull();
    await waitFor(() => {
      const calls = get.mock.calls as unknown as [string, { params: { query: Record<string, unknown> } }][];
      const listCalls = calls.filter(([path]) => path === '/surgery/api/v1/surgery/');
      expect(listCalls.length).toBeGreaterThan(0);
      expect(listCalls.at(-1)?.[1].params.query.status__in).toBe('autorizacao');
    });
  });

  it('shows the status filter when no stage was passed', async () => {
    const { router } = renderAt('/surgery-status', medic);
    await expectPath(router, '/surgery-status');
    expect(await screen.findByRole('button', { name: /Etapas/ })).toBeTruthy();
    expect(screen.queryByText('Mostrando a etapa')).toBeNull();
  });
});
