// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// jsdom has no CSS.escape; React Aria's popover reads it.
if (typeof CSS === 'undefined' || !CSS.escape) {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) };
}

afterEach(() => cleanup());

type Plan = { id: number; name: string };

/** A fresh module each time: the combobox it loaded is kept module-wide. */
async function renderLazy(value: Plan | null) {
  vi.resetModules();
  const { LazySearchSelect } = await import('../../../../src/components/ui/LazySearchSelect');
  render(
    <LazySearchSelect<Plan>
      label="Plano de saúde"
      placeholder="Busque o plano"
      value={value}
      onChange={() => undefined}
      search={() => Promise.resolve([])}
      itemKey={(plan) => plan.id}
      itemLabel={(plan) => plan.name}
      hint="Pelo nome fantasia"
    />,
  );
}

describe('LazySearchSelect', () => {
  it('shows a disabled field with the label, the value and the hint, then the combobox once the page has painted', async () => {
    await renderLazy({ id: 7, name: 'Unimed' });
    const placeholder = screen.getByLabelText('Plano de saúde') as HTMLInputElement;
    expect(placeholder.disabled).toBe(true);
    expect(placeholder.value).toBe('Unimed');
    expect(placeholder.placeholder).toBe('Busque o plano');
    expect(screen.getByText('Pelo nome fantasia')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();

    const combobox = (await screen.findByRole('combobox', {}, { timeout: 3000 })) as HTMLInputElement;
    expect(combobox).toBe(screen.getByLabelText('Plano de saúde'));
    expect(combobox.disabled).toBe(false);
    expect(combobox.value).toBe('Unimed');
    expect(screen.getByText('Pelo nome fantasia')).toBeTruthy();
  });

  it('shows an empty value as an empty field', async () => {
    await renderLazy(null);
    expect((screen.getByLabelText('Plano de saúde') as HTMLInputElement).value).toBe('');
    expect(((await screen.findByRole('combobox', {}, { timeout: 3000 })) as HTMLInputElement).value).toBe('');
  });
});
