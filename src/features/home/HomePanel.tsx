/**
 * A white panel of a home, titled by its heading (an h2 that also names the region), with an optional control at the
 * right of the title (a filter, a retry) and an optional line under it.
 */
import { startTransition, useCallback, useId, useState, type ReactNode } from 'react';
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, space } from '../../lib/theme';
import { usePanelInOrder } from './panelOrder';
import { cardSurface, columnCss } from '../../components/ui/cssParts';

const StyledPanel = styled('section')`
  min-width: 0;
  ${columnCss(space.lg)}
  ${cardSurface}
`;

const StyledHead = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space.sm} ${space.lg};
`;

const StyledTitles = styled('div')`
  ${columnCss(space.xxs)}
  min-width: 0;
`;

const StyledTitle = styled('h2')`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

const StyledSubtitle = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type HomePanelProps = {
  title: string;
  subtitle?: string;
  /** Sits at the right of the title (wraps under it on phones). */
  action?: ReactNode;
  children: ReactNode;
  /** Marks the region busy while its content loads. */
  busy?: boolean;
};

export function HomePanel({ title, subtitle, action, children, busy = false }: HomePanelProps) {
  const titleId = useId();
  // A state, not a ref: the panel's element is known after the first commit and the order is read again then. Set in a
  // transition: a state set from a ref callback would otherwise re-render the home at once, in one blocking task.
  const [element, setElement] = useState<HTMLElement | null>(null);
  const attach = useCallback((node: HTMLElement | null) => startTransition(() => setElement(node)), []);
  const shown = usePanelInOrder(element, busy);
  return (
    <StyledPanel
      ref={attach}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      style={shown ? undefined : { display: 'none' }}
    >
      <StyledHead>
        <StyledTitles>
          <StyledTitle id={titleId}>{title}</StyledTitle>
          {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : null}
        </StyledTitles>
        {action}
      </StyledHead>
      {children}
    </StyledPanel>
  );
}
