// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, surgeryAt } from '../surgeries/details/surgeryFixture';

/**
 * 'Casos atrasados' (src/features/home/OverdueCases.tsx; issue 13 item 4) with a mocked API client: the request it
 * makes, each case's line, its designed empty and failed states, and where its case buttons and its link lead.
 */

const client = vi.hoisted(() => ({ GET: vi.fn() }));
const navigate = vi.hoisted(() => vi.fn());

vi.mock('../../../../src/api/client', () => ({ api: client }));
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => navigate,
  useLocation: (options?: { select?: (location: { href: string }) => unknown }) =>
    options?.select ? options.select({ href: '/' }) : { href: '/' },
  Link: ({ to, search, children }: { to: string; search?: Record<string, unknown>; children?: import('react').ReactNode }) => (
    <a href={`${to}?${new URLSearchParams(search as Record<string, string>).toString()}`}>{children}</a>
  ),
}));

const { OverdueCases } = await import('../../../../src/features/home/OverdueCases');

afterEach(() => {
  cleanup();
  client.GET.mockReset();
  navigate.mockReset();
});

const late = surgeryAt('autorizacao', {
  id: 77,
  patient: { id: 3, nome_completo: 'Marta Atrasada', foto: null, cellphone: null },
  days_in_stage: 14,
  stage_target_days: 10,
  overdue: true,
  holder: { id: 9, first_name: 'Juliana', last_name: 'Souza' },
});

describe('OverdueCases', () => {
  it('asks for the overdue cases, the longest waiting first, and lists each with its clock and holder', async () => {
    client.GET.mockResolvedValue(answer(200, { results: [late], count: 8 }));
    render(<OverdueCases />);
    const panel = await screen.findByRole('region', { name: 'Casos atrasados' });
    const item = await within(panel).findByRole('link', { name: 'Abrir o caso de Marta Atrasada' });
    expect(item.getAttribute('href')).toBe('/surgery-details/77');
    expect(item.textContent).toContain('14 dias em Autorização (prazo: 10 dias)');
    expect(item.textContent).toContain('Com Juliana Souza');
    expect(within(panel).getByText('e mais 7')).toBeTruthy();
    expect(client.GET).toHaveBeenCalledWith(
      '/surgery/api/v1/surgery/',
      expect.objectContaining({ params: { query: expect.objectContaining({ overdue: true, ordering: 'status_changed_at', limit: 5 }) } }),
    );
    expect(within(panel).getByRole('link', { name: 'Ver todos os atrasados' }).getAttribute('href')).toBe('/surgery-status?overdue=1');
    fireEvent.click(item);
    expect(navigate).toHaveBeenCalledWith({ to: '/surgery-details/$id', params: { id: '77' }, state: { back: '/' } });
  });

  it('says when nothing is overdue', async () => {
    client.GET.mockResolvedValue(answer(200, { results: [], count: 0 }));
    render(<OverdueCases />);
    expect(await screen.findByText('Nenhum caso atrasado')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ver todos os atrasados' })).toBeNull();
  });

  it('offers a retry when the read fails', async () => {
    client.GET.mockResolvedValueOnce(answer(500, { error: ['x'] })).mockResolvedValue(answer(200, { results: [late], count: 1 }));
    render(<OverdueCases />);
    await screen.findByText('Não foi possível carregar os casos atrasados.');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Abrir o caso de Marta Atrasada' })).toBeTruthy();
  });
});
