/**
 * The white rounded surfaces the pages are built of, as CSS to open a styled component with: a page's card (the card
 * shadow, a padding that grows from md) and a raised tile (bordered, the raised shadow; the padding is its own).
 */
import { colors, media, radii, shadows, space } from '../../lib/theme';

export const cardSurface = `
  padding: ${space.lg};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.card};
  ${media.md} { padding: ${space.xl}; }
`;

export const raisedSurface = `
  border-radius: ${radii.lg};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  box-shadow: ${shadows.raised};
`;
