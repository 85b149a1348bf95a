// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLayoutEffect } from 'react';
import { cleanup, render, screen } from '@testing-library/react';

afterEach(() => cleanup());

/** A fresh module each time: whether the visit is still on its first page is kept module-wide. */
async function freshModule() {
  vi.resetModules();
  return import('../../../src/lib/DeferredOnFirstPage');
}

/** Renders a deferred part beside a probe and tells whether the part was in the DOM at the first commit. */
async function mount(DeferredOnFirstPage: Awaited<ReturnType<typeof freshModule>>['DeferredOnFirstPage'], label: string) {
  let inFirstCommit: boolean | null = null;
  function Probe() {
    useLayoutEffect(() => {
      inFirstCommit = screen.queryByText(label) !== null;
    }, []);
    return null;
  }
  render(
    <>
      <h1>Título</h1>
      <DeferredOnFirstPage>
        <p>{label}</p>
      </DeferredOnFirstPage>
      <Probe />
    </>,
  );
  // The deferred render has been done by the time render() returns (act flushes it).
  expect(await screen.findByText(label)).toBeTruthy();
  return inFirstCommit;
}

describe('DeferredOnFirstPage', () => {
  it('on the first page, commits what is around it first and renders its part in a render of its own', async () => {
    const { DeferredOnFirstPage } = await freshModule();
    expect(await mount(DeferredOnFirstPage, 'conteúdo')).toBe(false);
  });

  it('once a deferred part has been shown, renders at once', async () => {
    const { DeferredOnFirstPage } = await freshModule();
    await mount(DeferredOnFirstPage, 'primeira página');
    cleanup();
    expect(await mount(DeferredOnFirstPage, 'segunda página')).toBe(true);
  });

  it('after a move to another address (endFirstPage), renders at once', async () => {
    const { DeferredOnFirstPage, endFirstPage } = await freshModule();
    endFirstPage();
    expect(await mount(DeferredOnFirstPage, 'outra página')).toBe(true);
  });
});
