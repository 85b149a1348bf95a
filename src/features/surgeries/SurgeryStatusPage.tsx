/**
 * /surgery-status (both roles; SPEC §2 Surgery status, §4 Status filter, DECISIONS §11; issue 11, items 6 and 12).
 *
 * - Every filter lives in the URL (routes/surgery-status validateSearch; lib/surgeries/listSearch), so a reload,
 *   the browser's back and 'Voltar'/Escape from a case come back to the same list.
 * - The stage filter defaults to the seven active stages; cleared, the list is read without `status__in` (the
 *   server then leaves out concluido). A stage passed by the doctor home's stage panel (`stage` in the URL, and
 *   `method` in navigation state as SPEC §2 says) lists only that stage and hides the filter.
 * - The date control (dd/mm/aaaa, masked like every date) defaults to today (São Paulo) and is off: when turned on
 *   it narrows the list to the cases scheduled that day (`is_schedule=true&date=`).
 * - A search by the patient's name or CPF and an order (schedule, last status change, patient; each both ways), read
 *   by the server. A medic sees no 'Médico(a)' column (every case is his).
 * - A row opens /surgery-details/<id> with `state: { back }` (`back`: this list's address). Pages of 50.
 * - 'Exportar CSV' (issue 14 item 5), beside the title, downloads every case of the current filters and order.
 * - A search that matches only closed cases says how many, with 'Ver encerradas' (issue 33 item 12: the server's
 *   `closed_count`), instead of 'Nenhuma cirurgia encontrada'.
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { getRouteApi, useLocation, useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import { CLOSED_STATUSES, isCaseStatus, STATUS_LABELS, type CaseStatus } from '../../../machines/constants';
import { plural } from '../../../machines/rules/plural';
import { Page } from '../../components/layout/Page';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { fieldErrorClassName, inputClassName } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { formatDate, parseBrDate, todayInSaoPaulo } from '../../lib/format/date';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { SurgeryListFooter } from '../../components/surgeryList/SurgeryListFooter';
import { DayInput } from '../../components/ui/DayInput';
import { SurgeryPendingFilters, SurgerySearchField, SurgerySortSelect, SurgeryStageFilter, useListControlHandlers } from '../../components/surgeryList/SurgeryListControls';
import { SurgeryTable } from '../../components/surgeryList/SurgeryTable';
import { useSurgeryList } from '../../lib/surgeries/useSurgeryList';
import { useOpenCase } from '../../lib/surgeries/caseLink';
import { surgeryFilterParams, type SurgeryOrdering } from '../../api/surgeryList';
import { api } from '../../api/client';
import { ExportCsvButton } from '../../components/ui/ExportCsvButton';
import { StyledFilterCard, type FilterCardLayout } from '../../components/ui/FilterCard';
import { selectedStages, statusesOf, type SurgeryStatusSearch } from '../../lib/surgeries/listSearch';
import { columnCss } from '../../components/ui/cssParts';

const T = surgeriesTexts.status;
const routeApi = getRouteApi('/app/surgery-status');

/** The order of /surgery-status when the URL names none (DECISIONS §11: the scheduled day first). */
const DEFAULT_ORDERING: SurgeryOrdering = 'schedule';

/** The filters' columns on a wide screen. */
const FILTERS_LAYOUT: FilterCardLayout = { wideFrom: 1200, wideColumns: 'minmax(220px, 1fr) minmax(220px, 1.2fr) minmax(200px, 1fr) auto' };

const StyledDate = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space.md} ${space.lg};
`;

const StyledToggle = styled('div')`
  display: flex;
  align-items: center;
  min-height: 44px;
`;

const StyledDateField = styled('div')`
  ${columnCss(space.xs)}
  width: 160px;
  & > label { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; }
`;

const StyledStage = styled('div')`
  ${columnCss(space.xs)}
  font-size: ${fontSizes.sm};
  & > span { font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
`;

const StyledStageRow = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm};
  min-height: 44px;
  & > strong {
    padding: ${space.xs} ${space.md};
    border-radius: ${radii.pill};
    background: ${colors.primarySoft};
    color: ${colors.primary};
    font-weight: ${fontWeights.semibold};
  }
  & > button { padding: 0 ${space.md}; }
`;

/** The surgeries under the filters shown, as a CSV. */
function exportSurgeries(filters: Parameters<typeof surgeryFilterParams>[0]) {
  return api.GET('/surgery/api/v1/surgery/export.csv', { params: { query: surgeryFilterParams(filters) }, parseAs: 'blob' });
}

export function SurgeryStatusPage() {
  const search: SurgeryStatusSearch = routeApi.useSearch();
  const navigate = useNavigate();
  const openCase = useOpenCase();
  const href = useLocation({ select: (location) => location.href });
  const passedStage = useLocation({ select: (location) => location.state.method });
  const stage = search.stage ?? (isCaseStatus(passedStage) ? passedStage : null);
  const selected = useMemo(() => selectedStages(search.status), [search.status]);
  const ordering = search.sort ?? DEFAULT_ORDERING;
  const dateOn = search.day !== undefined;
  const dateId = useId();
  const dateErrorId = useId();
  const [dateText, setDateText] = useState(() => formatDate(search.day ?? todayInSaoPaulo()));
  const dateInvalid = dateOn && parseBrDate(dateText) === null;

  const statuses = useMemo<CaseStatus[] | null>(() => (stage ? [stage] : statusesOf(selected)), [stage, selected]);
  const filters = {
    statuses,
    date: search.day ?? null,
    ordering,
    search: search.q ?? '',
    overdue: search.overdue === 1,
    mine: search.mine === 1,
  };
  const list = useSurgeryList(filters);
  const profileType = routeApi.useRouteContext({ select: (context) => context.profile.type });

  /** Changes the URL's search in place (no new history entry per keystroke or click). */
  const setSearch = useCallback(
    (patch: Partial<SurgeryStatusSearch>) => {
      void navigate({
        to: '/surgery-status',
        search: (previous: SurgeryStatusSearch) => ({ ...previous, ...patch }),
        state: (previous) => previous,
        replace: true,
      });
    },
    [navigate],
  );

  function handleOpen(id: number) {
    openCase(id, href);
  }

  function handleShowAllStages() {
    void navigate({ to: '/surgery-status', search: (previous: SurgeryStatusSearch) => ({ ...previous, stage: undefined }), replace: true, state: {} });
  }

  function handleDateToggle(on: boolean) {
    if (!on) return setSearch({ day: undefined });
    const day = parseBrDate(dateText) ?? todayInSaoPaulo();
    setDateText(formatDate(day));
    setSearch({ day });
  }

  function handleDateText(value: string) {
    if (value === dateText) return; // the mask reports its first value too
    setDateText(value);
    const day = parseBrDate(value);
    if (dateOn && day && day !== search.day) setSearch({ day });
  }

  const { handleStages, handleQuery, handleOrdering } = useListControlHandlers(setSearch, DEFAULT_ORDERING);

  function handleShowClosed() {
    void navigate({
      to: '/surgery-status',
      search: (previous: SurgeryStatusSearch) => ({ ...previous, stage: undefined, status: CLOSED_STATUSES.join(',') }),
      replace: true,
      state: {},
    });
  }

  const closedCount = list.status === 'ready' && list.items.length === 0 ? (list.closedCount ?? 0) : 0;
  const empty =
    list.status === 'error' ? (
      <Notice kind="failed" title={surgeriesTexts.table.failed} onRetry={list.retry} />
    ) : closedCount > 0 ? (
      <Notice
        kind="noResults"
        title={plural(closedCount, T.closedMatches)}
        text={T.closedMatchesHint}
        action={
          <Button variant="secondary" onClick={handleShowClosed}>
            {T.showClosed}
          </Button>
        }
      />
    ) : (
      <Notice kind="empty" title={surgeriesTexts.table.empty} text={surgeriesTexts.table.emptyHint} />
    );

  return (
    <Page
      title={T.title}
      actions={
        <ExportCsvButton call={() => exportSurgeries(filters)} fallbackName="cirurgias.csv" />
      }
    >
      <StyledFilterCard $layout={FILTERS_LAYOUT} aria-label={T.filtersLabel}>
        {stage ? (
          <StyledStage>
            <span>{T.stageShown}</span>
            <StyledStageRow>
              <strong>{STATUS_LABELS[stage]}</strong>
              <Button variant="ghost" onClick={handleShowAllStages}>
                {T.showAllStages}
              </Button>
            </StyledStageRow>
          </StyledStage>
        ) : (
          <SurgeryStageFilter label={T.filterLabel} value={selected} onChange={handleStages} />
        )}
        <SurgerySearchField value={search.q ?? ''} onChange={handleQuery} />
        <SurgerySortSelect value={ordering} onChange={handleOrdering} />
        <StyledDate>
          <StyledToggle>
            <Checkbox name="only-scheduled-day" checked={dateOn} onChange={handleDateToggle}>
              {T.dateToggle}
            </Checkbox>
          </StyledToggle>
          <StyledDateField>
            <label htmlFor={dateId}>{T.dateLabel}</label>
            <DayInput
              id={dateId}
              className={inputClassName}
              value={dateText}
              placeholder={surgeriesTexts.lifecycle.datePlaceholder}
              disabled={!dateOn}
              invalid={dateInvalid}
              describedBy={dateInvalid ? dateErrorId : undefined}
              onChange={handleDateText}
            />
            {dateInvalid ? (
              <span id={dateErrorId} className={fieldErrorClassName}>
                {T.dateInvalid}
              </span>
            ) : null}
          </StyledDateField>
        </StyledDate>
        <SurgeryPendingFilters
          overdue={search.overdue === 1}
          mine={search.mine === 1}
          onChange={(patch) =>
            setSearch({
              ...(patch.overdue !== undefined ? { overdue: patch.overdue ? 1 : undefined } : {}),
              ...(patch.mine !== undefined ? { mine: patch.mine ? 1 : undefined } : {}),
            })
          }
        />
      </StyledFilterCard>

      <SurgeryTable
        surgeries={list.items}
        loading={list.status === 'loading'}
        onOpen={handleOpen}
        empty={empty}
        showMedic={profileType === 'secretary'}
        ordering={ordering}
        onOrderingChange={handleOrdering}
      />

      <SurgeryListFooter list={list} />
    </Page>
  );
}
