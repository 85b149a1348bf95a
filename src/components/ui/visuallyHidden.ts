/** Hidden on screen, still read by assistive technology (or, for an input, still reachable from its label). */
import { css } from 'goober';

export const visuallyHiddenCss = `
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** The class of `visuallyHiddenCss`, for an element that is not a styled component of its own. */
export const visuallyHidden = css(visuallyHiddenCss);
