import { styled } from 'goober';
import { colors, fontSizes, fontWeights, space } from '../../../lib/theme';
import { columnCss, plainListCss } from '../../../components/ui/cssParts';

/** Two charts side by side when each can have about 340 px, else stacked (phones: SPEC §9 below md). */
export const StyledChartGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: ${space.lg};
  align-items: start;
`;

/** A dashboard section: its heading, an optional note, then its charts or lists. */
export const StyledPanelSection = styled('section')`
  ${columnCss(space.md)}
  min-width: 0;
`;

export const StyledPanelHeading = styled('h2')`
  margin: 0;
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

export const StyledPanelNote = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

/** A list of bars drawn in HTML (money by bucket, losses by reason): a row each, its name and figure above the bar. */
export const StyledBarRows = styled('ul')`
  ${plainListCss(space.md)}
`;

export const StyledBarRow = styled('li')`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${space.xs} ${space.md};
  align-items: baseline;
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  & > span:first-child { overflow-wrap: anywhere; }
  & > span:nth-child(2) {
    font-weight: ${fontWeights.semibold};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;
