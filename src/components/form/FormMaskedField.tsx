/**
 * react-hook-form adapter for masked inputs (MaskedInput: imask, bound at the field's first use). The form value is
 * the masked text, as SPEC sends it ('000.000.000-00', '(00) 0 0000-0000', '01/02/1980', '01.310-100').
 */
import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { describedBy, Field, inputClassName } from '../ui/Field';
import { MaskedInput } from '../ui/MaskedInput';

/** SPEC §5 masks. */
export const MASKS = {
  cpf: '000.000.000-00',
  phone: '(00) 0 0000-0000',
  /** dd/mm/yyyy. */
  birthday: '00/00/0000',
  cep: '00.000-000',
  /** Any date typed dd/mm/aaaa (sent as yyyy-MM-dd). */
  date: '00/00/0000',
  /** HH:mm. */
  hour: '00:00',
  cnpj: '00.000.000/0000-00',
  cnes: '0000000',
} as const;

type FormMaskedFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  mask: (typeof MASKS)[keyof typeof MASKS];
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
  hint?: string;
  /** Marks the label as optional. */
  optional?: boolean;
  /** Called with the masked value after each accepted keystroke (e.g. to validate a complete CPF at once). */
  onValueChange?: (value: string) => void;
};

export function FormMaskedField<T extends FieldValues>({
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
}: FormMaskedFieldProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;

  function handleAccept(value: string) {
    field.onChange(value);
    onValueChange?.(value);
  }

  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      <MaskedInput
        id={id}
        name={field.name}
        mask={mask}
        value={typeof field.value === 'string' ? field.value : ''}
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
