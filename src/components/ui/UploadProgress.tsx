import { styled } from 'goober';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { columnCss } from './cssParts';

const StyledProgress = styled('div')`
  ${columnCss(space.xs)}
  padding: ${space.md};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.primary};
`;

const StyledTrack = styled('div')`
  height: 8px;
  border-radius: ${radii.pill};
  background: ${colors.primarySoft};
  overflow: hidden;
  & > span { display: block; height: 100%; background: ${colors.primary}; transition: width 120ms linear; }
`;

type UploadProgressProps = {
  percent: number;
  /** What is said aloud as it grows ('Enviando modelo... 40%'). */
  text: string;
  /** The progress bar's accessible name. */
  label: string;
};

/** How far an upload has gone: the percentage in words and a bar. */
export function UploadProgress({ percent, text, label }: UploadProgressProps) {
  return (
    <StyledProgress>
      <span aria-live="polite">{text}</span>
      <StyledTrack role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </StyledTrack>
    </StyledProgress>
  );
}
