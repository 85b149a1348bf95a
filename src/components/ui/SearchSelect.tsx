/**
 * An async search-as-you-type single select: the one wrapper of React Aria's ComboBox in the SPA (STYLE §16).
 *
 * The options come from `search(text, signal)`: immediately with '' when the list is opened (button, ArrowDown),
 * debounced while typing. A newer search aborts the older one, and only the latest answer is shown. The list has
 * designed loading, empty and error states; the input only ever shows the selected item's label or what the user is
 * typing (no free text is kept: leaving the field restores the selection's label).
 *
 * Both the input value and the selection are controlled here ("fully controlled" ComboBox), because the selected item
 * is usually not among the current results: the component keeps the item object itself (`value`) and never needs
 * to find it in the list.
 *
 * React Aria's own texts (the count of options it announces, the list's name, the popover's dismiss button) are in
 * pt-BR whatever the browser's language (its I18nProvider; by default it follows `navigator.language`).
 *
 * @see https://react-spectrum.adobe.com/react-aria/ComboBox.html
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type Key, type MouseEvent } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  Group,
  I18nProvider,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { css } from 'goober';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { searchSelectTexts } from '../../lib/i18n/surgeries';
import { fieldClassName, fieldErrorClassName, fieldHintClassName, fieldLabelClassName, inputClassName } from './Field';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import { columnCss, popoverSurface, visuallyHidden } from './cssParts';
import { searchSelectGroupClass as groupClass, searchSelectTriggerClass as triggerClass } from './searchSelectParts';

export type SearchSelectProps<T> = {
  label: string;
  name?: string;
  placeholder?: string;
  value: T | null;
  onChange: (item: T | null) => void;
  onBlur?: () => void;
  /** Called (debounced ~300 ms; immediately with '' on open) to fetch options; must honour the signal. */
  search: (text: string, signal: AbortSignal) => Promise<readonly T[]>;
  itemKey: (item: T) => string | number;
  itemLabel: (item: T) => string;
  /** Optional second line (e.g. the CID description under its code). */
  itemDetail?: (item: T) => string;
  disabled?: boolean;
  error?: string;
  hint?: string;
  emptyText?: string; // default 'Nada encontrado'
  loadingText?: string; // default 'Buscando...'
};

/** Debounce of the typed text before `search` runs. */
export const SEARCH_SELECT_DEBOUNCE_MS = 300;

type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

const popoverClass = css`
  width: var(--trigger-width);
  ${popoverSurface}
`;

const listBoxClass = css`
  max-height: min(320px, 45vh);
  overflow-y: auto;
  padding: ${space.xs};
  outline: none;
`;

const itemClass = css`
  ${columnCss(space.xxs)}
  min-height: 44px;
  justify-content: center;
  padding: ${space.sm} ${space.md};
  border-radius: ${radii.sm};
  color: ${colors.text};
  cursor: pointer;
  outline: none;
  &[data-focused], &[data-hovered] { background: ${colors.primaryTint}; }
  &[data-selected] { background: ${colors.primarySoft}; font-weight: ${fontWeights.semibold}; }
  &[data-focus-visible] { box-shadow: inset 0 0 0 2px ${colors.focus}; }
`;

const itemLabelClass = css`
  font-size: ${fontSizes.md};
  overflow-wrap: anywhere;
`;

const itemDetailClass = css`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.regular};
  color: ${colors.textMuted};
  overflow-wrap: anywhere;
`;

const stateClass = css`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  padding: ${space.md};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const stateErrorClass = css`
  color: ${colors.danger};
  font-weight: ${fontWeights.medium};
`;

export function SearchSelect<T>({
  label,
  name,
  placeholder,
  value,
  onChange,
  onBlur,
  search,
  itemKey,
  itemLabel,
  itemDetail,
  disabled = false,
  error,
  hint,
  emptyText = searchSelectTexts.empty,
  loadingText = searchSelectTexts.loading,
}: SearchSelectProps<T>) {
  const liveId = useId();
  const triggerLabelId = useId();
  const [inputText, setInputText] = useState(() => (value === null ? '' : itemLabel(value)));
  const [items, setItems] = useState<readonly T[]>([]);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [isOpen, setIsOpen] = useState(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const controllerRef = useRef<AbortController | null>(null);
  // The latest `search`, for a search that starts after a pause in typing.
  const searchRef = useRef(search);
  useLayoutEffect(() => {
    searchRef.current = search;
  });

  const selectedKey = value === null ? null : itemKey(value);
  const selectedLabel = value === null ? '' : itemLabel(value);

  // The value may change from outside (a form reset, a rule clearing the field): show its label, from this render on.
  const [shownValue, setShownValue] = useState({ key: selectedKey, label: selectedLabel });
  if (shownValue.key !== selectedKey || shownValue.label !== selectedLabel) {
    setShownValue({ key: selectedKey, label: selectedLabel });
    setInputText(selectedLabel);
  }

  const cancelPending = useCallback(() => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
    controllerRef.current?.abort();
    controllerRef.current = null;
  }, []);

  useEffect(() => cancelPending, [cancelPending]);

  const runSearch = useCallback(
    (text: string) => {
      cancelPending();
      const controller = new AbortController();
      controllerRef.current = controller;
      setStatus('loading');
      searchRef.current(text, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          controllerRef.current = null;
          setItems(found);
          setStatus('ready');
        },
        () => {
          if (controller.signal.aborted) return;
          controllerRef.current = null;
          setItems([]);
          setStatus('error');
        },
      );
    },
    [cancelPending],
  );

  function scheduleSearch(text: string) {
    cancelPending();
    setStatus('loading');
    timerRef.current = setTimeout(() => {
      timerRef.current = null;
      runSearch(text.trim());
    }, SEARCH_SELECT_DEBOUNCE_MS);
  }

  // A chosen item's label is selected when the field gets focus, so typing replaces it instead of appending to it
  // (issue 11: typing in a prefilled 'Convênio' searched 'AmilUnimed'). The mouse-up of the click that focused the
  // field would put the caret back; it is swallowed once.
  const selectAllOnMouseUp = useRef(false);
  function handleInputFocus(event: FocusEvent<HTMLInputElement>) {
    if (value === null || event.currentTarget.value === '') return;
    event.currentTarget.select();
    selectAllOnMouseUp.current = true;
  }
  function handleInputMouseUp(event: MouseEvent<HTMLInputElement>) {
    if (!selectAllOnMouseUp.current) return;
    selectAllOnMouseUp.current = false;
    event.preventDefault();
  }

  function handleInputChange(text: string) {
    setInputText(text);
    if (text === '' && value !== null) onChange(null);
    scheduleSearch(text);
  }

  // Closing leaves a scheduled or running search alone: React Aria may close and reopen the list while the user
  // types, and cancelling there once left the list open on 'Buscando...' with no search under way.
  function handleOpenChange(open: boolean, trigger?: string) {
    setIsOpen(open);
    if (open && trigger !== 'input') runSearch('');
  }

  function findItem(key: Key): T | null {
    const found = items.find((item) => itemKey(item) === key);
    if (found !== undefined) return found;
    return value !== null && itemKey(value) === key ? value : null;
  }

  // Also called by React Aria on blur/Escape with the current key, to bring the input back to the selection's label.
  function handleSelectionChange(key: Key | null) {
    // React Aria renders the empty/loading state as an option; a click on it must not wipe what is being typed.
    if (key === null && value === null && isOpen && document.activeElement === inputRef.current) return;
    const item = key === null ? null : findItem(key);
    setInputText(item === null ? '' : itemLabel(item));
    const nextKey = item === null ? null : itemKey(item);
    if (nextKey !== selectedKey) onChange(item);
  }

  function renderEmptyState() {
    if (status === 'error') {
      return (
        <div className={`${stateClass} ${stateErrorClass}`}>
          <Icon name="alert" size={16} />
          {searchSelectTexts.error}
        </div>
      );
    }
    if (status === 'ready') return <div className={stateClass}>{emptyText}</div>;
    return (
      <div className={stateClass}>
        <Spinner size={16} />
        {loadingText}
      </div>
    );
  }

  const announcement = !isOpen
    ? ''
    : status === 'error'
      ? searchSelectTexts.error
      : status === 'ready' && items.length === 0
        ? emptyText
        : '';

  return (
    <I18nProvider locale="pt-BR">
      <ComboBox<T>
        className={fieldClassName}
        name={name}
        items={items}
        inputValue={inputText}
        onInputChange={handleInputChange}
        selectedKey={selectedKey}
        onSelectionChange={handleSelectionChange}
        onOpenChange={handleOpenChange}
        onBlur={onBlur}
        menuTrigger="input"
        allowsEmptyCollection
        isDisabled={disabled}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
      >
        <Label className={fieldLabelClassName}>{label}</Label>
        <Group className={groupClass}>
          <Input
            ref={inputRef}
            className={inputClassName}
            placeholder={placeholder}
            onFocus={handleInputFocus}
            onMouseUp={handleInputMouseUp}
          />
          {/* Labelled by its own text only, so that the field's label names the input alone (getByLabel finds one). */}
          <AriaButton className={triggerClass} aria-labelledby={triggerLabelId}>
            {status === 'loading' && isOpen ? <Spinner size={18} /> : <Icon name="chevronDown" />}
          </AriaButton>
        </Group>
        {hint ? (
          <Text slot="description" className={fieldHintClassName}>
            {hint}
          </Text>
        ) : null}
        {error ? (
          <Text slot="errorMessage" className={fieldErrorClassName}>
            <Icon name="alert" size={14} />
            {error}
          </Text>
        ) : null}
        <span id={triggerLabelId} className={visuallyHidden}>
          {searchSelectTexts.openOptions}
        </span>
        <span id={liveId} className={visuallyHidden} aria-live="polite">
          {announcement}
        </span>
        <Popover className={popoverClass} offset={4}>
          <ListBox<T> className={listBoxClass} renderEmptyState={renderEmptyState} aria-busy={status === 'loading' || undefined}>
            {(item) => (
              <ListBoxItem id={itemKey(item)} textValue={itemLabel(item)} className={itemClass}>
                <span className={itemLabelClass}>{itemLabel(item)}</span>
                {itemDetail ? <span className={itemDetailClass}>{itemDetail(item)}</span> : null}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </I18nProvider>
  );
}
