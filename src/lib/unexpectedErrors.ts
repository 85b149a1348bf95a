/**
 * An exception no screen caught (a failed promise in an event handler, which React's error boundaries never see)
 * still tells the user something went wrong, with SPEC §8's 'Ocorreu um erro inesperado, tente novamente!'.
 * Errors thrown while rendering go to the router's RouteError, which says the same. Nothing is logged: the
 * error may carry a patient's data.
 */
import { ptBR } from './i18n/pt-BR';
import { toastError } from './toast';

/** At most one such toast at a time: a burst of failures is one problem to the user. */
const UNEXPECTED_TOAST_ID = 'unexpected-error';

function showUnexpected(event: Event): void {
  // Chromium reports a benign ResizeObserver notice as a window error: it is no failure of the user's.
  if (event instanceof ErrorEvent && /ResizeObserver loop/.test(event.message)) return;
  toastError(ptBR.errors.unexpected, { id: UNEXPECTED_TOAST_ID });
}

/** Starts listening; returns the function that stops. */
export function reportUnexpectedErrors(target: Window = window): () => void {
  target.addEventListener('unhandledrejection', showUnexpected);
  target.addEventListener('error', showUnexpected);
  return () => {
    target.removeEventListener('unhandledrejection', showUnexpected);
    target.removeEventListener('error', showUnexpected);
  };
}
