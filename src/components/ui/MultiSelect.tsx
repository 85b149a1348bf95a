/**
 * A searchable multi-select (SPEC §2: the stage filter of /surgery-status and of the secretary home): a button that
 * says what is selected ('Selecionar...', 'Todos selecionado', 'Filtros selecionado'), opening a popover with a
 * search box ('Procurar'), a 'Todos' option that selects or clears everything, and one checkable option per value.
 *
 * The popover is React Aria's (MultiSelectPopover.tsx), about 50 kB of gzip that the page does not need until the
 * field is opened (issue 15: the secretary home's first screen). Until then this renders the same field with a plain
 * button; hovering or focusing it starts loading React Aria, and the first activation (click, Enter, Space) swaps in
 * the React Aria field, which takes the focus and opens.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { fieldClassName, fieldLabelClassName, inputClassName } from './Field';
import { Icon } from './Icon';
import { MultiSelectSummary, multiSelectTriggerClass, type MultiSelectProps } from './multiSelectParts';

let popoverModule: Promise<typeof import('./MultiSelectPopover')> | null = null;
const loadPopover = () => (popoverModule ??= import('./MultiSelectPopover'));
const MultiSelectPopover = lazy(() => loadPopover().then((module) => ({ default: module.MultiSelectPopover })));

export function MultiSelect(props: MultiSelectProps) {
  const [opened, setOpened] = useState(false);
  const light = <LightMultiSelect {...props} onOpen={() => setOpened(true)} />;
  if (!opened) return light;
  return (
    <Suspense fallback={light}>
      <MultiSelectPopover {...props} openOnMount />
    </Suspense>
  );
}

function LightMultiSelect({ label, options, value, disabled = false, onOpen }: MultiSelectProps & { onOpen: () => void }) {
  const labelId = useId();
  const summaryId = useId();
  const preload = () => void loadPopover();
  return (
    <div className={fieldClassName}>
      <span id={labelId} className={fieldLabelClassName}>
        {label}
      </span>
      <button
        type="button"
        className={`${inputClassName} ${multiSelectTriggerClass}`}
        aria-labelledby={`${labelId} ${summaryId}`}
        aria-expanded="false"
        disabled={disabled}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={onOpen}
      >
        <MultiSelectSummary id={summaryId} options={options} value={value} />
        <Icon name="chevronDown" />
      </button>
    </div>
  );
}
