import { chunkComponent, useChunkComponent } from '../../../lib/chunkComponent';

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
 * A day typed as dd/mm/yyyy. Its mask (imask, ~14 kB) loads after the page's first render, so the list's first paint
 * does not wait for it (issue 15: /surgery-status, whose day field starts disabled); until then, and if it cannot
 * load, a plain field of the same look takes the same text.
 */
export function DayInput(props: DayInputProps) {
  const { Component: MaskInput } = useChunkComponent(maskInput);
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
