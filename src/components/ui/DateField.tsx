/**
 * A labelled day typed dd/mm/aaaa with the product's date mask (MaskedInput, MASKS.date: the same mask as every
 * other date field), driven by a value and onChange (a component's state, or a react-hook-form field through
 * useController, as the ledger's forms do; FormMaskedField is the adapter of a registered field). The mask inserts
 * the slashes, so '01122026' typed on a phone's numeric keypad reads '01/12/2026'.
 */
import { useId } from 'react';
import { MASKS } from '../form/FormMaskedField';
import { describedBy, Field, inputClassName } from './Field';
import { MaskedInput } from './MaskedInput';

type DateFieldProps = {
  label: string;
  name: string;
  /** dd/mm/aaaa as typed (partial while typing). */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  required?: boolean;
  readOnly?: boolean;
};

export function DateField({ label, name, value, onChange, placeholder, hint, error, optional = false, required = false, readOnly = false }: DateFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      <MaskedInput
        id={id}
        name={name}
        mask={MASKS.date}
        value={value}
        className={inputClassName}
        placeholder={placeholder}
        inputMode="numeric"
        readOnly={readOnly}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onAccept={onChange}
      />
    </Field>
  );
}
