// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../../src/components/ui/ConfirmDialog';

// jsdom has no CSS.escape; React Aria's modal reads it.
if (typeof CSS === 'undefined' || !CSS.escape) {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) };
}

async function nextFrame() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

/** Renders it open and waits for its modal, which loads when it first opens (LazyModal). */
async function renderConfirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      isOpen
      title="Tem certeza?"
      text="O paciente será removido."
      confirmLabel="Sim"
      cancelLabel="Não"
      closeLabel="Fechar"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  await screen.findByRole('alertdialog');
  return { onConfirm, onCancel };
}

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title, with Não focused by default', async () => {
    await renderConfirm();
    await nextFrame();
    const dialog = screen.getByRole('alertdialog', { name: 'Tem certeza?' });
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('O paciente será removido.'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Não' }));
  });

  it('focuses the confirm answer when asked', async () => {
    await renderConfirm({ focus: 'confirm', confirmLabel: 'Sim, arquivar!', cancelLabel: 'Cancelar' });
    await nextFrame();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sim, arquivar!' }));
  });

  it('answers with the buttons and with Escape', async () => {
    const { onConfirm, onCancel } = await renderConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Não' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await nextFrame();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('cannot be answered or dismissed while busy', async () => {
    const { onCancel } = await renderConfirm({ busy: true, busyLabel: 'Deletando...' });
    expect(screen.getByRole('button', { name: 'Deletando...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Não' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });
});
