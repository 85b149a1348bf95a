/**
 * A searchable multi-select (SPEC §2: the stage filter of /surgery-status and of the secretary home): a button that
 * says what is selected ('Selecionar...', 'Todos selecionado', 'Filtros selecionado'), opening a popover with a
 * search box ('Procurar'), a 'Todos' option that selects or clears everything, and one checkable option per value.
 * Built once on React Aria (DialogTrigger + Autocomplete + ListBox with multiple selection), so the keyboard and
 * screen-reader behaviour is the library's.
 *
 * @see https://react-spectrum.adobe.com/react-aria/Autocomplete.html
 */
import { useId, useMemo } from 'react';
import {
  Autocomplete,
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  useFilter,
  type Selection,
} from 'react-aria-components';
import { css } from 'goober';
import { multiSelectTexts } from '../../lib/i18n/surgeries';
import { colors, focusRing, fontSizes, fontWeights, radii, shadows, space, zIndices } from '../../lib/theme';
import { fieldClassName, fieldLabelClassName, inputClassName } from './Field';
import { Icon } from './Icon';

type MultiSelectOption = { value: string; label: string };

type MultiSelectProps = {
  label: string;
  options: readonly MultiSelectOption[];
  /** The selected values (an empty list when nothing is selected). */
  value: readonly string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
};

/** The key of the 'Todos' option; never a real value. */
const ALL_KEY = '__all__';

const triggerClass = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.sm};
  text-align: left;
  cursor: pointer;
  &[data-pressed] { border-color: ${colors.primary}; }
  &[data-focus-visible] { outline: none; border-color: ${colors.primary}; box-shadow: ${focusRing}; }
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

const placeholderClass = css`
  color: ${colors.textSubtle};
`;

const countClass = css`
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

const popoverClass = css`
  width: max(var(--trigger-width), 260px);
  max-width: calc(100vw - ${space.lg});
  z-index: ${zIndices.menu};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  overflow: hidden;
`;

const dialogClass = css`
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
  padding: ${space.sm};
  outline: none;
`;

const searchClass = css`
  & > input { min-height: 40px; }
  & > input::-webkit-search-cancel-button { display: none; }
`;

const listClass = css`
  max-height: min(320px, 50vh);
  overflow-y: auto;
  outline: none;
`;

const itemClass = css`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  min-height: 40px;
  padding: ${space.xs} ${space.sm};
  border-radius: ${radii.sm};
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  cursor: pointer;
  outline: none;
  &[data-focused], &[data-hovered] { background: ${colors.primaryTint}; }
  &[data-focus-visible] { box-shadow: inset 0 0 0 2px ${colors.focus}; }
`;

const allItemClass = css`
  font-weight: ${fontWeights.semibold};
  border-bottom: 1px solid ${colors.border};
  border-radius: ${radii.sm} ${radii.sm} 0 0;
`;

const boxClass = css`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 18px;
  height: 18px;
  border: 1.5px solid ${colors.borderStrong};
  border-radius: 4px;
  background: ${colors.surface};
  color: ${colors.onPrimary};
  [data-selected] > & { background: ${colors.primary}; border-color: ${colors.primary}; }
  & > svg { opacity: 0; }
  [data-selected] > & > svg { opacity: 1; }
`;

const emptyClass = css`
  padding: ${space.md};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type Entry = { id: string; label: string; isAll: boolean };

export function MultiSelect({ label, options, value, onChange, disabled = false }: MultiSelectProps) {
  const labelId = useId();
  const summaryId = useId();
  const { contains } = useFilter({ sensitivity: 'base' });
  const allSelected = options.length > 0 && options.every((option) => value.includes(option.value));

  const entries = useMemo<Entry[]>(
    () => [
      { id: ALL_KEY, label: multiSelectTexts.all, isAll: true },
      ...options.map((option) => ({ id: option.value, label: option.label, isAll: false })),
    ],
    [options],
  );

  const selectedKeys = useMemo(() => new Set<string>(allSelected ? [ALL_KEY, ...value] : value), [allSelected, value]);

  function handleSelectionChange(keys: Selection) {
    const next = keys === 'all' ? new Set<string>(entries.map((entry) => entry.id)) : new Set([...keys].map(String));
    if (next.has(ALL_KEY) && !allSelected) {
      onChange(options.map((option) => option.value));
      return;
    }
    if (!next.has(ALL_KEY) && allSelected) {
      onChange([]);
      return;
    }
    onChange(options.filter((option) => next.has(option.value)).map((option) => option.value));
  }

  const summary =
    value.length === 0 ? (
      <span className={placeholderClass}>{multiSelectTexts.placeholder}</span>
    ) : allSelected ? (
      multiSelectTexts.allSelected
    ) : (
      <>
        {multiSelectTexts.someSelected}
        <span className={countClass}>{value.length}</span>
      </>
    );

  return (
    <div className={fieldClassName}>
      <span id={labelId} className={fieldLabelClassName}>
        {label}
      </span>
      <DialogTrigger>
        <AriaButton
          className={`${inputClassName} ${triggerClass}`}
          aria-labelledby={`${labelId} ${summaryId}`}
          isDisabled={disabled}
        >
          <span id={summaryId} className={summaryClass}>
            {summary}
          </span>
          <Icon name="chevronDown" />
        </AriaButton>
        <Popover className={popoverClass} placement="bottom start" offset={4}>
          <Dialog className={dialogClass} aria-labelledby={labelId}>
            <Autocomplete filter={contains}>
              <SearchField aria-label={multiSelectTexts.search} className={searchClass} autoFocus>
                <Input className={inputClassName} placeholder={multiSelectTexts.search} />
              </SearchField>
              <ListBox<Entry>
                className={listClass}
                aria-labelledby={labelId}
                items={entries}
                selectionMode="multiple"
                // Escape closes the popover; by default it would first clear the whole selection.
                escapeKeyBehavior="none"
                selectedKeys={selectedKeys}
                onSelectionChange={handleSelectionChange}
                renderEmptyState={() => <div className={emptyClass}>{multiSelectTexts.empty}</div>}
              >
                {(entry) => (
                  <ListBoxItem
                    id={entry.id}
                    textValue={entry.label}
                    className={entry.isAll ? `${itemClass} ${allItemClass}` : itemClass}
                  >
                    <span className={boxClass} aria-hidden="true">
                      <Icon name="check" size={14} />
                    </span>
                    {entry.label}
                  </ListBoxItem>
                )}
              </ListBox>
            </Autocomplete>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
