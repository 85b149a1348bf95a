/**
 * The card surface of /surgery-details (its header and the lifecycle's indicator and step panel): white, rounded,
 * with the card shadow and a padding that grows from md. `$stack` lays its children out in a column (gap lg);
 * `as` picks the element (a `div` unless told).
 */
import { styled } from 'goober';
import { space } from '../../../lib/theme';
import { cardSurface } from '../../../components/ui/cssParts';

export const Card = styled('div')<{ $stack?: boolean; as?: 'div' | 'section' }>`
  ${(p) => (p.$stack ? `display: flex; flex-direction: column; gap: ${space.lg};` : '')}
  ${cardSurface}
`;
