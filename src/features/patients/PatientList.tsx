/**
 * The left column of /patients (SPEC §2): the name search (800 ms debounce; results only for a non-empty text) and
 * the patients, each with photo or placeholder, name, plan and the medic's first name. A row is a toggle button:
 * selecting it (click, Enter or Space; ↑/↓ move between rows) reveals its 'Visualizar paciente' button. Loading,
 * searching, empty, no-results and error states are designed; 'Carregar mais' pages through long lists.
 */
import { useId, useRef, type KeyboardEvent } from 'react';
import { styled } from 'goober';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { patientsTexts as T } from '../../lib/i18n/patients';
import { fill } from '../../lib/i18n/pt-BR';
import {
  colors,
  focusRing,
  fontSizes,
  fontWeights,
  media,
  radii,
  shadows,
  space,
} from '../../lib/theme';
import type { Patient } from './actors';
import { PatientSearchBox } from './PatientSearchBox';
import type { PatientListState } from './usePatientList';
import { columnCss } from '../../components/ui/cssParts';

const StyledPanel = styled('section')`
  display: flex;
  flex-direction: column;
  min-width: 0;
  border-radius: ${radii.lg};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  box-shadow: ${shadows.raised};
  overflow: hidden;
`;

const StyledHeader = styled('div')`
  ${columnCss(space.md)}
  padding: ${space.lg};
  border-bottom: 1px solid ${colors.border};
  ${media.md} { padding: ${space.lg} ${space.xl}; }
`;

const StyledTitleRow = styled('div')`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${space.md};
`;

const StyledTitle = styled('h2')`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const StyledCount = styled('span')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  white-space: nowrap;
`;

const StyledList = styled('ul')`
  margin: 0;
  padding: ${space.xs} 0;
  list-style: none;
`;

const StyledItem = styled('li')<{ $selected: boolean }>`
  ${columnCss(space.sm)}
  padding: ${space.xs} ${space.sm};
  border-left: 3px solid ${(p) => (p.$selected ? colors.primary : 'transparent')};
  background: ${(p) => (p.$selected ? colors.primaryTint : 'transparent')};
  & + & { border-top: 1px solid ${colors.border}; }
  ${media.md} {
    flex-direction: row;
    align-items: center;
    padding: ${space.xs} ${space.md} ${space.xs} ${space.sm};
  }
`;

const StyledRow = styled('button')`
  flex: 1;
  display: flex;
  align-items: center;
  gap: ${space.md};
  min-width: 0;
  min-height: 56px;
  padding: ${space.sm};
  border: 0;
  border-radius: ${radii.md};
  background: transparent;
  text-align: left;
  cursor: pointer;
  &:hover { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledRowText = styled('span')`
  ${columnCss(space.xxs)}
  min-width: 0;
`;

const StyledName = styled('span')`
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const StyledMeta = styled('span')`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${space.sm};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  & > span + span::before {
    content: '·';
    margin-right: ${space.sm};
    color: ${colors.textSubtle};
  }
`;

const StyledViewSlot = styled('div')`
  flex: none;
  padding: 0 ${space.sm} ${space.sm};
  & > button { width: 100%; }
  ${media.md} {
    padding: 0;
    & > button { width: auto; }
  }
`;

const StyledNoticeSlot = styled('div')`
  padding: ${space.lg};
  ${media.md} { padding: ${space.xl}; }
`;

const StyledMore = styled('div')`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space.sm};
  padding: ${space.md} ${space.lg} ${space.lg};
  border-top: 1px solid ${colors.border};
  font-size: ${fontSizes.sm};
  color: ${colors.text};
`;

type PatientListProps = {
  list: PatientListState;
  /** What is typed in the search box. */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** True from the first keystroke until the debounced search has answered. */
  searching: boolean;
  /** The search the shown results are for ('' = the whole list). */
  appliedSearch: string;
  selectedId: number | null;
  onSelect: (patient: Patient) => void;
  onView: (patient: Patient) => void;
  onAdd: () => void;
  onRetry: () => void;
  onLoadMore: () => void;
};

function medicFirstName(patient: Patient): string {
  return patient.medic.first_name.trim().split(/\s+/)[0] ?? '';
}

function countLabel(list: PatientListState): string | null {
  if (list.status !== 'ready') return null;
  const count = list.count ?? (list.hasMore ? null : list.items.length);
  if (count === null || count === 0) return null;
  return count === 1 ? T.list.countOne : fill(T.list.count, { count });
}

export function PatientList({
  list,
  searchText,
  onSearchTextChange,
  searching,
  appliedSearch,
  selectedId,
  onSelect,
  onView,
  onAdd,
  onRetry,
  onLoadMore,
}: PatientListProps) {
  const searchId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  function handleRowKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const rows = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-row]') ?? [])];
    const index = rows.indexOf(event.currentTarget);
    const next = rows[event.key === 'ArrowDown' ? index + 1 : index - 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  const count = countLabel(list);
  const announcement = searching
    ? T.list.searching
    : list.status === 'ready' && appliedSearch && list.items.length === 0
      ? T.list.noResultsTitle
      : appliedSearch && count
        ? count
        : '';

  /** The state shown instead of the rows, if any (the search box already announces searching and no results). */
  function renderNotice() {
    if (searching || list.status === 'loading') {
      return <Notice kind="loading" title={searching ? T.list.searching : T.list.loading} announce={false} />;
    }
    if (list.status === 'error') {
      return <Notice kind="failed" title={T.list.errorTitle} text={T.list.errorText} onRetry={onRetry} />;
    }
    if (list.items.length === 0 && appliedSearch) {
      return (
        <Notice
          kind="noResults"
          title={T.list.noResultsTitle}
          text={fill(T.list.noResultsText, { search: appliedSearch })}
          action={
            <Button variant="secondary" onClick={onAdd}>
              {T.add.button}
            </Button>
          }
          announce={false}
        />
      );
    }
    if (list.items.length === 0) {
      return (
        <Notice
          kind="empty"
          title={T.list.emptyTitle}
          text={T.list.emptyText}
          icon="userPlus"
          action={<Button onClick={onAdd}>{T.add.button}</Button>}
          announce={false}
        />
      );
    }
    return null;
  }

  function renderRows() {
    return (
      <>
        <StyledList ref={listRef} aria-label={T.list.listLabel}>
          {list.items.map((patient) => {
            const selected = patient.id === selectedId;
            return (
              <StyledItem key={patient.id} $selected={selected}>
                <StyledRow
                  type="button"
                  data-row=""
                  aria-pressed={selected}
                  onClick={() => onSelect(patient)}
                  onDoubleClick={() => onView(patient)}
                  onKeyDown={handleRowKeyDown}
                >
                  <Avatar src={patient.foto} size={44} />
                  <StyledRowText>
                    <StyledName>{patient.nome_completo}</StyledName>
                    <StyledMeta>
                      <span>{patient.convenio?.fantasy_name ?? T.list.noPlan}</span>
                      <span>{fill(T.list.medic, { name: medicFirstName(patient) })}</span>
                    </StyledMeta>
                  </StyledRowText>
                </StyledRow>
                {selected ? (
                  <StyledViewSlot>
                    <Button variant="secondary" onClick={() => onView(patient)}>
                      {T.list.view}
                    </Button>
                  </StyledViewSlot>
                ) : null}
              </StyledItem>
            );
          })}
        </StyledList>
        {list.hasMore || list.loadMoreFailed ? (
          <StyledMore>
            {list.loadMoreFailed ? <span role="alert">{T.list.loadMoreError}</span> : null}
            <Button variant="secondary" loading={list.loadingMore} onClick={onLoadMore}>
              {T.list.loadMore}
            </Button>
          </StyledMore>
        ) : null}
      </>
    );
  }

  const notice = renderNotice();
  return (
    <StyledPanel aria-labelledby={`${searchId}-title`}>
      <StyledHeader>
        <StyledTitleRow>
          <StyledTitle id={`${searchId}-title`}>
            {appliedSearch && !searching ? fill(T.list.resultsFor, { search: appliedSearch }) : T.list.title}
          </StyledTitle>
          {count && !searching ? <StyledCount>{count}</StyledCount> : null}
        </StyledTitleRow>
        <PatientSearchBox
          text={searchText}
          onTextChange={onSearchTextChange}
          searching={searching}
          announcement={announcement}
        />
      </StyledHeader>
      {notice ? <StyledNoticeSlot>{notice}</StyledNoticeSlot> : renderRows()}
    </StyledPanel>
  );
}
