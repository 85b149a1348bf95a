/**
 * A labelled multi-line text (a message, a template) in the frame of every field (./Field.tsx): at most `maxLength`
 * characters, with the count under it (`counter`, e.g. '{count} de {max} caracteres') and the error in place of
 * nothing. Driven by a value and onChange.
 */
import { useId, type Ref } from 'react';
import { css } from 'goober';
import { fill } from '../../lib/i18n/pt-BR';
import { space } from '../../lib/theme';
import { describedBy, Field, inputClassName } from './Field';

const textareaClass = css`
  min-height: 160px;
  padding: ${space.sm} ${space.md};
  resize: vertical;
  line-height: 1.5;
  font-family: inherit;
`;

type TextAreaProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  counter: string;
  /** Visible rows (the box can still be stretched). */
  rows?: number;
  error?: string;
  disabled?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
};

export function TextArea({ label, name, value, onChange, maxLength, counter, rows = 8, error, disabled = false, textareaRef }: TextAreaProps) {
  const id = useId();
  const hint = fill(counter, { count: value.length, max: maxLength });
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        ref={textareaRef}
        id={id}
        name={name}
        rows={rows}
        className={`${inputClassName} ${textareaClass}`}
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value.slice(0, maxLength))}
      />
    </Field>
  );
}
