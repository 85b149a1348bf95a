/**
 * Toasts (SPEC §8: top-centre, closed after 3000 ms). One `<AppToaster />` is mounted by main.tsx; screens call
 * the helpers below and never import react-hot-toast directly.
 *
 * react-hot-toast and the toasts' look (toastView.ts) load with the first toast (issue 15: /auth and the homes show
 * none on their first screen): the helpers ask for that module, then show the toast; `<AppToaster />` renders nothing
 * until then. Toasts keep their order (the module's promise answers them in the order they were asked for).
 *
 * The toasts render in a layer of their own at the end of <body>, marked `data-react-aria-top-layer`: while a modal is
 * open React Aria makes everything outside it inert (#root included), and a toast inside #root (the export's 'Arquivo
 * de dados do paciente baixado.' with the patient modal open) was then never announced; the marked layer stays live.
 */
import { createElement, lazy, Suspense, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

let view: Promise<typeof import('./toastView')> | null = null;
const listeners = new Set<() => void>();

function loadView() {
  if (!view) {
    view = import('./toastView');
    for (const listener of listeners) listener();
  }
  return view;
}

const ToasterView = lazy(() => loadView().then((module) => ({ default: module.ToasterView })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let layer: HTMLElement | null = null;

/** The toasts' layer: made once, marked before it enters the page so React Aria never hides it. */
function toastLayer(): HTMLElement {
  if (!layer) {
    layer = document.createElement('div');
    layer.dataset.reactAriaTopLayer = 'true';
    document.body.append(layer);
  }
  return layer;
}

export function AppToaster() {
  const wanted = useSyncExternalStore(subscribe, () => view !== null);
  return wanted ? createPortal(createElement(Suspense, { fallback: null }, createElement(ToasterView)), toastLayer()) : null;
}

export function toastSuccess(message: string): void {
  void loadView().then((module) => module.toastSuccess(message));
}

/** Warnings (SPEC §8: server error lists, invalid form data): amber badge on a warm background, read out at once. */
export function toastWarning(message: string): void {
  void loadView().then((module) => module.toastWarning(message));
}

/** `id`: one toast for repeated calls with the same id (react-hot-toast replaces it). */
export function toastError(message: string, options?: { id?: string }): void {
  void loadView().then((module) => module.toastError(message, options));
}

/** A warning with one button that stays until the button is used (`id`: one toast however often it is asked for). */
export function toastWarningWithAction(message: string, actionLabel: string, onAction: () => void, options: { id: string }): void {
  void loadView().then((module) => module.toastWarningWithAction(message, actionLabel, onAction, options));
}
