// @vitest-environment jsdom
import { useSyncExternalStore } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_STATUSES, AGENDA_STATUSES } from '../../../../machines/constants';
import type { Surgery } from '../../../../src/api/surgeryList';
import { answer, surgeryAt } from '../surgeries/details/surgeryFixture';

/**
 * The two homes (src/features/home), rendered with a mocked API client and a fixed clock (20/03/2026, noon in São
 * Paulo): which requests each panel makes, what it shows from the answers, the designed empty and failed states,
 * and where its buttons lead.
 */

const client = vi.hoisted(() => ({ GET: vi.fn() }));
type FakeProfile = import('../../../../machines/session/sessionMachine').Profile;
const session = vi.hoisted(() => ({ profile: null as FakeProfile | null }));
/** The home's URL search (day, filters): a small store, so the router hooks below re-render like the real ones. */
const homeSearch = vi.hoisted(() => {
  let value: Record<string, unknown> = {};
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: Record<string, unknown>) {
      value = next;
      for (const listener of listeners) listener();
    },
    reset() {
      value = {};
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
const navigate = vi.hoisted(() =>
  vi.fn((options?: { search?: unknown }) => {
    const search = options?.search;
    if (typeof search === 'function') homeSearch.set((search as (p: Record<string, unknown>) => Record<string, unknown>)(homeSearch.get()));
    else if (search && typeof search === 'object') homeSearch.set(search as Record<string, unknown>);
  }),
);
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastWarning: vi.fn(), toastError: vi.fn() }));

vi.mock('../../../../src/api/client', () => ({ api: client }));
vi.mock('../../../../src/lib/toast', () => toasts);
vi.mock('../../../../src/lib/session/session', () => ({ useSession: () => ({ profile: session.profile }) }));
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => navigate,
  // The search field drops a search still waiting once the page is left: here the page is never left.
  useRouter: () => ({ state: { location: { pathname: '/' } } }),
  getRouteApi: () => ({
    useSearch: (options?: { select?: (search: Record<string, unknown>) => unknown }) => {
      const search = useSyncExternalStore(homeSearch.subscribe, homeSearch.get);
      return options?.select ? options.select(search) : search;
    },
  }),
  useLocation: (options?: { select?: (location: { href: string }) => unknown }) =>
    options?.select ? options.select({ href: '/' }) : { href: '/', pathname: '/', search: {} },
  // 'Primeiros passos' links, rendered without a router.
  Link: ({ to, className, children }: { to: string; className?: string; children?: import('react').ReactNode }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));

const { MedicHome } = await import('../../../../src/features/home/MedicHome');
const { SecretaryHome } = await import('../../../../src/features/home/SecretaryHome');
const { HomePage } = await import('../../../../src/features/home/HomePage');

// jsdom has no CSS.escape; React Aria's popover reads it.
if (typeof CSS === 'undefined' || !CSS.escape) {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) };
}

const NOW = new Date('2026-03-20T15:00:00Z');

const DASHBOARD = {
  data: {
    pending_surgery_value: 50000,
    payment_done: 12000,
    distribution: {
      ind_paciente: 3,
      prep_doc: 2,
      env_doc: 1,
      autorizacao: 4,
      agendamento: 5,
      realizacao: 6,
      pagamento: 7,
      concluido: 8,
      cancelado: 1,
      arquiv: 2,
    },
    middle_time: 12.5,
    authorized_surgery: 18,
    pending_surgery: 10,
    payment_done_month: 1234.5,
    fees_payments_month: 98765.4,
    open_amount: 4321.09,
  },
  dash_graph: {
    valores_a_receber: [],
    valores_recebidos: [],
    qtd_convenio_prev: [],
    qtd_convenio_real: [],
    qtd_hospital_prev: [],
    qtd_hospital_real: [],
    qtd_procedim_prev: [],
    qtd_procedim_real: [],
  },
  lost_by_reason: [],
};

type Query = Record<string, string | number | boolean | undefined>;
type Handler = (query: Query) => ReturnType<typeof answer>;

/** Answers GET by path; records every call's query. */
function serve(handlers: Record<string, Handler>) {
  const calls: { path: string; query: Query }[] = [];
  client.GET.mockImplementation(async (path: string, init?: { params?: { query?: Query } }) => {
    const query = init?.params?.query ?? {};
    calls.push({ path, query });
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected GET ${path}`);
    return handler(query);
  });
  return calls;
}

const todayCases: Surgery[] = [
  surgeryAt('realizacao', {
    id: 51,
    schedule: '2026-03-20T10:30:00Z', // 07:30 in São Paulo
    patient: { id: 1, nome_completo: 'Helena Duarte', foto: null, cellphone: '(11) 9 8888-7777' },
  }),
  surgeryAt('realizacao', {
    id: 52,
    schedule: '2026-03-20T17:00:00Z', // 14:00
    patient: { id: 2, nome_completo: 'Otávio Lima', foto: null, cellphone: null },
    hospital: null,
  }),
];

function agendaHandlers(dayCases: (date: string) => Surgery[]): Record<string, Handler> {
  return {
    '/surgery/api/v1/schedule_days/': (query) =>
      answer(200, {
        month: query.month,
        results: query.month === '2026-03' ? [{ date: '2026-03-20', count: 2 }, { date: '2026-03-24', count: 1 }] : [],
      }),
    '/surgery/api/v1/surgery/': (query) => {
      const results = query.date ? dayCases(String(query.date)) : [];
      return answer(200, { results, count: results.length });
    },
  };
}

function day(name: RegExp) {
  return within(screen.getByRole('grid')).getByRole('button', { name });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  client.GET.mockReset();
  navigate.mockClear();
  homeSearch.reset();
});

describe('HomePage', () => {
  it("greets by first name and shows the doctor's panels to a medic", async () => {
    serve({ '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD), ...agendaHandlers(() => []) });
    session.profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza' } };
    render(<HomePage />);
    expect(screen.getByText('Olá, Ana!')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Resumo' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Alterações de status' })).toBeNull();
  });

  it('greets by the nickname when the user has one (DECISIONS §14)', async () => {
    serve({ '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD), ...agendaHandlers(() => []) });
    session.profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza', nickname: 'Dra. Aninha' }, has_secretary: true };
    render(<HomePage />);
    expect(screen.getByText('Olá, Dra. Aninha!')).toBeTruthy();
    expect(screen.queryByText('Olá, Ana!')).toBeNull();
  });

  it("shows 'Primeiros passos' to a medic without a secretary, each step done or with its link (DECISIONS §13)", async () => {
    serve({
      '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD),
      '/project_auth/api/v1/getting_started/': () => answer(200, { patient: true, surgery: false, secretary: 'invited' }),
      ...agendaHandlers(() => []),
    });
    session.profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza' }, has_secretary: false };
    render(<HomePage />);
    const panel = await screen.findByRole('region', { name: 'Primeiros passos' });
    const steps = within(panel).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      'Cadastre seu primeiro paciente',
      'Vincule a primeira cirurgia',
      'Convide sua secretária',
    ]);
    expect(within(steps[0]!).getByText('Concluído')).toBeTruthy();
    expect(within(steps[1]!).getByRole('link', { name: 'Vincular cirurgia' }).getAttribute('href')).toBe('/patients-surgery');
    expect(within(steps[2]!).getByText('Convite enviado')).toBeTruthy();
  });

  it("hides 'Primeiros passos' once every step is done, and never asks for it with a linked secretary", async () => {
    const calls = serve({
      '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD),
      '/project_auth/api/v1/getting_started/': () => answer(200, { patient: true, surgery: true, secretary: 'invited' }),
      ...agendaHandlers(() => []),
    });
    session.profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza' }, has_secretary: false };
    render(<HomePage />);
    expect(await screen.findByRole('region', { name: 'Resumo' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === '/project_auth/api/v1/getting_started/')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Primeiros passos' })).toBeNull();
    cleanup();

    const linked = serve({ '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD), ...agendaHandlers(() => []) });
    session.profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza' }, has_secretary: true };
    render(<HomePage />);
    expect(await screen.findByRole('region', { name: 'Resumo' })).toBeTruthy();
    expect(linked.some((call) => call.path === '/project_auth/api/v1/getting_started/')).toBe(false);
  });

  it("shows the secretary's panels to a secretary", async () => {
    serve(agendaHandlers(() => []));
    session.profile = { type: 'secretary', user: { id: 2, first_name: 'Bia', last_name: 'Lima' } };
    render(<HomePage />);
    expect(screen.getByText('Olá, Bia!')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Alterações de status' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Resumo' })).toBeNull();
  });
});

describe('MedicHome', () => {
  it('shows the five figures of "Resumo" from the dashboard, money in BRL, each with its one-line explanation', async () => {
    serve({ '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD), ...agendaHandlers(() => []) });
    render(<MedicHome />);
    const summary = await screen.findByRole('region', { name: 'Resumo' });
    await within(summary).findByText('18');
    const values = Object.fromEntries(
      [...summary.querySelectorAll('[data-figure]')].map((figure) => [
        figure.querySelector('dt')?.textContent,
        [...figure.querySelectorAll('dd')].map((dd) => dd.textContent?.replace(/\u00a0/g, ' ')),
      ]),
    );
    expect(values).toEqual({
      'Cirurgias autorizadas': ['18', 'Cirurgias agendadas, realizadas ou aguardando pagamento.'],
      'Cirurgia pendentes': ['10', 'Cirurgias da indicação até a autorização.'],
      'Valor recebido no mês (R$)': ['R$ 1.234,50', 'Recebimentos lançados com data neste mês.'],
      'Honorários a receber (R$)': [
        'R$ 98.765,40',
        'Casos ativos, inclusive cirurgias ainda não realizadas: honorário menos o já recebido e o perdido.',
      ],
      'Em aberto (R$)': ['R$ 4.321,09', "O que os pagadores devem hoje das cirurgias realizadas: o total de 'A receber'."],
    });
  });

  it('lists the seven active stages with their counts, each opening /surgery-status with the stage', async () => {
    serve({ '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD), ...agendaHandlers(() => []) });
    render(<MedicHome />);
    const panel = await screen.findByRole('region', { name: 'Distribuição por etapa (total)' });
    const buttons = await within(panel).findAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('data-stage'))).toEqual([...ACTIVE_STATUSES]);
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Cadastro de Cirurgia3',
      'Preparação de documentação2',
      'Envio de documentação (Hospital)1',
      'Autorização4',
      'Agendamento de cirurgia5',
      'Realização de cirurgia6',
      'Pagamento de honorário7',
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: /^Autorização: 4/ }));
    // The stage travels in the URL (issue 11: back and reload keep it).
    expect(navigate).toHaveBeenCalledWith(expect.objectContaining({ to: '/surgery-status', search: { stage: 'autorizacao' } }));
  });

  it('shows a quiet failed state with a retry when the dashboard cannot be read, and no toast', async () => {
    let fail = true;
    const calls = serve({
      '/surgery/api/v1/dashboard/': () => (fail ? answer(500, { error: ['Ocorreu um erro interno!'] }) : answer(200, DASHBOARD)),
      ...agendaHandlers(() => []),
    });
    render(<MedicHome />);
    const summary = await screen.findByRole('region', { name: 'Resumo' });
    await within(summary).findByText('Não foi possível carregar os números agora.');
    expect(toasts.toastError).not.toHaveBeenCalled();
    expect(toasts.toastWarning).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(within(summary).getByRole('button', { name: 'Tentar novamente' }));
    await within(summary).findByText('18');
    expect(calls.filter((call) => call.path === '/surgery/api/v1/dashboard/')).toHaveLength(2);
  });
});

describe('the agenda of both homes', () => {
  it('marks the month from one schedule_days request in the agenda stages', async () => {
    const calls = serve({ '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD), ...agendaHandlers(() => []) });
    render(<MedicHome />);
    await waitFor(() => expect(day(/\b24 de março de 2026/).getAttribute('data-marked')).toBe('true'));
    const marked = day(/\b24 de março de 2026/);
    const description = document.getElementById(marked.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toBe('1 cirurgia');
    expect(day(/\b20 de março de 2026/).getAttribute('data-marked')).toBe('true');
    expect(day(/\b21 de março de 2026/).hasAttribute('data-marked')).toBe(false);
    const monthCalls = calls.filter((call) => call.path === '/surgery/api/v1/schedule_days/');
    expect(monthCalls).toEqual([
      { path: '/surgery/api/v1/schedule_days/', query: { month: '2026-03', status__in: AGENDA_STATUSES.join(',') } },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/surgery/api/v1/schedule_days/')).toHaveLength(2));
    expect(calls.at(-1)?.query.month).toBe('2026-04');
  });

  it("lists today's patients (São Paulo) with time, doctor, hospital, 'Ver status' and WhatsApp", async () => {
    const calls = serve({
      '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD),
      ...agendaHandlers((date) => (date === '2026-03-20' ? todayCases : [])),
    });
    render(<SecretaryHome />);
    const panel = await screen.findByRole('region', { name: 'Pacientes do dia 20/03' });
    const list = await within(panel).findByRole('list', { name: 'Pacientes agendados' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Helena Duarte');
    expect(rows[0]!.textContent).toContain('07:30');
    expect(rows[0]!.textContent).toContain('Dr(a). Carlos Eduardo Mendes · Hospital Sírio-Libanês');
    expect(rows[1]!.textContent).toContain('14:00');
    expect(rows[1]!.textContent).toContain('Hospital não informado');

    const whatsapp = within(rows[0]!).getByRole('link', { name: /Helena Duarte no WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/5511988887777');
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
    expect(within(rows[1]!).queryByRole('link', { name: /WhatsApp/ })).toBeNull();

    // 'Ver status' is a link to the case's own address (issue 33 item 5): a middle click opens it in a new tab.
    const seeStatus = within(rows[1]!).getByRole('link', { name: 'Ver status' });
    expect(seeStatus.getAttribute('href')).toBe('/surgery-details/52');
    fireEvent.click(seeStatus, { button: 1 });
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(seeStatus);
    expect(navigate).toHaveBeenCalledWith({ to: '/surgery-details/$id', params: { id: '52' }, state: {} });

    const dayCall = calls.find((call) => call.path === '/surgery/api/v1/surgery/' && call.query.date);
    expect(dayCall?.query).toMatchObject({ is_schedule: true, date: '2026-03-20', status__in: AGENDA_STATUSES.join(',') });
  });

  it("follows the picked day, and says 'Não há nada para este dia' for another day without cases", async () => {
    serve({
      '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD),
      ...agendaHandlers((date) => (date === '2026-03-20' ? todayCases : [])),
    });
    render(<MedicHome />);
    await screen.findByRole('region', { name: 'Pacientes do dia 20/03' });
    fireEvent.click(day(/\b9 de março de 2026/));
    const panel = await screen.findByRole('region', { name: 'Pacientes do dia 09/03' });
    expect(await within(panel).findByText('Não há nada para este dia')).toBeTruthy();
    expect(within(panel).queryByText('Não há nada para hoje')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Pacientes do dia 20/03' })).toBeNull();
  });

  it("says SPEC's 'Não há nada para hoje' when today has no cases", async () => {
    serve({
      '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD),
      ...agendaHandlers(() => []),
    });
    render(<MedicHome />);
    const panel = await screen.findByRole('region', { name: 'Pacientes do dia 20/03' });
    expect(await within(panel).findByText('Não há nada para hoje')).toBeTruthy();
  });

  it('offers a retry when the day cannot be read', async () => {
    let fail = true;
    serve({
      '/surgery/api/v1/dashboard/': () => answer(200, DASHBOARD),
      '/surgery/api/v1/schedule_days/': () => answer(200, { month: '2026-03', results: [] }),
      '/surgery/api/v1/surgery/': () => (fail ? answer(500, { error: ['x'] }) : answer(200, { results: todayCases, count: 2 })),
    });
    render(<MedicHome />);
    const panel = await screen.findByRole('region', { name: 'Pacientes do dia 20/03' });
    await within(panel).findByText('Não foi possível carregar os pacientes do dia.');
    fail = false;
    fireEvent.click(within(panel).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(panel).findByText('Helena Duarte')).toBeTruthy();
  });
});

describe('SecretaryHome: Alterações de status', () => {
  // Each row's clock as the server answers it on 20/03 (targets: prep_doc 5, autorizacao 10, env_doc 3, realizacao 2).
  const changes: Surgery[] = [
    surgeryAt('prep_doc', {
      id: 61,
      status_changed_at: '2026-03-18T09:00:00-03:00',
      days_in_stage: 2,
      stage_target_days: 5,
      overdue: false,
      patient: { id: 3, nome_completo: 'Recente Souza', foto: null, cellphone: null },
    }),
    surgeryAt('autorizacao', {
      id: 62,
      status_changed_at: '2026-03-10T09:00:00-03:00',
      days_in_stage: 10,
      stage_target_days: 10,
      overdue: false,
      patient: { id: 4, nome_completo: 'Parada Nunes', foto: null, cellphone: null },
    }),
    surgeryAt('env_doc', {
      id: 63,
      status_changed_at: '2026-03-16T09:00:00-03:00',
      days_in_stage: 4,
      stage_target_days: 3,
      overdue: true,
      patient: { id: 5, nome_completo: 'Antiga Reis', foto: null, cellphone: null },
    }),
    surgeryAt('realizacao', {
      id: 64,
      status_changed_at: '2026-03-15T09:00:00-03:00',
      schedule: '2026-03-19T10:00:00-03:00',
      days_in_stage: 5,
      stage_target_days: 2,
      overdue: false,
      patient: { id: 6, nome_completo: 'Passou Dias', foto: null, cellphone: null },
    }),
  ];

  function serveChanges() {
    return serve({
      ...agendaHandlers(() => []),
      '/surgery/api/v1/surgery/': (query) => {
        const results = query.date ? [] : changes;
        return answer(200, { results, count: results.length });
      },
    });
  }

  it('reads the newest changes first, in the seven active stages by default', async () => {
    const calls = serveChanges();
    render(<SecretaryHome />);
    const panel = await screen.findByRole('region', { name: 'Alterações de status' });
    expect((await within(panel).findAllByText('Recente Souza')).length).toBeGreaterThan(0);
    const listCall = calls.find((call) => call.path === '/surgery/api/v1/surgery/' && !call.query.date && !call.query.overdue);
    expect(listCall?.query).toMatchObject({
      ordering: '-status_changed_at',
      status__in: ACTIVE_STATUSES.join(','),
      limit: 20,
    });
    expect(within(panel).getByRole('button', { name: /Etapas/ }).textContent).toContain('Filtros selecionado7');
  });

  it('colours each row by the rule and says it in words; the legend explains the colours', async () => {
    serveChanges();
    render(<SecretaryHome />);
    const table = await screen.findByRole('table', { name: 'Alterações de status' });
    await within(table).findByText('Recente Souza');
    const toneOf = (name: string) => {
      const row = within(table).getByText(name).closest('tr')!;
      const note = row.querySelector('[data-tone]');
      return { tone: note?.getAttribute('data-tone'), text: note?.textContent };
    };
    expect(toneOf('Recente Souza')).toEqual({ tone: 'success', text: 'No prazo · há 2 dias' });
    expect(toneOf('Parada Nunes')).toEqual({ tone: 'warning', text: 'Último dia · há 10 dias' });
    // One clock (third week): the row that is 'Atrasado' in its 'Na etapa' column is red, not 'Em dia'.
    expect(toneOf('Antiga Reis')).toEqual({ tone: 'danger', text: 'Atrasado · há 4 dias' });
    const late = within(table).getByText('Antiga Reis').closest('tr')!;
    expect(late.querySelector('[data-overdue]')?.textContent).toContain('Atrasado: 4 dias na etapa (prazo: 3 dias)');
    // Realização counts from the surgery (yesterday): on time, and its clock says so.
    expect(toneOf('Passou Dias')).toEqual({ tone: 'success', text: 'No prazo · há 5 dias' });
    const waiting = within(table).getByText('Passou Dias').closest('tr')!;
    expect(waiting.textContent).toContain('Cirurgia há 1 dia (prazo: 2 dias após a cirurgia)');

    const legend = screen.getByRole('note', { name: 'O que as cores indicam' });
    expect(legend.textContent).toContain('No prazo: a etapa ainda está dentro do prazo dela (Prazos por etapa)');
    expect(legend.textContent).toContain('Último dia: o prazo da etapa termina hoje');
    expect(legend.textContent).toContain('Atrasado: passou do prazo da etapa (na realização, contado a partir do dia da cirurgia)');
  });

  it('opens the case of a clicked row', async () => {
    serveChanges();
    render(<SecretaryHome />);
    const table = await screen.findByRole('table', { name: 'Alterações de status' });
    fireEvent.click(await within(table).findByText('Parada Nunes'));
    // A row's patient is a link to the case's own address (issue 33 item 5).
    const link = within(table).getAllByRole('link').find((a) => a.textContent === 'Parada Nunes');
    expect(link?.getAttribute('href')).toBe('/surgery-details/62');
    // The case remembers the list it came from, so 'Voltar para a lista' returns to it as it was.
    expect(navigate).toHaveBeenCalledWith({ to: '/surgery-details/$id', params: { id: '62' }, state: { back: '/' } });
  });
});
