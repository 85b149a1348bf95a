import { styled } from 'goober';
import { media, space } from '../../lib/theme';

/** A list's 'add one' row: the name's field and its button, side by side from tablets up (the button at the input's height). */
export const AddItemRow = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  ${media.md} { flex-direction: row; align-items: flex-start; & > div:first-child { flex: 1; } & > button { margin-top: 26px; } }
`;
