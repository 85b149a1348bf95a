import { keyframes, styled } from 'goober';
import { colors, space } from '../../lib/theme';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const StyledSpinner = styled('span')<{ $size: number; $tone: 'primary' | 'inverse' }>`
  display: inline-block;
  flex: none;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  border: ${(p) => Math.max(2, Math.round(p.$size / 8))}px solid
    ${(p) => (p.$tone === 'inverse' ? 'rgba(255, 255, 255, 0.35)' : colors.primarySoft)};
  border-top-color: ${(p) => (p.$tone === 'inverse' ? colors.onPrimary : colors.primary)};
  animation: ${spin} 0.8s linear infinite;
`;

type SpinnerProps = {
  size?: number;
  tone?: 'primary' | 'inverse';
  /** Announced to assistive technology; omit when a visible text already says what is loading. */
  label?: string;
};

export function Spinner({ size = 20, tone = 'primary', label }: SpinnerProps) {
  return (
    <StyledSpinner
      $size={size}
      $tone={tone}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

const StyledPartLoading = styled('div')`
  display: flex;
  justify-content: center;
  padding: ${space.xl} 0;
`;

/** A part of a page whose code is still arriving (a step's panel, a form): a spinner in its place, the part busy. */
export function PartLoading() {
  return (
    <StyledPartLoading aria-busy="true">
      <Spinner size={24} />
    </StyledPartLoading>
  );
}
