/**
 * /surgery-status (both roles; SPEC §2 Surgery status, §4 Status filter, DECISIONS §11).
 *
 * - The stage filter defaults to the seven active stages; cleared, the list is read without `status__in` (the
 *   server then leaves out concluido). A stage passed in navigation state (`method`, from the doctor home's stage
 *   panel) lists only that stage and hides the filter.
 * - The date control defaults to today (São Paulo) and is off: when turned on it narrows the list to the cases
 *   scheduled that day (`is_schedule=true&date=`).
 * - A row opens /surgery-details with `state: { id }`. Pages of 50 with 'Carregar mais'.
 */
import { useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import { ACTIVE_STATUSES, isCaseStatus, STATUS_LABELS, type CaseStatus } from '../../../machines/constants';
import { Page } from '../../components/layout/Page';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { inputClassName } from '../../components/ui/Field';
import { MultiSelect } from '../../components/ui/MultiSelect';
import { todayInSaoPaulo } from '../../lib/format/date';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import { colors, fontSizes, fontWeights, media, radii, shadows, space } from '../../lib/theme';
import { ListMessage } from './components/ListMessage';
import { SurgeryListFooter } from './components/SurgeryListFooter';
import { SurgeryTable } from './components/SurgeryTable';
import { useSurgeryList } from './hooks/useSurgeryList';
import { STAGE_OPTIONS } from './surgeryText';

const T = surgeriesTexts.status;

const StyledFilters = styled('section')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.raised};
  ${media.md} {
    grid-template-columns: minmax(240px, 320px) minmax(0, 1fr);
    align-items: end;
    padding: ${space.lg} ${space.xl};
  }
`;

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
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
  width: 180px;
  & > label { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; }
`;

const StyledStage = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
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

export function SurgeryStatusPage() {
  const navigate = useNavigate();
  const passedStage = useLocation({ select: (location) => location.state.method });
  const stage = isCaseStatus(passedStage) ? passedStage : null;
  const [selected, setSelected] = useState<string[]>(() => [...ACTIVE_STATUSES]);
  const [dateOn, setDateOn] = useState(false);
  const [date, setDate] = useState(() => todayInSaoPaulo());
  const dateId = useId();

  const statuses = useMemo<CaseStatus[] | null>(() => {
    if (stage) return [stage];
    const chosen = selected.filter(isCaseStatus);
    return chosen.length > 0 ? chosen : null;
  }, [stage, selected]);

  const list = useSurgeryList({ statuses, date: dateOn && date ? date : null });

  function handleOpen(id: number) {
    void navigate({ to: '/surgery-details', state: { id } });
  }

  function handleShowAllStages() {
    void navigate({ to: '/surgery-status', replace: true, state: {} });
  }

  const empty =
    list.status === 'error' ? (
      <ListMessage title={surgeriesTexts.table.failed} retryLabel={surgeriesTexts.table.retry} onRetry={list.retry} />
    ) : (
      <ListMessage title={surgeriesTexts.table.empty} hint={surgeriesTexts.table.emptyHint} />
    );

  return (
    <Page title={T.title}>
      <StyledFilters aria-label={T.filtersLabel}>
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
          <MultiSelect label={T.filterLabel} options={STAGE_OPTIONS} value={selected} onChange={setSelected} />
        )}
        <StyledDate>
          <StyledToggle>
            <Checkbox name="only-scheduled-day" checked={dateOn} onChange={setDateOn}>
              {T.dateToggle}
            </Checkbox>
          </StyledToggle>
          <StyledDateField>
            <label htmlFor={dateId}>{T.dateLabel}</label>
            <input
              id={dateId}
              type="date"
              className={inputClassName}
              value={date}
              disabled={!dateOn}
              required
              onChange={(event) => setDate(event.target.value)}
            />
          </StyledDateField>
        </StyledDate>
      </StyledFilters>

      <SurgeryTable surgeries={list.items} loading={list.status === 'loading'} onOpen={handleOpen} empty={empty} />

      <SurgeryListFooter list={list} />
    </Page>
  );
}
