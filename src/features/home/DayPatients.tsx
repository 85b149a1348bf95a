/**
 * 'Pacientes do dia dd/MM' (SPEC §2, both homes): the cases scheduled on the selected São Paulo day, in the agenda's
 * stages, in time order (`surgery/?is_schedule=true&date=…&status__in=…`). A spinner while loading; 'Não há nada
 * para hoje' when today's list is empty ('Não há nada para este dia' for another day). Each row: photo or blank avatar, full name, time (HH:mm), doctor, hospital, 'Ver status'
 * (a link to the case, /surgery-details/<id>) and a WhatsApp link (55 + the cellphone's digits; none without one).
 */
import { styled } from 'goober';
import { AGENDA_STATUSES } from '../../../machines/constants';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { formatDate, formatTime, todayInSaoPaulo } from '../../lib/format/date';
import { whatsappLink } from '../../lib/format/phone';
import { fill } from '../../lib/i18n/pt-BR';
import { homeTexts } from '../../lib/i18n/home';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useSurgeryList } from '../../lib/surgeries/useSurgeryList';
import type { Surgery } from '../../api/surgeryList';
import { medicName } from '../../lib/surgeries/surgeryText';
import { Notice } from '../../components/ui/Notice';
import { HomePanel } from './HomePanel';
import { useCaseLink } from '../../lib/surgeries/caseLink';
import { boxedRowsCss, inlineControlCss, timePillCss } from '../../components/ui/cssParts';

const T = homeTexts.day;

/** The rows lay out by the list's own width (it sits beside the calendar on desktops, alone on phones). */
const StyledList = styled('ul')`
  container-type: inline-size;
  ${boxedRowsCss}
`;

const StyledRow = styled('li')`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  grid-template-areas:
    'photo who time'
    'actions actions actions';
  align-items: center;
  gap: ${space.sm} ${space.md};
  padding: ${space.md};
  @container (min-width: 620px) {
    grid-template-columns: auto minmax(0, 1fr) auto auto;
    grid-template-areas: 'photo who time actions';
  }
`;

const StyledPhoto = styled('span')`
  grid-area: photo;
`;

const StyledWho = styled('div')`
  grid-area: who;
  display: flex;
  flex-direction: column;
  min-width: 0;
  & > strong {
    font-weight: ${fontWeights.semibold};
    color: ${colors.text};
    overflow-wrap: anywhere;
  }
  & > span {
    font-size: ${fontSizes.sm};
    color: ${colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const StyledTime = styled('time')`
  grid-area: time;
  ${timePillCss}
`;

const StyledActions = styled('div')`
  grid-area: actions;
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${space.sm};
  & > * { flex: 1; }
  & > button { min-height: 40px; padding: 0 ${space.lg}; font-size: ${fontSizes.sm}; }
  @container (min-width: 620px) { & > * { flex: none; } }
`;

/** A row's link drawn as an outlined button; its colours are the link's own. */
const outlinedLinkCss = `
  ${inlineControlCss('40px', space.xs, space.md)}
  justify-content: center;
  border: 1px solid ${colors.borderStrong};
  border-radius: ${radii.md};
  text-decoration: none;
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

/** 'Ver status': a link to the case (a new tab with a middle click), drawn as the secondary button. */
const StyledSeeStatus = styled('a')`
  ${outlinedLinkCss}
  background: ${colors.surface};
  color: ${colors.primary};
  &:hover { background: ${colors.primaryTint}; }
`;

const StyledWhatsApp = styled('a')`
  ${outlinedLinkCss}
  color: ${colors.success};
  &:hover { background: ${colors.successSoft}; }
`;

const StyledNoPhone = styled('span')`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 40px;
  padding: 0 ${space.md};
  font-size: ${fontSizes.sm};
  color: ${colors.textSubtle};
`;

const StyledMore = styled('div')`
  display: flex;
  justify-content: center;
`;

/** dd/MM of a yyyy-MM-dd day (SPEC §2 'Pacientes do dia dd/MM'). */
function dayTitle(date: string): string {
  return fill(T.title, { date: formatDate(date).slice(0, 5) });
}

function PatientRow({ surgery }: { surgery: Surgery }) {
  const caseLink = useCaseLink();
  const { patient } = surgery;
  const time = formatTime(surgery.schedule);
  const details = [fill(T.doctor, { name: medicName(surgery.medic) }), surgery.hospital?.fantasy_name ?? T.noHospital];
  return (
    <StyledRow data-surgery={surgery.id}>
      <StyledPhoto>
        <Avatar src={patient.foto} size={44} />
      </StyledPhoto>
      <StyledWho>
        <strong>{patient.nome_completo}</strong>
        <span>{details.join(' · ')}</span>
      </StyledWho>
      {time ? (
        <StyledTime dateTime={surgery.schedule ?? undefined} title={T.time}>
          <Icon name="clock" size={14} />
          {time}
        </StyledTime>
      ) : (
        <span />
      )}
      <StyledActions>
        <StyledSeeStatus {...caseLink(surgery.id)}>{T.seeStatus}</StyledSeeStatus>
        {patient.cellphone ? (
          <StyledWhatsApp
            href={whatsappLink(patient.cellphone)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={fill(T.whatsappOf, { name: patient.nome_completo })}
          >
            <Icon name="chat" size={18} />
            {T.whatsapp}
          </StyledWhatsApp>
        ) : (
          <StyledNoPhone>{T.noPhone}</StyledNoPhone>
        )}
      </StyledActions>
    </StyledRow>
  );
}

type DayPatientsProps = {
  /** yyyy-MM-dd (São Paulo). */
  date: string;
};

export function DayPatients({ date }: DayPatientsProps) {
  const list = useSurgeryList({ statuses: AGENDA_STATUSES, date });

  let body;
  if (list.status === 'loading') {
    body = <Notice kind="loading" title={T.loading} />;
  } else if (list.status === 'error') {
    body = <Notice kind="failed" title={T.failed} onRetry={list.retry} />;
  } else if (list.items.length === 0) {
    // SPEC's 'Não há nada para hoje' is today's; another day's empty list says so of that day.
    const empty = date === todayInSaoPaulo() ? T.empty : T.emptyOtherDay;
    body = <Notice kind="empty" title={empty} text={T.emptyHint} icon="calendar" />;
  } else {
    body = (
      <>
        <StyledList aria-label={T.listLabel}>
          {list.items.map((surgery) => (
            <PatientRow key={surgery.id} surgery={surgery} />
          ))}
        </StyledList>
        {list.hasMore ? (
          <StyledMore>
            <Button variant="secondary" onClick={list.loadMore} loading={list.loadingMore}>
              {list.loadingMore ? T.loadingMore : T.loadMore}
            </Button>
          </StyledMore>
        ) : null}
      </>
    );
  }

  return (
    <HomePanel title={dayTitle(date)} busy={list.status === 'loading'}>
      {body}
    </HomePanel>
  );
}
