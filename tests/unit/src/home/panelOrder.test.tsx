// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { HomePanel } from '../../../../src/features/home/HomePanel';
import { PanelsInOrder } from '../../../../src/features/home/panelOrder';

afterEach(() => cleanup());

const TITLES = ['Resumo', 'Casos atrasados', 'Agenda'] as const;

/** Three panels in order; `busy[i]` while panel i's read runs. */
function Home({ busy }: { busy: [boolean, boolean, boolean] }) {
  return (
    <PanelsInOrder>
      {TITLES.map((title, index) => (
        <HomePanel key={title} title={title} busy={busy[index]}>
          <p>{title}: conteúdo</p>
        </HomePanel>
      ))}
    </PanelsInOrder>
  );
}

/** Which panels are on screen (a hidden panel is `display: none`, so its region has no accessible name: by heading). */
function shown(): boolean[] {
  return TITLES.map((title) => screen.getByText(title, { selector: 'h2' }).closest('section')!.style.display !== 'none');
}

describe('PanelsInOrder (the home panels appear top to bottom)', () => {
  it('shows a panel once every panel above it has had its first answer, and keeps it', () => {
    const { rerender } = render(<Home busy={[true, true, true]} />);
    // The first panel shows at once, with its loading state; the others wait for the ones above them.
    expect(shown()).toEqual([true, false, false]);

    // The third answers first: it still waits for the second.
    rerender(<Home busy={[true, true, false]} />);
    expect(shown()).toEqual([true, false, false]);

    rerender(<Home busy={[false, true, false]} />);
    expect(shown()).toEqual([true, true, false]);

    rerender(<Home busy={[false, false, false]} />);
    expect(shown()).toEqual([true, true, true]);

    // A later reload (another day, a retry) keeps every panel in place.
    rerender(<Home busy={[true, true, true]} />);
    expect(shown()).toEqual([true, true, true]);
  });

  it('shows every panel when none is loading', () => {
    render(<Home busy={[false, false, false]} />);
    expect(shown()).toEqual([true, true, true]);
  });
});
