import { useId, useState, type Ref } from 'react';
import { styled } from 'goober';
import { colors, focusRing, radii } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { describedBy, Field, inputClassName, inputEndCss } from './Field';
import { Icon } from './Icon';

const StyledControl = styled('div')`
  position: relative;
  & > input[type='password'], & > input[data-revealable] { padding-right: 48px; }
`;

const StyledReveal = styled('button')`
  ${inputEndCss('38px')}
  border: 0;
  border-radius: ${radii.sm};
  background: transparent;
  color: ${colors.textMuted};
  cursor: pointer;
  &:hover { color: ${colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

type TextFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'password';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  hint?: string;
  error?: string;
  optional?: boolean;
  readOnly?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled text input. Password fields get a show/hide toggle. */
export function TextField({
  label,
  name,
  value,
  onChange,
  onBlur,
  type = 'text',
  placeholder,
  autoComplete,
  inputMode,
  hint,
  error,
  optional = false,
  readOnly = false,
  required = false,
  autoFocus = false,
  inputRef,
}: TextFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';

  function handleToggleReveal() {
    setRevealed((current) => !current);
  }

  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      <StyledControl>
        <input
          ref={inputRef}
          id={id}
          name={name}
          className={inputClassName}
          type={isPassword && revealed ? 'text' : type}
          data-revealable={isPassword ? '' : undefined}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          inputMode={inputMode}
          readOnly={readOnly}
          required={required}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {isPassword ? (
          <StyledReveal
            type="button"
            aria-label={revealed ? ptBR.common.hidePassword : ptBR.common.showPassword}
            aria-pressed={revealed}
            onClick={handleToggleReveal}
          >
            <Icon name={revealed ? 'eyeOff' : 'eye'} />
          </StyledReveal>
        ) : null}
      </StyledControl>
    </Field>
  );
}
