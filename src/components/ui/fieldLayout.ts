/** How a form lays out its fields: one column, two side by side from md up, or a wide one beside a narrow one. */
import { styled } from 'goober';
import { media, space } from '../../lib/theme';
import { columnCss } from './cssParts';

export const FieldStack = styled('div')`
  ${columnCss(space.lg)}
`;

export const FieldPair = styled('div')`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${space.lg};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

/** A name and its short companion (city and UF, description and quantity). */
export const FieldWideNarrow = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  ${media.md} { grid-template-columns: minmax(0, 3fr) minmax(0, 1fr); }
`;
