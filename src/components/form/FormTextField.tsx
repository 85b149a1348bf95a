/** react-hook-form adapter for TextField. */
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField } from '../ui/TextField';

type FormTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  hint?: string;
  optional?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
};

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  type,
  placeholder,
  autoComplete,
  inputMode,
  hint,
  optional,
  readOnly,
  autoFocus,
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label={label}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      type={type}
      placeholder={placeholder}
      autoComplete={autoComplete}
      inputMode={inputMode}
      hint={hint}
      optional={optional}
      readOnly={readOnly}
      autoFocus={autoFocus}
      error={fieldState.error?.message}
    />
  );
}
