/**
 * The card surface of /surgery-details (its header and the lifecycle's indicator and step panel): white, rounded,
 * with the card shadow and a padding that grows from md. `$stack` lays its children out in a column (gap lg);
 * `as` picks the element (a `div` unless told). `CardTitle`: a card's own heading (the team, the messages, the history).
 */
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, space } from '../../../lib/theme';
import { cardSurface } from '../../../components/ui/cssParts';

export const Card = styled('div')<{ $stack?: boolean; as?: 'div' | 'section' }>`
  ${(p) => (p.$stack ? `display: flex; flex-direction: column; gap: ${space.lg};` : '')}
  ${cardSurface}
`;

export const CardTitle = styled('h2')`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;
