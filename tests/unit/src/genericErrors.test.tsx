// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedCallMessage, thrownCallMessage } from '../../../src/api/errors';

/**
 * SPEC §8's generic messages, each where its situation arises (issue 11, item 11): a call that threw without an
 * answer, an unexpected exception in a page, an error answer with no message we can read, a failed download.
 */

const client = vi.hoisted(() => ({ GET: vi.fn() }));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastWarning: vi.fn(), toastError: vi.fn() }));
vi.mock('../../../src/api/client', () => ({ api: client, bearer: { current: () => 'token', forRetry: async () => null } }));
vi.mock('../../../src/lib/toast', () => toasts);

const { TemplateDownloads } = await import('../../../src/features/surgeries/details/TemplateDownloads');
const { RouteError } = await import('../../../src/components/layout/RouteError');
const { reportUnexpectedErrors } = await import('../../../src/lib/unexpectedErrors');

beforeEach(() => {
  client.GET.mockReset();
  for (const mock of Object.values(toasts)) mock.mockReset();
});
afterEach(cleanup);

describe('generic messages of a failed call', () => {
  it('names a network failure and any other thrown call apart', () => {
    expect(thrownCallMessage(new TypeError('Failed to fetch'))).toBe('Ocorreu um erro, tente novamente!');
    expect(thrownCallMessage(new DOMException('aborted', 'AbortError'))).toBe('Ocorreu um erro tente novamente!');
    expect(thrownCallMessage(new SyntaxError('Unexpected token <'))).toBe('Ocorreu um erro tente novamente!');
  });

  it('names a gateway, a server error and an unreadable error answer apart', () => {
    expect(failedCallMessage(502)).toBe('Ocorreu um erro, tente novamente!');
    expect(failedCallMessage(500)).toBe('Ocorreu um erro interno!');
    expect(failedCallMessage(400)).toBe('Ocorreu um erro desconhecido!');
    expect(failedCallMessage(418)).toBe('Ocorreu um erro desconhecido!');
  });
});

/** Case 7 with both templates on file; `plan`: whether it has a health plan. */
function withTemplates(plan: boolean, ok = { hospital: true, plano: true }) {
  return { id: 7, health_plan: plan ? { id: 3, fantasy_name: 'Unimed' } : null, hospital_template_ok: ok.hospital, plano_template_ok: plan && ok.plano };
}

describe('a failed template download', () => {
  function blobAnswer(status: number, text: string) {
    const blob = new Blob([text]);
    return { data: undefined, error: blob, response: new Response(text, { status }) };
  }

  it("says 'Erro desconhecido' when the server fails it, and the network message when nothing answered", async () => {
    render(<TemplateDownloads surgery={withTemplates(true)} />);
    client.GET.mockResolvedValueOnce(blobAnswer(500, 'boom'));
    fireEvent.click(screen.getByRole('button', { name: 'Baixar modelo do hospital' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Erro desconhecido'));

    client.GET.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar modelo do hospital' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Ocorreu um erro, tente novamente!'));
  });

  it('keeps the missing-template warning of SPEC §8 for a 404', async () => {
    render(<TemplateDownloads surgery={withTemplates(true)} />);
    client.GET.mockResolvedValueOnce(blobAnswer(404, JSON.stringify({ error: ['Esse Hospital não tem template'] })));
    fireEvent.click(screen.getByRole('button', { name: 'Baixar modelo do hospital' }));
    await waitFor(() => expect(toasts.toastWarning).toHaveBeenCalledWith('Esse Hospital não tem template'));
    expect(toasts.toastError).not.toHaveBeenCalled();
  });
});

describe('an unexpected exception in a page', () => {
  it('is told to the user once, whatever its details', () => {
    const stop = reportUnexpectedErrors(window);
    window.dispatchEvent(new Event('unhandledrejection'));
    window.dispatchEvent(new ErrorEvent('error', { message: 'TypeError: x is undefined' }));
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }));
    stop();
    window.dispatchEvent(new Event('unhandledrejection'));
    expect(toasts.toastError.mock.calls).toEqual([
      ['Ocorreu um erro inesperado, tente novamente!', { id: 'unexpected-error' }],
      ['Ocorreu um erro inesperado, tente novamente!', { id: 'unexpected-error' }],
    ]);
  });

  it('that breaks a page shows the route error screen with the same message', () => {
    render(<RouteError />);
    expect(screen.getByRole('alert').textContent).toContain('Ocorreu um erro inesperado, tente novamente!');
  });
});

describe('the template downloads of a case', () => {
  it('offer the plan template only when the case has a health plan (issue 11, item 17)', () => {
    const { unmount } = render(<TemplateDownloads surgery={withTemplates(false)} />);
    expect(screen.getByRole('button', { name: 'Baixar modelo do hospital' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Baixar modelo do convênio' })).toBeNull();
    unmount();
    render(<TemplateDownloads surgery={withTemplates(true)} />);
    expect(screen.getByRole('button', { name: 'Baixar modelo do convênio' })).toBeTruthy();
  });

  it("offer no download where no template exists, and say SPEC §8's sentence instead (issue 33 #10g)", () => {
    const { unmount } = render(<TemplateDownloads surgery={withTemplates(true, { hospital: false, plano: true })} />);
    expect(screen.queryByRole('button', { name: 'Baixar modelo do hospital' })).toBeNull();
    expect(screen.getByText('Esse Hospital não tem template')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Baixar modelo do convênio' })).toBeTruthy();
    unmount();
    render(<TemplateDownloads surgery={withTemplates(true, { hospital: true, plano: false })} />);
    expect(screen.getByRole('button', { name: 'Baixar modelo do hospital' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Baixar modelo do convênio' })).toBeNull();
    expect(screen.getByText('Esse Plano de saude não tem template')).toBeTruthy();
  });
});
