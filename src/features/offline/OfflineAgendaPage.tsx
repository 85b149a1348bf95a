/**
 * The offline screen (docs/OFFLINE.md): what a signed-in user sees instead of the app while there is no connection.
 * The banner 'Sem conexão — dados de dd/mm hh:mm' (the copy's time, São Paulo) and the next 7 days' cases grouped by
 * day, each with its time, patient name, procedure and hospital: nothing else of the patients' (no phone, photo, CPF
 * or link to a case page, which could not load). A device that never kept a copy shows an empty state saying how to
 * get one. 'Tentar novamente' asks the server; the `online` event brings the app back by itself (main.tsx).
 */
import { useEffect, useId, useState } from 'react';
import { styled } from 'goober';
import { plural } from '../../../machines/rules/plural';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { plainListCss, columnCss, cardSurface, timePillCss } from '../../components/ui/cssParts';
import { formatTime } from '../../lib/format/date';
import { ptBR } from '../../lib/i18n/pt-BR';
import { offlineTexts } from '../../lib/i18n/offline';
import { bannerText, dayHeading, daysToShow } from '../../lib/offline/agenda';
import type { OfflineAgenda, OfflineCase, OfflineDay } from '../../lib/offline/agendaRecord';
import { readOfflineAgenda } from '../../lib/offline/agendaStore';
import { retryConnection } from '../../lib/offline/connectivity';
import { colors, focusRing, fontSizes, fontWeights, layout, media, radii, space } from '../../lib/theme';

const T = offlineTexts;

/** A reading column: seven short lists need no more (the app's pages go to layout.contentMaxWidth). */
const OFFLINE_MAX_WIDTH = '880px';

const StyledShell = styled('div')`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: ${colors.background};
`;

const StyledHeader = styled('header')`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  height: ${layout.headerHeight};
  padding: 0 ${space.lg};
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.border};
  ${media.md} { padding: 0 ${space.xl}; }
`;

const StyledBrand = styled('span')`
  display: inline-flex;
  align-items: center;
  gap: ${space.sm};
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  letter-spacing: -0.01em;
  & > img { width: 32px; height: 32px; }
`;

const StyledSignOut = styled('button')`
  margin-left: auto;
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 44px;
  padding: 0 ${space.md};
  border: 0;
  border-radius: ${radii.md};
  background: transparent;
  color: ${colors.text};
  font: inherit;
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledMain = styled('main')`
  ${columnCss(space.lg)}
  width: 100%;
  max-width: ${OFFLINE_MAX_WIDTH};
  margin: 0 auto;
  padding: ${space.lg};
  ${media.md} { padding: ${space.xl}; gap: ${space.xl}; }
`;

const StyledBanner = styled('section')`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space.xs} ${space.md};
  padding: ${space.lg};
  border: 1px solid ${colors.warningBorder};
  border-radius: ${radii.lg};
  background: ${colors.warningSoft};
  color: ${colors.text};
  & > svg { grid-row: span 2; color: ${colors.warning}; margin-top: 2px; }
  & > strong { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; color: ${colors.warning}; }
  & > p { font-size: ${fontSizes.sm}; color: ${colors.text}; }
`;

const StyledRetry = styled('div')`
  grid-column: 2;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm} ${space.md};
  margin-top: ${space.sm};
  & > p { font-size: ${fontSizes.sm}; color: ${colors.text}; }
`;

const StyledTitle = styled('h1')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
`;

/** One column, day after day, as an agenda reads. */
const StyledDays = styled('div')`
  ${columnCss(space.md)}
  ${media.md} { gap: ${space.lg}; }
`;

const StyledDay = styled('section')`
  ${columnCss(space.md)}
  ${cardSurface}
  min-width: 0;
`;

const StyledDayHead = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${space.xs} ${space.md};
  & > h2 { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & > span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const StyledList = styled('ul')`
  ${plainListCss('0')}
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  & > li + li { border-top: 1px solid ${colors.border}; }
`;

const StyledRow = styled('li')`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: start;
  gap: ${space.md};
  padding: ${space.md};
`;

const StyledTime = styled('span')`
  ${timePillCss}
  white-space: nowrap;
`;

const StyledWho = styled('div')`
  display: flex;
  flex-direction: column;
  min-width: 0;
  & > strong { font-weight: ${fontWeights.semibold}; color: ${colors.text}; overflow-wrap: anywhere; }
  & > span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; overflow-wrap: anywhere; }
`;

const StyledNone = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

function CaseRow({ item }: { item: OfflineCase }) {
  const time = formatTime(item.schedule);
  return (
    <StyledRow>
      <StyledTime>
        <Icon name="clock" size={14} />
        {time || T.noTime}
      </StyledTime>
      <StyledWho>
        <strong>{item.patientName}</strong>
        <span>{[item.procedure ?? T.noProcedure, item.hospital ?? T.noHospital].join(' · ')}</span>
      </StyledWho>
    </StyledRow>
  );
}

function DaySection({ day }: { day: OfflineDay }) {
  const headingId = useId();
  return (
    <StyledDay aria-labelledby={headingId}>
      <StyledDayHead>
        <h2 id={headingId}>{dayHeading(day.date)}</h2>
        {day.cases.length > 0 ? <span>{plural(day.cases.length, T.dayCount)}</span> : null}
      </StyledDayHead>
      {day.cases.length > 0 ? (
        <StyledList>
          {day.cases.map((item) => (
            <CaseRow key={item.id} item={item} />
          ))}
        </StyledList>
      ) : (
        <StyledNone>{T.noSurgeries}</StyledNone>
      )}
    </StyledDay>
  );
}

function RetryButton() {
  const [state, setState] = useState<'idle' | 'retrying' | 'stillOffline'>('idle');
  async function handleRetry() {
    setState('retrying');
    const back = await retryConnection();
    if (!back) setState('stillOffline');
  }
  return (
    <StyledRetry>
      <Button variant="secondary" loading={state === 'retrying'} onClick={() => void handleRetry()}>
        {state === 'retrying' ? T.retrying : T.retry}
      </Button>
      <p role="status">{state === 'stillOffline' ? T.stillOffline : ''}</p>
    </StyledRetry>
  );
}

type OfflineAgendaPageProps = {
  /** The signed-in user: a copy of anyone else's is never shown. */
  userId: number;
  onSignOut: () => void;
};

/** The copy for `userId`: undefined while it is read, null when there is none. */
function useOfflineAgenda(userId: number): OfflineAgenda | null | undefined {
  const [agenda, setAgenda] = useState<OfflineAgenda | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void readOfflineAgenda().then((stored) => {
      if (current) setAgenda(stored && stored.userId === userId ? stored : null);
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return agenda;
}

export function OfflineAgendaPage({ userId, onSignOut }: OfflineAgendaPageProps) {
  const agenda = useOfflineAgenda(userId);
  const bannerId = useId();
  const days = agenda ? daysToShow(agenda) : [];

  let body;
  if (agenda === undefined) body = <Notice kind="loading" title={ptBR.app.loading} />;
  else if (agenda === null) body = <Notice kind="empty" icon="calendar" title={T.empty.title} text={T.empty.text} />;
  else if (days.length === 0) body = <Notice kind="empty" icon="calendar" title={T.outdated.title} text={T.outdated.text} />;
  else
    body = (
      <StyledDays>
        {days.map((day) => (
          <DaySection key={day.date} day={day} />
        ))}
      </StyledDays>
    );

  return (
    <StyledShell>
      <StyledHeader>
        <StyledBrand>
          <img src="/logo.svg" alt="" width={32} height={32} />
          {ptBR.app.name}
        </StyledBrand>
        <StyledSignOut type="button" onClick={onSignOut}>
          <Icon name="logout" size={18} />
          {T.signOut}
        </StyledSignOut>
      </StyledHeader>
      <StyledMain>
        <StyledBanner aria-labelledby={bannerId}>
          <Icon name="alert" size={22} />
          <strong id={bannerId} role="status">
            {agenda === undefined ? T.bannerNoData : bannerText(agenda)}
          </strong>
          <p>{agenda ? T.explanation : T.explanationNoData}</p>
          <RetryButton />
        </StyledBanner>
        <StyledTitle>{T.title}</StyledTitle>
        {body}
      </StyledMain>
    </StyledShell>
  );
}

