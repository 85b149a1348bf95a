/**
 * react-hook-form adapter for the patient form's masked inputs (react-imask). Like components/form/FormMaskedField,
 * but open to the birthday and CEP masks that one does not list (SPEC §5: dd/mm/yyyy, 00.000-000). The form value is
 * the masked text.
 */
import { useId } from 'react';
import { IMaskInput } from 'react-imask';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { describedBy, Field, inputClassName } from '../../components/ui/Field';

type MaskedFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** A react-imask pattern, e.g. '00.000-000'. */
  mask: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
  hint?: string;
  optional?: boolean;
  /** Called with the masked value after each accepted keystroke (e.g. to validate a complete CPF at once). */
  onValueChange?: (value: string) => void;
};

export function MaskedField<T extends FieldValues>({
  control,
  name,
  label,
  mask,
  placeholder,
  autoComplete,
  inputMode = 'numeric',
  hint,
  optional = false,
  onValueChange,
}: MaskedFieldProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;

  function handleAccept(value: string) {
    if (value === field.value) return;
    field.onChange(value);
    onValueChange?.(value);
  }

  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      <IMaskInput
        id={id}
        name={field.name}
        mask={mask}
        value={typeof field.value === 'string' ? field.value : ''}
        unmask={false}
        className={inputClassName}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        inputRef={field.ref}
        onAccept={handleAccept}
        onBlur={field.onBlur}
      />
    </Field>
  );
}
