/** react-hook-form adapter for Checkbox. */
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from '../ui/Checkbox';

type FormCheckboxProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  children: ReactNode;
  required?: boolean;
};

export function FormCheckbox<T extends FieldValues>({ control, name, children, required }: FormCheckboxProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Checkbox
      name={field.name}
      checked={field.value === true}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={required}
      error={fieldState.error?.message}
    >
      {children}
    </Checkbox>
  );
}
