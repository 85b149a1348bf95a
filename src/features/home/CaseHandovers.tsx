/**
 * 'Casos passados para você' on both homes (issue 33 item 13: handing a case over notified no one): the cases another
 * person handed to the signed-in user that he still holds, newest first, each with who handed it over and when
 * (GET handovers/). 'Abrir caso' opens it (and dismisses the notice); 'Dispensar' dismisses it. Shown only when there
 * is one: an empty or failed read shows nothing (the homes have enough panels).
 */
import { useState } from 'react';
import { useLocation } from '@tanstack/react-router';
import { styled } from 'goober';
import { dismissCaseHandover, listCaseHandovers, type CaseHandover } from '../../api/handovers';
import { Button } from '../../components/ui/Button';
import { formatDate, formatTime } from '../../lib/format/date';
import { fill } from '../../lib/i18n/pt-BR';
import { homeTexts } from '../../lib/i18n/home';
import { useOpenCase } from '../../lib/surgeries/caseLink';
import { statusLabel } from '../../lib/surgeries/surgeryText';
import { colors, fontSizes, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { HomePanel } from './HomePanel';
import { boxedRowsCss, columnCss, spreadRowCss } from '../../components/ui/cssParts';

const T = homeTexts.handovers;

const StyledList = styled('ul')`
  ${boxedRowsCss}
`;

const StyledRow = styled('li')`
  ${spreadRowCss(`${space.sm} ${space.md}`)}
  padding: ${space.md};
`;

const StyledWho = styled('div')`
  ${columnCss(space.xxs)}
  min-width: 0;
  & > span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const StyledActions = styled('div')`
  display: flex;
  gap: ${space.sm};
`;

const personName = (person: CaseHandover['by']) => (person ? `${person.first_name} ${person.last_name}`.trim() : T.someone);

function detailOf(item: CaseHandover): string {
  return fill(T.detail, {
    name: personName(item.by),
    date: formatDate(item.handed_at),
    time: formatTime(item.handed_at),
    stage: statusLabel(item.status),
  });
}

export function CaseHandovers() {
  const { state } = useRead((signal) => listCaseHandovers(signal), []);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const openCase = useOpenCase();
  const href = useLocation({ select: (location) => location.href });
  if (state.status !== 'ready') return null;
  const items = state.value.filter((item) => !dismissed.has(item.id));
  if (items.length === 0) return null;

  const dismiss = (id: number) => {
    setDismissed((previous) => new Set(previous).add(id));
    void dismissCaseHandover(id);
  };

  return (
    <HomePanel title={T.title} subtitle={T.intro}>
      <StyledList>
        {items.map((item) => (
          <StyledRow key={item.id} data-handover={item.surgery_id}>
            <StyledWho>
              <strong>{item.patient_name}</strong>
              <span>{detailOf(item)}</span>
            </StyledWho>
            <StyledActions>
              <Button
                variant="secondary"
                aria-label={fill(T.openNamed, { name: item.patient_name })}
                onClick={() => {
                  dismiss(item.id);
                  openCase(item.surgery_id, href);
                }}
              >
                {T.open}
              </Button>
              <Button variant="ghost" aria-label={fill(T.dismissNamed, { name: item.patient_name })} onClick={() => dismiss(item.id)}>
                {T.dismiss}
              </Button>
            </StyledActions>
          </StyledRow>
        ))}
      </StyledList>
    </HomePanel>
  );
}
