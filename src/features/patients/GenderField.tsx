/**
 * 'Sexo Biológico' (SPEC §2): Masculino or Feminino, as two native radio buttons in a fieldset (arrow keys move
 * between them, the legend names the group), drawn as a segmented choice.
 */
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { styled } from 'goober';
import { fieldErrorClassName } from '../../components/ui/Field';
import { Icon } from '../../components/ui/Icon';
import { patientsTexts as T } from '../../lib/i18n/patients';
import { colors, durations, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import type { PatientFormValues } from './patientForm';
import { fieldsetStackCss } from '../../components/ui/cssParts';

const StyledFieldset = styled('fieldset')`
  ${fieldsetStackCss(space.xs)}
`;

const StyledLegend = styled('legend')`
  padding: 0;
  margin-bottom: ${space.xs};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const StyledOptions = styled('div')`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${space.sm};
`;

const StyledOption = styled('label')<{ $checked: boolean; $invalid: boolean }>`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  min-height: 44px;
  padding: 0 ${space.md};
  border: 1px solid ${(p) => (p.$checked ? colors.primary : p.$invalid ? colors.danger : colors.borderStrong)};
  border-radius: ${radii.md};
  background: ${(p) => (p.$checked ? colors.primarySoft : colors.surface)};
  color: ${colors.text};
  font-weight: ${(p) => (p.$checked ? fontWeights.semibold : fontWeights.regular)};
  cursor: pointer;
  transition: border-color ${durations.fast}, background ${durations.fast};
  &:hover { border-color: ${colors.primary}; }
  &:focus-within { box-shadow: ${focusRing}; }
  & > input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${colors.primary};
  }
  & > input:focus-visible { outline: none; box-shadow: none; }
`;

type GenderFieldProps = { control: Control<PatientFormValues> };

export function GenderField({ control }: GenderFieldProps) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'gender' });
  const error = fieldState.error?.message;
  const options = [
    { value: 'male', label: T.fields.male },
    { value: 'female', label: T.fields.female },
  ] as const;
  return (
    <StyledFieldset aria-describedby={error ? `${id}-error` : undefined}>
      <StyledLegend>{T.fields.gender}</StyledLegend>
      <StyledOptions>
        {options.map((option, index) => (
          <StyledOption key={option.value} $checked={field.value === option.value} $invalid={Boolean(error)}>
            <input
              ref={index === 0 ? field.ref : undefined}
              type="radio"
              name={field.name}
              value={option.value}
              checked={field.value === option.value}
              aria-invalid={error ? true : undefined}
              onChange={() => field.onChange(option.value)}
              onBlur={field.onBlur}
            />
            {option.label}
          </StyledOption>
        ))}
      </StyledOptions>
      {error ? (
        <p className={fieldErrorClassName} id={`${id}-error`}>
          <Icon name="alert" size={14} />
          {error}
        </p>
      ) : null}
    </StyledFieldset>
  );
}
