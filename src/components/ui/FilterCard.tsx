/**
 * The raised card that holds a list's filters ('Auditoria', 'A receber', /surgery-status): one column on a phone,
 * two from the tablet width, and the page's own columns from its wide width.
 */
import { styled } from 'goober';
import { colors, media, radii, shadows, space } from '../../lib/theme';

/** Where a page's filters line up and how they spread on a wide screen. */
export type FilterCardLayout = {
  /** How the fields of one row line up from the tablet width: at their top or at their bottom (default). */
  align?: 'start' | 'end';
  /** From this width in px, `wideColumns` replaces the two columns. */
  wideFrom: number;
  wideColumns: string;
};

export const StyledFilterCard = styled('section')<{ $layout: FilterCardLayout }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md} ${space.lg};
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.raised};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: ${(p) => p.$layout.align ?? 'end'};
    padding: ${space.lg} ${space.xl};
  }
  @media (min-width: ${(p) => p.$layout.wideFrom}px) {
    grid-template-columns: ${(p) => p.$layout.wideColumns};
  }
`;
