/**
 * The frame every form control sits in: label above, the control, then a hint or the error. Controls receive the ids
 * through `describedBy` so that the hint and the error are read with the field.
 */
import type { ReactNode } from 'react';
import { css, styled } from 'goober';
import { colors, durations, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { Icon } from './Icon';
import { columnCss, iconBoxCss } from './cssParts';

/** Shared look of text inputs, masked inputs and selects. */
export const inputClassName = css`
  display: block;
  width: 100%;
  min-height: 44px;
  padding: 0 ${space.md};
  border: 1px solid ${colors.borderStrong};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.text};
  font-size: ${fontSizes.md};
  transition: border-color ${durations.fast}, box-shadow ${durations.fast};
  &::placeholder { color: ${colors.textSubtle}; }
  &:hover:not(:disabled):not([readonly]) { border-color: ${colors.primary}; }
  &:focus, &:focus-visible {
    outline: none;
    border-color: ${colors.primary};
    box-shadow: ${focusRing};
  }
  &[aria-invalid='true'] { border-color: ${colors.danger}; }
  &[aria-invalid='true']:focus { box-shadow: 0 0 0 2px ${colors.focusHalo}, 0 0 0 4px ${colors.danger}; }
  &:disabled, &[readonly] {
    background: ${colors.disabled};
    color: ${colors.textMuted};
    cursor: not-allowed;
  }
`;

/** A square button (or icon) `size` wide at the right end inside a text input; the input's box is its anchor. */
export const inputEndCss = (size: string) => `
  position: absolute;
  top: 50%;
  right: ${space.xs};
  transform: translateY(-50%);
  ${iconBoxCss(size)}
`;

/*
 * The frame's parts as classes, so that the controls that render their own frame (React Aria / Ark UI wrappers such
 * as SearchSelect, MultiSelect, Dropzone, and fieldsets) look like every other field.
 */

/** The column holding label, control, hint and error. */
export const fieldClassName = css`
  ${columnCss(space.xs)}
  min-width: 0;
`;

export const fieldLabelClassName = css`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

export const fieldHintClassName = css`
  font-size: ${fontSizes.xs};
  color: ${colors.textMuted};
`;

/** The error line (an alert icon, then the message). */
export const fieldErrorClassName = css`
  display: flex;
  align-items: center;
  gap: ${space.xs};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.medium};
  color: ${colors.danger};
`;

const StyledOptional = styled('span')`
  font-weight: ${fontWeights.regular};
  color: ${colors.textMuted};
`;

/** Ids of the hint and error texts of a field, joined for `aria-describedby`. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

type FieldProps = {
  id: string;
  label: string;
  children: ReactNode;
  hint?: string;
  error?: string;
  optional?: boolean;
};

export function Field({ id, label, children, hint, error, optional = false }: FieldProps) {
  return (
    <div className={fieldClassName}>
      <label className={fieldLabelClassName} htmlFor={id}>
        {label}
        {optional ? <StyledOptional> ({ptBR.common.optional})</StyledOptional> : null}
      </label>
      {children}
      {hint ? (
        <p className={fieldHintClassName} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={fieldErrorClassName} id={`${id}-error`}>
          <Icon name="alert" size={14} />
          {error}
        </p>
      ) : null}
    </div>
  );
}
