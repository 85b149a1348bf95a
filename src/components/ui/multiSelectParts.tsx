/**
 * What the light MultiSelect (MultiSelect.tsx) and its React Aria part (MultiSelectPopover.tsx) share: the props, the
 * trigger's look and the summary it shows ('Selecionar...', 'Todos selecionado', 'Filtros selecionado' and a count),
 * so the field looks the same before and after React Aria has loaded.
 */
import { css } from 'goober';
import { multiSelectTexts } from '../../lib/i18n/surgeries';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';

type MultiSelectOption = { value: string; label: string };

export type MultiSelectProps = {
  label: string;
  options: readonly MultiSelectOption[];
  /** The selected values (an empty list when nothing is selected). */
  value: readonly string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
};

/** React Aria's button marks its states with data attributes; the light trigger, a plain button, has the pseudo-classes. */
export const multiSelectTriggerClass = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.sm};
  text-align: left;
  cursor: pointer;
  &[data-pressed], &:not([data-rac]):active { border-color: ${colors.primary}; }
  &[data-focus-visible], &:not([data-rac]):focus-visible { outline: none; border-color: ${colors.primary}; box-shadow: ${focusRing}; }
`;

const summaryClass = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.sm};
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

/** The words of a partial selection: they give way (an ellipsis) before the count does, in a narrow filter column. */
const someClass = css`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const placeholderClass = css`
  color: ${colors.textSubtle};
`;

const countClass = css`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 22px;
  height: 22px;
  padding: 0 ${space.xs};
  border-radius: ${radii.pill};
  background: ${colors.primarySoft};
  color: ${colors.primary};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.bold};
`;

type MultiSelectSummaryProps = Pick<MultiSelectProps, 'options' | 'value'> & { id: string };

export function MultiSelectSummary({ id, options, value }: MultiSelectSummaryProps) {
  const allSelected = options.length > 0 && options.every((option) => value.includes(option.value));
  return (
    <span id={id} className={summaryClass}>
      {value.length === 0 ? (
        <span className={placeholderClass}>{multiSelectTexts.placeholder}</span>
      ) : allSelected ? (
        multiSelectTexts.allSelected
      ) : (
        <>
          <span className={someClass}>{multiSelectTexts.someSelected}</span>
          <span className={countClass}>{value.length}</span>
        </>
      )}
    </span>
  );
}
