import { css } from 'goober';
import { colors, focusRing, radii } from '../../lib/theme';
import { inputEndCss } from './Field';

/** SearchSelect's input frame and its trigger, shared with the placeholder LazySearchSelect shows while it loads. */
export const searchSelectGroupClass = css`
  position: relative;
  & > input {
    padding-right: 48px;
    text-overflow: ellipsis;
  }
`;

export const searchSelectTriggerClass = css`
  ${inputEndCss('38px')}
  padding: 0;
  border: 0;
  border-radius: ${radii.sm};
  background: transparent;
  color: ${colors.textMuted};
  cursor: pointer;
  &[data-hovered] { color: ${colors.primary}; }
  &[data-focus-visible] { outline: none; box-shadow: ${focusRing}; }
  &[data-disabled] { cursor: not-allowed; }
`;
