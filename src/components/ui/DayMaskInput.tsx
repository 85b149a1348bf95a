import { MaskedInput } from './MaskedInput';
import type { DayInputProps } from './DayInput';

/** The day field with its dd/mm/yyyy mask (imask): loaded by DayInput after the page's first render. */
export function DayMaskInput({ invalid, describedBy, onChange, ...input }: DayInputProps) {
  return (
    <MaskedInput
      {...input}
      mask="00/00/0000"
      inputMode="numeric"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onAccept={onChange}
    />
  );
}
