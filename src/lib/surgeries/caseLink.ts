/**
 * A case's own address (issue 33 item 5): /surgery-details/<id>. Every place that opens a case renders a real link to
 * it (`<a href>`), so a middle click, Ctrl/⌘-click and 'Abrir em nova aba' open the case in a new tab; a plain click
 * stays in the app and carries `back`, the list's address ('Voltar' and Escape return there, filters included).
 */
import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';

/** The address of case `id`. */
export function caseHref(id: number): string {
  return `/surgery-details/${id}`;
}

/** A click the browser should handle itself (a new tab or window, a download): any but a plain left click. */
function isModifiedClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** Opens case `id` in this tab; `back` is the address of the list it is opened from. */
export function useOpenCase(): (id: number, back?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (id: number, back?: string) => void navigate({ to: '/surgery-details/$id', params: { id: String(id) }, state: back ? { back } : {} }),
    [navigate],
  );
}

/**
 * The props of an `<a>` that opens case `id`: its address, and a click handler that keeps a plain click inside the
 * app (the router, with `back`) and leaves every other click to the browser.
 */
export function useCaseLink(): (id: number, back?: string) => { href: string; onClick: (event: MouseEvent<HTMLElement>) => void } {
  const open = useOpenCase();
  return useCallback(
    (id: number, back?: string) => ({
      href: caseHref(id),
      onClick: (event: MouseEvent<HTMLElement>) => {
        if (event.defaultPrevented || isModifiedClick(event)) return;
        event.preventDefault();
        open(id, back);
      },
    }),
    [open],
  );
}
