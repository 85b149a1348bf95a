/**
 * 'Alterações de status' of the secretary home (SPEC §2, DECISIONS §6): the cases with the newest status change
 * first (`ordering=-status_changed_at`) unless another order is chosen, filtered by stage (the MultiSelect, default
 * the seven active stages; cleared, no `status__in`, so the server leaves out concluido) and by a patient search.
 * Filters, search and order live in the home's URL (issue 11, item 6). Each row is coloured by how long it has
 * waited (statusChangeTone) and says it in words in its last-change column; a legend explains the colours. A row
 * opens the case (/surgery-details/<id>) with `state: { back }`, so 'Voltar' and Escape return here.
 */
import { useCallback, useMemo, useState } from 'react';
import { getRouteApi, useLocation, useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import type { RowTone } from '../../components/ui/DataTable';
import { Icon } from '../../components/ui/Icon';
import { homeTexts } from '../../lib/i18n/home';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { SurgerySearchField, SurgerySortSelect, SurgeryStageFilter, useListControlHandlers } from '../../components/surgeryList/SurgeryListControls';
import { SurgeryListFooter } from '../../components/surgeryList/SurgeryListFooter';
import { SurgeryTable, TONE_ICONS, TONE_TEXT_COLORS, type SurgeryRowTone } from '../../components/surgeryList/SurgeryTable';
import { useSurgeryList } from '../../lib/surgeries/useSurgeryList';
import { useOpenCase } from '../../lib/surgeries/caseLink';
import { selectedStages, statusesOf, type HomeSearch } from '../../lib/surgeries/listSearch';
import type { Surgery, SurgeryOrdering } from '../../api/surgeryList';
import { Notice } from '../../components/ui/Notice';
import { HomePanel } from './HomePanel';
import { describeStatusChangeTone, statusChangeTone } from './statusChangeTone';
import { columnCss } from '../../components/ui/cssParts';

const T = homeTexts.changes;
const routeApi = getRouteApi('/app/');

/** The order of 'Alterações de status' when the URL names none: the newest status change first (SPEC §2). */
const DEFAULT_ORDERING: SurgeryOrdering = '-status_changed_at';

const TONES: readonly RowTone[] = ['success', 'warning', 'danger'];
const TONE_SOFT_COLORS: Record<RowTone, string> = {
  success: colors.successSoft,
  warning: colors.warningSoft,
  danger: colors.dangerSoft,
};

/** Rows per page: the latest changes fit on a screen or two; 'Carregar mais' brings older ones. */
const CHANGES_PAGE_SIZE = 20;

const StyledControls = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  ${media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    align-items: end;
  }
`;

const StyledLegend = styled('div')`
  ${columnCss(space.xs)}
  padding: ${space.md} ${space.lg};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  font-size: ${fontSizes.sm};
  & > p { font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > ul {
    ${columnCss(space.xs)}
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const StyledLegendItem = styled('li')<{ $tone: RowTone }>`
  display: flex;
  align-items: flex-start;
  gap: ${space.sm};
  color: ${colors.text};
  & > span {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 22px;
    height: 22px;
    border-radius: ${radii.sm};
    box-shadow: inset 4px 0 0 ${(p) => TONE_TEXT_COLORS[p.$tone]};
    background: ${(p) => TONE_SOFT_COLORS[p.$tone]};
    color: ${(p) => TONE_TEXT_COLORS[p.$tone]};
  }
`;

export function StatusChanges() {
  const navigate = useNavigate();
  const openCase = useOpenCase();
  const search: HomeSearch = routeApi.useSearch();
  const href = useLocation({ select: (location) => location.href });
  const selected = useMemo(() => selectedStages(search.status), [search.status]);
  const statuses = useMemo(() => statusesOf(selected), [selected]);
  const ordering = search.sort ?? DEFAULT_ORDERING;
  const list = useSurgeryList({
    statuses,
    date: null,
    ordering,
    search: search.q ?? '',
    pageSize: CHANGES_PAGE_SIZE,
  });

  // "Now" is read once per list answer, so every row of one answer is judged against the same day.
  const [now, setNow] = useState(() => new Date());
  const [judgedItems, setJudgedItems] = useState(list.items);
  if (judgedItems !== list.items) {
    setJudgedItems(list.items);
    setNow(new Date());
  }
  const rowTone = useCallback(
    (surgery: Surgery): SurgeryRowTone | undefined => {
      const result = statusChangeTone(surgery, now);
      return result ? { tone: result.tone, label: describeStatusChangeTone(result) } : undefined;
    },
    [now],
  );

  /** Changes the home's URL search in place (no history entry per keystroke or click). */
  const setSearch = useCallback(
    (patch: Partial<HomeSearch>) => {
      void navigate({ to: '/', search: (previous: HomeSearch) => ({ ...previous, ...patch }), replace: true });
    },
    [navigate],
  );
  const { handleStages, handleQuery, handleOrdering } = useListControlHandlers(setSearch, DEFAULT_ORDERING);

  function handleOpen(id: number) {
    openCase(id, href);
  }

  const empty =
    list.status === 'error' ? (
      <Notice kind="failed" title={homeTexts.changes.failed} onRetry={list.retry} />
    ) : (
      <Notice kind="empty" title={homeTexts.changes.empty} text={homeTexts.changes.emptyHint} />
    );

  return (
    <HomePanel title={T.title} subtitle={T.intro} busy={list.status === 'loading'}>
      <StyledControls>
        <SurgeryStageFilter label={T.filterLabel} value={selected} onChange={handleStages} />
        <SurgerySearchField value={search.q ?? ''} onChange={handleQuery} />
        <SurgerySortSelect value={ordering} onChange={handleOrdering} />
      </StyledControls>

      <StyledLegend role="note" aria-label={T.legendTitle}>
        <p>{T.legendTitle}</p>
        <ul>
          {TONES.map((tone) => (
            <StyledLegendItem key={tone} $tone={tone} data-tone={tone}>
              <span aria-hidden="true">
                <Icon name={TONE_ICONS[tone]} size={14} />
              </span>
              {T.legend[tone]}
            </StyledLegendItem>
          ))}
        </ul>
      </StyledLegend>

      <SurgeryTable
        surgeries={list.items}
        loading={list.status === 'loading'}
        onOpen={handleOpen}
        empty={empty}
        label={T.tableLabel}
        showMedic
        rowTone={rowTone}
        ordering={ordering}
        onOrderingChange={handleOrdering}
      />

      <SurgeryListFooter list={list} />
    </HomePanel>
  );
}
