/**
 * The look the two month calendars share: React Aria's (Calendar.tsx, the scheduling step) and the homes' own
 * (MonthCalendarGrid.tsx). They differ only in how a state reaches the CSS: React Aria sets data attributes
 * (`data-hovered`, `data-focus-visible`: no hover stuck on a touch screen), the homes' grid uses the browser's
 * pseudo-classes. `calendarStateClasses` takes those selectors.
 */
import { css } from 'goober';
import { colors, durations, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';

/** The month's name between the two arrows. */
export const calendarHeaderClass = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.sm};
  margin-bottom: ${space.sm};
  & h3 {
    margin: 0;
    font-size: ${fontSizes.md};
    font-weight: ${fontWeights.semibold};
    color: ${colors.text};
  }
  & h3::first-letter { text-transform: uppercase; }
`;

export const calendarGridClass = css`
  width: 100%;
  border-collapse: collapse;
  & th {
    padding-bottom: ${space.xs};
    font-size: ${fontSizes.xs};
    font-weight: ${fontWeights.semibold};
    color: ${colors.textMuted};
    text-transform: uppercase;
  }
  & td { padding: 1px; text-align: center; }
`;

/** The mark of a day with events: a dot under the number (a shape, not only a colour). */
export const calendarDotClass = css`
  position: absolute;
  left: 50%;
  bottom: 12%;
  width: 6px;
  height: 6px;
  margin-left: -3px;
  border-radius: 50%;
  background: ${colors.primary};
  [data-selected] > & { background: currentColor; }
`;

/** The selectors of a hovered and of a keyboard-focused element, in the calendar that uses the classes. */
type StateSelectors = { hovered: string; focusVisible: string };

/** The month arrows' and the days' classes. */
export function calendarStateClasses({ hovered, focusVisible }: StateSelectors): { nav: string; cell: string } {
  return {
    nav: css`
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: 40px;
      height: 40px;
      border: 1px solid ${colors.border};
      border-radius: ${radii.sm};
      background: ${colors.surface};
      color: ${colors.primary};
      cursor: pointer;
      &${hovered} { background: ${colors.primaryTint}; }
      &${focusVisible} { outline: none; box-shadow: ${focusRing}; }
      &[data-disabled] { cursor: not-allowed; opacity: 0.5; }
      & > svg { transform: rotate(var(--turn, 0deg)); }
    `,
    cell: css`
      display: flex;
      align-items: center;
      justify-content: center;
      width: 100%;
      max-width: 44px;
      aspect-ratio: 1;
      margin: 0 auto;
      border-radius: 50%;
      font-size: ${fontSizes.sm};
      color: ${colors.text};
      cursor: pointer;
      outline: none;
      transition: background ${durations.fast};
      &[data-outside-month] { visibility: hidden; }
      &${hovered} { background: ${colors.primaryTint}; }
      &[data-today] { font-weight: ${fontWeights.bold}; color: ${colors.primary}; box-shadow: inset 0 0 0 1px ${colors.primary}; }
      &[data-selected] { background: ${colors.primary}; color: ${colors.onPrimary}; font-weight: ${fontWeights.semibold}; }
      &${focusVisible} { box-shadow: ${focusRing}; }
      &[data-disabled], &[data-unavailable] { color: ${colors.textSubtle}; cursor: not-allowed; }
      &[data-marked] { position: relative; font-weight: ${fontWeights.bold}; }
    `,
  };
}
