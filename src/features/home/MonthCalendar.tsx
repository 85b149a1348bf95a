/**
 * 'Cirurgias do mês' (SPEC §2, both homes): the month's days with scheduled cases carry a dot and, for screen
 * readers, 'n cirurgias'; one `schedule_days` request per shown month. Clicking a day selects it (the day list
 * follows).
 */
import { useMemo, useState } from 'react';
import { styled } from 'goober';
import { Button } from '../../components/ui/Button';
import { MonthCalendarGrid } from '../../components/ui/MonthCalendarGrid';
import { Spinner } from '../../components/ui/Spinner';
import { fill } from '../../lib/i18n/pt-BR';
import { homeTexts } from '../../lib/i18n/home';
import { colors, fontSizes, space } from '../../lib/theme';
import { HomePanel } from './HomePanel';
import { useScheduleDays } from './useScheduleDays';

const T = homeTexts.calendar;

const StyledFooter = styled('div')`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${space.xs};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledLegend = styled('span')`
  display: inline-flex;
  align-items: center;
  gap: ${space.sm};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${colors.primary};
  }
`;

/** Always there, one button high, so the list below stays put when the marks arrive (issue 11 item 16). */
const StyledState = styled('span')`
  min-height: 36px;
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0 ${space.sm};
  & > button { min-height: 36px; padding: 0 ${space.sm}; font-size: ${fontSizes.sm}; }
`;

/** 'n cirurgias' for a day's count. */
function casesOnDayLabel(count: number): string {
  return count === 1 ? T.one : fill(T.many, { count });
}

type MonthCalendarProps = {
  /** yyyy-MM-dd. */
  selected: string;
  onSelect: (date: string) => void;
};

export function MonthCalendar({ selected, onSelect }: MonthCalendarProps) {
  const [month, setMonth] = useState(() => selected.slice(0, 7));
  const days = useScheduleDays(month);
  const marks = useMemo(
    () => new Map([...days.counts].map(([date, count]) => [date, casesOnDayLabel(count)])),
    [days.counts],
  );

  return (
    <HomePanel title={T.title} busy={days.status === 'loading'}>
      <MonthCalendarGrid
        label={T.title}
        value={selected}
        onChange={onSelect}
        marks={marks}
        onVisibleMonthChange={setMonth}
        previousLabel={T.previousMonth}
        nextLabel={T.nextMonth}
        todayLabel={T.today}
        selectedLabel={T.selected}
      />
      <StyledFooter>
        <StyledLegend>{T.legend}</StyledLegend>
        <StyledState role="status">
          {days.status === 'loading' ? (
            <>
              <Spinner size={16} />
              {T.loading}
            </>
          ) : days.status === 'error' ? (
            <>
              {T.failed}
              <Button variant="ghost" onClick={days.retry}>
                {homeTexts.retry}
              </Button>
            </>
          ) : null}
        </StyledState>
      </StyledFooter>
    </HomePanel>
  );
}
