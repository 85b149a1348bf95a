/**
 * The card surface of /surgery-details (its header and the lifecycle's indicator and step panel): white, rounded,
 * with the card shadow and a padding that grows from md. `$stack` lays its children out in a column (gap lg);
 * `as` picks the element (a `div` unless told).
 */
import { styled } from 'goober';
import { colors, media, radii, shadows, space } from '../../../lib/theme';

export const Card = styled('div')<{ $stack?: boolean; as?: 'div' | 'section' }>`
  ${(p) => (p.$stack ? `display: flex; flex-direction: column; gap: ${space.lg};` : '')}
  padding: ${space.lg};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.card};
  ${media.md} { padding: ${space.xl}; }
`;
