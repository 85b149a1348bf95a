/**
 * The part both homes share (SPEC §2): the calendar 'Cirurgias do mês' and the list 'Pacientes do dia dd/MM' of the
 * day picked on it (default: today in São Paulo). The picked day lives in the URL (`day`, issue 11 item 6), so
 * coming back from a case, the browser's back and a reload keep it. Side by side on wide screens, stacked below; on a
 * phone the homes put this section first and the list above the calendar (issue 33 item 13: the phone home was 12,033 px
 * tall with 'Pacientes do dia' 2,600 px down).
 */
import { useCallback } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { styled } from 'goober';
import { todayInSaoPaulo } from '../../lib/format/date';
import { space } from '../../lib/theme';
import { DayPatients } from './DayPatients';
import { MonthCalendar } from './MonthCalendar';
import type { HomeSearch } from '../../lib/surgeries/listSearch';

const routeApi = getRouteApi('/app/');

/** Where the calendar and the list fit side by side (the side rail included). */
const WIDE = '@media (min-width: 1100px)';

const StyledAgenda = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  align-items: start;
  ${WIDE} {
    grid-template-columns: minmax(320px, 380px) minmax(0, 1fr);
    gap: ${space.xl};
  }
`;

/** `dayFirst`: the day's list above the calendar (a phone, where they stack and today's patients come first). */
export function AgendaSection({ dayFirst = false }: { dayFirst?: boolean }) {
  const navigate = useNavigate();
  const day = routeApi.useSearch({ select: (search: HomeSearch) => search.day });
  const selected = day ?? todayInSaoPaulo();
  const setSelected = useCallback(
    (next: string) => {
      const value = next === todayInSaoPaulo() ? undefined : next;
      void navigate({ to: '/', search: (previous: HomeSearch) => ({ ...previous, day: value }), replace: true });
    },
    [navigate],
  );
  return (
    <StyledAgenda>
      {dayFirst ? <DayPatients date={selected} /> : null}
      <MonthCalendar selected={selected} onSelect={setSelected} />
      {dayFirst ? null : <DayPatients date={selected} />}
    </StyledAgenda>
  );
}
