/**
 * react-hook-form adapter for money inputs (SPEC §5: "money inputs keep two decimals, built from digits only, shown
 * as BRL"). Typing 1, 2, 3, 4, 5, 6 shows R$ 0,01 … R$ 1.234,56: each digit enters on the right, as on a card
 * machine, so nobody types a decimal separator. The form value is a number in reais (1234.56) or null when empty.
 *
 * @see https://s-yadav.github.io/react-number-format/docs/number_format_base
 */
import { useId } from 'react';
import { NumberFormatBase, type NumberFormatValues } from 'react-number-format';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  centsFromDigits,
  centsToReais,
  formatBRLInput,
  MONEY_INPUT_MAX_DIGITS,
  reaisToCents,
} from '../../lib/format/money';
import { describedBy, Field, inputClassName } from '../ui/Field';

type FormMoneyFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
  optional?: boolean;
};

function formatDigits(digits: string): string {
  const cents = centsFromDigits(digits);
  return cents === null ? '' : formatBRLInput(cents);
}

function isAllowed({ value }: NumberFormatValues): boolean {
  return value.replace(/^0+/, '').length <= MONEY_INPUT_MAX_DIGITS;
}

export function FormMoneyField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  hint,
  disabled = false,
  optional = false,
}: FormMoneyFieldProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const reais: unknown = field.value;
  const digits = typeof reais === 'number' && Number.isFinite(reais) ? String(reaisToCents(reais)) : '';

  function handleValueChange({ value }: NumberFormatValues) {
    const cents = centsFromDigits(value);
    const next = cents === null ? null : centsToReais(cents);
    if (next !== field.value) field.onChange(next);
  }

  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      <NumberFormatBase
        id={id}
        name={field.name}
        className={inputClassName}
        value={digits}
        valueIsNumericString
        format={formatDigits}
        isAllowed={isAllowed}
        onValueChange={handleValueChange}
        onBlur={field.onBlur}
        getInputRef={field.ref}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </Field>
  );
}
