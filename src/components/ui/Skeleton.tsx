/**
 * Placeholders that hold a loading block's final size (issue 11 item 16: the phone home jumped by 0.46 CLS when its
 * reads arrived). A bar stands in for one line of text; `LoadingStatus` tells screen readers what is loading, since
 * the bars themselves are hidden from them.
 */
import { keyframes, styled } from 'goober';
import { colors, media, radii } from '../../lib/theme';
import { visuallyHidden } from './cssParts';

const shimmer = keyframes`
  0% { background-position: -240px 0; }
  100% { background-position: 240px 0; }
`;

const StyledBar = styled('span')<{ $width: string }>`
  display: inline-block;
  width: ${(p) => p.$width};
  max-width: 100%;
  height: 0.9em;
  vertical-align: middle;
  border-radius: ${radii.pill};
  background: linear-gradient(90deg, ${colors.disabled} 0%, ${colors.primaryTint} 50%, ${colors.disabled} 100%);
  background-size: 480px 100%;
  animation: ${shimmer} 1.2s linear infinite;
  ${media.reducedMotion} { animation: none; }
`;

/** One line of text still to come, `width` wide (any CSS length), in the line's own height. */
export function SkeletonBar({ width = '60%' }: { width?: string }) {
  return <StyledBar $width={width} aria-hidden="true" />;
}

/** 'Carregando…' for screen readers only, announced politely. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <span role="status" className={visuallyHidden}>
      {text}
    </span>
  );
}
