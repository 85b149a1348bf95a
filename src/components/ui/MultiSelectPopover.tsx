/**
 * The React Aria part of MultiSelect (MultiSelect.tsx): the same field with its popover, a search box ('Procurar'),
 * a 'Todos' option that selects or clears everything, and one checkable option per value. Built once on React Aria
 * (DialogTrigger + Autocomplete + ListBox with multiple selection), so the keyboard and screen-reader behaviour is the
 * library's. Loaded when the field is first opened (`openOnMount`: it takes the focus and opens at once).
 *
 * @see https://react-spectrum.adobe.com/react-aria/Autocomplete.html
 */
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  Autocomplete,
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  I18nProvider,
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
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { fieldClassName, fieldLabelClassName, inputClassName } from './Field';
import { Icon } from './Icon';
import { MultiSelectSummary, multiSelectTriggerClass, type MultiSelectProps } from './multiSelectParts';
import { columnCss, iconBoxCss, popoverSurface } from './cssParts';

type MultiSelectPopoverProps = MultiSelectProps & {
  /** Focus the trigger and open the popover once mounted (the user opened the light field that loaded this one). */
  openOnMount?: boolean;
};

/** The key of the 'Todos' option; never a real value. */
const ALL_KEY = '__all__';

const popoverClass = css`
  width: max(var(--trigger-width), 260px);
  ${popoverSurface}
`;

const dialogClass = css`
  ${columnCss(space.xs)}
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
  ${iconBoxCss('18px')}
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

/**
 * React Aria's own texts (the popover's dismiss button) and its search's comparison in pt-BR whatever the browser's
 * language: the provider sits above the body, whose `useFilter` reads the locale.
 */
export function MultiSelectPopover(props: MultiSelectPopoverProps) {
  return (
    <I18nProvider locale="pt-BR">
      <MultiSelectPopoverBody {...props} />
    </I18nProvider>
  );
}

function MultiSelectPopoverBody({ label, options, value, onChange, disabled = false, openOnMount = false }: MultiSelectPopoverProps) {
  const [isOpen, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!openOnMount) return;
    // Focus first, then open: the popover remembers the focused element when it opens and gives the focus back to it
    // when it closes, so opening in the same render as the first mount would remember the light trigger, gone by then.
    trigger.current?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after the DOM focus above (see the comment)
    setOpen(true);
  }, [openOnMount]);
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

  return (
    <div className={fieldClassName}>
      <span id={labelId} className={fieldLabelClassName}>
        {label}
      </span>
      <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <AriaButton
          ref={trigger}
          className={`${inputClassName} ${multiSelectTriggerClass}`}
          aria-labelledby={`${labelId} ${summaryId}`}
          isDisabled={disabled}
        >
          <MultiSelectSummary id={summaryId} options={options} value={value} />
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
