import { styled } from 'goober';
import { space } from '../../../lib/theme';

/** Two charts side by side when each can have about 340 px, else stacked (phones: SPEC §9 below md). */
export const StyledChartGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: ${space.lg};
  align-items: start;
`;
