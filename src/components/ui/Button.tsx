import type { ReactNode } from 'react';
import { styled } from 'goober';
import {
  colors,
  durations,
  focusRing,
  fontSizes,
  fontWeights,
  radii,
  space,
} from '../../lib/theme';
import { Spinner } from './Spinner';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const StyledButton = styled('button')<{ $variant: ButtonVariant; $fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space.sm};
  min-height: 44px;
  width: ${(p) => (p.$fullWidth ? '100%' : 'auto')};
  padding: 0 ${space.xl};
  border-radius: ${radii.md};
  border: 1px solid
    ${(p) => (p.$variant === 'primary' ? colors.primary : p.$variant === 'secondary' ? colors.borderStrong : 'transparent')};
  background: ${(p) => (p.$variant === 'primary' ? colors.primary : p.$variant === 'secondary' ? colors.surface : 'transparent')};
  color: ${(p) => (p.$variant === 'primary' ? colors.onPrimary : colors.primary)};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  transition: background ${durations.fast}, border-color ${durations.fast}, box-shadow ${durations.fast};
  &:hover:not(:disabled) {
    background: ${(p) => (p.$variant === 'primary' ? colors.primaryHover : colors.primaryTint)};
  }
  &:active:not(:disabled) {
    background: ${(p) => (p.$variant === 'primary' ? colors.primaryPressed : colors.primarySoft)};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${focusRing};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.7;
  }
`;

type ButtonProps = {
  children: ReactNode;
  type?: 'button' | 'submit';
  variant?: ButtonVariant;
  fullWidth?: boolean;
  disabled?: boolean;
  /** Shows a spinner and marks the button busy (the caller swaps the text, e.g. 'Validando...'). */
  loading?: boolean;
  onClick?: () => void;
  /** A fuller name when the visible text alone is ambiguous in a list ('Dispensar aviso de Maria'); it starts with the visible text. */
  'aria-label'?: string;
};

export function Button({
  children,
  type = 'button',
  variant = 'primary',
  fullWidth = false,
  disabled = false,
  loading = false,
  onClick,
  'aria-label': ariaLabel,
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $fullWidth={fullWidth}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {loading ? <Spinner size={18} tone={variant === 'primary' ? 'inverse' : 'primary'} /> : null}
      {children}
    </StyledButton>
  );
}
