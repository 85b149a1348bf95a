/** Layout pieces shared by the step forms. */
import { styled } from 'goober';
import { media, space } from '../../../lib/theme';

export const StyledForm = styled('form')`
  display: contents;
`;

/** Short fields side by side from md; one per line on phones. */
export const StyledRow = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 300px)); }
`;
