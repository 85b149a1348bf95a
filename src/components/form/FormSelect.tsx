/** react-hook-form adapter for Select (the value is the option's string value). */
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, type SelectOption } from '../ui/Select';

type FormSelectProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  placeholder: string;
  hint?: string;
  loading?: boolean;
  loadingText?: string;
  loadError?: string;
  retryLabel?: string;
  onRetry?: () => void;
};

export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  placeholder,
  hint,
  loading,
  loadingText,
  loadError,
  retryLabel,
  onRetry,
}: FormSelectProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      label={label}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      selectRef={field.ref}
      options={options}
      placeholder={placeholder}
      hint={hint}
      loading={loading}
      loadingText={loadingText}
      loadError={loadError}
      retryLabel={retryLabel}
      onRetry={onRetry}
      error={fieldState.error?.message}
    />
  );
}
