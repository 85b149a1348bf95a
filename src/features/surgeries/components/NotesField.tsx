/** The notes textarea of the surgery form: at most 1000 characters (SPEC §5, §9), with a live counter. */
import { useId } from 'react';
import { css } from 'goober';
import { useController, type Control } from 'react-hook-form';
import { MAX_NOTE_LENGTH } from '../../../../machines/constants';
import { describedBy, Field, inputClassName } from '../../../components/ui/Field';
import { fill } from '../../../lib/i18n/pt-BR';
import { space } from '../../../lib/theme';
import type { SurgeryFormValues } from '../rules';

const textareaClass = css`
  min-height: 112px;
  padding: ${space.sm} ${space.md};
  resize: vertical;
  line-height: 1.5;
`;

type NotesFieldProps = {
  control: Control<SurgeryFormValues>;
  label: string;
  placeholder: string;
  counter: string;
};

export function NotesField({ control, label, placeholder, counter }: NotesFieldProps) {
  const id = useId();
  const { field, fieldState } = useController({ control, name: 'surgery_note' });
  const error = fieldState.error?.message;
  const hint = fill(counter, { count: field.value.length, max: MAX_NOTE_LENGTH });
  return (
    <Field id={id} label={label} hint={hint} error={error} optional>
      <textarea
        ref={field.ref}
        id={id}
        name={field.name}
        className={`${inputClassName} ${textareaClass}`}
        value={field.value}
        maxLength={MAX_NOTE_LENGTH}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => field.onChange(event.target.value.slice(0, MAX_NOTE_LENGTH))}
        onBlur={field.onBlur}
      />
    </Field>
  );
}
