/**
 * CSS fragments the styled components open with, where the same look is needed in many places: a flex column, the page's surfaces,
 * the options' popover, a frameless fieldset, a row spread to both ends, a list without bullets, boxed rows, a warning's box, a centred
 * icon box, and the visually hidden text of assistive technology.
 */
import { css } from 'goober';
import { colors, focusRing, fontSizes, fontWeights, media, radii, shadows, space, zIndices } from '../../lib/theme';

/** A page's card: white, rounded, the card shadow, a padding that grows from md. */
export const cardSurface = `
  padding: ${space.lg};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.card};
  ${media.md} { padding: ${space.xl}; }
`;

/** A tile raised from the page (a chart, a settings card): white, rounded, bordered, the raised shadow. */
export const raisedSurface = `
  border-radius: ${radii.lg};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  box-shadow: ${shadows.raised};
`;

/** Items one under the other, `gap` apart (a flex column). */
export const columnCss = (gap: string) => `
  display: flex;
  flex-direction: column;
  gap: ${gap};
`;

/** A list without bullets or indent, its items one under the other, `gap` apart. */
export const plainListCss = (gap: string) => `
  ${columnCss(gap)}
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The box of options floating under a control (a search select, a multi-select): above the page, no wider than it. */
export const popoverSurface = `
  max-width: calc(100vw - ${space.lg});
  z-index: ${zIndices.menu};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  overflow: hidden;
`;

/** A fieldset without its frame, its content one under the other, `gap` apart. */
export const fieldsetStackCss = (gap: string) => `
  ${columnCss(gap)}
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

/** Items in a row that wraps, pushed to both ends, `gap` apart. */
export const spreadRowCss = (gap: string) => `
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${gap};
`;

/** Rows in a bordered box, a rule between them. */
export const boxedRowsCss = `
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  & > li + li { border-top: 1px solid ${colors.border}; }
`;

/** A warning's box: amber border, soft amber ground, small amber text; the padding is the box's own. */
export const warningBoxCss = `
  border: 1px solid ${colors.warningBorder};
  border-radius: ${radii.md};
  background: ${colors.warningSoft};
  color: ${colors.warning};
  font-size: ${fontSizes.sm};
`;

/** A small button or link at least `minHeight` high: inline-flex, its content centred on the line, small semibold text. */
export const inlineControlCss = (minHeight: string, gap: string, paddingX: string) => `
  display: inline-flex;
  align-items: center;
  gap: ${gap};
  min-height: ${minHeight};
  padding: 0 ${paddingX};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
`;

/** The small capitals over a title ('PASSO 1 DE 3', a section's name): xs semibold uppercase, a little spaced. */
export const eyebrowCss = `
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

/** A pill (a state's badge): a little padding, round ends, xs semibold text; the colours are the caller's. */
export const pillCss = `
  padding: ${space.xxs} ${space.sm};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
`;

/** A case's time in a day's list: a teal pill of tabular figures (the home's 'Pacientes do dia', the offline agenda). */
export const timePillCss = `
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  padding: ${space.xxs} ${space.sm};
  border-radius: ${radii.pill};
  background: ${colors.primarySoft};
  color: ${colors.primary};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.bold};
  font-variant-numeric: tabular-nums;
`;

/** An inline box `size` wide and high with its content (an icon) in the middle. */
export const iconBoxCss = (size: string) => `
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${size};
  height: ${size};
`;

/** A frameless button `size` square holding an icon, ringed when focused from the keyboard; its colours are the caller's. */
export const iconButtonCss = (size: string) => `
  ${iconBoxCss(size)}
  border: 0;
  background: transparent;
  cursor: pointer;
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

/** Hidden on screen, still read by assistive technology (or, for an input, still reachable from its label). */
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
