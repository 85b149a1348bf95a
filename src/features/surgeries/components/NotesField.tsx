/** A notes textarea of the surgery forms: at most 1000 characters (SPEC §5, §9), with a live counter. */
import { useId } from 'react';
import { css } from 'goober';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MAX_NOTE_LENGTH } from '../../../../machines/constants';
import { describedBy, Field, inputClassName } from '../../../components/ui/Field';
import { fill } from '../../../lib/i18n/pt-BR';
import { space } from '../../../lib/theme';

const textareaClass = css`
  min-height: 112px;
  padding: ${space.sm} ${space.md};
  resize: vertical;
  line-height: 1.5;
`;

type NotesFieldProps<T extends FieldValues> = {
  control: Control<T>;
  /** The form field holding the note (a string). */
  name: FieldPath<T>;
  label: string;
  placeholder: string;
  counter: string;
  disabled?: boolean;
};

export function NotesField<T extends FieldValues>({ control, name, label, placeholder, counter, disabled = false }: NotesFieldProps<T>) {
  const id = useId();
  const {
    field: { ref, name: fieldName, value: fieldValue, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  const value = typeof fieldValue === 'string' ? fieldValue : '';
  const hint = fill(counter, { count: value.length, max: MAX_NOTE_LENGTH });
  return (
    <Field id={id} label={label} hint={hint} error={error} optional>
      <textarea
        ref={ref}
        id={id}
        name={fieldName}
        className={`${inputClassName} ${textareaClass}`}
        value={value}
        maxLength={MAX_NOTE_LENGTH}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value.slice(0, MAX_NOTE_LENGTH))}
        onBlur={onBlur}
      />
    </Field>
  );
}
