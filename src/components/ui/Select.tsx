import { useId, type Ref } from 'react';
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, space } from '../../lib/theme';
import { Button } from './Button';
import { describedBy, Field, inputClassName } from './Field';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import { spreadRowCss } from './cssParts';

const StyledControl = styled('div')`
  position: relative;
  & > select {
    appearance: none;
    padding-right: 44px;
    cursor: pointer;
  }
`;

const StyledAdornment = styled('span')`
  position: absolute;
  top: 50%;
  right: ${space.md};
  transform: translateY(-50%);
  display: inline-flex;
  color: ${colors.textMuted};
  pointer-events: none;
`;

const StyledLoadError = styled('div')`
  ${spreadRowCss(space.sm)}
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.medium};
  color: ${colors.danger};
`;

export type SelectOption = { value: string; label: string };

type SelectProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /**
   * The disabled first option shown while nothing is chosen. Leave it out when an option stands for "every one"
   * ('Todas as pessoas'): the list would name it twice.
   */
  placeholder?: string;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /** While the options load the control stays visible but disabled, with a spinner and `loadingText`. */
  loading?: boolean;
  loadingText?: string;
  /** When the options failed to load: the message and a retry action replace the control's hint. */
  loadError?: string;
  retryLabel?: string;
  onRetry?: () => void;
  selectRef?: Ref<HTMLSelectElement>;
};

/** A native select (best on phones), styled like the text inputs, with designed loading and failure states. */
export function Select({
  label,
  name,
  value,
  onChange,
  options,
  placeholder,
  onBlur,
  error,
  hint,
  loading = false,
  loadingText,
  loadError,
  retryLabel,
  onRetry,
  selectRef,
}: SelectProps) {
  const id = useId();
  const unavailable = loading || Boolean(loadError);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <StyledControl>
        <select
          ref={selectRef}
          id={id}
          name={name}
          className={inputClassName}
          value={unavailable ? '' : value}
          disabled={unavailable}
          aria-busy={loading || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        >
          {placeholder !== undefined || unavailable ? (
            <option value="" disabled>
              {loading && loadingText ? loadingText : (placeholder ?? '')}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <StyledAdornment>{loading ? <Spinner size={18} /> : <Icon name="chevronDown" />}</StyledAdornment>
      </StyledControl>
      {loadError ? (
        <StyledLoadError role="alert">
          <span>{loadError}</span>
          {onRetry && retryLabel ? (
            <Button variant="secondary" onClick={onRetry}>
              {retryLabel}
            </Button>
          ) : null}
        </StyledLoadError>
      ) : null}
    </Field>
  );
}
