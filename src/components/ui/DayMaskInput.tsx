import { IMaskInput } from 'react-imask';
import type { DayInputProps } from './DayInput';

/** The day field with its dd/mm/yyyy mask (imask): loaded by DayInput after the page's first render. */
export function DayMaskInput({ invalid, describedBy, onChange, ...input }: DayInputProps) {
  return (
    <IMaskInput
      {...input}
      mask="00/00/0000"
      unmask={false}
      inputMode="numeric"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onAccept={(value: string) => onChange(value)}
    />
  );
}
