import { chunkComponent, useChunkComponent } from '../../lib/chunkComponent';
import { usePainted } from '../../lib/usePainted';

export type DayInputProps = {
  id: string;
  className: string;
  /** dd/mm/yyyy as typed. */
  value: string;
  placeholder: string;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
};

const maskInput = chunkComponent(() => import('./DayMaskInput').then((module) => module.DayMaskInput));

/**
 * A day typed as dd/mm/yyyy. Its mask (imask, ~14 kB) loads once the page has painted, so the page's first paint
 * does not wait for it (issue 15: /surgery-status, whose day field starts disabled; issue 41: 'Auditoria', 'A
 * receber'); until then, and if it cannot load, a plain field of the same look takes the same text.
 */
export function DayInput(props: DayInputProps) {
  const { Component: MaskInput } = useChunkComponent(maskInput, usePainted());
  if (MaskInput) return <MaskInput {...props} />;
  const { invalid, describedBy, onChange, ...input } = props;
  return (
    <input
      {...input}
      inputMode="numeric"
      maxLength={10}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
