/**
 * The part both homes share (SPEC §2): the calendar 'Cirurgias do mês' and the list 'Pacientes do dia dd/MM' of the
 * day picked on it (default: today in São Paulo). Side by side on wide screens, stacked below.
 */
import { useState } from 'react';
import { styled } from 'goober';
import { todayInSaoPaulo } from '../../lib/format/date';
import { space } from '../../lib/theme';
import { DayPatients } from './DayPatients';
import { MonthCalendar } from './MonthCalendar';

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

export function AgendaSection() {
  const [selected, setSelected] = useState(() => todayInSaoPaulo());
  return (
    <StyledAgenda>
      <MonthCalendar selected={selected} onSelect={setSelected} />
      <DayPatients date={selected} />
    </StyledAgenda>
  );
}
