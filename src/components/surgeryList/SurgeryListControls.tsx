/**
 * The search and the order of a surgery list (/surgery-status and 'Alterações de status'; issue 11, item 6): a
 * search by the patient's name or CPF (sent to the server after a short pause in typing) and an 'Ordenar por' select
 * (the same orders as the sortable headers, so a phone, which shows cards, can sort too). Both live in the URL; this
 * component only reports changes.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { styled } from 'goober';
import { inputClassName } from '../ui/Field';
import { Icon } from '../ui/Icon';
import { Checkbox } from '../ui/Checkbox';
import { MultiSelect } from '../ui/MultiSelect';
import { Select } from '../ui/Select';
import { clocksTexts } from '../../lib/i18n/clocks';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import { colors, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import type { SurgeryOrdering } from '../../api/surgeryList';
import { LIST_SEARCH_MAX, LIST_SORTS, statusParam } from '../../lib/surgeries/listSearch';
import { STAGE_OPTIONS } from '../../lib/surgeries/surgeryText';
import { inputEndCss } from '../ui/Field';
import { columnCss } from '../ui/cssParts';

const T = surgeriesTexts.listControls;

/** The pause after the last keystroke before the list is read again. */
const SEARCH_DEBOUNCE_MS = 300;

const SORT_OPTIONS = LIST_SORTS.map((value) => ({ value, label: T.sorts[value] }));

const StyledSearch = styled('div')`
  ${columnCss(space.xs)}
  & > label { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
`;

const StyledSearchBox = styled('div')`
  position: relative;
  & > input { padding-right: 44px; }
  & > input::-webkit-search-cancel-button { display: none; }
`;

const StyledClear = styled('button')`
  ${inputEndCss('36px')}
  border: 0;
  border-radius: ${radii.pill};
  background: transparent;
  color: ${colors.textMuted};
  cursor: pointer;
  &:hover { background: ${colors.primaryTint}; color: ${colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

/** What the stage filter, the search and the order change in a surgery list's URL search. */
type ListControlsPatch = { status?: string; q?: string; sort?: SurgeryOrdering };

/**
 * The handlers of a surgery list's stage filter, search and order, each writing its part of the URL's search (the
 * default stages, an empty search and the list's default order are left out of the URL).
 */
export function useListControlHandlers(setSearch: (patch: ListControlsPatch) => void, defaultOrdering: SurgeryOrdering) {
  const handleStages = useCallback((next: string[]) => setSearch({ status: statusParam(next) }), [setSearch]);
  const handleQuery = useCallback((q: string) => setSearch({ q: q === '' ? undefined : q }), [setSearch]);
  const handleOrdering = useCallback(
    (next: SurgeryOrdering) => setSearch({ sort: next === defaultOrdering ? undefined : next }),
    [setSearch, defaultOrdering],
  );
  return { handleStages, handleQuery, handleOrdering };
}

type StageFilterProps = {
  label: string;
  /** The stages chosen. */
  value: string[];
  onChange: (value: string[]) => void;
};

/** The stage filter: a multi-select of the seven stages and the closed ones. */
export function SurgeryStageFilter({ label, value, onChange }: StageFilterProps) {
  return <MultiSelect label={label} options={STAGE_OPTIONS} value={value} onChange={onChange} />;
}

type SearchFieldProps = {
  value: string;
  onChange: (value: string) => void;
};

/** The patient search: typed locally, reported after a pause (and at once when cleared). */
export function SurgerySearchField({ value, onChange }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const router = useRouter();
  // The page the search belongs to: a search still waiting when the user leaves (a row's link, the menu) is dropped,
  // since the page stays mounted while the next one loads and its report would navigate back here.
  const pagePath = useRef(router.state.location.pathname);

  // The URL changed under us (back, reload, a link): show its search.
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === reported.current) return;
    const timer = window.setTimeout(() => {
      if (router.state.location.pathname !== pagePath.current) return;
      reported.current = wanted;
      onChange(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onChange, router]);

  function handleClear() {
    setText('');
    reported.current = '';
    onChange('');
  }

  return (
    <StyledSearch>
      <label htmlFor={id}>{T.searchLabel}</label>
      <StyledSearchBox>
        <input
          id={id}
          type="search"
          className={inputClassName}
          value={text}
          maxLength={LIST_SEARCH_MAX}
          placeholder={T.searchPlaceholder}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        {text !== '' ? (
          <StyledClear type="button" aria-label={T.clearSearch} onClick={handleClear}>
            <Icon name="close" size={18} />
          </StyledClear>
        ) : null}
      </StyledSearchBox>
    </StyledSearch>
  );
}

type SortSelectProps = {
  value: SurgeryOrdering;
  onChange: (value: SurgeryOrdering) => void;
};

export function SurgerySortSelect({ value, onChange }: SortSelectProps) {
  return (
    <Select
      label={T.sortLabel}
      name="ordering"
      value={value}
      placeholder={T.sortLabel}
      options={SORT_OPTIONS}
      onChange={(next) => onChange(next as SurgeryOrdering)}
    />
  );
}

const StyledPending = styled('fieldset')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.xs} ${space.lg};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  ${media.md} { grid-column: span 2; }
  & > legend {
    float: left;
    width: 100%;
    margin-bottom: ${space.xs};
    padding: 0;
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
    color: ${colors.text};
  }
`;

type PendingFiltersProps = {
  overdue: boolean;
  mine: boolean;
  onChange: (patch: { overdue?: boolean; mine?: boolean }) => void;
};

/** 'Atrasados' (cases past their stage's target) and 'Minhas pendências' (the cases the user holds); issue 13. */
export function SurgeryPendingFilters({ overdue, mine, onChange }: PendingFiltersProps) {
  const C = clocksTexts.list;
  return (
    <StyledPending>
      <legend>{C.filtersLabel}</legend>
      <Checkbox name="overdue" checked={overdue} onChange={(checked) => onChange({ overdue: checked })}>
        {C.overdueFilter}
      </Checkbox>
      <Checkbox name="mine" checked={mine} onChange={(checked) => onChange({ mine: checked })}>
        {C.mineFilter}
      </Checkbox>
    </StyledPending>
  );
}
