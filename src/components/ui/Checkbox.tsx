import { useId, type ReactNode, type Ref } from 'react';
import { styled } from 'goober';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { Icon } from './Icon';
import { columnCss } from './cssParts';

const StyledWrapper = styled('div')`
  ${columnCss(space.xs)}
`;

const StyledLabel = styled('label')`
  display: flex;
  align-items: flex-start;
  gap: ${space.md};
  font-size: ${fontSizes.sm};
  line-height: 1.45;
  color: ${colors.text};
  cursor: pointer;
  & > input {
    flex: none;
    width: 20px;
    height: 20px;
    margin: 0;
    margin-top: 1px;
    accent-color: ${colors.primary};
    border-radius: ${radii.sm};
    cursor: pointer;
  }
  & > input:focus-visible { outline: none; box-shadow: ${focusRing}; }
  & > input[aria-invalid='true'] { outline: 2px solid ${colors.danger}; outline-offset: 1px; }
`;

const StyledError = styled('p')`
  display: flex;
  align-items: center;
  gap: ${space.xs};
  padding-left: 32px;
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.medium};
  color: ${colors.danger};
`;

type CheckboxProps = {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** A native checkbox (keyboard and screen-reader behaviour for free) tinted with the primary colour. */
export function Checkbox({ name, checked, onChange, children, onBlur, error, required = false, inputRef }: CheckboxProps) {
  const id = useId();
  return (
    <StyledWrapper>
      <StyledLabel htmlFor={id}>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
        />
        <span>{children}</span>
      </StyledLabel>
      {error ? (
        <StyledError id={`${id}-error`}>
          <Icon name="alert" size={14} />
          {error}
        </StyledError>
      ) : null}
    </StyledWrapper>
  );
}
